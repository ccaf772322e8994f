import { useState } from 'react';
import { emitAuth, useAuthEvent } from '../../../lib/realtime';

export type CopyState =
  | { phase: 'idle' }
  | { phase: 'sent' }
  | { phase: 'queued'; jobId: string }
  | { phase: 'done'; newRuleId: number; warnings: string[]; existed: boolean; message: string }
  | { phase: 'failed'; error: string };

/**
 * Copy of a rule to another company over /auth: copyProcurementRuleRequest → Received (the job
 * is queued) → Response (the copy or its error). The stored notification becomes the usual
 * notice through lib/realtime; this hook follows one rule's request for the dialog.
 */
export function useCopyRule(ruleId: number) {
  const [state, setState] = useState<CopyState>({ phase: 'idle' });
  useAuthEvent('copyProcurementRuleReceived', (p) => {
    if (p.rule_id === ruleId) setState({ phase: 'queued', jobId: p.job_id });
  });
  useAuthEvent('copyProcurementRuleResponse', (p) => {
    if (p.rule_id !== ruleId) return;
    setState(
      p.error || !p.new_rule_id
        ? { phase: 'failed', error: p.error ?? 'Не удалось скопировать положение' }
        : {
            phase: 'done',
            newRuleId: p.new_rule_id,
            warnings: p.warnings ?? [],
            existed: p.existed === true,
            // the job's own outcome, the same text as the stored notification
            message: p.message,
          },
    );
  });
  const send = (targetCompanyId: number, versionIds?: number[]) => {
    const ok = emitAuth(
      'copyProcurementRuleRequest',
      { rule_id: ruleId, target_company_id: targetCompanyId, version_ids: versionIds },
      'копирование положения о закупке',
    );
    setState(ok ? { phase: 'sent' } : { phase: 'failed', error: 'Нет соединения с сервером (веб-сокет)' });
  };
  return { state, send, reset: () => setState({ phase: 'idle' }) };
}
