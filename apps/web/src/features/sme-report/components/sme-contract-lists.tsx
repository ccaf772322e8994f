import { Accordion, Anchor, Badge, Group, Text } from '@mantine/core';
import type { SmeContractLine, SmeReport } from '@zakupki/shared/api/sme-report';
import { Link } from 'react-router';
import { type ListColumn, ListTable } from '../../../components/table/list-table';
import { formatDate, formatMoney } from '../../../lib/formatters';

const COLUMNS: ListColumn<SmeContractLine>[] = [
  {
    key: 'number',
    title: 'Договор',
    render: (c) => (
      <Anchor component={Link} to={`/contracts/register?contract=${c.id}`} size="sm">
        № {c.number} от {formatDate(c.contract_date)}
      </Anchor>
    ),
  },
  {
    key: 'supplier',
    title: 'Поставщик',
    maw: 320,
    render: (c) => (
      <Text size="sm" lineClamp={2} title={c.supplier_name}>
        {c.supplier_name}
        {c.supplier_is_sme ? ' (МСП)' : ''}
      </Text>
    ),
  },
  {
    key: 'method',
    title: 'Способ закупки',
    maw: 320,
    render: (c) => <Text size="sm">{c.method ?? 'не указан'}</Text>,
  },
  {
    key: 'price',
    title: 'Цена',
    align: 'right',
    nowrap: true,
    render: (c) => (c.currency === 'RUB' ? formatMoney(c.price) : `${c.price} ${c.currency}`),
  },
];

function ContractList({ label, list }: { label: string; list: SmeContractLine[] }) {
  return <ListTable aria-label={label} columns={COLUMNS} records={list} emptyText="Договоров нет" />;
}

/** The contracts behind every figure, one fold each. */
export function SmeContractLists({ report }: { report: SmeReport }) {
  const sections = [
    { key: 'sme', title: 'Договоры с субъектами МСП', list: report.sme.contracts },
    { key: 'sme_only', title: 'По закупкам только среди субъектов МСП', list: report.sme_only.contracts },
    { key: 'base', title: 'Годовой объём для расчёта долей', list: report.base.contracts },
    ...report.exclusions
      .filter((e) => e.count > 0)
      .map((e) => ({ key: `x-${e.code}`, title: `Исключены: ${e.title}`, list: e.contracts })),
    { key: 'total', title: 'Все договоры года', list: report.total.contracts },
  ];
  return (
    <Accordion multiple variant="separated">
      {sections.map((s) => (
        <Accordion.Item key={s.key} value={s.key}>
          <Accordion.Control>
            <Group gap="xs">
              <Text size="sm">{s.title}</Text>
              <Badge variant="light">{s.list.length}</Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <ContractList label={s.title} list={s.list} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
