import { ROLES } from '@zakupki/shared';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { defineJob, type JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { claimGeneration, type GenerationRequest, generateRun } from './document-generation.service.js';
import * as repo from './procurement-documents.repository.js';

const GeneratePayload = z.object({
  run_id: z.number().int().positive(),
  procurement_id: z.number().int().positive(),
  user_id: z.number().int().positive(),
  role: z.enum(ROLES),
  login: z.string(),
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
  const actor: Actor = {
    userId: p.user_id,
    role: p.role,
    companyId: null,
    title: p.login,
    login: p.login,
    sessionId: 0,
    requestId: `job:${ctx.jobId}`,
  };
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
    // a refusal will not change on retry; anything else is retried and reported at the last attempt
    if (!(err instanceof AppError) && !ctx.lastAttempt) throw err;
    if (!(err instanceof AppError)) deps.log.error({ err }, 'procurement documents generation failed');
    const message = err instanceof AppError ? err.message : 'Не удалось сформировать документы закупки';
    await repo.finishRun(deps.db, run.id, message);
    await answerGeneration(deps, to, 'error', message, {
      procurement_id: p.procurement_id,
      documents: [],
      error: message,
    });
  }
}

/** Fills the templates of a procurement's documents (readyDocumentRequest on /auth, POST …/generate). */
export const generateDocumentsJob = defineJob({
  name: 'procurement-documents.generate',
  payload: GeneratePayload,
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  expireInSeconds: 600,
  concurrency: 1,
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
