import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { UpdDocument } from '@zakupki/shared/api/imports';
import { Link } from 'react-router';
import { ViewBadge } from '../../../../components/badges/view-badge';
import {
  FilteredPagedTable,
  type FilterOption,
  usePagedFilter,
} from '../../../../components/table/filtered-paged-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { useUpdList } from '../../api/execution';
import { UPD_STATUS_VIEW, updState, updTitle } from '../../model/labels';
import { PartyText } from '../cells';

type Filter = 'proposed' | 'no_contract' | 'confirmed' | 'all';

const FILTERS: FilterOption<Filter>[] = [
  { value: 'proposed', label: 'Ждут подтверждения' },
  { value: 'no_contract', label: 'Договор не найден' },
  { value: 'confirmed', label: 'Учтённые' },
  { value: 'all', label: 'Все' },
];

/** УПД waiting for the user: lines to confirm, or no contract found; also the counted ones. */
export function UpdList({ companyId, onOpen }: { companyId: number; onOpen: (id: number) => void }) {
  const state = usePagedFilter<Filter>('proposed');
  const list = useUpdList(companyId, { status: state.status, page: state.page, limit: 10 });
  return (
    <FilteredPagedTable<UpdDocument, Filter>
      filterLabel="Какие УПД показать"
      filters={FILTERS}
      state={state}
      list={list}
      aria-label="УПД"
      limit={10}
      emptyText={state.filter === 'proposed' ? 'Документов, ждущих подтверждения, нет' : 'Документов нет'}
      columns={[
        {
          accessor: 'number',
          title: 'Документ',
          render: (d) => (
            <Stack gap={0}>
              <Text size="sm">{updTitle(d)}</Text>
              <Text size="xs" c="dimmed">
                {d.file_name}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'seller',
          title: 'Продавец',
          render: (d) => <PartyText party={d.seller} />,
        },
        {
          accessor: 'total_with_vat',
          title: 'Сумма с НДС',
          textAlign: 'right',
          render: (d) => (d.total_with_vat ? formatMoney(d.total_with_vat) : '—'),
        },
        {
          accessor: 'contract',
          title: 'Договор',
          render: (d) =>
            d.contract ? (
              <Anchor component={Link} to={`/contracts/register?contract=${d.contract.id}`} size="sm">
                № {d.contract.number} от {formatDate(d.contract.contract_date)}
              </Anchor>
            ) : (
              <Text size="sm" c="red" lineClamp={3} title={d.error ?? undefined}>
                {d.error ?? 'не найден'}
              </Text>
            ),
        },
        {
          accessor: 'status',
          title: 'Состояние',
          render: (d) => <ViewBadge view={UPD_STATUS_VIEW} state={updState(d)} variant="light" />,
        },
        {
          accessor: 'actions',
          title: '',
          textAlign: 'right',
          render: (d) => (
            <Group justify="flex-end">
              <Button
                size="compact-xs"
                variant="light"
                onClick={() => onOpen(d.id)}
                aria-label={`Сопоставить: ${d.kind === 'ukd' ? 'УКД' : 'УПД'} № ${d.number}`}
              >
                {d.advance ? 'Открыть' : d.status === 'no_contract' ? 'Выбрать договор' : 'Сопоставить'}
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
