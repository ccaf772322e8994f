import {
  type ContractItemInput,
  type ContractStageInput,
  fromKopecks,
  lineKopecks,
  type PaymentTermInput,
  toScaled,
  vatInsideKopecks,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { trimDecimal } from '../../lib/decimal.js';
import * as repo from './contract-children.repository.js';

type ItemIn = z.output<typeof ContractItemInput>;
type StageIn = z.output<typeof ContractStageInput>;
type TermIn = z.output<typeof PaymentTermInput>;
type Issue = { path: string; message: string };

function itemValues(it: ItemIn, lineNo: number): repo.ItemValues {
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
    const existing = await repo.existingItems(tx, contractId);
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
    await repo.deleteItems(
      tx,
      existing.filter((e) => !kept.has(e.id)).map((e) => e.id),
    );
    await repo.freeItemLines(tx, contractId);
    await repo.updateItems(
      tx,
      contractId,
      values.filter((v) => v.id !== null),
    );
  }
  await repo.insertItems(
    tx,
    contractId,
    values.filter((v) => v.id === null).map(({ id: _id, ...v }) => v),
  );
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
    await repo.deleteTerms(tx, contractId);
    const existing = await repo.existingStages(tx, contractId);
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
    await repo.dropStagesExcept(tx, contractId, keep);
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
      await repo.updateStage(tx, s.id, v);
      ids.push(s.id);
    } else {
      ids.push(await repo.insertStage(tx, contractId, v));
    }
  }
  await repo.insertTerms(
    tx,
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
