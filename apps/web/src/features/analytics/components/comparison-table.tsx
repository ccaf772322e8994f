import { Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../lib/formatters';
import { useCompanyComparison } from '../api/analytics';
import { pct } from '../model/format';
import { FiguresTable } from './figures-table';

/** Staff: the companies they act for side by side over the same period, each with its own figures. */
export function ComparisonTable({ from, to }: { from: string; to: string }) {
  const q = useCompanyComparison({ from, to });
  return (
    <Stack gap="sm" component="section" aria-label="Сравнение компаний">
      <Title order={3} size="h4">
        Сравнение компаний
      </Title>
      {q.isError ? <Text c="red">Не удалось загрузить сравнение</Text> : null}
      {q.data ? (
        <FiguresTable
          caption="Показатели компаний за период"
          rows={q.data.items}
          rowKey={(r) => String(r.company_id)}
          columns={[
            { key: 't', title: 'Компания', cell: (r) => r.title },
            { key: 'c', title: 'Договоров', cell: (r) => r.contracts, numeric: true },
            { key: 'a', title: 'Сумма', cell: (r) => formatMoney(r.amount), numeric: true },
            {
              key: 's',
              title: 'Экономия',
              cell: (r) => `${formatMoney(r.saving)} (${pct(r.saving_percent)})`,
              numeric: true,
            },
            { key: 'm', title: 'Доля МСП', cell: (r) => pct(r.sme_share_percent), numeric: true },
            { key: 'l', title: 'С опозданием', cell: (r) => r.late, numeric: true },
            { key: 'o', title: 'Просрочено', cell: (r) => r.overdue, numeric: true },
            { key: 'f', title: 'Флагов', cell: (r) => r.flags, numeric: true },
          ]}
        />
      ) : null}
    </Stack>
  );
}
