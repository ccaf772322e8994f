import { Progress, Stack, Text } from '@mantine/core';
import type { ImportKind, ImportRun } from '@zakupki/shared/api/imports';
import { useState } from 'react';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { AppSelect } from '../../../../components/form/app-select';
import { PagedTable } from '../../../../components/table/paged-table';
import { formatDateTime } from '../../../../lib/formatters';
import { useImports } from '../../api/execution';
import { IMPORT_KIND_TITLES, isRunActive, RUN_STATUS_VIEW } from '../../model/labels';
import { ImportResult } from './import-run-view';

/** Imports of the company (of `kinds`) with their status, result and the server's error text. */
export function ImportsHistory({ companyId, kinds }: { companyId: number; kinds: ImportKind[] }) {
  const [kind, setKind] = useState<ImportKind | null>(null);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const list = useImports(companyId, {
    kind: kind ?? (kinds.length === 1 ? kinds[0] : undefined),
    page,
    limit,
  });
  const records = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      {kinds.length > 1 ? (
        <AppSelect
          label="Вид загрузки"
          w={260}
          clearable
          placeholder="Все"
          data={kinds.map((k) => ({ value: k, label: IMPORT_KIND_TITLES[k] }))}
          value={kind}
          onChange={(v) => {
            setKind(v as ImportKind | null);
            setPage(1);
          }}
        />
      ) : null}
      <PagedTable<ImportRun>
        aria-label="История загрузок"
        records={records}
        total={list.data?.total ?? 0}
        page={page}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={(n) => {
          setLimit(n);
          setPage(1);
        }}
        fetching={list.isFetching}
        emptyText="Загрузок не было"
        columns={[
          {
            accessor: 'created_at',
            title: 'Когда',
            width: 140,
            render: (r) => formatDateTime(r.created_at),
          },
          { accessor: 'kind', title: 'Вид', width: 160, render: (r) => IMPORT_KIND_TITLES[r.kind] ?? r.kind },
          {
            accessor: 'upload_file_name',
            title: 'Файл',
            width: 240,
            render: (r) => (
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {r.upload_file_name}
              </Text>
            ),
          },
          {
            accessor: 'status',
            title: 'Состояние',
            width: 140,
            render: (r) => (
              <Stack gap={4}>
                <ViewBadge view={RUN_STATUS_VIEW} state={r.status} />
                {isRunActive(r.status) ? (
                  <Progress
                    value={Math.max(r.progress, 5)}
                    animated
                    aria-label={`Выполнено ${r.progress} %`}
                  />
                ) : null}
              </Stack>
            ),
          },
          {
            accessor: 'result',
            title: 'Результат',
            render: (r) => (isRunActive(r.status) ? '—' : <ImportResult run={r} />),
          },
        ]}
      />
    </Stack>
  );
}
