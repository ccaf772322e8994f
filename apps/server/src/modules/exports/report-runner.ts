import { REPORT_TITLES, type ReportCode } from '@zakupki/shared';
import { recordJobError, runActor, workRun } from '../../kernel/runs.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { storeFile } from '../files/files.service.js';
import { ExportFailure } from './export-failure.js';
import { REPORT_BUILDERS, type ReportRunRow } from './report-builders.js';
import { beatReportRun, endReportRun, type ReportOwner, startReportRun } from './report-runs.repository.js';

class RunHandedOn extends Error {}

/** The report runs for the run lifecycle (kernel/runs.ts). */
const REPORT_RUNS = {
  name: 'report_runs',
  start: (deps: AppDeps, id: number, jobId: string) => startReportRun(deps.db, id, jobId),
  beat: (deps: AppDeps, id: number, owner: ReportOwner) => beatReportRun(deps.db, id, owner),
};

export async function notify(
  deps: AppDeps,
  run: ReportRunRow,
  n: {
    status: 'success' | 'error';
    message: string;
    error: string | null;
    fileId: number | null;
    code?: string;
  },
  guid: string | null,
  regnumber: string | null,
) {
  await deps.notifier.notify({
    userId: run.userId,
    companyId: run.companyId,
    kind: 'reportCreateResponse',
    status: n.status,
    header: REPORT_TITLES[run.reportCode as ReportCode] ?? 'Отчёт',
    message: n.message,
    code: n.code ?? null,
    payload: {
      contract_guid: guid,
      report_code: run.reportCode,
      contract_regnumber: regnumber,
      error: n.error,
      file_id: n.fileId,
      report_id: run.id,
    },
  });
}

/** Ends the run failed and tells its author, only while `owner` still holds it. */
export async function failReport(
  deps: AppDeps,
  run: ReportRunRow,
  owner: ReportOwner,
  message: string,
  code?: string,
): Promise<boolean> {
  if (!(await endReportRun(deps.db, run.id, owner, { status: 'failed', error: message }))) return false;
  await notify(
    deps,
    run,
    { status: 'error', message, error: message, fileId: null, code },
    run.contractGuid,
    run.contractRegnumber,
  );
  return true;
}

/**
 * Job body: builds the report, stores the file and marks the run done in one transaction, then
 * notifies with `reportCreateResponse`. A reason the user can act on (ExportFailure, including a
 * document that does not pass its schema) fails the run at once and stores no file; any other
 * error is retried by the queue and reported with an error code on the last attempt.
 */
export async function runReport(reportId: number, job: JobContext): Promise<void> {
  // marked alive while it works: a run silent for long lost its node (exports.jobs.ts)
  await workRun(REPORT_RUNS, reportId, job, (run, owner) => buildReport(run, owner, job));
}

async function buildReport(run: ReportRunRow, owner: ReportOwner, job: JobContext): Promise<void> {
  const { deps } = job;
  const progress = (p: number) =>
    deps.notifier.emitToUser(run.userId, 'jobProgress', {
      job_id: job.jobId,
      kind: 'report',
      progress: p,
      report_id: run.id,
    });
  progress(10);
  try {
    const builder = REPORT_BUILDERS[run.reportCode as ReportCode];
    if (!builder) throw new ExportFailure(`Неизвестный вид отчёта: ${run.reportCode}`);
    const built = await builder(deps, run);
    progress(80);
    // the user who ordered the report: the actor of the audit entry the job writes
    const actor = await runActor(deps, run.userId, `report:${run.id}`);
    const guid = built.contractGuid ?? run.contractGuid;
    const regnumber = built.contractRegnumber ?? run.contractRegnumber;
    const file = await deps.db.transaction(async (tx) => {
      const f = await storeFile(tx, {
        companyId: run.companyId,
        userId: run.userId,
        purpose: 'report',
        name: built.fileName,
        mime: built.mime,
        content: built.content,
      });
      const ended = await endReportRun(tx, run.id, owner, {
        status: 'done',
        fileId: f.id,
        warnings: built.warnings,
        contractGuid: guid,
        contractRegnumber: regnumber,
        params: { ...run.params, ...built.params },
        error: null,
      });
      // handed to another worker meanwhile (this one was thought dead): its file is not kept
      if (!ended) throw new RunHandedOn();
      await audit(tx, actor, {
        action: 'create',
        entity: 'report',
        entityId: run.id,
        companyId: run.companyId,
        after: {
          report_code: run.reportCode,
          file_id: f.id,
          file_name: f.name,
          size: f.size,
          warnings: built.warnings.length,
        },
      });
      return f;
    });
    progress(100);
    const tail = built.warnings.length ? `. Замечаний: ${built.warnings.length} (см. список отчётов)` : '';
    await notify(
      deps,
      run,
      {
        status: 'success',
        message: `${built.summary}: файл «${file.name}»${tail}`,
        error: null,
        fileId: file.id,
      },
      guid,
      regnumber,
    );
  } catch (err) {
    if (err instanceof RunHandedOn) {
      deps.log.warn({ report_id: run.id }, 'report taken over by another worker');
      return;
    }
    if (err instanceof ExportFailure) {
      await failReport(deps, run, owner, err.message);
      return;
    }
    if (!job.lastAttempt) throw err;
    const code = await recordJobError(deps, err as Error, `report:${run.id}`, run.userId);
    await failReport(
      deps,
      run,
      owner,
      `Не удалось сформировать отчёт: внутренняя ошибка. Обратитесь к оператору, код ошибки: ${code}`,
      code,
    );
    throw err;
  }
}
