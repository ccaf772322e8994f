import 'mantine-datatable/styles.css';
import { Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { PAGE_SIZES } from '../../../components/table/paged-table';
import { type CatalogItem, catalogListQuery } from '../api/catalogs';
import { okpd2Path } from '../api/okpd2';
import { useCatalogScreen } from '../hooks/use-catalog-screen';
import { ArchivedBadge, EntryButtons } from './catalog-cells';
import { NOTHING_FOUND } from './catalog-screen';
import { CatalogToolbar } from './catalog-toolbar';
import { EntryFormModal } from './entry-form-modal';
import { ImportModal } from './import-modal';
import { Okpd2Level } from './okpd2-tree';

/** The classifier path of a found code: section › class › … › parent. */
function PathCell({ code }: { code: string }) {
  const path = okpd2Path(code);
  if (!path.length) return <Text size="sm">—</Text>;
  return (
    <Breadcrumbs separator="›" separatorMargin={4} aria-label={`Путь: ${path.join(' › ')}`}>
      {path.map((p) => (
        <Text key={p} size="sm" ff="monospace">
          {p}
        </Text>
      ))}
    </Breadcrumbs>
  );
}

/**
 * /catalogService — procurement subjects by ОКПД2: the classifier as a tree whose levels load when
 * expanded; a search by code or name lists the matching codes with their path in the classifier.
 */
export function Okpd2Screen({ d }: { d: CatalogDescriptor }) {
  const s = useCatalogScreen(d);
  const { filters, update } = s;
  const searching = !!filters.q;
  const found = useQuery({ ...catalogListQuery(d, filters, null), enabled: searching });
  const canWrite = s.rights.global;

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
    { accessor: 'path', title: 'Место в классификаторе', render: (it) => <PathCell code={it.code} /> },
  ];
  if (canWrite)
    columns.push({
      accessor: 'actions',
      title: 'Действия',
      textAlign: 'right',
      render: (it) => <EntryButtons item={it} onEdit={s.setEditing} onAction={s.actions.ask} />,
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
        canWrite={canWrite}
        exporting={s.exporting.isPending}
        onAdd={() => s.setEditing('new')}
        onImport={() => s.setImporting(true)}
        onExport={() => s.exporting.mutate()}
        searchPlaceholder="Код ОКПД2 или наименование"
      />
      {searching ? (
        <DataTable<CatalogItem>
          aria-label="Найденные коды ОКПД2"
          withTableBorder
          striped
          highlightOnHover
          minHeight={found.data?.items.length ? undefined : 160}
          records={found.data?.items ?? []}
          columns={columns}
          idAccessor="id"
          fetching={found.isFetching}
          loadingText="Загрузка…"
          noRecordsText={NOTHING_FOUND}
          totalRecords={found.data?.total ?? 0}
          recordsPerPage={filters.limit}
          page={filters.page}
          onPageChange={(p) => update({ page: String(p) })}
          recordsPerPageOptions={PAGE_SIZES}
          onRecordsPerPageChange={(n) => update({ limit: String(n) })}
          recordsPerPageLabel="Строк на странице"
          paginationText={({ from, to, totalRecords }) => `${from}–${to} из ${totalRecords}`}
          sortStatus={{ columnAccessor: filters.sort ?? d.default_sort, direction: filters.order ?? 'asc' }}
          onSortStatusChange={(st) => update({ sort: String(st.columnAccessor), order: st.direction })}
        />
      ) : (
        <Paper withBorder radius="sm" p={0}>
          <Okpd2Level
            parentId={null}
            depth={0}
            archived={filters.archived}
            canWrite={canWrite}
            onEdit={s.setEditing}
            onAction={s.actions.ask}
          />
        </Paper>
      )}
      <EntryFormModal
        d={d}
        entry={s.editing}
        rights={s.rights}
        company={s.company}
        onClose={() => s.setEditing(null)}
      />
      <ImportModal
        d={d}
        opened={s.importing}
        rights={s.rights}
        company={s.company}
        onClose={() => s.setImporting(false)}
      />
    </Stack>
  );
}
