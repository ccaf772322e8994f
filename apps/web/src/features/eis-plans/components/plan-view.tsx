import { Alert, Button, Card, Checkbox, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { EIS_PLAN_TYPE_TITLES, type EisPlan } from '@zakupki/shared/api/eis-plans';
import { useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { EisConfirmationBadge } from '../../../components/badges/eis-confirmation-badge';
import { DeadlineList } from '../../../components/deadlines/deadline-list';
import { useEisConfirmations } from '../../../lib/eis-confirmation-queries';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useEisPlan, useEisPlanXlsx } from '../api/eis-plans';
import { DUTY_VIEW, patchView, type PlanView as View } from '../model/view';
import { PlanDiff } from './plan-diff';
import { PlanPositions } from './plan-positions';

type Props = { companyId: number; view: View; params: URLSearchParams; setParams: SetURLSearchParams };

/** The chosen plan: its version in force, duties and violations, version history with «Сравнить», positions. */
export function PlanView({ companyId, view, params, setParams }: Props) {
  const plan = useEisPlan(companyId, view.plan);
  const xlsx = useEisPlanXlsx(companyId);
  const marks = useEisConfirmations(companyId, 'eis_plan', view.plan ? [view.plan] : []);
  if (plan.isError) return <Alert color="red">План закупки не найден</Alert>;
  const p = plan.data;
  if (!p) return null;
  const version = view.version ?? p.current.version;
  const change = (patch: Record<string, string | number | null>) =>
    setParams(patchView(params, patch), { replace: true });
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="start">
          <Stack gap={2}>
            <Title order={3}>
              План закупки № {p.registration_number} на {p.year} г.
            </Title>
            <Text size="sm" c="dimmed">
              {EIS_PLAN_TYPE_TITLES[p.plan_type] ?? p.plan_type}; {p.customer_name} (ИНН {p.customer_inn})
            </Text>
            <Text size="sm">
              Действующая версия № {p.current.version}
              {p.current.status_title ? `, ${p.current.status_title.toLowerCase()}` : ''}; утверждена{' '}
              {formatDate(p.current.approve_date)}, размещена {formatDate(p.current.published_at)}
            </Text>
            <EisConfirmationBadge mark={marks.get(p.id)} />
          </Stack>
          <Button
            variant="default"
            loading={xlsx.isPending}
            onClick={() => xlsx.mutate({ planId: p.id, version, registrationNumber: p.registration_number })}
          >
            Выгрузить версию {version} в Excel
          </Button>
        </Group>
        <PlanDuties plan={p} />
        <PlanVersions
          plan={p}
          version={version}
          onVersion={(v) => change({ version: v })}
          onCompare={(from, to) => change({ from, to })}
        />
        {view.from && view.to ? (
          <PlanDiff
            companyId={companyId}
            planId={p.id}
            from={view.from}
            to={view.to}
            onClose={() => change({ from: null, to: null })}
          />
        ) : null}
        <PlanPositions companyId={companyId} planId={p.id} version={version} view={view} onChange={change} />
      </Stack>
    </Card>
  );
}

function PlanDuties({ plan }: { plan: EisPlan }) {
  return (
    <Stack gap="xs">
      {plan.violations.length ? (
        <Alert color="orange" title={`Нарушения (${plan.violations.length})`}>
          <List size="sm" spacing={2}>
            {plan.violations.map((v) => (
              <List.Item key={`${v.code}-${v.version}-${v.position_number}-${v.message}`}>
                {v.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <DeadlineList
        aria-label="Сроки размещения плана"
        duties={plan.duties}
        rowKey={(d) => `${d.duty}-${d.version}`}
        view={DUTY_VIEW}
        doneTitle="Размещено"
        titleWidth={420}
        note={(d) => `${d.reference}${d.unconfirmed ? ' (срок по умолчанию, уточняется)' : ''}`}
      />
    </Stack>
  );
}

function PlanVersions({
  plan,
  version,
  onVersion,
  onCompare,
}: {
  plan: EisPlan;
  version: number;
  onVersion: (v: number) => void;
  onCompare: (from: number, to: number) => void;
}) {
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (v: number) =>
    setPicked((cur) => (cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v].slice(-2)));
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600}>История версий</Text>
        <Button
          size="xs"
          variant="light"
          disabled={picked.length !== 2}
          onClick={() => {
            const [a, b] = [...picked].sort((x, y) => x - y);
            onCompare(a, b);
          }}
        >
          Сравнить
        </Button>
      </Group>
      <Table withTableBorder striped highlightOnHover aria-label="Версии плана">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th>Версия</Table.Th>
            <Table.Th>Статус</Table.Th>
            <Table.Th>Утверждена</Table.Th>
            <Table.Th>Размещена</Table.Th>
            <Table.Th>Позиций</Table.Th>
            <Table.Th>Сумма НМЦД</Table.Th>
            <Table.Th>Изменения</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plan.history.map((h) => (
            <Table.Tr
              key={h.version}
              onClick={() => onVersion(h.version)}
              style={{ cursor: 'pointer', fontWeight: h.version === version ? 600 : undefined }}
            >
              <Table.Td onClick={(e) => e.stopPropagation()}>
                <Checkbox
                  aria-label={`Сравнить версию ${h.version}`}
                  checked={picked.includes(h.version)}
                  onChange={() => toggle(h.version)}
                />
              </Table.Td>
              <Table.Td>
                № {h.version}
                {h.version === plan.current.version ? ' (действующая)' : ''}
              </Table.Td>
              <Table.Td>{h.status_title ?? '—'}</Table.Td>
              <Table.Td>{formatDate(h.approve_date)}</Table.Td>
              <Table.Td>{formatDate(h.published_at)}</Table.Td>
              <Table.Td>{h.positions}</Table.Td>
              <Table.Td>{formatMoney(h.total_price)}</Table.Td>
              <Table.Td maw={300}>
                <Text size="xs" lineClamp={2}>
                  {h.modification_description ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
