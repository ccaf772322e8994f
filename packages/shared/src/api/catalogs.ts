import { z } from 'zod';
import { defineRoute, type RouteDef } from '../contract.js';
import {
  CatalogEntry,
  CatalogExportQuery,
  CatalogImportQuery,
  CatalogImportRun,
  CatalogImportStarted,
  CatalogListQuery,
  CompanyTariff,
  CompanyTariffInput,
  EnsuringEntry,
  EnsuringInput,
  ExecExportQuery,
  ExecImportQuery,
  ExecInput,
  ExecListQuery,
  GenericInput,
  GoodsEntry,
  GoodsInput,
  MethodEntry,
  MethodInput,
  Okpd2Entry,
  Okpd2Input,
  Okpd2TreeQuery,
  oneOf,
  SubjectDocumentEntry,
  SubjectDocumentInput,
  SubjectKindExportQuery,
  SubjectKindListQuery,
  TariffInput,
  TariffItem,
  TariffListQuery,
  UserfieldEntry,
  UserfieldInput,
} from './catalog-schemas.js';
import { type CatalogDescriptor, type CatalogSort, EXEC_TYPES, GENERIC_TYPES } from './catalog-values.js';
import { IdParam, type Page, pageOf } from './common.js';

export * from './catalog-descriptors.js';
export * from './catalog-schemas.js';
export * from './catalog-values.js';

// ---------- routes ----------

const XLSX = z
  .string()
  .describe('XLSX file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)');
const tags = ['catalogs'];

function crud<
  P extends z.ZodType,
  IP extends z.ZodType,
  O extends z.ZodType,
  I extends z.ZodType,
  Q extends z.ZodType,
  E extends z.ZodType,
  M extends z.ZodType,
>(o: {
  base: string;
  what: string;
  params: P;
  itemParams: IP;
  item: O;
  input: I;
  query: Q;
  exportQuery: E;
  importQuery: M;
}) {
  const { base, what, params, itemParams, item, input } = o;
  const action = (verb: 'archive' | 'restore', summary: string) =>
    defineRoute({
      method: 'POST',
      path: `${base}/:id/${verb}`,
      summary,
      tags,
      params: itemParams,
      response: { 200: item },
    });
  return {
    list: defineRoute({
      method: 'GET',
      path: base,
      summary: `List ${what}: global and the company's entries`,
      tags,
      params,
      query: o.query,
      response: { 200: pageOf(item) },
    }),
    get: defineRoute({
      method: 'GET',
      path: `${base}/:id`,
      summary: `One of ${what}`,
      tags,
      params: itemParams,
      response: { 200: item },
    }),
    create: defineRoute({
      method: 'POST',
      path: base,
      summary: `Create one of ${what}`,
      tags,
      params,
      body: input,
      response: { 201: item },
    }),
    update: defineRoute({
      method: 'PUT',
      path: `${base}/:id`,
      summary: `Update one of ${what}`,
      tags,
      params: itemParams,
      body: input,
      response: { 200: item },
    }),
    remove: defineRoute({
      method: 'DELETE',
      path: `${base}/:id`,
      summary: `Delete one of ${what} (409 has_dependents when in use: archive it instead)`,
      tags,
      params: itemParams,
      response: { 204: z.null() },
    }),
    archive: action('archive', `Archive one of ${what}`),
    restore: action('restore', `Restore one of ${what} from the archive`),
    exportXlsx: defineRoute({
      method: 'GET',
      path: `${base}/export.xlsx`,
      summary: `XLSX of ${what} (same filters as the list, no paging)`,
      tags,
      params,
      query: o.exportQuery,
      response: { 200: XLSX },
    }),
    importXlsx: defineRoute({
      method: 'POST',
      path: `${base}/import`,
      summary:
        `Import ${what} from XLSX (multipart field "file") as a job: all rows or none, upsert by code; ` +
        'follow it at GET /api/catalogs/imports/:id',
      tags,
      params,
      query: o.importQuery,
      multipart: true,
      response: { 202: CatalogImportStarted },
    }),
  };
}

const NoParams = z.object({});
const GenericTypeParam = z.object({ type: oneOf(GENERIC_TYPES, 'Тип справочника: 1, 2, 6, 7, 8 или 9') });
const ExecTypeParam = z.object({ type: oneOf(EXEC_TYPES, 'Тип справочника: 1 или 2') });
const plain = <O extends z.ZodType, I extends z.ZodType>(base: string, what: string, item: O, input: I) =>
  crud({
    base,
    what,
    params: NoParams,
    itemParams: IdParam,
    item,
    input,
    query: CatalogListQuery,
    exportQuery: CatalogExportQuery,
    importQuery: CatalogImportQuery,
  });
const bySubjectKind = <O extends z.ZodType, I extends z.ZodType>(
  base: string,
  what: string,
  item: O,
  input: I,
) =>
  crud({
    base,
    what,
    params: NoParams,
    itemParams: IdParam,
    item,
    input,
    query: SubjectKindListQuery,
    exportQuery: SubjectKindExportQuery,
    importQuery: CatalogImportQuery,
  });

export const catalogRoutes = {
  importRun: defineRoute({
    method: 'GET',
    path: '/api/catalogs/imports/:id',
    summary: 'A catalogue XLSX import run: status, progress, result or the errors by row (its author)',
    tags,
    params: IdParam,
    response: { 200: CatalogImportRun },
  }),
  generic: crud({
    base: '/api/catalogs/generic/:type',
    what: 'generic catalogue entries of a type',
    params: GenericTypeParam,
    itemParams: GenericTypeParam.extend(IdParam.shape),
    item: CatalogEntry,
    input: GenericInput,
    query: CatalogListQuery,
    exportQuery: CatalogExportQuery,
    importQuery: CatalogImportQuery,
  }),
  exec: crud({
    base: '/api/catalogs/exec/:type',
    what: 'service-execution terms (type 1) or places (type 2)',
    params: ExecTypeParam,
    itemParams: ExecTypeParam.extend(IdParam.shape),
    item: CatalogEntry,
    input: ExecInput,
    query: ExecListQuery,
    exportQuery: ExecExportQuery,
    importQuery: ExecImportQuery,
  }),
  methods: plain('/api/catalogs/methods', 'procurement methods', MethodEntry, MethodInput),
  okpd2: {
    ...crud({
      base: '/api/catalogs/okpd2',
      what: 'procurement subjects (ОКПД2)',
      params: NoParams,
      itemParams: IdParam,
      item: Okpd2Entry,
      input: Okpd2Input,
      query: CatalogListQuery,
      exportQuery: CatalogExportQuery,
      importQuery: CatalogImportQuery,
    }),
    tree: defineRoute({
      method: 'GET',
      path: '/api/catalogs/okpd2/tree',
      summary: 'Children of an ОКПД2 node (sections when parent_id is absent)',
      tags,
      query: Okpd2TreeQuery,
      response: { 200: z.array(Okpd2Entry) },
    }),
  },
  ensuring: plain('/api/catalogs/ensuring', 'ensuring kinds', EnsuringEntry, EnsuringInput),
  goods: bySubjectKind('/api/catalogs/goods', 'goods, works and services', GoodsEntry, GoodsInput),
  subjectDocuments: bySubjectKind(
    '/api/catalogs/subject-documents',
    'documents by procurement subject',
    SubjectDocumentEntry,
    SubjectDocumentInput,
  ),
  documentKinds: plain('/api/catalogs/document-kinds', 'document kinds', CatalogEntry, GenericInput),
  userfields: plain(
    '/api/catalogs/userfields',
    'user fields of document templates',
    UserfieldEntry,
    UserfieldInput,
  ),
  tariffs: {
    ...crud({
      base: '/api/catalogs/tariffs',
      what: 'tariffs (admin only)',
      params: NoParams,
      itemParams: IdParam,
      item: TariffItem,
      input: TariffInput,
      query: TariffListQuery,
      exportQuery: TariffListQuery.omit({ page: true, limit: true }),
      importQuery: z.object({}),
    }),
    companyTariff: defineRoute({
      method: 'GET',
      path: '/api/companies/:id/tariff',
      summary: "The company's tariff and how much of each limit is used (admin)",
      tags,
      company: 'id',
      params: IdParam,
      response: { 200: CompanyTariff },
    }),
    assign: defineRoute({
      method: 'PUT',
      path: '/api/companies/:id/tariff',
      summary: 'Put a company on a tariff, or take it off (tariff_id null) (admin)',
      tags,
      company: 'id',
      params: IdParam,
      body: CompanyTariffInput,
      response: { 200: CompanyTariff },
    }),
  },
};

// ---------- a family, whichever it is ----------

type Schema<O, I = unknown> = z.ZodType<O, I>;
/** The path parameters of a family (`type` of the generic and service-execution catalogues). */
export type CatalogFamilyParams = { type?: number };
/** The filters of a family's list and export (a family takes some of them). */
export type CatalogFamilyFilter<Sort extends string = CatalogSort> = {
  company_id?: number;
  q?: string;
  sort?: Sort;
  order?: 'asc' | 'desc';
  include_archived?: 'true' | 'false';
  subject_type?: number;
  subject_kind?: z.output<typeof SubjectKindExportQuery>['subject_kind'];
};
/** What every item of a family carries (entries and tariffs); the rest depends on the kind. */
export type CatalogFamilyItem = { id: number; code: string; archived_at: string | null; can_write: boolean };

/**
 * The nine routes every catalogue family of `catalogRoutes` has, typed by what all of them take
 * and answer: the server registers any entry family through it (`CatalogFamily<CatalogEntry,
 * EntryInput>`), the web client calls the family a descriptor names (`CatalogFamily`, tariffs
 * included). Each family's own routes are assignable to it, so nothing is cast. `Body` and `Query`
 * bound what a caller may send (the web client: the bodies and query keys of the families it calls);
 * `unknown` leaves them to the caller's own family.
 */
export type CatalogFamily<
  Item extends CatalogFamilyItem = CatalogFamilyItem,
  Input = Record<string, unknown>,
  Sort extends string = string,
  Body = unknown,
  Query = unknown,
> = {
  list: RouteDef & {
    params: Schema<CatalogFamilyParams>;
    query: Schema<CatalogFamilyFilter<Sort> & { page: number; limit: number }, Query>;
    response: { 200: Schema<Page<Item>> };
  };
  get: RouteDef & { params: Schema<CatalogFamilyParams & { id: number }>; response: { 200: Schema<Item> } };
  create: RouteDef & {
    params: Schema<CatalogFamilyParams>;
    body: Schema<Input, Body>;
    response: { 201: Schema<Item> };
  };
  update: RouteDef & {
    params: Schema<CatalogFamilyParams & { id: number }>;
    body: Schema<Input, Body>;
    response: { 200: Schema<Item> };
  };
  remove: RouteDef & {
    params: Schema<CatalogFamilyParams & { id: number }>;
    response: { 204: Schema<null> };
  };
  archive: RouteDef & {
    params: Schema<CatalogFamilyParams & { id: number }>;
    response: { 200: Schema<Item> };
  };
  restore: RouteDef & {
    params: Schema<CatalogFamilyParams & { id: number }>;
    response: { 200: Schema<Item> };
  };
  exportXlsx: RouteDef & {
    params: Schema<CatalogFamilyParams>;
    query: Schema<CatalogFamilyFilter<Sort>, Query>;
    response: { 200: Schema<string> };
  };
  importXlsx: RouteDef & {
    params: Schema<CatalogFamilyParams>;
    query: Schema<{ company_id?: number; subject_type?: number }, Query>;
    multipart: true;
    response: { 202: Schema<CatalogImportStarted> };
  };
};

/** Every catalogue family of `catalogRoutes` by the descriptor kind (`CatalogDescriptor.kind`) that names it. */
export const CATALOG_FAMILIES = {
  generic: catalogRoutes.generic,
  exec: catalogRoutes.exec,
  method: catalogRoutes.methods,
  okpd2: catalogRoutes.okpd2,
  ensuring: catalogRoutes.ensuring,
  goods: catalogRoutes.goods,
  subject_document: catalogRoutes.subjectDocuments,
  document_kind: catalogRoutes.documentKinds,
  userfield: catalogRoutes.userfields,
  tariff: catalogRoutes.tariffs,
} satisfies Record<CatalogDescriptor['kind'], CatalogFamily>;

export const CatalogUserfieldsRequest = z.object({
  request_id: z.string().trim().min(1).max(100),
  company_id: z.number().int().positive().optional(),
  q: z.string().trim().max(200).optional(),
});
