import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import {
  COMPLIANCE_MODULE_TITLES,
  type ComplianceDuty,
  DUTY_STATE_TITLES,
} from '@zakupki/shared/api/compliance';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/formatters';
import { EisStatusBadge } from './eis-status-badge';

export const STATE_COLORS: Record<ComplianceDuty['state'], string> = {
  due: 'gray',
  due_soon: 'yellow',
  overdue: 'red',
  done_late: 'orange',
  done: 'green',
};

export function StateBadge({ state }: { state: ComplianceDuty['state'] }) {
  return (
    <Badge color={STATE_COLORS[state]} variant={state === 'overdue' ? 'filled' : 'light'}>
      {DUTY_STATE_TITLES[state]}
    </Badge>
  );
}

/** The duties as a table: what, where (a link to its object), when, state, and «Отметить выполнение». */
export function DutyList({
  items,
  showCompany,
  onMark,
}: {
  items: ComplianceDuty[];
  showCompany: boolean;
  onMark: ((d: ComplianceDuty) => void) | null;
}) {
  if (items.length === 0) return <Text c="dimmed">Обязанностей с такими условиями нет</Text>;
  return (
    <Table striped aria-label="Обязанности">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Срок</Table.Th>
          <Table.Th>Обязанность</Table.Th>
          <Table.Th>Объект</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th>Ответственные</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((d) => (
          <Table.Tr key={`${d.company_id}-${d.key}`}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(d.due_date)}</Table.Td>
            <Table.Td>
              <Text size="sm">{d.title}</Text>
              <Text size="xs" c="dimmed">
                {COMPLIANCE_MODULE_TITLES[d.module]} · {d.reference}
                {d.unconfirmed ? ' · правило не подтверждено' : ''}
                {showCompany ? ` · ${d.company_title}` : ''}
              </Text>
            </Table.Td>
            <Table.Td>
              {d.object.link ? (
                <Anchor component={Link} to={d.object.link} size="sm">
                  {objectLabel(d)}
                </Anchor>
              ) : (
                <Text size="sm">{objectLabel(d)}</Text>
              )}
              {d.customer?.title ? (
                <Text size="xs" c="dimmed">
                  {d.customer.title}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <StateBadge state={d.state} />
              {d.done_on ? (
                <Text size="xs" c="dimmed">
                  {formatDate(d.done_on)}
                  {d.eis_number ? `, № ${d.eis_number}` : ''}
                </Text>
              ) : null}
              <EisStatusBadge duty={d} />
            </Table.Td>
            <Table.Td>
              <Text size="xs">{d.responsible.map((r) => r.title).join(', ') || '—'}</Text>
            </Table.Td>
            <Table.Td>
              {onMark && d.mark !== 'none' && !d.done_on ? (
                <Button size="compact-xs" variant="light" onClick={() => onMark(d)}>
                  Отметить выполнение
                </Button>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const OBJECT_WORDS: Record<ComplianceDuty['object']['type'], string> = {
  contract: 'Договор',
  procurement: 'Закупка',
  rules_version: 'Положение',
  plan: 'План закупки',
  report: 'Отчёт',
};

export function objectLabel(d: ComplianceDuty): string {
  const word = OBJECT_WORDS[d.object.type];
  if (!d.object.number) return word;
  return d.object.type === 'contract' || d.object.type === 'procurement' || d.object.type === 'plan'
    ? `${word} № ${d.object.number}`
    : `${word} ${d.object.number}`;
}
