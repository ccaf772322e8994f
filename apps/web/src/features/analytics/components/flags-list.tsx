import { Anchor, Badge, Button, List, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import type { AnalyticsFlag } from '@zakupki/shared/api/analytics';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/formatters';
import { useFlags } from '../api/analytics';
import { DismissDialog } from './dismiss-dialog';

const objectLink = (f: AnalyticsFlag) =>
  f.object_type === 'contract' ? `/contracts/register?contract=${f.object_id}` : `/documents/${f.object_id}`;

/** The red flags of the period with their reasons; each can be dismissed with a comment. */
export function FlagsList({
  companyId,
  from,
  to,
  canDismiss,
}: {
  companyId: number;
  from: string;
  to: string;
  canDismiss: boolean;
}) {
  const [shown, setShown] = useState<'false' | 'true'>('false');
  const flags = useFlags(companyId, { from, to, dismissed: shown });
  const [dismissing, setDismissing] = useState<AnalyticsFlag | null>(null);
  const inactive = flags.data?.rules.filter((r) => !r.active) ?? [];
  return (
    <Stack gap="sm" component="section" aria-label="Красные флаги">
      <Title order={3} size="h4">
        Красные флаги
      </Title>
      <SegmentedControl
        size="xs"
        w={260}
        value={shown}
        onChange={(v) => setShown(v as 'false' | 'true')}
        data={[
          { value: 'false', label: 'Действующие' },
          { value: 'true', label: 'Снятые' },
        ]}
        aria-label="Какие флаги показать"
        className="analytics-no-print"
      />
      {flags.data && !flags.data.items.length ? <Text c="dimmed">Флагов нет</Text> : null}
      {flags.data?.items.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Флаг</Table.Th>
                <Table.Th>Объект</Table.Th>
                <Table.Th>Дата</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th>
                  {shown === 'true' ? 'Комментарий' : <span className="analytics-no-print">Действие</span>}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flags.data.items.map((f) => (
                <Table.Tr key={`${f.code}-${f.object_type}-${f.object_id}`}>
                  <Table.Td>
                    <Badge color="red" variant="light">
                      {f.title}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={objectLink(f)} size="sm">
                      {f.object_type === 'contract' ? 'Договор' : 'Закупка'} {f.object_number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatDate(f.date)}</Table.Td>
                  <Table.Td>{f.reason}</Table.Td>
                  <Table.Td>
                    {f.dismissal ? (
                      <Text size="sm">
                        {f.dismissal.comment} ({f.dismissal.by ?? '—'}, {formatDate(f.dismissal.at)})
                      </Text>
                    ) : canDismiss ? (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setDismissing(f)}
                        className="analytics-no-print"
                      >
                        Снять
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {inactive.length ? (
        <List size="xs" c="dimmed" aria-label="Неактивные правила">
          {inactive.map((r) => (
            <List.Item key={r.code}>
              {r.title}: {r.inactive_reason}
            </List.Item>
          ))}
        </List>
      ) : null}
      {dismissing ? (
        <DismissDialog companyId={companyId} flag={dismissing} onClose={() => setDismissing(null)} />
      ) : null}
    </Stack>
  );
}
