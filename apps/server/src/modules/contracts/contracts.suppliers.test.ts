import { contractRoutes } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractSuppliers, contracts } from '../../db/schema/index.js';
import { createContract, SUPPLIER } from './contracts.factories.js';

/**
 * The register's filter by a part of the supplier's name reads the company's supplier list
 * (`contract_suppliers`, kept by triggers): it follows inserts and a changed supplier, never
 * finds a contract by a name it no longer has, and never another company's supplier.
 */
const t = testAppForFile();
let token: string;
let provider: number;
let client: number;
const OLD = { supplier_inn: '7701234560', supplier_kpp: '770101001', supplier_name: 'ООО «Старая Марка»' };

beforeAll(async () => {
  token = await t.login('specialist');
  provider = t.ids.companies.provider;
  client = t.ids.companies.client1;
});

async function found(companyId: number, supplier: string): Promise<number[]> {
  const r = await t.call(contractRoutes.list, {
    params: { company_id: companyId },
    query: { supplier },
    as: 'specialist',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.items.map((i) => i.id);
}

const pairs = async (companyId: number) =>
  (
    await t.app.deps.db
      .select({ inn: contractSuppliers.supplierInn, name: contractSuppliers.supplierName })
      .from(contractSuppliers)
      .where(eq(contractSuppliers.companyId, companyId))
  ).sort((a, b) => a.name.localeCompare(b.name));

describe('supplier by a part of the name', () => {
  it('finds a created contract by any part of the name, inside a word too, whatever the case', async () => {
    const a = await createContract(t, token, provider, { number: 'С-1', ...OLD });
    const b = await createContract(t, token, provider, { number: 'С-2' });
    expect(await found(provider, 'тарая мар')).toEqual([a.id]);
    expect(await found(provider, 'СТАРАЯ')).toEqual([a.id]);
    expect(await found(provider, 'лектросна')).toEqual([b.id]);
    expect(await pairs(provider)).toEqual([
      { inn: OLD.supplier_inn, name: OLD.supplier_name },
      { inn: SUPPLIER.inn, name: SUPPLIER.name },
    ]);
  });

  it('follows a renamed supplier; the old name finds nothing although its pair stays', async () => {
    const [a] = await t.app.deps.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.companyId, provider), eq(contracts.number, 'С-1')));
    await t.app.deps.db
      .update(contracts)
      .set({ supplierName: 'ООО «Новая Марка»' })
      .where(eq(contracts.id, a.id));
    expect(await found(provider, 'Новая Марка')).toEqual([a.id]);
    expect(await found(provider, 'Старая Марка')).toEqual([]);
    expect((await pairs(provider)).map((p) => p.name)).toEqual([
      'ООО «Новая Марка»',
      'ООО «Старая Марка»',
      'ООО «ЭлектроСнаб»',
    ]);
  });

  it("never finds another company's contract of the same supplier", async () => {
    const mine = await createContract(t, token, client, { number: 'С-3', ...OLD });
    expect(await found(client, 'Старая Марка')).toEqual([mine.id]);
    expect(await found(provider, 'Старая Марка')).toEqual([]);
  });
});
