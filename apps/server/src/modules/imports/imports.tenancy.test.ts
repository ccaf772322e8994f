import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { auditLog, notifications, payments, updDocuments } from '../../db/schema/index.js';
import {
  addAccount,
  addCustomer,
  createContract,
  fixture,
  multipart,
  runImport,
} from './imports.test-support.js';

let t: TestApp;
let token: string;
let token2: string;
let a: number;
let b: number;
const ids = { run: 0, file: 0, upd: 0, payment: 0, contract: 0, performance: 0 };

async function waitPerformance(contractId: number, id: number) {
  const until = Date.now() + 30_000;
  for (;;) {
    const r = await t.req('GET', `/api/companies/${a}/contracts/${contractId}/performance/${id}`, { token });
    expect(r.status).toBe(200);
    if (r.body.status !== 'queued') return r.body;
    if (Date.now() > until) throw new Error('performance record still queued');
    await new Promise((res) => setTimeout(res, 100));
  }
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('client');
  token2 = await t.login('client2');
  a = t.ids.companies.client1;
  b = t.ids.companies.client2;
  await addCustomer(t, a, '7805781663');
  await addCustomer(t, a, '0105015580');
  await addAccount(t, a, '12312312312312312');
  const upd = await runImport(t, token, a, 'upd', [
    { name: 'u.xml', data: fixture('upd', 'vscherbo__example-upd_5.03.xml') },
  ]);
  ids.run = upd.id;
  ids.file = upd.file_ids[0];
  ids.upd = upd.result.documents[0].id;
  await runImport(t, token, a, 'payments', [
    { name: 'p.txt', data: fixture('1c-bank', 'kilylabs__one_day.txt') },
  ]);
  const [p] = await t.app.deps.db.select().from(payments).where(eq(payments.companyId, a)).limit(1);
  ids.payment = p.id;
  const c = await createContract(t, a, {
    number: '155-Т',
    date: '2017-06-29',
    registry: '80105015580170000110000',
    supplierInn: '7707083893',
    customerInn: '0105015580',
    price: '300000.00',
  });
  ids.contract = c.id;
  await runImport(t, token, a, 'eis-contracts', [
    { name: 'perf.xml', data: fixture('eis223', 'homyakin__contractCompleting_test.xml') },
  ]);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('execution information for EIS', () => {
  it('built from the payments and acceptances of the period, stored with a guid, notified', async () => {
    const r = await t.req('POST', `/api/companies/${a}/contracts/${ids.contract}/performance`, {
      token,
      body: { period_from: '2017-09-01', period_to: '2017-09-30' },
    });
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
    expect(rec.data.totals).toMatchObject({ paid: '264204.07', accepted: '0.00' });
    expect(rec.data.payments).toHaveLength(1);
    expect(rec.data.acceptances[0].document).toMatchObject({ name: 'товарная накладная', number: '71169' });
    expect(rec.data.completed).toBe(true);
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

    const list = await t.req('GET', `/api/companies/${a}/contracts/${ids.contract}/performance`, { token });
    expect(list.body.total).toBe(1);
  });

  it('a period without payments and acceptances ends in an error notification', async () => {
    const r = await t.req('POST', `/api/companies/${a}/contracts/${ids.contract}/performance`, {
      token,
      body: { period_from: '2019-01-01', period_to: '2019-01-31' },
    });
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
    const bad = await t.req('POST', `/api/companies/${a}/contracts/${ids.contract}/performance`, {
      token,
      body: { period_from: '2019-02-01', period_to: '2019-01-01' },
    });
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
    const form = multipart([{ name: 'x.xml', data: fixture('upd', 'vscherbo__example-upd_5.03.xml') }]);
    const calls: [string, string, unknown?, Record<string, string>?][] = [
      ['POST', `/api/companies/${a}/imports/upd`, form.payload, form.headers],
      ['GET', `/api/companies/${a}/imports/${ids.run}`],
      ['GET', `/api/companies/${a}/imports`],
      ['GET', `/api/companies/${b}/imports/${ids.run}`],
      ['GET', `/api/companies/${a}/upd-documents`],
      ['GET', `/api/companies/${a}/upd-documents/${ids.upd}`],
      ['GET', `/api/companies/${b}/upd-documents/${ids.upd}`],
      ['PUT', `/api/companies/${a}/upd-documents/${ids.upd}/contract`, { contract_id: ids.contract }],
      ['PUT', `/api/companies/${b}/upd-documents/${ids.upd}/contract`, { contract_id: ids.contract }],
      ['POST', `/api/companies/${a}/upd-documents/${ids.upd}/mapping`, { lines: [] }],
      ['POST', `/api/companies/${b}/upd-documents/${ids.upd}/mapping`, { lines: [] }],
      ['GET', `/api/companies/${a}/payments?status=unmatched`],
      ['POST', `/api/companies/${a}/payments/${ids.payment}/assign`, { contract_id: ids.contract }],
      ['POST', `/api/companies/${b}/payments/${ids.payment}/assign`, { contract_id: ids.contract }],
      ['POST', `/api/companies/${a}/payments/${ids.payment}/ignore`],
      ['POST', `/api/companies/${b}/payments/${ids.payment}/ignore`],
      [
        'POST',
        `/api/companies/${a}/contracts/${ids.contract}/performance`,
        { period_from: '2017-01-01', period_to: '2017-12-31' },
      ],
      [
        'POST',
        `/api/companies/${b}/contracts/${ids.contract}/performance`,
        { period_from: '2017-01-01', period_to: '2017-12-31' },
      ],
      ['GET', `/api/companies/${a}/contracts/${ids.contract}/performance`],
      ['GET', `/api/companies/${b}/contracts/${ids.contract}/performance/${ids.performance}`],
      ['GET', `/api/files/${ids.file}`],
    ];
    for (const [method, url, body, headers] of calls) {
      const before = await denied();
      const r = await t.req(method, url, { token: token2, body, headers });
      expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(404);
      expect(r.body.error.message, url).toMatch(/не найден/);
      expect(await denied(), `${method} ${url} is audited`).toBe(before + 1);
    }
    // nothing changed for the owner
    const [d] = await t.app.deps.db.select().from(updDocuments).where(eq(updDocuments.id, ids.upd));
    expect(d.status).toBe('no_contract');
    const [p] = await t.app.deps.db.select().from(payments).where(eq(payments.id, ids.payment));
    expect(p.status).toBe('unmatched');
    expect((await t.req('GET', `/api/files/${ids.file}`, { token })).status).toBe(200);
  });
});
