import {
  type ContractItemInput,
  type ContractStageInput,
  fromKopecks,
  lineKopecks,
  type PaymentTermInput,
  toScaled,
  vatInsideKopecks,
} from '@zakupki/shared';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { contractEventItems, contractItems, contractStages, paymentTerms } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { trimDecimal } from '../../lib/decimal.js';

type ItemIn = z.output<typeof ContractItemInput>;
type StageIn = z.output<typeof ContractStageInput>;
type TermIn = z.output<typeof PaymentTermInput>;
type Issue = { path: string; message: string };

const CHUNK = 1000;

export function invalid(issues: Issue[]): AppError {
  return new AppError('validation_failed', 'Проверьте введённые данные', { issues });
}

function itemValues(it: ItemIn, lineNo: number) {
  const amountK = it.amount ? toScaled(it.amount, 2) : lineKopecks(it.quantity, it.price);
  const vatK = it.vat_amount ? toScaled(it.vat_amount, 2) : vatInsideKopecks(amountK, it.vat_rate);
  return {
    lineNo,
    name: it.name,
    okpd2Code: it.okpd2_code,
    okeiCode: it.okei_code,
    unitName: it.unit_name,
    quantity: trimDecimal(it.quantity),
    price: trimDecimal(it.price),
    vatRate: it.vat_rate,
    vatAmount: fromKopecks(vatK),
    amount: fromKopecks(amountK),
  };
}

/**
 * Writes the specification. Items sent with an `id` keep it (and their accepted quantities);
 * items left out are removed, unless deliveries were already accepted against them.
 */
export async function saveItems(tx: Tx, contractId: number, items: ItemIn[], isNew: boolean): Promise<void> {
  const values = items.map((it, i) => ({ id: it.id ?? null, ...itemValues(it, i + 1) }));
  if (!isNew) {
    const existing = await tx
      .select({
        id: contractItems.id,
        name: contractItems.name,
        accepted: contractItems.acceptedQuantity,
        used: sql<boolean>`exists (select 1 from ${contractEventItems} where ${contractEventItems.contractItemId} = ${contractItems.id})`,
      })
      .from(contractItems)
      .where(eq(contractItems.contractId, contractId));
    const byId = new Map(existing.map((e) => [e.id, e]));
    const kept = new Set<number>();
    const issues: Issue[] = [];
    values.forEach((v, i) => {
      if (v.id === null) return;
      const e = byId.get(v.id);
      if (!e)
        issues.push({
          path: `body.items.${i}.id`,
          message: `Позиция ${i + 1}: такой позиции нет в договоре`,
        });
      else if (kept.has(v.id))
        issues.push({ path: `body.items.${i}.id`, message: `Позиция ${i + 1} указана дважды` });
      else {
        kept.add(v.id);
        if (toScaled(v.quantity, 8) < toScaled(e.accepted, 8)) {
          issues.push({
            path: `body.items.${i}.quantity`,
            message: `Позиция ${i + 1}: количество меньше уже принятого (${trimDecimal(e.accepted)})`,
          });
        }
      }
    });
    for (const e of existing) {
      if (!kept.has(e.id) && (e.used || toScaled(e.accepted, 8) > 0n)) {
        issues.push({
          path: 'body.items',
          message: `Позицию «${e.name}» нельзя удалить: по ней уже есть приёмка`,
        });
      }
    }
    if (issues.length) throw invalid(issues);
    const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (gone.length) await tx.delete(contractItems).where(inArray(contractItems.id, gone));
    // free the line numbers before renumbering (unique per contract)
    await tx
      .update(contractItems)
      .set({ lineNo: sql`-${contractItems.lineNo}` })
      .where(eq(contractItems.contractId, contractId));
    const updates = values.filter((v) => v.id !== null);
    for (let i = 0; i < updates.length; i += CHUNK) {
      const rows = updates.slice(i, i + CHUNK).map(
        (v) =>
          sql`(${v.id}::bigint, ${v.lineNo}::int, ${v.name}::text, ${v.okpd2Code}::text, ${v.okeiCode}::text,
               ${v.unitName}::text, ${v.quantity}::numeric, ${v.price}::numeric, ${v.vatRate}::text,
               ${v.vatAmount}::numeric, ${v.amount}::numeric)`,
      );
      await tx.execute(sql`
        update contract_items as ci set line_no = v.line_no, name = v.name, okpd2_code = v.okpd2,
          okei_code = v.okei, unit_name = v.unit, quantity = v.qty, price = v.price,
          vat_rate = v.vat_rate, vat_amount = v.vat_amount, amount = v.amount
        from (values ${sql.join(rows, sql`, `)})
          as v(id, line_no, name, okpd2, okei, unit, qty, price, vat_rate, vat_amount, amount)
        where ci.id = v.id and ci.contract_id = ${contractId}`);
    }
  }
  const inserts = values.filter((v) => v.id === null).map(({ id: _id, ...v }) => ({ ...v, contractId }));
  for (let i = 0; i < inserts.length; i += CHUNK) {
    await tx.insert(contractItems).values(inserts.slice(i, i + CHUNK));
  }
}

/** Writes stages (kept by id like items; a stage with payments is not removed), then the payment terms. */
export async function saveStagesAndTerms(
  tx: Tx,
  contractId: number,
  stages: StageIn[],
  terms: TermIn[],
  isNew: boolean,
): Promise<void> {
  const ids: number[] = [];
  if (!isNew) {
    await tx.delete(paymentTerms).where(eq(paymentTerms.contractId, contractId));
    const existing = await tx
      .select({ id: contractStages.id, name: contractStages.name, paid: contractStages.paidAmount })
      .from(contractStages)
      .where(eq(contractStages.contractId, contractId));
    const known = new Set(existing.map((e) => e.id));
    const issues: Issue[] = [];
    stages.forEach((s, i) => {
      if (s.id && !known.has(s.id)) {
        issues.push({ path: `body.stages.${i}.id`, message: `Этап ${i + 1}: такого этапа нет в договоре` });
      }
    });
    const keep = stages.flatMap((s) => (s.id ? [s.id] : []));
    for (const e of existing) {
      if (!keep.includes(e.id) && toScaled(e.paid, 2) > 0n) {
        issues.push({
          path: 'body.stages',
          message: `Этап «${e.name}» нельзя удалить: по нему уже есть оплата`,
        });
      }
    }
    if (issues.length) throw invalid(issues);
    await tx
      .delete(contractStages)
      .where(
        and(
          eq(contractStages.contractId, contractId),
          keep.length ? notInArray(contractStages.id, keep) : undefined,
        ),
      );
    await tx
      .update(contractStages)
      .set({ stageNo: sql`-${contractStages.stageNo}` })
      .where(eq(contractStages.contractId, contractId));
  }
  for (const [i, s] of stages.entries()) {
    const v = {
      stageNo: i + 1,
      name: s.name,
      startDate: s.start_date,
      endDate: s.end_date,
      amount: s.amount,
    };
    if (s.id) {
      await tx.update(contractStages).set(v).where(eq(contractStages.id, s.id));
      ids.push(s.id);
    } else {
      const [row] = await tx
        .insert(contractStages)
        .values({ ...v, contractId })
        .returning({ id: contractStages.id });
      ids.push(row.id);
    }
  }
  if (terms.length) {
    await tx.insert(paymentTerms).values(
      terms.map((t, i) => ({
        contractId,
        lineNo: i + 1,
        stageId: t.stage_no ? ids[t.stage_no - 1] : null,
        kind: t.kind,
        sharePercent: t.share_percent,
        termDays: t.term_days,
        dayKind: t.day_kind,
        description: t.description,
      })),
    );
  }
}
