import { Stack, Text, Title } from '@mantine/core';
import { type CatalogDescriptor, catalogSorts } from '@zakupki/shared/api/catalogs';
import type { DataTableColumn, DataTableSortStatus } from 'mantine-datatable';
import { PagedTable } from '../../../components/table/paged-table';
import { companyLabel } from '../../../lib/company';
import { type CatalogItem, useCatalogList } from '../api/catalogs';
import { type CatalogScreenState, useCatalogScreen } from '../hooks/use-catalog-screen';
import { cellOf, EntryButtons } from './catalog-cells';
import { CatalogModals } from './catalog-modals';
import { CatalogToolbar } from './catalog-toolbar';

export const EMPTY_LIST = 'Список пуст';
export const NOTHING_FOUND = 'Ничего не найдено';

/** A column sorts when its descriptor says so and the catalogue's list takes the key. */
const sortable = (d: CatalogDescriptor, key: string) => catalogSorts(d).includes(key);

/** Whose entries the table shows: the selected company's with the global ones. */
export function ScopeNote({ d, s }: { d: CatalogDescriptor; s: CatalogScreenState }) {
  if (!d.company_entries) return null;
  return (
    <Text size="sm" c="dimmed">
      {s.company
        ? `Общие записи и записи компании «${companyLabel(s.company)}»`
        : 'Общие записи (компания не выбрана)'}
    </Text>
  );
}

/**
 * A catalogue screen configured by its descriptor (packages/shared CATALOGS): the columns, server
 * search, paging and sorting with the filters in the URL, create/edit, archive/restore, delete,
 * XLSX import and export. Row actions appear on the items the server marks `can_write`; adding
 * and import where the user may add entries.
 */
export function CatalogScreen({ d }: { d: CatalogDescriptor }) {
  const s = useCatalogScreen(d);
  const { filters, update } = s;
  const list = useCatalogList(d, filters, s.companyId);
  const records = list.data?.items ?? [];

  const columns: DataTableColumn<CatalogItem>[] = d.columns.map((c) => ({
    accessor: c.key,
    title: c.title,
    sortable: !!c.sortable && sortable(d, c.key),
    textAlign: c.type === 'money' || c.type === 'integer' || c.type === 'percent' ? 'right' : undefined,
    render: (it: CatalogItem) => cellOf(d, c, it),
  }));
  if (records.some((it) => it.can_write))
    columns.push({
      accessor: 'actions',
      title: 'Действия',
      textAlign: 'right',
      render: (it) =>
        it.can_write ? <EntryButtons item={it} onEdit={s.setEditing} onAction={s.actions.ask} /> : null,
    });

  const sortStatus: DataTableSortStatus<CatalogItem> = {
    columnAccessor: filters.sort ?? d.default_sort,
    direction: filters.order ?? 'asc',
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={2}>{d.title}</Title>
        <ScopeNote d={d} s={s} />
      </Stack>
      <CatalogToolbar
        d={d}
        filters={filters}
        update={update}
        canWrite={s.canCreate}
        exporting={s.exporting.isPending}
        onAdd={() => s.setEditing('new')}
        onImport={() => s.setImporting(true)}
        onExport={() => s.exporting.mutate()}
        searchPlaceholder={d.kind === 'tariff' ? 'Код или наименование тарифа' : undefined}
      />
      <PagedTable<CatalogItem>
        aria-label={d.title}
        records={records}
        columns={columns}
        fetching={list.isFetching}
        emptyText={filters.q ? NOTHING_FOUND : EMPTY_LIST}
        total={list.data?.total ?? 0}
        limit={filters.limit}
        page={filters.page}
        onPageChange={(p) => update({ page: String(p) })}
        onLimitChange={(n) => update({ limit: String(n) })}
        sortStatus={sortStatus}
        onSortStatusChange={(st) => update({ sort: String(st.columnAccessor), order: st.direction })}
        rowStyle={(it) => (it.archived_at ? { opacity: 0.75 } : undefined)}
      />
      <CatalogModals d={d} s={s} />
    </Stack>
  );
}
