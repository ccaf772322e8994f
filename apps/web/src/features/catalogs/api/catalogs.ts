import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOG_FAMILIES,
  type CatalogDescriptor,
  type CatalogFamilyParams,
  type CatalogFamily as CatalogFamilyRoutes,
  type CatalogImportStarted,
  type CatalogSort,
  catalogRoutes,
  type TariffSort,
} from '@zakupki/shared/api/catalogs';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/** What every catalogue item carries; the rest depends on the kind (see the descriptor's columns). */
export type CatalogItem = Record<string, unknown> & {
  id: number;
  code: string;
  archived_at: string | null;
  /** absent for tariffs */
  company_id?: number | null;
  company_title?: string | null;
  /** entries have a title, tariffs a name */
  title?: string;
  name?: string;
  /** may the user edit, archive, restore and delete it: the server's write policy decides */
  can_write: boolean;
};

/** Every catalogue family of packages/shared by the descriptor kind that names it. */
const FAMILIES = CATALOG_FAMILIES satisfies Record<
  CatalogDescriptor['kind'],
  CatalogFamilyRoutes<CatalogItem>
>;
type Families = typeof FAMILIES;
export type EntryKind = keyof Families;
/** A descriptor of one kind (`CatalogDescriptor` itself: any kind). */
export type DescriptorOf<K extends EntryKind> = CatalogDescriptor & { kind: K };

type Bodies = { [K in EntryKind]: z.input<Families[K]['create']['body']> };
/** The body of a family's create and update, as the family's shared input schema takes it. */
export type EntryBody<K extends EntryKind = EntryKind> = Bodies[K];
type KeysOf<T> = T extends unknown ? keyof T : never;
/** A parameter some family's list takes (its export and import take some of them). */
export type ListQueryKey = KeysOf<z.input<Families[EntryKind]['list']['query']>>;
type Scalar = string | number | boolean | null | undefined;
export type ListQuery = Partial<Record<ListQueryKey, Scalar>>;
type QueryKeys = Partial<Record<ListQueryKey, unknown>>;

/**
 * One catalogue screen's API, found from its descriptor (packages/shared CATALOGS): the nine
 * routes of its family (list, get, create, update, remove, archive, restore, exportXlsx,
 * importXlsx), typed by the shared `CatalogFamily` every family is assignable to: the items it
 * answers, the bodies of the families (`EntryBody`) and the keys of their queries (`ListQuery`).
 * The path parameters are `type` of the generic and service-execution catalogues.
 */
export type EntryRoutes = CatalogFamilyRoutes<CatalogItem, unknown, string, EntryBody, QueryKeys>;
export type CatalogFamily = { routes: EntryRoutes; params: CatalogFamilyParams };

/**
 * Keys of the catalogue screens. Every change to any catalogue invalidates `catalogKeys.all`,
 * which also reaches the catalogue options other features keep under the `catalogs` root
 * (the contract form's funding sources and bases).
 */
export const catalogKeys = {
  all: queryRoots.catalogs,
  list: (key: string, filters: CatalogFilters & { companyId: number | null }) =>
    [...catalogKeys.all, key, 'list', filters] as const,
  okpd2Tree: (parentId: number | null, archived: boolean) =>
    [...catalogKeys.all, 'okpd2', 'tree', { parentId, archived }] as const,
  importRun: (id: number | null) => [...catalogKeys.all, 'import', id] as const,
};

export const itemName = (it: CatalogItem) => String(it.title ?? it.name ?? it.code);

export function familyOf(d: CatalogDescriptor): CatalogFamily {
  const params = d.kind === 'generic' || d.kind === 'exec' ? { type: d.type_code ?? 0 } : {};
  return { routes: FAMILIES[d.kind], params };
}

/** The shared input schema of a catalogue's create and update (the one the API checks). */
export const entrySchema = <K extends EntryKind>(d: DescriptorOf<K>): Families[K]['create']['body'] =>
  FAMILIES[d.kind].create.body;

/** Whether the family's input schema takes the value: then it is the family's body. */
export const isEntryBody = <K extends EntryKind>(d: DescriptorOf<K>, v: unknown): v is EntryBody<K> =>
  entrySchema(d).safeParse(v).success;

/** The screen's filters, kept in the URL: ?q=&page=&limit=&sort=&order=&archived=true */
export type CatalogFilters = {
  q?: string;
  page: number;
  limit: number;
  /** one of the catalogue's sort keys (catalogSorts of its descriptor) */
  sort?: CatalogSort | TariffSort;
  order?: 'asc' | 'desc';
  archived: boolean;
};

/** The filters as the list and the export take them (the export ignores paging). */
export function filterQuery(
  d: CatalogDescriptor,
  f: Omit<CatalogFilters, 'page' | 'limit'>,
  companyId: number | null,
): ListQuery {
  const common: ListQuery = {
    q: f.q,
    sort: f.sort,
    order: f.sort ? f.order : undefined,
    include_archived: f.archived ? 'true' : undefined,
  };
  if (d.kind === 'tariff') return common;
  return {
    ...common,
    company_id: d.company_entries ? (companyId ?? undefined) : undefined,
    subject_type: d.subject_type ?? undefined,
  };
}

export const catalogListQuery = (d: CatalogDescriptor, f: CatalogFilters, companyId: number | null) => {
  const fam = familyOf(d);
  return queryOptions({
    queryKey: catalogKeys.list(d.key, { ...f, companyId }),
    queryFn: ({ signal }) =>
      api(fam.routes.list, {
        params: fam.params,
        query: { ...filterQuery(d, f, companyId), page: f.page, limit: f.limit },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });
};

export const useCatalogList = (
  d: CatalogDescriptor,
  f: CatalogFilters,
  companyId: number | null,
  extra?: QueryExtras,
) => useQuery({ ...catalogListQuery(d, f, companyId), ...extra });

/** Adds (`id` null) or changes an entry; the body is the family's own (`EntryBody`). */
export function saveEntry<K extends EntryKind>(
  d: DescriptorOf<K>,
  id: number | null,
  body: NoInfer<EntryBody<K>>,
) {
  const fam = familyOf(d);
  return id === null
    ? api(fam.routes.create, {
        params: fam.params,
        body,
        loading: `добавление: ${d.element}`,
      })
    : api(fam.routes.update, {
        params: { ...fam.params, id },
        body,
        loading: `сохранение: ${d.element}`,
      });
}

export type EntryAction = 'archive' | 'restore' | 'remove';
const ACTION_LOADING: Record<EntryAction, string> = {
  archive: 'перенос в архив',
  restore: 'восстановление из архива',
  remove: 'удаление записи',
};

const entryAction = async (d: CatalogDescriptor, id: number, action: EntryAction) => {
  const fam = familyOf(d);
  const opts = { params: { ...fam.params, id }, loading: ACTION_LOADING[action] };
  if (action === 'remove') {
    await api(fam.routes.remove, opts);
    return null;
  }
  return api(fam.routes[action], opts);
};

/**
 * XLSX import: all rows or none. `companyId` given: rows go to the company's own entries (rows
 * marked «Общая» to the global ones); absent: global entries.
 */
function importXlsx(d: CatalogDescriptor, file: File, companyId: number | null) {
  const fam = familyOf(d);
  const body = new FormData();
  body.append('file', file, file.name);
  // every catalogue, tariffs too, answers 202 with the job's run (GET /api/catalogs/imports/:id)
  return api(fam.routes.importXlsx, {
    params: fam.params,
    query:
      d.kind === 'tariff'
        ? {}
        : { company_id: companyId ?? undefined, subject_type: d.subject_type ?? undefined },
    body,
    loading: 'загрузка файла XLSX',
  });
}

/** Refreshes every catalogue query (an import's job has written its rows). */
export const useCatalogsRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: catalogKeys.all });
};

/** A catalogue import run, polled while its job works (progress, then the result or the errors). */
export const useCatalogImportRun = (id: number | null) =>
  useQuery({
    queryKey: catalogKeys.importRun(id),
    queryFn: ({ signal }) =>
      api(catalogRoutes.importRun, { params: { id: id ?? 0 }, signal, loading: false }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 1000),
  });

/**
 * Downloads the XLSX of the current view (same filters as the table, no paging) under the server's
 * file name; resolves with that name.
 */
async function downloadXlsx(
  d: CatalogDescriptor,
  f: Omit<CatalogFilters, 'page' | 'limit'>,
  companyId: number | null,
) {
  const fam = familyOf(d);
  const opts = { params: fam.params, query: filterQuery(d, f, companyId) };
  const file = await downloadRoute(fam.routes.exportXlsx, opts, `${d.title}.xlsx`, 'выгрузка в XLSX');
  return file.name;
}

/** Add (`id` null) or change an entry. */
export const useSaveEntry = <K extends EntryKind>(
  d: DescriptorOf<K>,
  extra?: MutationExtras<CatalogItem, { id: number | null; body: EntryBody<K> }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ id, body }: { id: number | null; body: EntryBody<K> }) => saveEntry(d, id, body),
      invalidates: () => [catalogKeys.all],
    },
    extra,
  );

/** Archive, restore or delete an entry. */
export const useEntryAction = (
  d: CatalogDescriptor,
  extra?: MutationExtras<CatalogItem | null, { item: CatalogItem; action: EntryAction }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ item, action }: { item: CatalogItem; action: EntryAction }) =>
        entryAction(d, item.id, action),
      invalidates: () => [catalogKeys.all],
    },
    extra,
  );

/** XLSX import into the company's entries (`companyId`) or the global ones (null). */
export const useImportXlsx = (
  d: CatalogDescriptor,
  extra?: MutationExtras<CatalogImportStarted, { file: File; companyId: number | null }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ file, companyId }: { file: File; companyId: number | null }) =>
        importXlsx(d, file, companyId),
      invalidates: () => [catalogKeys.all],
    },
    extra,
  );

/** The XLSX of the current view; resolves with the saved file's name. Changes nothing. */
export const useExportXlsx = (
  d: CatalogDescriptor,
  f: Omit<CatalogFilters, 'page' | 'limit'>,
  companyId: number | null,
  extra?: MutationExtras<string, void>,
) => useInvalidatingMutation({ mutationFn: () => downloadXlsx(d, f, companyId) }, extra);
