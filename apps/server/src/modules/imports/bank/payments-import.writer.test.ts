import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { contractDuties, contracts, payments, users } from '../../../db/schema/index.js';
import type { Actor } from '../../../types.js';
import { refreshDuties } from '../../contracts/contract-duties.service.js';
import { recomputeExecution } from '../../execution/execution.service.js';
import { addCustomer, createContract, newCompany } from '../import-uploads.factories.js';
import { insertRun } from '../imports.repository.js';
import { cp1251 } from './bank.factories.js';
import { writePayments } from './payments-import.writer.js';
import { statementRows } from './statement-rows.js';

/** The set-wise writer of a bank statement: staging, part boundaries, repeats, and the sums it keeps. */
const t = testAppForFile();

const CUSTOMER = '5003123458';
const SUPPLIER = '7704123450';
const CUSTOMER_ACCOUNT = '40702810800000012345';

/** A statement of outgoing orders of the customer to the supplier: [number, date, amount, purpose]. */
function statement(orders: [string, string, string, string][]): Buffer {
  const lines = ['1CClientBankExchange', 'ВерсияФормата=1.03', 'Кодировка=Windows'];
  for (const [number, date, amount, purpose] of orders) {
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${number}`,
      `Дата=${date}`,
      `Сумма=${amount}`,
      `ПлательщикСчет=${CUSTOMER_ACCOUNT}`,
      `ПлательщикИНН=${CUSTOMER}`,
      'ПолучательСчет=40702810600069309071',
      `ПолучательИНН=${SUPPLIER}`,
      `НазначениеПлатежа=${purpose}`,
      'КонецДокумента',
    );
  }
  lines.push('КонецФайла');
  return cp1251(lines);
}

describe('writePayments', () => {
  it.each([
    ['parts of two', 1, 2],
    ['one part', 2, 10_000],
  ] as const)(
    'matches and stores through the staging table (%s); sums and duties equal a full recomputation',
    async (_, n, part) => {
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
      const file = statement([
        ['1', '03.03.2025', '1000.00', 'Оплата по договору № 11/25-МТР от 10.01.2025'],
        ['2', '04.03.2025', '2000.50', 'Оплата по договору № 12/25-МТР от 12.02.2025'],
        ['1', '03.03.2025', '1000.00', 'Оплата по договору № 11/25-МТР от 10.01.2025'],
        ['3', '20.01.2025', '99.99', 'Оплата по договору № 11/25-МТР от 10.01.2025'],
        ['4', '05.03.2025', '10.00', 'Оплата по счёту 15'],
      ]);
      const read = statementRows(file, { name: 'kl_to_1c.txt', accounts: [CUSTOMER_ACCOUNT], inns: [] });
      expect(read).toMatchObject({ documents: 5, outgoing: 5 });
      // what the staging table held when the transaction wrote (it is the transaction's own)
      let staged: unknown[] = [];
      const out = await db.transaction(async (tx) => {
        // parts of two: the repeated order (same key) falls into the next part
        const result = await writePayments(tx, { run, actor, phase: () => {} }, read, {
          pglite: t.app.deps.database.kind === 'pglite',
          part,
        });
        staged = (
          (await tx.execute(sql`select ord, number, dup from bank_staging order by ord`)) as unknown as {
            rows: unknown[];
          }
        ).rows;
        return result;
      });
      expect(staged).toEqual([
        { ord: 1, number: '1', dup: false },
        { ord: 2, number: '2', dup: false },
        { ord: 3, number: '1', dup: true },
        { ord: 4, number: '3', dup: false },
        { ord: 5, number: '4', dup: false },
      ]);
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
