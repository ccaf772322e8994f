import { Badge, Table, Text } from '@mantine/core';
import type { SmeQuota, SmeReport } from '@zakupki/shared/api/sme-report';
import { formatMoney } from '../../../lib/formatters';
import { percentText } from '../model/years';

/** A quota's verdict as a badge: met, not met, or nothing to measure. */
export function QuotaBadge({ quota }: { quota: SmeQuota }) {
  if (quota.met === null) return <Badge color="gray">нет договоров</Badge>;
  return quota.met ? <Badge color="green">выполнен</Badge> : <Badge color="red">не выполнен</Badge>;
}

type Row = { key: string; title: string; amount: string; count: number; quota?: SmeQuota; indent?: boolean };

/** The report's figures: the annual value, the exclusions, the base, the SME values with their quotas. */
export function SmeFigures({ report }: { report: SmeReport }) {
  const quota = (code: SmeQuota['code']) => report.quotas.find((q) => q.code === code);
  const rows: Row[] = [
    { key: 'total', title: 'Годовой объём договоров, заключённых в году', ...report.total },
    { key: 'excluded', title: 'Не учитываются (исключения), всего', ...report.excluded },
    ...report.exclusions
      .filter((e) => e.count > 0)
      .map((e) => ({ key: e.code, title: e.title, amount: e.amount, count: e.count, indent: true })),
    { key: 'base', title: 'Годовой объём для расчёта долей', ...report.base },
    { key: 'sme', title: 'С субъектами МСП', ...report.sme, quota: quota('sme') },
    {
      key: 'sme_only',
      title: 'По закупкам только среди субъектов МСП',
      ...report.sme_only,
      quota: quota('sme_only'),
    },
  ];
  return (
    <Table withTableBorder striped aria-label="Показатели отчёта">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Показатель</Table.Th>
          <Table.Th ta="right">Стоимость</Table.Th>
          <Table.Th ta="right">Договоров</Table.Th>
          <Table.Th ta="right">Доля</Table.Th>
          <Table.Th>Норматив</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key} data-testid={`figure-${r.key}`}>
            <Table.Td pl={r.indent ? 'xl' : undefined}>
              <Text size="sm" c={r.indent ? 'dimmed' : undefined}>
                {r.title}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(r.amount)}
            </Table.Td>
            <Table.Td ta="right">{r.count}</Table.Td>
            <Table.Td ta="right">{r.quota ? percentText(r.quota.share_percent) : ''}</Table.Td>
            <Table.Td>
              {r.quota ? (
                <Text size="sm" component="span">
                  не менее {r.quota.required_percent} % <QuotaBadge quota={r.quota} />
                </Text>
              ) : null}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
