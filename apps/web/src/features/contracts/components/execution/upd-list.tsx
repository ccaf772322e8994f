import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UpdDocument } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { Link } from 'react-router';
import { PagedTable } from '../../../../components/table/paged-table';
import { formatDate, formatMoney } from '../../../../lib/formatters';
import { type UpdListFilters, updListQuery } from '../../api/execution';
import { UPD_STATUS_VIEW } from '../../model/labels';

type Filter = 'proposed' | 'no_contract' | 'confirmed' | 'all';

/** УПД waiting for the user: lines to confirm, or no contract found; also the counted ones. */
export function UpdList({ companyId, onOpen }: { companyId: number; onOpen: (id: number) => void }) {
  const [filter, setFilter] = useState<Filter>('proposed');
  const [page, setPage] = useState(1);
  const query: UpdListFilters = { status: filter === 'all' ? undefined : filter, page, limit: 10 };
  const list = useQuery(updListQuery(companyId, query));
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Какие УПД показать"
        value={filter}
        onChange={(v) => {
          setFilter(v as Filter);
          setPage(1);
        }}
        data={[
          { value: 'proposed', label: 'Ждут подтверждения' },
          { value: 'no_contract', label: 'Договор не найден' },
          { value: 'confirmed', label: 'Учтённые' },
          { value: 'all', label: 'Все' },
        ]}
        w="fit-content"
      />
      <PagedTable<UpdDocument>
        aria-label="УПД"
        records={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={page}
        limit={10}
        onPageChange={setPage}
        fetching={list.isFetching}
        emptyText={filter === 'proposed' ? 'Документов, ждущих подтверждения, нет' : 'Документов нет'}
        columns={[
          {
            accessor: 'number',
            title: 'Документ',
            render: (d) => (
              <Stack gap={0}>
                <Text size="sm">
                  {d.kind === 'ukd' ? 'УКД' : 'УПД'} № {d.number} от {formatDate(d.date)}
                </Text>
                <Text size="xs" c="dimmed">
                  {d.file_name}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'seller',
            title: 'Продавец',
            render: (d) => (
              <Stack gap={0}>
                <Text size="sm">{d.seller.name ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  ИНН {d.seller.inn ?? '—'}
                </Text>
              </Stack>
            ),
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
            render: (d) => (
              <Badge color={UPD_STATUS_VIEW[d.status]?.color} variant="light">
                {UPD_STATUS_VIEW[d.status]?.label ?? d.status}
              </Badge>
            ),
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
                  {d.status === 'no_contract' ? 'Выбрать договор' : 'Сопоставить'}
                </Button>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
