import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { contractEvents } from '../../db/schema/index.js';
import { addEventsOnce, type NewEvent, paymentKey, recomputeExecution } from './execution.service.js';
import { contractRow, createContract, newCompany } from './imports.test-support.js';

/** The batched writes of a large import: many events at once, many contracts recomputed. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const payment = (companyId: number, contractId: number, number: string, amount: string): NewEvent => ({
  companyId,
  contractId,
  kind: 'payment',
  eventDate: '2025-03-03',
  amount,
  document: { name: 'Платежное поручение', number, date: '2025-03-03' },
  description: `Оплата по договору, п/п ${number}`,
  source: 'bank',
  importId: null,
  dedupeKey: paymentKey(contractId, number, '2025-03-03', amount),
  createdBy: null,
});

describe('batched execution writes', () => {
  it('addEventsOnce: ids in the order given; a key met before (stored or earlier in the list) gets that id', async () => {
    const company = await newCompany(t, 'ООО «Пакет событий»');
    const c = await createContract(t, company, {
      number: 'П-1',
      date: '2025-01-10',
      supplierInn: '7704123450',
      customerInn: '5003123458',
      price: '100000.00',
    });
    const [stored] = await addEventsOnce(t.app.deps.db, [payment(company, c.id, '1', '100.00')]);
    const published = new Date('2025-03-05T09:00:00Z');
    const ids = await addEventsOnce(t.app.deps.db, [
      payment(company, c.id, '2', '200.00'),
      { ...payment(company, c.id, '1', '100.00'), eisPublishedAt: published },
      payment(company, c.id, '3', '300.00'),
      payment(company, c.id, '2', '200.00'),
    ]);
    expect(ids[1]).toBe(stored);
    expect(ids[3]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    const rows = await t.app.deps.db.select().from(contractEvents).where(eq(contractEvents.contractId, c.id));
    expect(rows.map((r) => r.amount).sort()).toEqual(['100.00', '200.00', '300.00']);
    // the stored event learns its EIS publication from the repeated one
    expect(rows.find((r) => r.id === stored)?.eisPublishedAt?.toISOString()).toBe(published.toISOString());
  });

  it('recomputeExecution takes more contracts than one statement has parameters for (a large bank statement)', async () => {
    const company = await newCompany(t, 'ООО «Много договоров»');
    const c = await createContract(t, company, {
      number: 'П-2',
      date: '2025-01-10',
      supplierInn: '7704123450',
      customerInn: '5003123458',
      price: '100000.00',
    });
    await addEventsOnce(t.app.deps.db, [payment(company, c.id, '7', '2500.50')]);
    // 40 000 ids: listed twice in a statement they were 80 000 parameters, over PostgreSQL's 65 535
    const ids = [...Array.from({ length: 40_000 }, (_, i) => 10_000_000 + i), c.id];
    await t.app.deps.db.transaction((tx) => recomputeExecution(tx, ids));
    expect((await contractRow(t, c.id)).paidAmount).toBe('2500.50');
  }, 60_000);
});
