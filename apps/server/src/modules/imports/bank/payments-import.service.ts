import { fromKopecks, type PaymentsImportResult, toScaled } from '@zakupki/shared';
import { RunFailure } from '../../../kernel/runs.js';
import { audit } from '../../audit/audit.service.js';
import { companyAccounts } from '../../execution/payments.repository.js';
import { companyCustomers } from '../eis/eis-import.service.js';
import type { ImportSpec } from '../import-runner.js';
import { sum } from '../import-units.js';
import { parseOffThread } from '../imports.parsers.js';
import { writePayments } from './payments-import.writer.js';

export const paymentsImportSpec: ImportSpec<PaymentsImportResult> = {
  kind: 'payments',
  failureMessage: (reason) => `Не удалось загрузить банковскую выписку: ${reason}`,
  async prepare(ctx, upload) {
    const companyId = ctx.run.companyId;
    const { refs } = await companyCustomers(ctx.deps.db, companyId);
    const company = {
      inns: refs.map((r) => r.inn),
      accounts: [...(await companyAccounts(ctx.deps.db, companyId))],
    };
    // one file per unit (import-units.ts); read in the parse pool, a block of the text at a time:
    // the company's outgoing orders come back as COPY rows, the rest only counted
    const [entry] = upload.entries;
    const read = await parseOffThread('bank', entry.data, { name: entry.name, ...company });
    if (read.documents > 0 && read.outgoing === 0 && read.incoming === 0 && read.internal === 0) {
      throw new RunFailure(
        `ни один из документов выписки (${read.documents}) не относится к компании: плательщик и получатель не совпадают с её ИНН и расчётными счетами. Проверьте банковские реквизиты компании`,
      );
    }
    const warnings = [...upload.warnings, ...read.warnings];
    return async (tx) => {
      const { created, matched, duplicates, total } = await writePayments(
        tx,
        { ...ctx, progress: (share) => ctx.progress(70 + Math.floor(share * 25)) },
        read,
        { pglite: ctx.deps.database.kind === 'pglite' },
      );
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'payments_import',
        entityId: ctx.run.id,
        companyId,
        after: { file: ctx.run.uploadFileName, created, matched, duplicates },
      });
      return {
        documents: read.documents,
        outgoing: read.outgoing,
        incoming: read.incoming,
        other: read.other,
        created,
        matched,
        unmatched: created - matched,
        duplicates,
        total_amount: total,
        warnings,
      };
    };
  },
  merge: (results) => ({
    documents: sum(results, (r) => r.documents),
    outgoing: sum(results, (r) => r.outgoing),
    incoming: sum(results, (r) => r.incoming),
    other: sum(results, (r) => r.other),
    created: sum(results, (r) => r.created),
    matched: sum(results, (r) => r.matched),
    unmatched: sum(results, (r) => r.unmatched),
    duplicates: sum(results, (r) => r.duplicates),
    total_amount: fromKopecks(results.reduce((n, r) => n + toScaled(r.total_amount, 2), 0n)),
    warnings: results.flatMap((r) => r.warnings),
  }),
  notice(ctx, outcome) {
    const header = 'Загрузка банковской выписки';
    const base = { kind: 'notificationImportPaymentsResponse', header } as const;
    if ('error' in outcome) {
      return {
        ...base,
        status: 'error',
        message: outcome.error,
        payload: { upload_file_name: ctx.run.uploadFileName, error: outcome.error },
      };
    }
    const r = outcome.result;
    const message =
      r.created === 0 && r.duplicates > 0
        ? `Все платежи выписки уже были загружены ранее (${r.duplicates})`
        : `Исходящих платежей: ${r.outgoing}, новых: ${r.created}, сопоставлено с договорами: ${r.matched}, не сопоставлено: ${r.unmatched}${r.duplicates ? `, уже были загружены: ${r.duplicates}` : ''}${r.incoming ? `; входящих (не учитываются): ${r.incoming}` : ''}`;
    return {
      ...base,
      status: 'success',
      message,
      payload: { upload_file_name: ctx.run.uploadFileName, error: null },
    };
  },
};
