import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { JobAuthor, jobActor } from '../../plugins/job-actor.js';
import { defineJob, type JobContext } from '../../plugins/jobs.js';
import { type RunTable, withHeartbeat } from '../../plugins/run-recovery.js';
import type { Actor, AppDeps } from '../../types.js';
import {
  claimGeneration,
  type GenerationRequest,
  generateRun,
  RunEnded,
} from './document-generation.service.js';
import * as repo from './procurement-documents.repository.js';

const GeneratePayload = JobAuthor.extend({
  run_id: z.number().int().positive(),
  procurement_id: z.number().int().positive(),
});
type GeneratePayload = z.output<typeof GeneratePayload>;

export const HEADER = 'Формирование документов закупки';

/** The answer of a generation: the readyDocumentResponse push, stored as a notification. */
export function answerGeneration(
  deps: AppDeps,
  to: { userId: number; companyId: number | null },
  status: 'success' | 'warning' | 'error',
  message: string,
  payload: { procurement_id: number; documents: unknown[]; error: string | null },
) {
  return deps.notifier.notify({
    userId: to.userId,
    companyId: to.companyId,
    kind: 'readyDocumentResponse',
    status,
    header: HEADER,
    message,
    payload,
  });
}

async function runJob(p: GeneratePayload, ctx: JobContext) {
  const { deps } = ctx;
  const run = await repo.runByJob(deps.db, ctx.jobId);
  // a run taken over as stale, or finished by an earlier attempt: nothing to do
  if (!run || run.id !== p.run_id || run.finishedAt) return;
  const actor = jobActor(p, ctx.jobId);
  // marked alive at once and while it works: a run silent for long lost its node (documentRunTable)
  await repo.beatRun(deps.db, run.id, ctx.jobId);
  await withHeartbeat(
    deps,
    'procurement_document_runs',
    run.id,
    () => repo.beatRun(deps.db, run.id, ctx.jobId),
    () => work(p, ctx, run, actor),
  );
}

async function work(p: GeneratePayload, ctx: JobContext, run: repo.RunRow, actor: Actor) {
  const { deps } = ctx;
  const to = { userId: p.user_id, companyId: run.companyId };
  try {
    const out = await generateRun(deps, actor, run, ctx.jobId, (progress, documentId) =>
      deps.notifier.emitToUser(p.user_id, 'jobProgress', {
        job_id: ctx.jobId,
        kind: 'procurement-documents',
        progress,
        procurement_id: p.procurement_id,
        document_id: documentId,
      }),
    );
    const done = out.documents.filter((d) => d.docx_file_id).length;
    const failed = out.documents.filter((d) => d.error);
    const status = failed.length === 0 ? 'success' : done > 0 ? 'warning' : 'error';
    const tail = failed.length
      ? ` Ошибки: ${failed.map((d) => `«${out.titles.get(d.document_id)}» — ${d.error}`).join('; ')}`
      : '';
    await answerGeneration(
      deps,
      to,
      status,
      `Сформировано документов: ${done} из ${out.documents.length}.${tail}`,
      {
        procurement_id: p.procurement_id,
        documents: out.documents,
        error: status === 'error' ? 'Ни один документ не сформирован' : null,
      },
    );
  } catch (err) {
    if (err instanceof RunEnded) {
      deps.log.warn({ run_id: run.id }, 'procurement documents run ended meanwhile');
      return;
    }
    // a refusal will not change on retry; anything else is retried and reported at the last attempt
    if (!(err instanceof AppError) && !ctx.lastAttempt) throw err;
    if (!(err instanceof AppError)) deps.log.error({ err }, 'procurement documents generation failed');
    const message = err instanceof AppError ? err.message : 'Не удалось сформировать документы закупки';
    if (!(await repo.finishRun(deps.db, run.id, message, ctx.jobId))) return;
    await answerGeneration(deps, to, 'error', message, {
      procurement_id: p.procurement_id,
      documents: [],
      error: message,
    });
  }
}

/** A PDF conversion takes seconds to a minute per document; a run waits for its job at most this long. */
const GENERATION_EXPIRY = 900;

/**
 * The generation runs for the runs' recovery (plugins/run-recovery.ts): a run whose node died is
 * ended with a notice (the documents it made are kept as their versions; «Сформировать» again
 * makes the rest), so the procurement is free for a new run within a minute.
 */
export const documentRunTable: RunTable<repo.RunRow & { status: 'running'; attempts: number }> = {
  name: 'procurement_document_runs',
  stale: async (deps, seconds) =>
    (await repo.staleRuns(deps.db, seconds, GENERATION_EXPIRY)).map((r) => ({
      ...r,
      status: 'running' as const,
      attempts: 1,
    })),
  async fail(deps, run, reason, seconds) {
    const message = `Формирование прервано: ${reason}. Готовые документы сохранены; запустите формирование снова`;
    if (!(await repo.failStaleRun(deps.db, run, message, seconds))) return false;
    await deps.jobs.cancel(generateDocumentsJob, run.jobId);
    if (run.userId !== null)
      await answerGeneration(deps, { userId: run.userId, companyId: run.companyId }, 'error', message, {
        procurement_id: run.procurementId,
        documents: run.results.map(({ output_id: _o, ...r }) => r),
        error: message,
      });
    return true;
  },
};

/** Fills the templates of a procurement's documents (readyDocumentRequest on /auth, POST …/generate). */
export const generateDocumentsJob = defineJob({
  name: 'procurement-documents.generate',
  payload: GeneratePayload,
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  expireInSeconds: GENERATION_EXPIRY,
  concurrency: 1,
  runs: () => documentRunTable,
  handler: runJob,
});

/**
 * Claims the procurement's run and sends its job (the job id is chosen with the run, so the same
 * run is one job). The running job of the same request answers again with its id.
 */
export async function startGeneration(
  deps: AppDeps,
  actor: Actor,
  procurementId: number,
  req: GenerationRequest,
): Promise<{ job_id: string }> {
  const { run, fresh } = await claimGeneration(deps, actor, procurementId, req);
  if (fresh) {
    try {
      await deps.jobs.send(
        generateDocumentsJob,
        {
          run_id: run.id,
          procurement_id: procurementId,
          user_id: actor.userId,
          role: actor.role,
          login: actor.login,
        },
        { id: run.jobId, singletonKey: `procurement-documents:${procurementId}` },
      );
    } catch (err) {
      await repo.finishRun(deps.db, run.id, 'Задание не удалось поставить в очередь');
      throw err;
    }
  }
  return { job_id: run.jobId };
}
