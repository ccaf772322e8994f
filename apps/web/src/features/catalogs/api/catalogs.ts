import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type CatalogDescriptor,
  type CatalogImportResult,
  type CatalogImportRun,
  type CatalogImportStarted,
  type CatalogSort,
  catalogRoutes,
  type TariffSort,
} from '@zakupki/shared/api/catalogs';
import type { Page } from '@zakupki/shared/api/common';
import { companyRoutes } from '@zakupki/shared/api/companies';
import type { RouteDef } from '@zakupki/shared/contract';
import { api, routeUrl } from '../../../lib/api-client';
import { ApiError } from '../../../lib/http-errors';
import { loading } from '../../../lib/loading';
import { currentSession } from '../../../lib/session-store';

/**
 * One catalogue screen's API, found from its descriptor (packages/shared CATALOGS): the nine
 * routes of its family (list, get, create, update, remove, archive, restore, exportXlsx,
 * importXlsx) and the path parameters (`type` of the generic and service-execution catalogues).
 */
export type EntryRoutes = Record<
  'list' | 'get' | 'create' | 'update' | 'remove' | 'archive' | 'restore' | 'exportXlsx' | 'importXlsx',
  RouteDef
>;
export type CatalogFamily = { routes: EntryRoutes; params: Record<string, number> };

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

export const itemName = (it: CatalogItem) => String(it.title ?? it.name ?? it.code);

export function familyOf(d: CatalogDescriptor): CatalogFamily {
  const r = catalogRoutes;
  switch (d.kind) {
    case 'generic':
      return { routes: r.generic, params: { type: d.type_code ?? 0 } };
    case 'exec':
      return { routes: r.exec, params: { type: d.type_code ?? 0 } };
    case 'method':
      return { routes: r.methods, params: {} };
    case 'okpd2':
      return { routes: r.okpd2, params: {} };
    case 'ensuring':
      return { routes: r.ensuring, params: {} };
    case 'goods':
      return { routes: r.goods, params: {} };
    case 'subject_document':
      return { routes: r.subjectDocuments, params: {} };
    case 'document_kind':
      return { routes: r.documentKinds, params: {} };
    case 'userfield':
      return { routes: r.userfields, params: {} };
    case 'tariff':
      return { routes: r.tariffs, params: {} };
  }
}

type Scalar = string | number | boolean | null | undefined;
type CallOptions = {
  params?: Record<string, number>;
  query?: Record<string, Scalar>;
  body?: unknown;
  signal?: AbortSignal;
  loading?: string | false;
};

/** The typed client called with a route chosen at run time (the descriptor decides the family). */
function call<T>(route: RouteDef, opts: CallOptions): Promise<T> {
  return api(route, opts as never) as Promise<T>;
}

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
): Record<string, Scalar> {
  const common = {
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
    queryKey: ['catalogs', d.key, 'list', { ...f, companyId }],
    queryFn: ({ signal }) =>
      call<Page<CatalogItem>>(fam.routes.list, {
        params: fam.params,
        query: { ...filterQuery(d, f, companyId), page: f.page, limit: f.limit },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });
};

/** The caller's permissions in the company (same key as the profile screens, one answer for both). */
export const companyPermissionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', companyId, 'permissions'],
    queryFn: ({ signal }) =>
      api(companyRoutes.permissions, { params: { id: companyId }, signal, loading: false }),
    staleTime: 60_000,
  });

export function saveEntry(d: CatalogDescriptor, id: number | null, body: Record<string, unknown>) {
  const fam = familyOf(d);
  return id === null
    ? call<CatalogItem>(fam.routes.create, {
        params: fam.params,
        body,
        loading: `добавление: ${d.element}`,
      })
    : call<CatalogItem>(fam.routes.update, {
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

export const entryAction = (d: CatalogDescriptor, id: number, action: EntryAction) => {
  const fam = familyOf(d);
  return call<CatalogItem | null>(fam.routes[action], {
    params: { ...fam.params, id },
    loading: ACTION_LOADING[action],
  });
};

/**
 * XLSX import: all rows or none. `companyId` given: rows go to the company's own entries (rows
 * marked «Общая» to the global ones); absent: global entries.
 */
export function importXlsx(d: CatalogDescriptor, file: File, companyId: number | null) {
  const fam = familyOf(d);
  const body = new FormData();
  body.append('file', file, file.name);
  // catalogues answer 202 with the job's run; tariffs the result itself
  return call<CatalogImportResult | CatalogImportStarted>(fam.routes.importXlsx, {
    params: fam.params,
    query:
      d.kind === 'tariff'
        ? {}
        : { company_id: companyId ?? undefined, subject_type: d.subject_type ?? undefined },
    body,
    loading: 'загрузка файла XLSX',
  });
}

/** A catalogue import run, polled while its job works (progress, then the result or the errors). */
export const catalogImportRunQuery = (id: number | null) =>
  queryOptions({
    queryKey: ['catalog-import', id],
    queryFn: ({ signal }) =>
      api(catalogRoutes.importRun, {
        params: { id: id ?? 0 },
        signal,
        loading: false,
      }) as Promise<CatalogImportRun>,
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && ['done', 'failed'].includes(q.state.data.status) ? false : 1000),
  });

/** `attachment; filename="x.xlsx"; filename*=UTF-8''%D0%A1…` → the Unicode name. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
}

function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads the XLSX of the current view (same filters as the table, no paging). The export
 * needs the bearer token, so it is fetched and handed to the browser as a file.
 */
export async function downloadXlsx(
  d: CatalogDescriptor,
  f: Omit<CatalogFilters, 'page' | 'limit'>,
  companyId: number | null,
) {
  const fam = familyOf(d);
  const url = routeUrl(fam.routes.exportXlsx, {
    params: fam.params,
    query: filterQuery(d, f, companyId),
  } as never);
  const token = currentSession()?.token;
  const id = loading.start('выгрузка в XLSX');
  try {
    let res: Response;
    try {
      res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    } catch {
      throw new ApiError(0, null);
    }
    if (!res.ok) {
      let body: unknown = null;
      try {
        body = await res.json();
      } catch {
        body = null;
      }
      throw new ApiError(res.status, body);
    }
    const name = fileNameOf(res.headers.get('content-disposition')) ?? `${d.title}.xlsx`;
    saveBlob(await res.blob(), name);
    return name;
  } finally {
    loading.stop(id);
  }
}
