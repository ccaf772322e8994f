import { randomUUID } from 'node:crypto';
import type { CatalogImportError, CatalogImportResult, CatalogImportRun, CatalogKind } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { runActor, workRun } from '../../kernel/runs.js';
import { AppError, conflict, invalidFile, notFound } from '../../lib/app-error.js';
import { ParseError } from '../../lib/parse-error.js';
import { storableText } from '../../lib/storable-text.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { readFiles, storeFile } from '../files/files.service.js';
import {
  beatCatalogImport,
  type CatalogImportOwner,
  type CatalogImportRow,
  findCatalogImport,
  finishCatalogImport,
  insertCatalogImport,
  setCatalogImportProgress,
  startCatalogImport,
} from './catalog-imports.repository.js';
import { type View, viewOf } from './catalog-kinds.js';
import { importCatalog, importTarget } from './catalog-xlsx-import.service.js';
import { parseOffThread } from './catalogs.parsers.js';
import { assertMayOpen } from './catalogs.policy.js';
import { toCatalogImportRun } from './catalogs.presenter.js';
import { type SheetRow, unpackRows, XLSX_TYPE } from './catalogs.xlsx.js';
import { TARIFFS } from './tariffs-catalog.service.js';
import { writeTariffs } from './tariffs-import.service.js';

type Query = { company_id?: number; subject_type?: number };

type Upload = () => Promise<{ name: string; data: Buffer }>;
type Send = (importId: number, jobId: string) => Promise<unknown>;

/**
 * Stores an upload with its run in one transaction and sends the job: the request then answers
 * 202 at once. The job reads the workbook in a worker thread (after the limits of
 * lib/xlsx-limits), checks every row and writes all of them or none in one transaction, then
 * notifies its author; the screen follows GET /api/catalogs/imports/:id.
 */
async function storeImportRun(
  deps: AppDeps,
  actor: Actor,
  run: {
    catalog: string;
    params: { type: number | null; subject_type: number | null };
    companyId: number | null;
  },
  file: Upload,
  send: Send,
): Promise<{ import_id: number }> {
  const upload = await file();
  if (upload.data.length < 4 || upload.data[0] !== 0x50 || upload.data[1] !== 0x4b)
    throw invalidFile('Файл не является книгой Excel (XLSX)');
  const jobId = randomUUID();
  const stored = await deps.db.transaction(async (tx) => {
    const f = await storeFile(tx, {
      companyId: run.companyId,
      userId: actor.userId,
      purpose: 'import',
      name: upload.name,
      mime: XLSX_TYPE,
      content: upload.data,
    });
    return insertCatalogImport(tx, {
      ...run,
      userId: actor.userId,
      fileId: f.id,
      fileName: upload.name,
      jobId,
    });
  });
  await send(stored.id, jobId);
  return { import_id: stored.id };
}

/** An XLSX import of a catalogue view as a job (the rights are checked before the upload is read). */
export async function startCatalogXlsxImport(
  deps: AppDeps,
  actor: Actor,
  view: View,
  query: Query,
  file: Upload,
  send: Send,
): Promise<{ import_id: number }> {
  const target = await importTarget(deps, actor, view, query);
  const params = { type: view.typeCode, subject_type: target.subjectType };
  return storeImportRun(deps, actor, { catalog: view.kind, params, companyId: target.companyId }, file, send);
}

/** An XLSX import of the tariffs (admin only) as a job: the same runs, `catalog` = 'tariff'. */
export async function startTariffsXlsxImport(deps: AppDeps, actor: Actor, file: Upload, send: Send) {
  assertMayOpen(actor, TARIFFS);
  const params = { type: null, subject_type: null };
  return storeImportRun(deps, actor, { catalog: TARIFFS.kind, params, companyId: null }, file, send);
}

/** A run to its author (another user's run answers 404, like one that does not exist). */
export async function getCatalogImport(deps: AppDeps, actor: Actor, id: number): Promise<CatalogImportRun> {
  const run = await findCatalogImport(deps.db, id);
  if (!run || run.userId !== actor.userId) throw notFound('Загрузка справочника не найдена');
  return toCatalogImportRun(run);
}

/** The catalogue imports for the run lifecycle (kernel/runs.ts). */
const CATALOG_IMPORTS = {
  name: 'catalog_imports',
  start: (deps: AppDeps, id: number, jobId: string) => startCatalogImport(deps.db, id, jobId),
  beat: (deps: AppDeps, id: number, owner: CatalogImportOwner) => beatCatalogImport(deps.db, id, owner),
};

/** The run's one notice to its author: loaded, or not loaded with the reason. */
export function catalogImportNotice(
  deps: AppDeps,
  run: CatalogImportRow,
  jobId: string,
  status: 'success' | 'error',
  message: string,
) {
  const descriptor = viewOfRun(run)?.descriptor ?? TARIFFS;
  const title = descriptor.title;
  return deps.notifier.notify({
    userId: run.userId,
    companyId: run.companyId,
    kind: 'notification',
    status,
    header: status === 'success' ? `Справочник «${title}» загружен` : `Справочник «${title}» не загружен`,
    message,
    payload: { catalog_import_id: run.id, job_id: jobId, link: descriptor.route },
  });
}

/**
 * The job: read, check, write all or nothing; the run ends done or failed with a notice, only
 * while this worker still owns it (a run whose node died is handed on: catalogs.jobs.ts).
 */
export async function runCatalogImport(deps: AppDeps, importId: number, job: JobContext) {
  await workRun(CATALOG_IMPORTS, importId, job, (run, owner) => workCatalogImport(deps, run, owner, job));
}

/** The catalogue view an import writes, or null for the tariffs (their own descriptor). */
const viewOfRun = (run: CatalogImportRow) =>
  run.catalog === TARIFFS.kind
    ? null
    : viewOf(run.catalog as CatalogKind, run.params.type, run.params.subject_type);

async function workCatalogImport(
  deps: AppDeps,
  run: CatalogImportRow,
  owner: CatalogImportOwner,
  job: JobContext,
) {
  const view = viewOfRun(run);
  const descriptor = view?.descriptor ?? TARIFFS;
  const progress = async (percent: number, store = true) => {
    if (store) await setCatalogImportProgress(deps.db, run.id, percent);
    deps.notifier.emitToUser(run.userId, 'jobProgress', {
      job_id: job.jobId,
      kind: 'catalog-xlsx',
      progress: percent,
      import_id: run.id,
    });
  };
  const notice = (status: 'success' | 'error', message: string) =>
    catalogImportNotice(deps, run, job.jobId, status, message);
  try {
    const actor = await runActor(deps, run.userId, null, { strict: true });
    // the rights again, as they are now: the author may have lost them since the upload
    let write: (tx: Tx, sheet: SheetRow[], share: (s: number) => void) => Promise<CatalogImportResult>;
    if (view) {
      const target = await importTarget(deps, actor, view, {
        company_id: run.companyId ?? undefined,
        subject_type: run.params.subject_type ?? undefined,
      });
      write = (tx, sheet, share) => importCatalog(tx, actor, view, target, sheet, share);
    } else {
      assertMayOpen(actor, TARIFFS);
      write = (tx, sheet, share) => writeTariffs(deps, tx, actor, sheet, share);
    }
    await progress(10);
    const [file] = await readFiles(deps.db, [run.fileId]);
    const sheet = await unpackRows(await parseOffThread('catalog-xlsx', file.content, descriptor));
    await progress(40);
    let result = null as CatalogImportResult | null;
    await deps.db.transaction(async (tx) => {
      result = await write(tx, sheet, (share) => {
        void progress(40 + Math.round(share * 55), false);
      });
      if (!(await finishCatalogImport(tx, run.id, owner, { result }))) throw conflict('run ended');
    });
    const r = result!;
    await progress(100, false);
    await notice(
      'success',
      `Строк в файле: ${r.total}; добавлено: ${r.created}, изменено: ${r.updated}, без изменений: ${r.unchanged}`,
    );
  } catch (err) {
    const refused = err instanceof AppError || err instanceof ParseError;
    if (!refused && !job.lastAttempt) throw err;
    const message = storableText(
      refused
        ? err.message
        : 'Внутренняя ошибка при загрузке файла. Файл не загружен, ничего не изменено; обратитесь к оператору',
    );
    const errors = (
      refused && err instanceof AppError
        ? ((err.details as { errors?: CatalogImportError[] } | undefined)?.errors ?? [])
        : []
    ).map((e) => ({ row: e.row, message: storableText(e.message) }));
    if (await finishCatalogImport(deps.db, run.id, owner, { error: message, errors }))
      await notice('error', message);
    if (!refused) throw err;
  }
}
