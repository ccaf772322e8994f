import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contractEventItems, contractItems, contractStages, paymentTerms } from '../../db/schema/index.js';

/** Queries of a contract's specification, stages and payment terms (written by contract-children.ts). */

const CHUNK = 1000;

/** The values of an item as stored (line sums computed). */
export type ItemValues = {
  lineNo: number;
  name: string;
  okpd2Code: string | null;
  okeiCode: string | null;
  unitName: string | null;
  quantity: string;
  price: string;
  vatRate: string;
  vatAmount: string;
  amount: string;
};

/** The contract's items: name, accepted quantity and whether an event names them. */
export function existingItems(tx: Tx, contractId: number) {
  return tx
    .select({
      id: contractItems.id,
      name: contractItems.name,
      accepted: contractItems.acceptedQuantity,
      used: sql<boolean>`exists (select 1 from ${contractEventItems} where ${contractEventItems.contractItemId} = ${contractItems.id})`,
    })
    .from(contractItems)
    .where(eq(contractItems.contractId, contractId));
}

export async function deleteItems(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.delete(contractItems).where(inArray(contractItems.id, ids));
}

/** Frees the line numbers before renumbering (unique per contract). */
export async function freeItemLines(tx: Tx, contractId: number): Promise<void> {
  await tx
    .update(contractItems)
    .set({ lineNo: sql`-${contractItems.lineNo}` })
    .where(eq(contractItems.contractId, contractId));
}

/** Rewrites kept items of the contract, a thousand in one statement. */
export async function updateItems(
  tx: Tx,
  contractId: number,
  updates: (ItemValues & { id: number | null })[],
): Promise<void> {
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

/** Inserts new items of the contract, a thousand in one statement. */
export async function insertItems(tx: Tx, contractId: number, items: ItemValues[]): Promise<void> {
  const inserts = items.map((v) => ({ ...v, contractId }));
  for (let i = 0; i < inserts.length; i += CHUNK) {
    await tx.insert(contractItems).values(inserts.slice(i, i + CHUNK));
  }
}

export async function deleteTerms(tx: Tx, contractId: number): Promise<void> {
  await tx.delete(paymentTerms).where(eq(paymentTerms.contractId, contractId));
}

export function existingStages(tx: Tx, contractId: number) {
  return tx
    .select({ id: contractStages.id, name: contractStages.name, paid: contractStages.paidAmount })
    .from(contractStages)
    .where(eq(contractStages.contractId, contractId));
}

/** Removes the stages of the contract not kept, then frees the stage numbers before renumbering. */
export async function dropStagesExcept(tx: Tx, contractId: number, keep: number[]): Promise<void> {
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

type StageValues = Pick<
  typeof contractStages.$inferInsert,
  'stageNo' | 'name' | 'startDate' | 'endDate' | 'amount'
>;

export async function updateStage(tx: Tx, id: number, v: StageValues): Promise<void> {
  await tx.update(contractStages).set(v).where(eq(contractStages.id, id));
}

export async function insertStage(tx: Tx, contractId: number, v: StageValues): Promise<number> {
  const [row] = await tx
    .insert(contractStages)
    .values({ ...v, contractId })
    .returning({ id: contractStages.id });
  return row.id;
}

export async function insertTerms(tx: Tx, values: (typeof paymentTerms.$inferInsert)[]): Promise<void> {
  if (values.length) await tx.insert(paymentTerms).values(values);
}
