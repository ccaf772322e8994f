import { Progress, Text } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatMoney } from '../../../../lib/formatters';
import { overrunOf } from '../../model/overrun';

type Item = Pick<
  Contract['items'][number],
  'id' | 'line_no' | 'name' | 'quantity' | 'unit_name' | 'accepted_quantity' | 'amount' | 'accepted_amount'
>;

/** Share of `part` in `whole`, 0–100: the length of a progress bar (the text shows the real share). */
export const percentOf = (part: string, whole: string) => {
  const w = Number(whole);
  if (!(w > 0)) return 0;
  return Math.max(0, Math.min(100, (Number(part) / w) * 100));
};

const COLUMNS: ListColumn<Item>[] = [
  { key: 'no', title: '№', render: (i) => i.line_no },
  { key: 'name', title: 'Позиция', maw: 320, render: (i) => i.name },
  {
    key: 'quantity',
    title: 'Количество',
    align: 'right',
    render: (i) => `${i.quantity} ${i.unit_name ?? ''}`,
  },
  {
    key: 'accepted',
    title: 'Принято',
    align: 'right',
    render: (i) => {
      const over = overrunOf(i.accepted_quantity, i.quantity, 3);
      return over ? (
        <Text size="sm" c="red.8" fw={600} title="Принято больше, чем предусмотрено договором">
          {i.accepted_quantity} (сверх количества: {over.replace('.', ',')})
        </Text>
      ) : (
        i.accepted_quantity
      );
    },
  },
  { key: 'amount', title: 'Сумма', align: 'right', nowrap: true, render: (i) => formatMoney(i.amount) },
  {
    key: 'accepted_amount',
    title: 'Принято на сумму',
    align: 'right',
    nowrap: true,
    render: (i) => {
      const over = overrunOf(i.accepted_amount, i.amount);
      return over ? (
        <Text size="sm" c="red.8" fw={600}>
          {formatMoney(i.accepted_amount)} (сверх суммы: {formatMoney(over)})
        </Text>
      ) : (
        formatMoney(i.accepted_amount)
      );
    },
  },
];

const PROGRESS: ListColumn<Item> = {
  key: 'progress',
  title: 'Выполнение',
  w: 140,
  render: (i) => (
    <Progress
      value={percentOf(i.accepted_amount, i.amount)}
      color={overrunOf(i.accepted_amount, i.amount) ? 'red' : 'teal'}
      aria-label={`Выполнение позиции ${i.line_no}`}
    />
  ),
};

/**
 * The contract's items with what is accepted of each (card «Исполнение» with a progress bar per
 * item; the UPD mapping screen without).
 */
export function AcceptanceTable({
  items,
  withProgress = false,
  emptyText,
  minWidth,
  'aria-label': label,
}: {
  items: Item[];
  withProgress?: boolean;
  emptyText?: string;
  minWidth?: number;
  'aria-label': string;
}) {
  return (
    <ListTable
      aria-label={label}
      columns={withProgress ? [...COLUMNS, PROGRESS] : COLUMNS}
      records={items}
      emptyText={emptyText}
      minWidth={minWidth}
    />
  );
}
