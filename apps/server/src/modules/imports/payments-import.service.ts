import type { PaymentsImportResult } from '@zakupki/shared';
import { ParseError } from '../../lib/parse-error.js';
import { audit } from '../audit/audit.service.js';
import type { BankParty } from './bank/bank.types.js';
import { parseBankExchange, paymentNaturalKey } from './bank/bank-1c.parser.js';
import { companyCustomers } from './eis-import.service.js';
import { ImportFailure, type ImportSpec } from './import-runner.js';
import { companyAccounts } from './payments.repository.js';
import { type Outgoing, writePayments } from './payments-import.writer.js';

const isOurs = (p: BankParty, accounts: Set<string>, inns: Set<string>) =>
  (p.account !== null && accounts.has(p.account)) ||
  (p.settlementAccount !== null && accounts.has(p.settlementAccount)) ||
  (p.inn !== null && inns.has(p.inn));

export const paymentsImportSpec: ImportSpec<PaymentsImportResult> = {
  kind: 'payments',
  failureMessage: (reason) => `Не удалось загрузить банковскую выписку: ${reason}`,
  async prepare(ctx, upload) {
    const companyId = ctx.run.companyId;
    const { refs } = await companyCustomers(ctx.deps.db, companyId);
    const inns = new Set(refs.map((r) => r.inn));
    const accounts = await companyAccounts(ctx.deps.db, companyId);
    const outgoing: Outgoing[] = [];
    let documents = 0;
    let incoming = 0;
    let other = 0;
    let internal = 0;
    const warnings = [...upload.warnings];
    for (const entry of upload.entries) {
      let statement: ReturnType<typeof parseBankExchange>;
      try {
        statement = parseBankExchange(entry.data, entry.name);
      } catch (err) {
        if (err instanceof ParseError) throw new ParseError(`файл «${entry.name}»: ${err.message}`);
        throw err;
      }
      for (const w of statement.warnings) warnings.push(`${entry.name}: ${w}`);
      for (const doc of statement.documents) {
        documents++;
        const payer = isOurs(doc.payer, accounts, inns);
        const payee = isOurs(doc.payee, accounts, inns);
        if (payer && !payee) outgoing.push({ doc, fileName: entry.name, key: paymentNaturalKey(doc) });
        else if (payee && !payer) incoming++;
        else {
          other++;
          if (payer && payee) internal++;
        }
      }
    }
    if (documents > 0 && outgoing.length === 0 && incoming === 0 && internal === 0) {
      throw new ImportFailure(
        `ни один из документов выписки (${documents}) не относится к компании: плательщик и получатель не совпадают с её ИНН и расчётными счетами. Проверьте банковские реквизиты компании`,
      );
    }
    return async (tx) => {
      const { created, matched, duplicates, total } = await writePayments(tx, ctx, outgoing);
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'payments_import',
        entityId: ctx.run.id,
        companyId,
        after: { file: ctx.run.uploadFileName, created, matched, duplicates },
      });
      return {
        documents,
        outgoing: outgoing.length,
        incoming,
        other,
        created,
        matched,
        unmatched: created - matched,
        duplicates,
        total_amount: total,
        warnings,
      };
    };
  },
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
