import { Anchor } from '@mantine/core';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { Link } from 'react-router';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';

type Row = Procurement['contracts'][number];

const STATUS_TITLES: Record<string, string> = {
  draft: 'Проект',
  concluded: 'Заключен',
  executed: 'Исполнен',
  terminated: 'Расторгнут',
  cancelled: 'Отменен',
};

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'number',
    title: 'Договор',
    render: (c) => (
      <Anchor component={Link} to={`/contracts/register?contract=${c.id}`}>
        № {c.number} от {formatDate(c.contract_date)}
      </Anchor>
    ),
  },
  { key: 'supplier', title: 'Поставщик', render: (c) => c.supplier_name },
  { key: 'price', title: 'Цена', nowrap: true, render: (c) => formatMoney(c.price) },
  { key: 'status', title: 'Статус', render: (c) => STATUS_TITLES[c.status] ?? c.status },
];

/** «Договоры»: the contracts concluded from the procurement, each linked to its card. */
export function ContractsTab({ procurement }: { procurement: Procurement }) {
  return (
    <ListTable
      aria-label="Договоры по закупке"
      columns={COLUMNS}
      records={procurement.contracts}
      emptyText="Договоров по закупке нет"
    />
  );
}
