import { setImmediate as turn } from 'node:timers/promises';
import { fromKopecks, type PaymentsImportResult, toScaled } from '@zakupki/shared';
import { audit } from '../../audit/audit.service.js';
import { companyAccounts } from '../../execution/payments.repository.js';
import { companyCustomers } from '../eis/eis-import.service.js';
import type { ImportSpec } from '../import-runner.js';
import { sum } from '../import-units.js';
import { CandidateContracts } from './payment-candidates.js';
import { StatementsSource } from './payments-import.source.js';
import { writePayments } from './payments-import.writer.js';

/** Statements this large (about a thousand payment orders) name most of a company's suppliers. */
const EVERY_SUPPLIER_FROM_BYTES = 1024 * 1024;

export const paymentsImportSpec: ImportSpec<PaymentsImportResult> = {
  kind: 'payments',
  failureMessage: (reason) => `Не удалось загрузить банковскую выписку: ${reason}`,
  async prepare(ctx, upload) {
    const companyId = ctx.run.companyId;
    const { refs } = await companyCustomers(ctx.deps.db, companyId);
    const company = {
      inns: new Set(refs.map((r) => r.inn)),
      accounts: await companyAccounts(ctx.deps.db, companyId),
    };
    const bytes = upload.entries.reduce((sum, e) => sum + e.data.length, 0);
    const everySupplier = bytes >= EVERY_SUPPLIER_FROM_BYTES;
    // with a second connection the contracts are read from now on, so PostgreSQL reads the
    // register while the statement is decoded (a turn lets the query go out before decoding)
    const early = ctx.sideDb ? new CandidateContracts(ctx.sideDb, companyId, everySupplier) : null;
    if (early && everySupplier) await turn();
    // decoded here (a large file in the parse pool), read while the payments are written: a year's
    // statement is parsed (2 s) while PostgreSQL stores its first parts, not before
    const source = await StatementsSource.open(upload.entries, company, upload.warnings, (share) =>
      ctx.progress(70 + Math.floor(share * 25)),
    );
    return async (tx) => {
      // the writer reads through another connection, where there is one, while the transaction writes
      const { created, matched, duplicates, total } = await writePayments(tx, ctx, source, {
        reads: ctx.sideDb ?? undefined,
        candidates: early ?? new CandidateContracts(tx, companyId, everySupplier),
      });
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'payments_import',
        entityId: ctx.run.id,
        companyId,
        after: { file: ctx.run.uploadFileName, created, matched, duplicates },
      });
      return {
        documents: source.documents,
        outgoing: source.outgoing,
        incoming: source.incoming,
        other: source.other,
        created,
        matched,
        unmatched: created - matched,
        duplicates,
        total_amount: total,
        warnings: source.warnings,
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
