import type { ContractCreateInput, ContractItemInput } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.js';
import { bankRequisites, companies, contractItems, contracts, customers } from '../../db/schema/index.js';

/** Test data of the imports: contracts in the register, заказчики, accounts and companies. */

/** A specification line of a contract made by `importedContract` (the contract's item input, its sum given). */
export type ImportedItemInput = Pick<
  ContractItemInput,
  'name' | 'quantity' | 'price' | 'okei_code' | 'okpd2_code'
> & {
  amount: string;
};

/** The fields of a contract an import matches documents to, spelled as the contract's create input. */
export type ImportedContractInput = Pick<
  ContractCreateInput,
  'number' | 'contract_date' | 'supplier_inn' | 'price' | 'eis_registry_number' | 'status'
> & {
  customer_inn: string;
  law?: '223' | '44';
  items?: ImportedItemInput[];
};

/**
 * A contract written straight into the register (the test's own data, not an import): concluded
 * unless said otherwise, its specification with VAT 20 %.
 */
export async function importedContract(
  t: TestApp,
  companyId: number,
  c: ImportedContractInput,
): Promise<{ id: number; itemIds: number[] }> {
  const db = t.app.deps.db;
  const [row] = await db
    .insert(contracts)
    .values({
      companyId,
      law: c.law ?? '223',
      eisRegistryNumber: c.eis_registry_number ?? null,
      number: c.number,
      contractDate: c.contract_date,
      subject: `Поставка по договору № ${c.number}`,
      customerName: `Заказчик ИНН ${c.customer_inn}`,
      customerInn: c.customer_inn,
      supplierInn: c.supplier_inn,
      supplierName: `Поставщик ИНН ${c.supplier_inn}`,
      price: String(c.price),
      status: c.status ?? 'concluded',
    })
    .returning({ id: contracts.id });
  const itemIds: number[] = [];
  for (const [i, it] of (c.items ?? []).entries()) {
    const [item] = await db
      .insert(contractItems)
      .values({
        contractId: row.id,
        lineNo: i + 1,
        name: it.name,
        okeiCode: it.okei_code ?? null,
        okpd2Code: it.okpd2_code ?? null,
        quantity: String(it.quantity),
        price: String(it.price),
        vatRate: '20%',
        amount: it.amount,
      })
      .returning({ id: contractItems.id });
    itemIds.push(item.id);
  }
  return { id: row.id, itemIds };
}

/** Makes `inn` a заказчик of the company, so its contracts and documents belong to the company. */
export async function addCustomer(t: TestApp, companyId: number, inn: string, title = `Заказчик ${inn}`) {
  const existing = await t.app.deps.db.select().from(customers).where(eq(customers.inn, inn));
  if (existing.some((c) => c.companyId === companyId)) return;
  await t.app.deps.db.insert(customers).values({ companyId, title, inn });
}

export async function addAccount(t: TestApp, companyId: number, account: string) {
  await t.app.deps.db
    .insert(bankRequisites)
    .values({ companyId, bankName: 'Тестовый банк', bik: '044525225', settlementAccount: account });
}

export async function contractRow(t: TestApp, id: number) {
  const [row] = await t.app.deps.db.select().from(contracts).where(eq(contracts.id, id));
  return row;
}

let innSeq = 0;
/** A fresh company (no members: tests act on it as the admin), with its own requisites. */
export async function newCompany(t: TestApp, title: string): Promise<number> {
  innSeq++;
  const [row] = await t.app.deps.db
    .insert(companies)
    .values({ title, inn: `99${String(Date.now()).slice(-6)}${String(innSeq).padStart(2, '0')}` })
    .returning({ id: companies.id });
  return row.id;
}
