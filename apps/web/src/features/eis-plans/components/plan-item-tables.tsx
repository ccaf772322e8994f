import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { EisPlanItem } from '@zakupki/shared/api/eis-plans';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { changeText, positionStatusTitle } from '../model/view';

/** A position's rows, the procurements and contracts that name it, and its history over plan versions. */
export function PlanItemTables({ p }: { p: EisPlanItem }) {
  return (
    <>
      <Stack gap="xs">
        <Text fw={600}>Строки позиции</Text>
        <Table withTableBorder striped aria-label="Строки позиции">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>№</Table.Th>
              <Table.Th>ОКПД2</Table.Th>
              <Table.Th>ОКВЭД2</Table.Th>
              <Table.Th>Количество</Table.Th>
              <Table.Th>Регион</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.rows.map((r, i) => (
              <Table.Tr key={`${r.ordinal_number}|${r.okpd2_code}|${r.qty}|${r.okei_code}`}>
                <Table.Td>{r.ordinal_number ?? i + 1}</Table.Td>
                <Table.Td>
                  {r.okpd2_code} {r.okpd2_name}
                </Table.Td>
                <Table.Td>
                  {r.okved2_code} {r.okved2_name}
                </Table.Td>
                <Table.Td>
                  {r.qty_undefined ? 'не определено' : `${r.qty ?? '—'} ${r.okei_name ?? ''}`}
                </Table.Td>
                <Table.Td>{r.region ?? p.region ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>Закупки и договоры по позиции</Text>
        {p.links.length ? (
          <Table withTableBorder striped aria-label="Закупки и договоры">
            <Table.Tbody>
              {p.links.map((l) => (
                <Table.Tr key={`${l.kind}-${l.id}`}>
                  <Table.Td>{l.kind === 'contract' ? 'Договор' : 'Закупка'}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={
                        l.kind === 'contract' ? `/contracts/register?contract=${l.id}` : `/documents/${l.id}`
                      }
                    >
                      № {l.number}
                    </Anchor>
                    {l.date ? ` от ${formatDate(l.date)}` : ''}
                  </Table.Td>
                  <Table.Td>{l.subject}</Table.Td>
                  <Table.Td>{formatMoney(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            По позиции нет закупок и договоров
          </Text>
        )}
        <Text size="sm">
          НМЦД позиции {formatMoney(p.price)}; договоров на {formatMoney(p.contract_amount)}; закупок на{' '}
          {formatMoney(p.procurement_amount)}
        </Text>
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>История позиции</Text>
        <Table withTableBorder striped aria-label="История позиции">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Версия плана</Table.Th>
              <Table.Th>Размещена</Table.Th>
              <Table.Th>Статус</Table.Th>
              <Table.Th>НМЦД</Table.Th>
              <Table.Th>Изменения</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.history.map((h) => (
              <Table.Tr key={h.version}>
                <Table.Td>№ {h.version}</Table.Td>
                <Table.Td>{formatDate(h.published_at)}</Table.Td>
                <Table.Td>{positionStatusTitle(h.status)}</Table.Td>
                <Table.Td>{formatMoney(h.price)}</Table.Td>
                <Table.Td>{h.changes.length ? h.changes.map(changeText).join('; ') : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </>
  );
}
