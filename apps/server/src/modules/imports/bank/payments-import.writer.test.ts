import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { contractDuties, contracts, payments, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../types.js';
import { refreshDuties } from '../../contracts/contract-duties.service.js';
import { recomputeExecution } from '../../execution/execution.service.js';
import { addCustomer, createContract, newCompany } from '../import-uploads.factories.js';
import { insertRun } from '../imports.repository.js';
import type { BankDocument } from './bank.types.js';
import { paymentNaturalKey } from './bank-1c.parser.js';
import { CandidateContracts } from './payment-candidates.js';
import { nextChunkSize, type Outgoing, writePayments } from './payments-import.writer.js';

/** The pipelined writer of a bank statement: chunk boundaries, repeats, and the sums it keeps. */
const t = testAppForFile();

const CUSTOMER = '5003123458';
const SUPPLIER = '7704123450';
const party = (inn: string, account: string) => ({
  name: `Организация ${inn}`,
  inn,
  kpp: null,
  account,
  settlementAccount: account,
  bik: '044525225',
  bank: 'ПАО Сбербанк',
  bankCity: null,
  corrAccount: null,
});

function order(number: string, date: string, amount: string, purpose: string): Outgoing {
  const doc = {
    kind: 'Платежное поручение',
    number,
    date,
    amount,
    dateDebited: date,
    dateCredited: null,
    payer: party(CUSTOMER, '40702810800000012345'),
    payee: party(SUPPLIER, '40702810600069309071'),
    purpose,
    paymentType: null,
    operationType: '01',
    priority: '5',
    uin: null,
    budget: null,
    lineNo: 1,
    raw: {},
  } satisfies BankDocument;
  return { doc, fileName: 'kl_to_1c.txt', key: paymentNaturalKey(doc) };
}

describe('nextChunkSize', () => {
  it('doubles up to the chunk, then takes half of what is left, not below the first chunk', () => {
    const sizes = [1000];
    let left = 30_000;
    while (left > 0) {
      left -= sizes[sizes.length - 1];
      sizes.push(nextChunkSize(sizes[sizes.length - 1], 5000, Math.max(left, 0)));
    }
    expect(sizes).toEqual([1000, 2000, 4000, 5000, 5000, 5000, 4000, 2000, 1000, 1000, 1000]);
    expect(nextChunkSize(5000, 5000, Number.POSITIVE_INFINITY)).toBe(5000);
    expect(nextChunkSize(2, 2, 1)).toBe(2);
  });
});

describe('writePayments', () => {
  it.each([
    ['the payees’ contracts read chunk by chunk', 1, false],
    ['every supplier’s contracts read at once', 2, true],
    ['every supplier’s contracts read before the writer starts', 3, 'early'],
  ] as const)(
    'matches and stores chunk by chunk (%s); sums and duties equal a full recomputation',
    async (_, n, every) => {
      const everySupplier = every !== false;
      const company = await newCompany(t, `ООО «Конвейер ${n}»`);
      await addCustomer(t, company, CUSTOMER);
      const spec = { supplierInn: SUPPLIER, customerInn: CUSTOMER, price: '5000000.00' };
      const a = await createContract(t, company, { ...spec, number: '11/25-МТР', date: '2025-01-10' });
      const b = await createContract(t, company, {
        ...spec,
        number: '12/25-МТР',
        date: '2025-02-12',
        law: '44',
      });
      const db = t.app.deps.db;
      // the register duties a contract has from its creation on (the test writes contracts directly)
      await db.transaction((tx) => refreshDuties(tx, [a.id, b.id]));
      const [admin] = await db.select().from(users).where(eq(users.login, 'admin@demo.local'));
      const run = await insertRun(db, {
        companyId: company,
        userId: admin.id,
        kind: 'payments',
        uploadFileName: 'kl_to_1c.txt',
        fileIds: [],
        fileSha256: 'test',
        params: {},
      });
      const actor = { userId: admin.id, role: 'admin' } as Actor;
      const outgoing = [
        order('1', '2025-03-03', '1000.00', 'Оплата по договору № 11/25-МТР от 10.01.2025'),
        order('2', '2025-03-04', '2000.50', 'Оплата по договору № 12/25-МТР от 12.02.2025'),
        order('1', '2025-03-03', '1000.00', 'Оплата по договору № 11/25-МТР от 10.01.2025'),
        order('3', '2025-01-20', '99.99', 'Оплата по договору № 11/25-МТР от 10.01.2025'),
        order('4', '2025-03-05', '10.00', 'Оплата по счёту 15'),
      ];
      // chunks of two: the repeated order (same key) falls into the next chunk
      // parts of two, the last one shorter
      const source = { next: async (max: number) => (outgoing.length ? outgoing.splice(0, max) : null) };
      // the reads through another connection than the writes on PostgreSQL, as the import does
      const reads = t.app.deps.database.kind === 'postgres' ? db : undefined;
      // as the import does for a large statement with a second connection (on PostgreSQL): the
      // register is read while the file is decoded, before the transaction
      const early = every === 'early' && reads ? new CandidateContracts(reads, company, true) : null;
      const out = await db.transaction((tx) =>
        writePayments(tx, { run, actor, phase: () => {} }, source, {
          chunk: 2,
          reads,
          candidates: early ?? new CandidateContracts(reads ?? tx, company, everySupplier),
        }),
      );
      expect(out).toEqual({ created: 4, matched: 3, duplicates: 1, total: '3110.49' });
      const stored = await db
        .select()
        .from(payments)
        .where(eq(payments.companyId, company))
        .orderBy(asc(payments.id));
      expect(stored.map((p) => [p.number, p.status, p.contractId, p.eventId !== null])).toEqual([
        ['1', 'matched', a.id, true],
        ['2', 'matched', b.id, true],
        ['3', 'matched', a.id, true],
        ['4', 'unmatched', null, false],
      ]);
      const state = async () => ({
        contracts: await db
          .select({ paid: contracts.paidAmount, kind: contracts.nextDutyKind, due: contracts.nextDutyDue })
          .from(contracts)
          .where(inArray(contracts.id, [a.id, b.id]))
          .orderBy(asc(contracts.id)),
        duties: await db
          .select({
            c: contractDuties.contractId,
            kind: contractDuties.kind,
            e: contractDuties.eventId,
            due: contractDuties.dueDate,
          })
          .from(contractDuties)
          .where(inArray(contractDuties.contractId, [a.id, b.id]))
          .orderBy(
            asc(contractDuties.contractId),
            asc(contractDuties.dueDate),
            asc(contractDuties.kind),
            asc(contractDuties.eventId),
          ),
      });
      const written = await state();
      expect(written.contracts.map((c) => c.paid)).toEqual(['1099.99', '2000.50']);
      await db.transaction(async (tx) => {
        await recomputeExecution(tx, [a.id, b.id]);
        await refreshDuties(tx, [a.id, b.id]);
      });
      expect(await state()).toEqual(written);
    },
  );
});
