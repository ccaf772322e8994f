import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { JobAuthor, jobActor } from '../../plugins/job-actor.js';
import { defineJob, type JobContext } from '../../plugins/jobs.js';
import type { AppDeps } from '../../types.js';
import { findCopy } from './procurement-rules.repository.js';
import { copyRule } from './rule-copy.service.js';

const CopyPayload = JobAuthor.extend({
  rule_id: z.number().int().positive(),
  source_company_id: z.number().int().positive(),
  target_company_id: z.number().int().positive(),
  version_ids: z.array(z.number().int().positive()).optional(),
  key: z.string(),
});
type CopyPayload = z.output<typeof CopyPayload>;

const HEADER = 'Копирование положения о закупке';

/** The copy's one answer to its author (copyProcurementRuleResponse, stored as a notification). */
const answerCopy = (
  deps: AppDeps,
  p: CopyPayload,
  status: 'success' | 'error',
  message: string,
  extra: Record<string, unknown>,
) =>
  deps.notifier.notify({
    userId: p.user_id,
    companyId: p.target_company_id,
    kind: 'copyProcurementRuleResponse',
    status,
    header: HEADER,
    message,
    payload: { rule_id: p.rule_id, target_company_id: p.target_company_id, warnings: [], ...extra },
  });

async function runCopy(p: CopyPayload, ctx: JobContext) {
  const { log } = ctx.deps;
  const actor = jobActor(p, ctx.jobId);
  const answer = (status: 'success' | 'error', message: string, extra: Record<string, unknown>) =>
    answerCopy(ctx.deps, p, status, message, extra);
  try {
    const r = await copyRule(ctx.deps, actor, p);
    const tail = r.warnings.length ? ` Предупреждения: ${r.warnings.join('; ')}` : '';
    await answer(
      'success',
      r.existed
        ? `Копия не создана: это положение уже скопировано в эту компанию тем же запросом, откройте прежнюю копию.${tail}`
        : `Положение скопировано в другую компанию черновиками.${tail}`,
      { new_rule_id: r.newRuleId, error: null, warnings: r.warnings, existed: r.existed },
    );
  } catch (err) {
    // a refusal (AppError) will not change on retry; anything else is retried, reported at the last attempt
    if (!(err instanceof AppError) && !ctx.lastAttempt) throw err;
    if (!(err instanceof AppError)) log.error({ err }, 'copy procurement rule failed');
    const message = err instanceof AppError ? err.message : 'Не удалось скопировать положение о закупке';
    await answer('error', message, { new_rule_id: null, error: message });
  }
}

/** Copies a procurement rule into another company (copyProcurementRuleRequest on /auth). */
export const copyProcurementRuleJob = defineJob({
  name: 'procurement-rules.copy',
  payload: CopyPayload,
  retry: { limit: 2, delaySeconds: 3, backoff: true },
  // one rule's versions and documents in one transaction (idempotent by its key): retried soon
  expireInSeconds: 300,
  concurrency: 1,
  handler: runCopy,
  // its last attempt lost with its node: the copy it may have committed answers, or the loss does
  onLost: async (p, deps) => {
    const done = await findCopy(deps.db, p.target_company_id, p.key);
    if (done)
      await answerCopy(deps, p, 'success', 'Положение скопировано в другую компанию черновиками.', {
        new_rule_id: done.ruleId,
        error: null,
        warnings: done.warnings,
        existed: false,
      });
    else {
      const message =
        'Копирование положения прервано: сервер остановился во время него. Ничего не скопировано; повторите копирование';
      await answerCopy(deps, p, 'error', message, { new_rule_id: null, error: message });
    }
  },
});
