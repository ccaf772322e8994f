import {
  type CatalogEntry,
  type CatalogFamily,
  type CatalogFamilyParams,
  type CatalogKind,
  type CatalogSort,
  catalogRoutes as r,
} from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute, addUploadRoute } from '../../lib/route.js';
import type { UploadedFile } from '../../lib/upload.js';
import { defineModule } from '../../plugins/module.js';
import { assignTariff, companyTariff } from '../tariffs/tariffs.service.js';
import {
  getCatalogImport,
  startCatalogXlsxImport,
  startTariffsXlsxImport,
} from './catalog-import.service.js';
import type { ParsedInput, View } from './catalog-kinds.js';
import { exportCatalog, sendXlsx } from './catalogs.export.js';
import { catalogImportExpiry, catalogImportJob } from './catalogs.jobs.js';
import {
  createCatalogEntry,
  deleteCatalogEntry,
  getCatalogEntry,
  listCatalog,
  setEntryArchived,
  updateCatalogEntry,
  viewOf,
} from './catalogs.service.js';
import { registerCatalogSockets } from './catalogs.sockets.js';
import { writeCatalogXlsx } from './catalogs.xlsx.js';
import { okpd2Children } from './okpd2.service.js';
import {
  allTariffs,
  createTariff,
  deleteTariff,
  getTariff,
  listTariffs,
  setTariffArchived,
  TARIFFS,
  updateTariff,
} from './tariffs-catalog.service.js';

/** A family stored in catalog_entries, as the server takes every one of them. */
type EntryFamily = CatalogFamily<CatalogEntry, ParsedInput, CatalogSort>;

/** The nine routes of a catalogue family stored in catalog_entries. */
function entryFamily(
  app: FastifyInstance,
  f: EntryFamily,
  view: (p: CatalogFamilyParams, subjectType?: number) => View,
) {
  addRoute(app, f.list, async ({ actor, params, query }) =>
    listCatalog(app.deps, actor, view(params, query.subject_type), query),
  );
  addRoute(app, f.get, async ({ actor, params }) =>
    getCatalogEntry(app.deps, actor, view(params), params.id),
  );
  addRoute(app, f.create, async ({ actor, params, body }) =>
    createCatalogEntry(app.deps, actor, view(params), body),
  );
  addRoute(app, f.update, async ({ actor, params, body }) =>
    updateCatalogEntry(app.deps, actor, view(params), params.id, body),
  );
  addRoute(app, f.remove, async ({ actor, params }) => {
    await deleteCatalogEntry(app.deps, actor, view(params), params.id);
    return null;
  });
  addRoute(app, f.archive, async ({ actor, params }) =>
    setEntryArchived(app.deps, actor, view(params), params.id, true),
  );
  addRoute(app, f.restore, async ({ actor, params }) =>
    setEntryArchived(app.deps, actor, view(params), params.id, false),
  );
  addRoute(app, f.exportXlsx, async ({ actor, params, query, reply }) => {
    const v = view(params, query.subject_type);
    return sendXlsx(reply, v.descriptor.title, await exportCatalog(app.deps, actor, v, query));
  });
  addUploadRoute(app, f.importXlsx, XLSX_FILE, async ({ actor, params, query, upload, reply }) => {
    const v = view(params, query.subject_type);
    const file = xlsxFile(upload);
    const started = await startCatalogXlsxImport(app.deps, actor, v, query, file, sendImportJob(app, file));
    reply.code(202);
    return started;
  });
}

/** An XLSX import takes one workbook within the upload limit. */
const XLSX_FILE = {
  maxFiles: 1,
  what: 'файл XLSX',
  missing: 'Прикрепите файл XLSX',
  fallbackName: 'file.xlsx',
} as const;
const xlsxFile = (upload: () => Promise<{ files: [UploadedFile] }>) => async () => (await upload()).files[0];

/** Sends the import job of a stored run, its expiry by the file's size. */
const sendImportJob =
  (app: FastifyInstance, file: () => Promise<{ data: Buffer }>) => async (id: number, jobId: string) => {
    const bytes = (await file()).data.length;
    return app.deps.jobs.send(
      catalogImportJob,
      { import_id: id },
      { id: jobId, expireInSeconds: catalogImportExpiry(bytes) },
    );
  };

const fixed = (kind: CatalogKind) => () => viewOf(kind);

/**
 * Reference catalogues (docs/product.md §2): the generic catalogue by type, the service-execution
 * catalogue, procurement methods, ОКПД2, ensuring, goods/works/services, documents by subject,
 * document kinds, template user fields, tariffs; XLSX export and import of each.
 */
function registerRoutes(app: FastifyInstance) {
  addRoute(app, r.importRun, async ({ actor, params }) => getCatalogImport(app.deps, actor, params.id));
  entryFamily(app, r.generic, (p) => viewOf('generic', p.type ?? null));
  entryFamily(app, r.exec, (p, st) => viewOf('exec', p.type ?? null, p.type === 1 ? (st ?? null) : null));
  entryFamily(app, r.methods, fixed('method'));
  entryFamily(app, r.okpd2, fixed('okpd2'));
  entryFamily(app, r.ensuring, fixed('ensuring'));
  entryFamily(app, r.goods, fixed('goods'));
  entryFamily(app, r.subjectDocuments, fixed('subject_document'));
  entryFamily(app, r.documentKinds, fixed('document_kind'));
  entryFamily(app, r.userfields, fixed('userfield'));
  addRoute(app, r.okpd2.tree, async ({ actor, query }) => okpd2Children(app.deps, actor, query));
  tariffRoutes(app);
}

function tariffRoutes(app: FastifyInstance) {
  const t = r.tariffs;
  addRoute(app, t.list, async ({ actor, query }) => listTariffs(app.deps, actor, query));
  addRoute(app, t.get, async ({ actor, params }) => getTariff(app.deps, actor, params.id));
  addRoute(app, t.create, async ({ actor, body }) => createTariff(app.deps, actor, body));
  addRoute(app, t.update, async ({ actor, params, body }) => updateTariff(app.deps, actor, params.id, body));
  addRoute(app, t.remove, async ({ actor, params }) => {
    await deleteTariff(app.deps, actor, params.id);
    return null;
  });
  addRoute(app, t.archive, async ({ actor, params }) => setTariffArchived(app.deps, actor, params.id, true));
  addRoute(app, t.restore, async ({ actor, params }) => setTariffArchived(app.deps, actor, params.id, false));
  addRoute(app, t.exportXlsx, async ({ actor, query, reply }) => {
    const items = await allTariffs(app.deps, actor, query);
    return sendXlsx(reply, TARIFFS.title, await writeCatalogXlsx(TARIFFS, items, { owner: false }));
  });
  addUploadRoute(app, t.importXlsx, XLSX_FILE, async ({ actor, upload, reply }) => {
    const file = xlsxFile(upload);
    const started = await startTariffsXlsxImport(app.deps, actor, file, sendImportJob(app, file));
    reply.code(202);
    return started;
  });
  addRoute(app, t.companyTariff, async ({ actor, params }) => companyTariff(app.deps, actor, params.id));
  addRoute(app, t.assign, async ({ actor, params, body }) =>
    assignTariff(app.deps, actor, params.id, body.tariff_id),
  );
}

export const catalogsModule = defineModule({
  name: 'catalogs',
  routes: registerRoutes,
  sockets: registerCatalogSockets,
  jobs: [catalogImportJob],
});
