import { CopyProcurementRuleRequest } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { copyProcurementRuleJob } from './procurement-rules.jobs.js';
import { checkCopyRequest } from './rule-copy.service.js';

/**
 * /auth: copyProcurementRuleRequest {rule_id, target_company_id, version_ids?} → at once
 * copyProcurementRuleReceived {rule_id, job_id} → the copy job → copyProcurementRuleResponse
 * {rule_id, new_rule_id, error, warnings} with a stored notification. A refused request (invalid,
 * a company out of reach: 404 audited) gets the response with its error and no job.
 */
export function registerProcurementRuleSockets(app: FastifyInstance) {
  app.deps.sockets.onAuth('copyProcurementRuleRequest', async (socket, payload) => {
    const actor = socket.data.actor;
    const ruleId = Number((payload as { rule_id?: unknown } | null)?.rule_id) || 0;
    const refuse = (message: string, targetCompanyId?: number) =>
      app.deps.notifier.notify({
        userId: actor.userId,
        companyId: null,
        kind: 'copyProcurementRuleResponse',
        status: 'error',
        header: 'Копирование положения о закупке',
        message,
        payload: {
          rule_id: ruleId,
          new_rule_id: null,
          target_company_id: targetCompanyId,
          error: message,
          warnings: [],
        },
      });
    const parsed = CopyProcurementRuleRequest.safeParse(payload);
    if (!parsed.success) {
      await refuse(
        `Некорректный запрос: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'запрос'} — ${i.message}`).join(', ')}`,
      );
      return;
    }
    const p = parsed.data;
    try {
      const { sourceCompanyId, key } = await checkCopyRequest(app.deps, actor, p);
      const jobId = await app.deps.jobs.send(
        copyProcurementRuleJob,
        {
          user_id: actor.userId,
          role: actor.role,
          login: actor.login,
          rule_id: p.rule_id,
          source_company_id: sourceCompanyId,
          target_company_id: p.target_company_id,
          version_ids: p.version_ids,
          key,
        },
        { singletonKey: `copy-rule:${p.target_company_id}:${key}` },
      );
      // null: the same request is already queued; its job answers both
      socket.emit('copyProcurementRuleReceived', { rule_id: p.rule_id, job_id: jobId ?? `copy-rule:${key}` });
    } catch (err) {
      if (!(err instanceof AppError)) app.log.error({ err }, 'copyProcurementRuleRequest failed');
      await refuse(
        err instanceof AppError ? err.message : 'Не удалось принять запрос на копирование',
        p.target_company_id,
      );
    }
  });
}
