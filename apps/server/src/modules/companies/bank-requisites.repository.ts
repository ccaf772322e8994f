import type { PageQuery } from '@zakupki/shared';
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { tablePage } from '../../db/paging.js';
import { bankRequisites } from '../../db/schema/index.js';

export type BankRow = typeof bankRequisites.$inferSelect;
export type BankValues = {
  bankName: string;
  bik: string;
  settlementAccount: string;
  correspondentAccount: string | null;
  isMain: boolean;
};

export async function listBankRequisites(tx: Tx, companyId: number, q: PageQuery) {
  const where = eq(bankRequisites.companyId, companyId);
  const { items: rows, total } = await tablePage(
    tx,
    bankRequisites,
    where,
    [desc(bankRequisites.isMain), asc(bankRequisites.bankName), asc(bankRequisites.id)],
    q,
  );
  return { rows, total: Number(total) };
}

export async function bankRequisiteOwner(tx: Tx, id: number) {
  const [row] = await tx
    .select({ companyId: bankRequisites.companyId })
    .from(bankRequisites)
    .where(eq(bankRequisites.id, id));
  return row?.companyId ?? null;
}

export async function findBankRequisite(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(bankRequisites)
    .where(and(eq(bankRequisites.id, id), eq(bankRequisites.companyId, companyId)))
    .for('update');
  return row ?? null;
}

/** The same account (БИК + р/с) already on the company. */
export async function findSameAccount(
  tx: Tx,
  companyId: number,
  bik: string,
  account: string,
  exceptId?: number,
) {
  const [row] = await tx
    .select({ id: bankRequisites.id })
    .from(bankRequisites)
    .where(
      and(
        eq(bankRequisites.companyId, companyId),
        eq(bankRequisites.bik, bik),
        eq(bankRequisites.settlementAccount, account),
        exceptId ? ne(bankRequisites.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Clears the main mark on the company's accounts; returns the rows as they were. */
export async function clearMain(tx: Tx, companyId: number) {
  const where = and(eq(bankRequisites.companyId, companyId), eq(bankRequisites.isMain, true));
  const before = await tx.select().from(bankRequisites).where(where);
  if (before.length) await tx.update(bankRequisites).set({ isMain: false }).where(where);
  return before;
}

export async function insertBankRequisite(tx: Tx, companyId: number, v: BankValues) {
  const [row] = await tx
    .insert(bankRequisites)
    .values({ ...v, companyId })
    .returning();
  return row;
}

export async function updateBankRequisiteRow(tx: Tx, id: number, v: BankValues) {
  const [row] = await tx.update(bankRequisites).set(v).where(eq(bankRequisites.id, id)).returning();
  return row;
}

export async function deleteBankRequisiteRow(tx: Tx, id: number) {
  await tx.delete(bankRequisites).where(eq(bankRequisites.id, id));
}
