import { randomUUID } from 'node:crypto';
import type { ImportKind, ImportListQuery, ImportRun } from '@zakupki/shared';
import type { z } from 'zod';
import type { UploadedFile } from '../../lib/upload.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { deleteFiles, type StoredFile, sha256Of, storeFile } from '../files/files.service.js';
import { precheckUploads } from './import-files.js';
import { importExpiry } from './import-recovery.js';
import { executeImport, notifyEarlyFailure } from './import-runner.js';
import { IMPORT_JOBS, IMPORT_SPECS } from './imports.jobs.js';
import { toImportRun } from './imports.presenter.js';
import {
  abandonFetchedRuns,
  FETCHED_SOURCE,
  failRun,
  findRun,
  type ImportRunRow,
  insertRun,
  listRuns,
} from './imports.repository.js';

/** An uploaded file of an import (lib/upload.ts). */
export type Upload = UploadedFile;

const MIME: Record<ImportKind, string> = {
  'eis-contracts': 'application/xml',
  upd: 'application/xml',
  payments: 'text/plain',
  'eis-plans': 'application/xml',
  'eis-procurements': 'application/xml',
};

/**
 * Stores the uploaded files and the run (queued) in one transaction, then enqueues the job.
 * The run's hash is that of the file, or of the sorted file hashes for several files, so the same
 * upload again is recognised whatever the order.
 */
export async function startImport(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  kind: ImportKind,
  uploads: Upload[],
  params: Record<string, string | null>,
): Promise<{ import_id: number }> {
  const spec = IMPORT_SPECS[kind];
  const refused = precheckUploads(kind, uploads);
  const stored: StoredFile[] = [];
  // the job's id is stored with the run, so the run can be sent again if this node dies first
  const jobId = randomUUID();
  const run = await deps.db.transaction(async (tx) => {
    // a refused upload is not kept: the run records the reason
    for (const u of refused ? [] : uploads) {
      stored.push(
        await storeFile(tx, {
          companyId,
          userId: actor.userId,
          purpose: 'import',
          name: u.name,
          mime: u.mime && u.mime !== 'application/octet-stream' ? u.mime : MIME[kind],
          content: u.data,
        }),
      );
    }
    const hashes = refused ? uploads.map((u) => sha256Of(u.data)) : stored.map((f) => f.sha256);
    const sha = hashes.length === 1 ? hashes[0] : sha256Of(Buffer.from(hashes.sort().join(',')));
    const row = await insertRun(tx, {
      companyId,
      userId: actor.userId,
      kind,
      uploadFileName: uploads.map((u) => u.name).join(', '),
      fileIds: stored.map((f) => f.id),
      fileSha256: sha,
      params,
      jobId,
    });
    await audit(tx, actor, {
      action: 'create',
      entity: 'import_run',
      entityId: row.id,
      companyId,
      after: { kind, files: row.uploadFileName, sha256: sha, params },
    });
    if (refused) await failRun(tx, row.id, spec.failureMessage(refused));
    return row;
  });
  if (refused) {
    await notifyEarlyFailure(deps, spec as never, run, actor, spec.failureMessage(refused));
  } else {
    // committed: the job, most often run by this process, takes the files from memory
    stored.forEach((f, i) => {
      deps.recentFiles.put({ ...f, content: uploads[i].data });
    });
    const bytes = uploads.reduce((n, u) => n + u.data.length, 0);
    await deps.jobs.send(
      IMPORT_JOBS[kind],
      { import_id: run.id },
      { id: jobId, expireInSeconds: importExpiry(bytes) },
    );
  }
  return { import_id: run.id };
}

export async function getImport(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
): Promise<ImportRun> {
  const run = await findRun(deps.db, id);
  await assertOwned(deps.db, actor, {
    entity: 'import_run',
    id,
    owner: run?.companyId,
    companyId,
    notFound: 'Импорт не найден',
  });
  return toImportRun(run!);
}

export async function listImports(deps: AppDeps, companyId: number, q: z.output<typeof ImportListQuery>) {
  const { rows, total } = await listRuns(deps.db, companyId, q);
  return { items: rows.map(toImportRun), total, page: q.page, limit: q.limit };
}

/**
 * Imports a file the server fetched itself (an EIS archive of the EIS connector, modules/eis-sync)
 * inside the caller's job: the run is stored owned by that job and worked at once by the same
 * spec, parsers and writers as an upload (each document all or nothing, documents of other
 * customers skipped, the same document again unchanged). The file is stored by the caller
 * (content-addressed); a refused one is deleted with the run's files, as for an upload. Returns the
 * finished run (null when another worker took it over).
 */
export async function importFetched(
  job: JobContext,
  actor: Actor,
  companyId: number,
  kind: ImportKind,
  file: StoredFile & { content: Buffer },
): Promise<ImportRunRow | null> {
  const { deps } = job;
  const run = await deps.db.transaction(async (tx) => {
    const row = await insertRun(tx, {
      companyId,
      userId: actor.userId,
      kind,
      uploadFileName: file.name,
      fileIds: [file.id],
      fileSha256: file.sha256,
      // no notice of its own: the sync run tells its one result (import-runner.ts)
      params: { source: FETCHED_SOURCE },
      jobId: job.jobId,
    });
    await audit(tx, actor, {
      action: 'create',
      entity: 'import_run',
      entityId: row.id,
      companyId,
      after: { kind, files: row.uploadFileName, sha256: file.sha256, source: FETCHED_SOURCE },
    });
    return row;
  });
  deps.recentFiles.put(file);
  await executeImport(IMPORT_SPECS[kind] as never, run.id, job);
  return (await findRun(deps.db, run.id)) ?? null;
}

/**
 * Ends failed, without a notice, the company's imports of fetched files still open when a sync run
 * starts: the job that worked them died with its node (one sync run per company at a time, and it
 * works its imports itself), and the new run reads their archives again. The import recovery
 * leaves these runs to it (imports.repository.ts `staleRuns`). Returns how many were ended.
 */
export async function abandonFetched(deps: AppDeps, companyId: number): Promise<number> {
  return deps.db.transaction(async (tx) => {
    const runs = await abandonFetchedRuns(
      tx,
      companyId,
      'Импорт прерван (сервер остановился во время синхронизации с ЕИС); документ будет прочитан заново',
    );
    await deleteFiles(
      tx,
      runs.flatMap((r) => r.fileIds),
    );
    return runs.length;
  });
}
