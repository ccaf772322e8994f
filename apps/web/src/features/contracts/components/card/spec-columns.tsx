import type { ListColumn } from '../../../../components/table/list-table';
import { formatMoney } from '../../../../lib/formatters';
import { kopecksToMoney, rowAmountKopecks, rowVatKopecks, type SpecRow } from '../../model/spec';

const money = (kopecks: bigint | null) => (kopecks !== null ? kopecksToMoney(kopecks) : '—');

/** The columns of a specification line: what, how much, at what price, the VAT, what was accepted. */
export const SPEC_COLUMNS: ListColumn<SpecRow>[] = [
  { key: 'no', title: '№', render: (_, i) => i + 1 },
  { key: 'name', title: 'Наименование', maw: 320, render: (r) => r.name },
  { key: 'okpd2', title: 'ОКПД2', render: (r) => r.okpd2_code ?? '—' },
  { key: 'unit', title: 'Ед.', render: (r) => r.unit_name ?? r.okei_code ?? '—' },
  { key: 'quantity', title: 'Кол-во', align: 'right', render: (r) => r.quantity },
  { key: 'price', title: 'Цена', align: 'right', nowrap: true, render: (r) => formatMoney(r.price) },
  { key: 'vat_rate', title: 'НДС', render: (r) => r.vat_rate },
  {
    key: 'vat',
    title: 'Сумма НДС',
    align: 'right',
    nowrap: true,
    render: (r) => money(rowVatKopecks(r)),
  },
  {
    key: 'amount',
    title: 'Сумма',
    align: 'right',
    nowrap: true,
    render: (r) => money(rowAmountKopecks(r)),
  },
  {
    key: 'accepted',
    title: 'Принято',
    align: 'right',
    nowrap: true,
    render: (r) => (r.accepted_quantity ? `${r.accepted_quantity} / ${formatMoney(r.accepted_amount)}` : '—'),
  },
];
