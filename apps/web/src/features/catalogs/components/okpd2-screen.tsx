import { Paper, Stack, Text, Title } from '@mantine/core';
import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import type { DataTableColumn } from 'mantine-datatable';
import { PagedTable } from '../../../components/table/paged-table';
import { type CatalogItem, useCatalogList } from '../api/catalogs';
import type { Okpd2PathStep } from '../api/okpd2';
import { useCatalogScreen } from '../hooks/use-catalog-screen';
import { ArchivedBadge, EntryButtons } from './catalog-cells';
import { CatalogModals } from './catalog-modals';
import { NOTHING_FOUND } from './catalog-screen';
import { CatalogToolbar } from './catalog-toolbar';
import { Okpd2Level } from './okpd2-tree';

const pathStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/** Where a found code sits: its ancestors with their names, section first, one a line. */
export function PathCell({ path }: { path: readonly Okpd2PathStep[] }) {
  if (!path.length) return <Text size="sm">—</Text>;
  return (
    <ol style={pathStyle} aria-label="Место в классификаторе">
      {path.map((p, i) => (
        <Text component="li" key={p.id} size="xs" pl={i * 10}>
          {i > 0 ? <span aria-hidden="true">› </span> : null}
          <Text span inherit ff="monospace" fw={600}>
            {p.code}
          </Text>{' '}
          {p.title}
        </Text>
      ))}
    </ol>
  );
}

/**
 * /catalogService — procurement subjects by ОКПД2: the classifier as a tree whose levels load when
 * expanded; a search by code or name lists the matching codes with their path in the classifier
 * (the ancestors' codes and names, as the server answers them). Row actions follow `can_write`.
 */
export function Okpd2Screen({ d }: { d: CatalogDescriptor }) {
  const s = useCatalogScreen(d);
  const { filters, update } = s;
  const searching = !!filters.q;
  const found = useCatalogList(d, filters, null, { enabled: searching });
  const canAdd = s.rights.global;

  const columns: DataTableColumn<CatalogItem>[] = [
    {
      accessor: 'code',
      title: 'Код ОКПД2',
      sortable: true,
      render: (it) => (
        <Text ff="monospace" size="sm">
          {it.code}
        </Text>
      ),
    },
    {
      accessor: 'title',
      title: 'Наименование',
      sortable: true,
      render: (it) => (
        <Stack gap={2}>
          <Text size="sm">{String(it.title)}</Text>
          <ArchivedBadge item={it} />
        </Stack>
      ),
    },
    {
      accessor: 'path',
      title: 'Место в классификаторе',
      render: (it) => <PathCell path={(it.path as Okpd2PathStep[] | undefined) ?? []} />,
    },
  ];
  if (found.data?.items.some((it) => it.can_write))
    columns.push({
      accessor: 'actions',
      title: 'Действия',
      textAlign: 'right',
      render: (it) =>
        it.can_write ? <EntryButtons item={it} onEdit={s.setEditing} onAction={s.actions.ask} /> : null,
    });

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>{d.title}</Title>
        <Text size="sm" c="dimmed">
          Общероссийский классификатор продукции по видам экономической деятельности (ОКПД2, ОК 034-2014)
        </Text>
      </Stack>
      <CatalogToolbar
        d={d}
        filters={filters}
        update={update}
        canWrite={canAdd}
        exporting={s.exporting.isPending}
        onAdd={() => s.setEditing('new')}
        onImport={() => s.setImporting(true)}
        onExport={() => s.exporting.mutate()}
        searchPlaceholder="Код ОКПД2 или наименование"
      />
      {searching ? (
        <PagedTable<CatalogItem>
          aria-label="Найденные коды ОКПД2"
          records={found.data?.items ?? []}
          columns={columns}
          fetching={found.isFetching}
          emptyText={NOTHING_FOUND}
          total={found.data?.total ?? 0}
          limit={filters.limit}
          page={filters.page}
          onPageChange={(p) => update({ page: String(p) })}
          onLimitChange={(n) => update({ limit: String(n) })}
          sortStatus={{ columnAccessor: filters.sort ?? d.default_sort, direction: filters.order ?? 'asc' }}
          onSortStatusChange={(st) => update({ sort: String(st.columnAccessor), order: st.direction })}
        />
      ) : (
        <Paper withBorder radius="sm" p={0}>
          <Okpd2Level
            parentId={null}
            depth={0}
            archived={filters.archived}
            onEdit={s.setEditing}
            onAction={s.actions.ask}
          />
        </Paper>
      )}
      <CatalogModals d={d} s={s} />
    </Stack>
  );
}
