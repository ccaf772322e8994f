import { Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MoneyInput } from '../../../components/form/money-input';
import type { BidValues } from '../model/bid-form';

/**
 * The price of the bid: one field for a lot without items; otherwise a unit price per item of the
 * lot and the total (left empty, the server sums the items' amounts).
 */
export function BidItemsFields({
  form,
  items,
}: {
  form: UseFormReturnType<BidValues>;
  items: BidValues['items'];
}) {
  if (items.length === 0) return <MoneyInput label="Цена заявки" required {...form.getInputProps('price')} />;
  return (
    <>
      <Text size="sm" fw={500}>
        Цены по позициям лота
      </Text>
      <Table withTableBorder aria-label="Цены по позициям">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>№</Table.Th>
            <Table.Th>Позиция</Table.Th>
            <Table.Th w={90}>Кол-во</Table.Th>
            <Table.Th w={200}>Цена за единицу</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((it, i) => (
            <Table.Tr key={it.item_id}>
              <Table.Td>{it.line_no}</Table.Td>
              <Table.Td>{it.name}</Table.Td>
              <Table.Td>{it.quantity}</Table.Td>
              <Table.Td>
                <MoneyInput
                  aria-label={`Цена за единицу: ${it.name}`}
                  size="xs"
                  {...form.getInputProps(`items.${i}.unit_price`)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <MoneyInput label="Цена заявки (пусто — сумма по позициям)" {...form.getInputProps('price')} />
    </>
  );
}
