import { fromKopecks, type PaymentsImportResult, toScaled } from '@zakupki/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { arrayParam, bulkInsert } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { contracts, payments } from '../../db/schema/index.js';
import { ParseError } from '../../lib/parse-error.js';
import { audit } from '../audit/audit.service.js';
import type { BankDocument, BankParty } from './bank/bank.types.js';
import { parseBankExchange, paymentNaturalKey } from './bank/bank-1c.parser.js';
import { type ContractCandidate, explainPaymentMatch } from './bank/payment-matcher.js';
import { companyCustomers } from './eis-import.service.js';
import { addEventsOnce, countNewPayments, paymentKey } from './execution.service.js';
import { ImportFailure, type ImportSpec } from './import-runner.js';
import { companyAccounts } from './payments.repository.js';

type Outgoing = { doc: BankDocument; fileName: string; key: string };

const isOurs = (p: BankParty, accounts: Set<string>, inns: Set<string>) =>
  (p.account !== null && accounts.has(p.account)) ||
  (p.settlementAccount !== null && accounts.has(p.settlementAccount)) ||
  (p.inn !== null && inns.has(p.inn));

async function candidatesFor(tx: Tx, companyId: number, payeeInns: string[]): Promise<ContractCandidate[]> {
  if (payeeInns.length === 0) return [];
  const rows = await tx
    .select({
      id: contracts.id,
      number: contracts.number,
      date: contracts.contractDate,
      registryNumber: contracts.eisRegistryNumber,
      supplierInn: contracts.supplierInn,
      customerInn: contracts.customerInn,
      price: contracts.price,
      paid: contracts.paidAmount,
    })
    .from(contracts)
    .where(
      and(
        eq(contracts.companyId, companyId),
        sql`${contracts.supplierInn} = any(${arrayParam(payeeInns, 'text')})`,
        notInArray(contracts.status, ['cancelled', 'draft']),
      ),
    );
  return rows.map((r) => ({
    id: String(r.id),
    number: r.number,
    date: r.date,
    registryNumber: r.registryNumber,
    supplierInn: r.supplierInn,
    customerInn: r.customerInn,
    remaining: fromKopecks(toScaled(r.price, 2) - toScaled(r.paid, 2)),
  }));
}

function paymentValues(o: Outgoing) {
  const d = o.doc;
  return {
    fileName: o.fileName,
    naturalKey: o.key,
    direction: 'outgoing' as const,
    kind: d.kind,
    number: d.number,
    date: d.date,
    amount: d.amount,
    dateDebited: d.dateDebited,
    dateCredited: d.dateCredited,
    payerName: d.payer.name,
    payerInn: d.payer.inn,
    payerKpp: d.payer.kpp,
    payerAccount: d.payer.account,
    payerBik: d.payer.bik,
    payerBank: d.payer.bank,
    payeeName: d.payee.name,
    payeeInn: d.payee.inn,
    payeeKpp: d.payee.kpp,
    payeeAccount: d.payee.account,
    payeeBik: d.payee.bik,
    payeeBank: d.payee.bank,
    purpose: d.purpose,
    paymentType: d.paymentType,
    operationType: d.operationType,
    priority: d.priority,
    uin: d.uin,
    budget: d.budget,
  };
}

/** The event of a matched payment: one per payment order, shared with EIS reporting the same order. */
export function paymentEvent(
  companyId: number,
  contractId: number,
  p: {
    number: string;
    date: string;
    amount: string;
    kind: string | null;
    dateDebited: string | null;
    purpose: string;
  },
  importId: number | null,
  userId: number,
) {
  return {
    companyId,
    contractId,
    kind: 'payment' as const,
    eventDate: p.dateDebited ?? p.date,
    amount: p.amount,
    document: { name: p.kind ?? 'Платежное поручение', number: p.number, date: p.date },
    description: p.purpose.slice(0, 1000),
    source: 'bank' as const,
    importId,
    dedupeKey: paymentKey(contractId, p.number, p.date, p.amount),
    createdBy: userId,
  };
}

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
      const keys = [...new Set(outgoing.map((o) => o.key))];
      const known = new Set(
        (
          await tx
            .select({ key: payments.naturalKey })
            .from(payments)
            .where(
              and(
                eq(payments.companyId, companyId),
                sql`${payments.naturalKey} = any(${arrayParam(keys, 'text')})`,
              ),
            )
        ).map((r) => r.key),
      );
      ctx.phase('known payments');
      const candidates = await candidatesFor(tx, companyId, [
        ...new Set(outgoing.map((o) => o.doc.payee.inn).filter((v): v is string => !!v)),
      ]);
      const byId = new Map(candidates.map((c) => [c.id, c]));
      // the matcher only looks at the payee's contracts: given every contract of the company, it
      // passed over all of them for each payment (50 000 × 180 000 in the benchmark)
      const bySupplier = new Map<string, ContractCandidate[]>();
      for (const c of candidates) {
        const list = bySupplier.get(c.supplierInn);
        if (list) list.push(c);
        else bySupplier.set(c.supplierInn, [c]);
      }
      ctx.phase('contracts');
      let duplicates = 0;
      let matched = 0;
      let total = 0n;
      const fresh: (ReturnType<typeof paymentValues> & {
        status: 'matched' | 'unmatched';
        contractId: number | null;
        matchConfidence: string | null;
        matchReason: string;
      })[] = [];
      for (const o of outgoing) {
        if (known.has(o.key)) {
          duplicates++;
          continue;
        }
        known.add(o.key);
        const decision = explainPaymentMatch(o.doc, bySupplier.get(o.doc.payee.inn ?? '') ?? []);
        const match = decision.match;
        if (match) {
          const c = byId.get(match.contractId);
          if (c) c.remaining = fromKopecks(toScaled(c.remaining, 2) - toScaled(o.doc.amount, 2));
          matched++;
        }
        total += toScaled(o.doc.amount, 2);
        fresh.push({
          ...paymentValues(o),
          status: match ? 'matched' : 'unmatched',
          contractId: match ? Number(match.contractId) : null,
          matchConfidence: match ? match.confidence.toFixed(3) : null,
          matchReason: decision.reason,
        });
      }
      // set-based writes (arrays, not a parameter per value): the events of the matched payments
      // first, so each payment is written once with its event; then the new events are counted
      // into their contracts incrementally (paid sum, one duty each) instead of recomputing the
      // tens of thousands of contracts a year's statement touches
      const linked = fresh.filter((p): p is typeof p & { contractId: number } => p.contractId !== null);
      const events = linked.map((p) =>
        paymentEvent(companyId, p.contractId, p, ctx.run.id, ctx.actor.userId),
      );
      ctx.phase('matching');
      const placed = await addEventsOnce(tx, events);
      ctx.phase('events');
      const eventOf = new Map<(typeof fresh)[number], number>(linked.map((p, j) => [p, placed[j].id]));
      await bulkInsert(
        tx,
        payments,
        fresh.map((p) => ({ ...p, companyId, importId: ctx.run.id, eventId: eventOf.get(p) ?? null })),
      );
      ctx.phase('payments');
      await countNewPayments(
        tx,
        events.flatMap((e, j) => (placed[j].created ? [{ ...e, id: placed[j].id, amount: e.amount! }] : [])),
      );
      ctx.phase('sums and duties');
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'payments_import',
        entityId: ctx.run.id,
        companyId,
        after: { file: ctx.run.uploadFileName, created: fresh.length, matched, duplicates },
      });
      return {
        documents,
        outgoing: outgoing.length,
        incoming,
        other,
        created: fresh.length,
        matched,
        unmatched: fresh.length - matched,
        duplicates,
        total_amount: fromKopecks(total),
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
