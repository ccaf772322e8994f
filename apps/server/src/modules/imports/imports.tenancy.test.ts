import { fileRoutes, importRoutes, paymentRoutes, performanceRoutes, updRoutes } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type Res, testAppForFile } from '../../../test/harness.js';
import { auditLog, notifications, payments, updDocuments } from '../../db/schema/index.js';
import { errorOf, fixture, importAs, uploadAs } from './import-uploads.factories.js';
import { addAccount, addCustomer, importedContract } from './imports.factories.js';

const t = testAppForFile();
let a: number;
let b: number;
const ids = { run: 0, file: 0, upd: 0, payment: 0, contract: 0, performance: 0 };

/** What a built record holds (the contract types `data` as an open record). */
type PerformanceData = {
  totals: Record<string, string>;
  payments: unknown[];
  acceptances: { document: Record<string, unknown> }[];
  completed: boolean;
};

async function waitPerformance(contractId: number, id: number) {
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await t.call(performanceRoutes.get, {
      params: { company_id: a, id: contractId, performance_id: id },
      as: 'client',
    });
    expect(r.status).toBe(200);
    if (r.body.status !== 'queued') return r.body;
    if (Date.now() > until) throw new Error('performance record still queued');
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  a = t.ids.companies.client1;
  b = t.ids.companies.client2;
  await addCustomer(t, a, '7805781663');
  await addCustomer(t, a, '0105015580');
  await addAccount(t, a, '12312312312312312');
  const upd = await importAs(t, {
    company: a,
    kind: 'upd',
    files: [{ name: 'u.xml', data: fixture('upd', 'vscherbo__example-upd_5.03.xml') }],
    as: 'client',
  });
  ids.run = upd.id;
  ids.file = upd.file_ids[0];
  ids.upd = upd.result.documents[0].id!;
  await importAs(t, {
    company: a,
    kind: 'payments',
    files: [{ name: 'p.txt', data: fixture('1c-bank', 'kilylabs__one_day.txt') }],
    as: 'client',
  });
  const [p] = await t.app.deps.db.select().from(payments).where(eq(payments.companyId, a)).limit(1);
  ids.payment = p.id;
  const c = await importedContract(t, a, {
    number: '155-Т',
    contract_date: '2017-06-29',
    eis_registry_number: '80105015580170000110000',
    supplier_inn: '7707083893',
    customer_inn: '0105015580',
    price: '300000.00',
  });
  ids.contract = c.id;
  await importAs(t, {
    company: a,
    kind: 'eis-contracts',
    files: [{ name: 'perf.xml', data: fixture('eis223', 'homyakin__contractCompleting_test.xml') }],
    as: 'client',
  });
}, 90_000);

const createPerformance = (
  company: number,
  period: { period_from: string; period_to: string },
  as: 'client' | 'client2' = 'client',
) =>
  t.call(performanceRoutes.create, { params: { company_id: company, id: ids.contract }, body: period, as });

describe('execution information for EIS', () => {
  it('built from the payments and acceptances of the period, stored with a guid, notified', async () => {
    const r = await createPerformance(a, { period_from: '2017-09-01', period_to: '2017-09-30' });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.performance_contract_guid).toMatch(/^[0-9a-f-]{36}$/);
    ids.performance = r.body.performance_id;
    const rec = await waitPerformance(ids.contract, r.body.performance_id);
    expect(rec).toMatchObject({
      status: 'done',
      period_from: '2017-09-01',
      period_to: '2017-09-30',
      error: null,
    });
    const data = rec.data as PerformanceData;
    expect(data.totals).toMatchObject({ paid: '264204.07', accepted: '0.00' });
    expect(data.payments).toHaveLength(1);
    expect(data.acceptances[0].document).toMatchObject({ name: 'товарная накладная', number: '71169' });
    expect(data.completed).toBe(true);
    const [n] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'notificationPerfomanceContractResponse'));
    expect(n).toMatchObject({ status: 'success', companyId: a });
    expect(n.payload).toMatchObject({
      performance_contract_guid: r.body.performance_contract_guid,
      result: 'success',
      error: null,
    });

    const list = await t.call(performanceRoutes.list, {
      params: { company_id: a, id: ids.contract },
      as: 'client',
    });
    expect(list.body.total).toBe(1);
  });

  it('a period without payments and acceptances ends in an error notification', async () => {
    const r = await createPerformance(a, { period_from: '2019-01-01', period_to: '2019-01-31' });
    const rec = await waitPerformance(ids.contract, r.body.performance_id);
    expect(rec.status).toBe('failed');
    expect(rec.error).toBe(
      'За период с 01.01.2019 по 31.01.2019 по договору № 155-Т нет платежей и документов о приёмке: сведения об исполнении не сформированы',
    );
    // the notification is stored right after the record fails: wait for it rather than race it
    const stored = await vi.waitFor(async () => {
      const found = (
        await t.app.deps.db
          .select()
          .from(notifications)
          .where(eq(notifications.kind, 'notificationPerfomanceContractResponse'))
      ).find((n) => (n.payload as { performance_id: number }).performance_id === r.body.performance_id);
      if (!found) throw new Error('no notification yet');
      return found;
    });
    expect(stored.payload).toMatchObject({ result: 'error', error: rec.error });
    const bad = await createPerformance(a, { period_from: '2019-02-01', period_to: '2019-01-01' });
    expect(bad.status).toBe(400);
  });
});

describe('tenancy: a client of another company gets 404 and the attempt is audited', () => {
  it('every import, УПД, payment, execution and file route', async () => {
    const denied = async () =>
      Number(
        (
          await t.app.deps.db
            .select({ n: sql<number>`count(*)::int` })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.action, 'access_denied'),
                eq(auditLog.userId, t.ids.users['client2@demo.local']),
              ),
            )
        )[0].n,
      );
    const as = 'client2';
    const doc = (company: number) => ({ company_id: company, id: ids.upd });
    const pay = (company: number) => ({ company_id: company, id: ids.payment });
    const year = { period_from: '2017-01-01', period_to: '2017-12-31' };
    const calls: [string, () => Promise<Res<unknown>>][] = [
      [
        'upload',
        () =>
          uploadAs(t, {
            company: a,
            kind: 'upd',
            files: [{ name: 'x.xml', data: fixture('upd', 'vscherbo__example-upd_5.03.xml') }],
            as,
          }),
      ],
      ['import', () => t.call(importRoutes.get, { params: { company_id: a, import_id: ids.run }, as })],
      ['imports', () => t.call(importRoutes.list, { params: { company_id: a }, as })],
      ['import in b', () => t.call(importRoutes.get, { params: { company_id: b, import_id: ids.run }, as })],
      ['upd list', () => t.call(updRoutes.list, { params: { company_id: a }, as })],
      ['upd', () => t.call(updRoutes.get, { params: doc(a), as })],
      ['upd in b', () => t.call(updRoutes.get, { params: doc(b), as })],
      [
        'upd contract',
        () => t.call(updRoutes.setContract, { params: doc(a), body: { contract_id: ids.contract }, as }),
      ],
      [
        'upd contract in b',
        () => t.call(updRoutes.setContract, { params: doc(b), body: { contract_id: ids.contract }, as }),
      ],
      ['upd mapping', () => t.call(updRoutes.mapping, { params: doc(a), body: { lines: [] }, as })],
      ['upd mapping in b', () => t.call(updRoutes.mapping, { params: doc(b), body: { lines: [] }, as })],
      [
        'payments',
        () => t.call(paymentRoutes.list, { params: { company_id: a }, query: { status: 'unmatched' }, as }),
      ],
      [
        'assign',
        () => t.call(paymentRoutes.assign, { params: pay(a), body: { contract_id: ids.contract }, as }),
      ],
      [
        'assign in b',
        () => t.call(paymentRoutes.assign, { params: pay(b), body: { contract_id: ids.contract }, as }),
      ],
      ['ignore', () => t.call(paymentRoutes.ignore, { params: pay(a), as })],
      ['ignore in b', () => t.call(paymentRoutes.ignore, { params: pay(b), as })],
      ['performance', () => createPerformance(a, year, as)],
      ['performance in b', () => createPerformance(b, year, as)],
      [
        'performance list',
        () => t.call(performanceRoutes.list, { params: { company_id: a, id: ids.contract }, as }),
      ],
      [
        'performance record in b',
        () =>
          t.call(performanceRoutes.get, {
            params: { company_id: b, id: ids.contract, performance_id: ids.performance },
            as,
          }),
      ],
      ['file', () => t.call(fileRoutes.get, { params: { id: ids.file }, as })],
    ];
    for (const [what, call] of calls) {
      const before = await denied();
      const r = await call();
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(404);
      expect(errorOf(r).message, what).toMatch(/не найден/);
      expect(await denied(), `${what} is audited`).toBe(before + 1);
    }
    // nothing changed for the owner
    const [d] = await t.app.deps.db.select().from(updDocuments).where(eq(updDocuments.id, ids.upd));
    expect(d.status).toBe('no_contract');
    const [p] = await t.app.deps.db.select().from(payments).where(eq(payments.id, ids.payment));
    expect(p.status).toBe('unmatched');
    expect((await t.call(fileRoutes.get, { params: { id: ids.file }, as: 'client' })).status).toBe(200);
  });
});
