import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { EisPlanTotals } from '@zakupki/shared/api/eis-plans';
import { formatMoney } from '../../../lib/formatters';
import { monthLabel } from '../model/view';

/** The version's totals: positions and the SME share, by method and by month. */
export function PlanTotals({ totals }: { totals: EisPlanTotals }) {
  return (
    <Stack gap="xs" role="group" aria-label="Итоги">
      <Text size="sm">
        Итого позиций (без аннулированных): {totals.positions} на {formatMoney(totals.total_price)}; только
        для субъектов МСП: {formatMoney(totals.sme_price)} ({totals.sme_share.replace('.', ',')} %)
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Table withTableBorder striped aria-label="Итоги по способам закупки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Способ закупки</Table.Th>
              <Table.Th>Позиций</Table.Th>
              <Table.Th>Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.by_method.map((m) => (
              <Table.Tr key={m.code ?? '—'}>
                <Table.Td>{m.name ?? m.code ?? 'Не указан'}</Table.Td>
                <Table.Td>{m.count}</Table.Td>
                <Table.Td>{formatMoney(m.sum)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Table withTableBorder striped aria-label="Итоги по месяцам">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Месяц размещения</Table.Th>
              <Table.Th>Позиций</Table.Th>
              <Table.Th>Сумма</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {totals.by_month.map((m) => (
              <Table.Tr key={`${m.year}-${m.month}`}>
                <Table.Td>{monthLabel(m)}</Table.Td>
                <Table.Td>{m.count}</Table.Td>
                <Table.Td>{formatMoney(m.sum)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SimpleGrid>
    </Stack>
  );
}
