import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { runStatements } from '../../db/bulk.js';
import { contractDuties, contractEvents, contracts } from '../../db/schema/index.js';
import { dutyContracts, refreshDuties } from '../contracts/contract-duties.service.js';
import { contractRow, importedContract, newCompany } from '../imports/imports.factories.js';
import {
  EventIds,
  eventStatements,
  type NewEvent,
  type NewPaymentEvent,
  newPaymentsStatements,
  paymentKey,
  recomputeExecution,
} from './execution.service.js';

/** The batched writes of a large import: many events at once, many contracts recomputed. */
const t = testAppForFile();

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

/** Places and stores events as the bank-statement writer does (the import's EventIds, or a new one). */
async function addEventsOnce(events: NewEvent[], ids = new EventIds(t.app.deps.db)) {
  const { placed, rows } = await ids.place(events);
  await runStatements(t.app.deps.db, eventStatements(rows));
  return placed;
}

/** A contract between the same supplier and customer, signed on 10.01.2025 unless said otherwise. */
const contract = (
  company: number,
  number: string,
  price: string,
  extra: { contract_date?: string; law?: '44' } = {},
) =>
  importedContract(t, company, {
    number,
    contract_date: '2025-01-10',
    supplier_inn: '7704123450',
    customer_inn: '5003123458',
    price,
    ...extra,
  });

describe('batched execution writes', () => {
  it('EventIds: ids in the order given; a key met before (stored, placed earlier or earlier in the list) gets that id', async () => {
    const company = await newCompany(t, 'ООО «Пакет событий»');
    const c = await contract(company, 'П-1', '100000.00');
    const [stored] = await addEventsOnce([payment(company, c.id, '1', '100.00')]);
    const ids = new EventIds(t.app.deps.db);
    const placed = await addEventsOnce(
      [
        payment(company, c.id, '2', '200.00'),
        payment(company, c.id, '1', '100.00'),
        payment(company, c.id, '3', '300.00'),
        payment(company, c.id, '2', '200.00'),
      ],
      ids,
    );
    const order = placed.map((p) => p.id);
    expect(stored.created).toBe(true);
    expect(order[1]).toBe(stored.id);
    expect(order[3]).toBe(order[0]);
    // only the first occurrence of a new key is created: a repeat and a stored one are not
    expect(placed.map((p) => p.created)).toEqual([true, false, true, false]);
    expect(new Set(order).size).toBe(3);
    // an event placed earlier by the same import is known before it is stored (reads may go to
    // another connection than the writes)
    const { placed: again, rows: none } = await ids.place([payment(company, c.id, '3', '300.00')]);
    expect(again).toEqual([{ id: order[2], created: false }]);
    expect(none).toEqual([]);
    const rows = await t.app.deps.db.select().from(contractEvents).where(eq(contractEvents.contractId, c.id));
    expect(rows.map((r) => r.amount).sort()).toEqual(['100.00', '200.00', '300.00']);
    expect(rows.map((r) => r.id).sort()).toEqual([stored.id, order[0], order[2]].sort());
  });

  it('recomputeExecution takes more contracts than one statement has parameters for (a large bank statement)', async () => {
    const company = await newCompany(t, 'ООО «Много договоров»');
    const c = await contract(company, 'П-2', '100000.00');
    await addEventsOnce([payment(company, c.id, '7', '2500.50')]);
    // 40 000 ids: listed twice in a statement they were 80 000 parameters, over PostgreSQL's 65 535
    const ids = [...Array.from({ length: 40_000 }, (_, i) => 10_000_000 + i), c.id];
    await t.app.deps.db.transaction((tx) => recomputeExecution(tx, ids));
    expect((await contractRow(t, c.id)).paidAmount).toBe('2500.50');
  }, 60_000);

  it('new payments planned and written incrementally give what a full recomputation gives: paid sums, duties, nearest duty', async () => {
    const company = await newCompany(t, 'ООО «Счёт платежей»');
    const a = await contract(company, 'П-3', '5000000.00');
    const b = await contract(company, 'П-4', '50000.00', { contract_date: '2025-02-12', law: '44' });
    const db = t.app.deps.db;
    // a state recomputed in full first: one earlier payment on a, register duties on both
    const [early] = await addEventsOnce([
      { ...payment(company, a.id, '1', '1000.00'), eventDate: '2025-02-01' },
    ]);
    await db.transaction((tx) => recomputeExecution(tx, [a.id, b.id]));
    const fresh = [
      { ...payment(company, a.id, '2', '2000.50'), eventDate: '2025-03-10' },
      { ...payment(company, b.id, '3', '300.25'), eventDate: '2025-02-20' },
      { ...payment(company, a.id, '4', '99.99'), eventDate: '2025-01-20' },
      payment(company, a.id, '1', '1000.00'),
    ];
    fresh[3].eventDate = '2025-02-01';
    const placed = await addEventsOnce(fresh);
    expect(placed[3]).toEqual({ id: early.id, created: false });
    const created: NewPaymentEvent[] = fresh.flatMap((e, j) =>
      placed[j].created
        ? [{ id: placed[j].id, contractId: e.contractId, amount: e.amount!, eventDate: e.eventDate }]
        : [],
    );
    // what the bank statement writer does for a chunk: statements built without the database, then run
    await db.transaction(async (tx) => {
      const owners = await dutyContracts(tx, [a.id, b.id]);
      await runStatements(tx, newPaymentsStatements(owners, created));
    });
    const state = async () => {
      const rows = await db
        .select({
          id: contracts.id,
          paid: contracts.paidAmount,
          kind: contracts.nextDutyKind,
          due: contracts.nextDutyDue,
        })
        .from(contracts)
        .where(inArray(contracts.id, [a.id, b.id]))
        .orderBy(asc(contracts.id));
      const duties = await db
        .select({
          contractId: contractDuties.contractId,
          kind: contractDuties.kind,
          eventId: contractDuties.eventId,
          title: contractDuties.title,
          baseDate: contractDuties.baseDate,
          dueDate: contractDuties.dueDate,
          doneOn: contractDuties.doneOn,
        })
        .from(contractDuties)
        .where(inArray(contractDuties.contractId, [a.id, b.id]));
      const key = (d: (typeof duties)[number]) =>
        `${d.contractId}:${d.kind}:${d.eventId}:${d.title}:${d.dueDate}`;
      return { rows, duties: duties.sort((x, y) => (key(x) < key(y) ? -1 : 1)) };
    };
    const incremental = await state();
    expect(incremental.rows.map((r) => r.paid)).toEqual(['3100.49', '300.25']);
    expect(incremental.duties.filter((d) => d.kind === 'payment')).toHaveLength(4);
    await db.transaction(async (tx) => {
      await recomputeExecution(tx, [a.id, b.id]);
      await refreshDuties(tx, [a.id, b.id]);
    });
    expect(await state()).toEqual(incremental);
  });
});
