import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bankRequisites,
  catalogEntries,
  contacts,
  customers,
  notifications,
  payments,
} from '../src/db/schema/index.js';
import { contractBody } from '../src/modules/contracts/contracts.factories.js';
import { runReport } from '../src/modules/exports/exports.test-helpers.js';
import {
  addAccount,
  addCustomer,
  createContract,
  fixture,
  runImport,
} from '../src/modules/imports/imports.test-support.js';
import {
  createProcurement as createProcurementOf,
  insertProcurement,
  methodIds,
  procurementBody,
} from '../src/modules/procurements/procurements.factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Issue 18 item 5: ids of other companies cannot be probed. The client of company B, under B's
 * own path, names a row of company A (foreign) and an id nobody has (missing): both answer the
 * same status and body, and only the foreign one leaves an `access_denied` audit entry. The same
 * for ids in a body and for another user's notification.
 */

let t: TestApp;
let a: number;
let b: number;
let tokenA: string;
let tokenB: string;
const MISSING = 99_999_999;
/** rows of company A (the foreign ones), and B's own rows that carry a reference in a body */
const A = {
  contract: 0,
  upd: 0,
  payment: 0,
  run: 0,
  file: 0,
  report: 0,
  reportFile: 0,
  performance: 0,
  contact: 0,
  bank: 0,
  procurement: 0,
};
const B = { contract: 0, upd: 0, payment: 0 };
let customerA = 0;
/** Catalogue entries of company A: a procurement method and an НМЦД method (catalogue 1). */
let methodA = 0;
let priceMethodA = 0;
let notificationA = 0;

async function execution(companyId: number, token: string) {
  await addCustomer(t, companyId, '7805781663');
  await addCustomer(t, companyId, '0105015580');
  await addAccount(t, companyId, '12312312312312312');
  const upd = await runImport(t, token, companyId, 'upd', [
    { name: 'u.xml', data: fixture('upd', 'vscherbo__example-upd_5.03.xml') },
  ]);
  await runImport(t, token, companyId, 'payments', [
    { name: 'p.txt', data: fixture('1c-bank', 'kilylabs__one_day.txt') },
  ]);
  const [p] = await t.app.deps.db.select().from(payments).where(eq(payments.companyId, companyId)).limit(1);
  const c = await createContract(t, companyId, {
    number: `155-Т-${companyId}`,
    date: '2017-06-29',
    supplierInn: '7707083893',
    customerInn: '0105015580',
    price: '300000.00',
  });
  return { upd, payment: p.id, contract: c.id };
}

beforeAll(async () => {
  t = await createTestApp();
  a = t.ids.companies.client1;
  b = t.ids.companies.client2;
  tokenA = await t.login('client');
  tokenB = await t.login('client2');
  const ea = await execution(a, tokenA);
  Object.assign(A, {
    contract: ea.contract,
    upd: ea.upd.result.documents[0].id,
    payment: ea.payment,
    run: ea.upd.id,
    file: ea.upd.file_ids[0],
  });
  const eb = await execution(b, tokenB);
  Object.assign(B, { contract: eb.contract, upd: eb.upd.result.documents[0].id, payment: eb.payment });
  const report = await runReport(t, tokenA, a, `/api/companies/${a}/reports/monthly`, {
    year: 2024,
    month: 3,
  });
  A.report = report.id;
  A.reportFile = report.file_id ?? 0;
  const perf = await t.req('POST', `/api/companies/${a}/contracts/${A.contract}/performance`, {
    token: tokenA,
    body: { period_from: '2017-09-01', period_to: '2017-09-30' },
  });
  expect(perf.status, JSON.stringify(perf.body)).toBe(202);
  A.performance = perf.body.performance_id;
  A.procurement = (await createProcurementOf(t, a, procurementBody(await methodIds(t)))).id;
  const db = t.app.deps.db;
  A.contact = (await db.select().from(contacts).where(eq(contacts.companyId, a)).limit(1))[0].id;
  A.bank = (await db.select().from(bankRequisites).where(eq(bankRequisites.companyId, a)).limit(1))[0].id;
  customerA = (await db.select().from(customers).where(eq(customers.companyId, a)).limit(1))[0].id;
  A.procurement = (await insertProcurement(db, { companyId: a })).id;
  [{ id: methodA }, { id: priceMethodA }] = await db
    .insert(catalogEntries)
    .values([
      { kind: 'method', code: 'a_method', title: 'Способ компании A', companyId: a },
      { kind: 'generic', typeCode: 1, code: '101', title: 'Метод НМЦД компании A', companyId: a },
    ])
    .returning({ id: catalogEntries.id });
  notificationA = (await db.select().from(notifications).where(eq(notifications.companyId, a)).limit(1))[0]
    .id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function denials(): Promise<number> {
  const [r] = await t.app.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'access_denied')));
  return Number(r.n);
}

type Probe = [
  name: string,
  foreignId: () => number,
  call: (id: number) => Promise<{ status: number; body: unknown }>,
];

const req = (method: string, url: string, body?: unknown) => t.req(method, url, { token: tokenB, body });
const cb = () => `/api/companies/${b}`;

const PROBES: Probe[] = [
  ['contract card', () => A.contract, (id) => req('GET', `${cb()}/contracts/${id}`)],
  ['contract update', () => A.contract, (id) => req('PUT', `${cb()}/contracts/${id}`, contractBody())],
  [
    'contract status',
    () => A.contract,
    (id) => req('POST', `${cb()}/contracts/${id}/status`, { status: 'executed' }),
  ],
  [
    'contract archive',
    () => A.contract,
    (id) => req('POST', `${cb()}/contracts/${id}/archive`, { archived: true }),
  ],
  [
    'contract publication',
    () => A.contract,
    (id) => req('POST', `${cb()}/contracts/${id}/eis-publication`, { eis_published_at: '2024-03-01' }),
  ],
  ['contract history', () => A.contract, (id) => req('GET', `${cb()}/contracts/${id}/history`)],
  ['contract events', () => A.contract, (id) => req('GET', `${cb()}/contracts/${id}/events`)],
  [
    'EIS contract export',
    () => A.contract,
    (id) => req('POST', `${cb()}/contracts/${id}/export/eis-contract`, {}),
  ],
  [
    'EIS performance export',
    () => A.contract,
    (id) => req('POST', `${cb()}/contracts/${id}/export/eis-performance`, {}),
  ],
  [
    'OCDS of chosen contracts',
    () => A.contract,
    (id) => req('POST', `${cb()}/exports/ocds`, { contract_ids: [id] }),
  ],
  [
    'performance create',
    () => A.contract,
    (id) =>
      req('POST', `${cb()}/contracts/${id}/performance`, {
        period_from: '2017-09-01',
        period_to: '2017-09-30',
      }),
  ],
  ['performance list', () => A.contract, (id) => req('GET', `${cb()}/contracts/${id}/performance`)],
  [
    'performance record',
    () => A.performance,
    (id) => req('GET', `${cb()}/contracts/${B.contract}/performance/${id}`),
  ],
  ['report', () => A.report, (id) => req('GET', `${cb()}/reports/${id}`)],
  ['procurement card', () => A.procurement, (id) => req('GET', `${cb()}/procurements/${id}`)],
  ['procurement history', () => A.procurement, (id) => req('GET', `${cb()}/procurements/${id}/history`)],
  ['import run', () => A.run, (id) => req('GET', `${cb()}/imports/${id}`)],
  ['UPD document', () => A.upd, (id) => req('GET', `${cb()}/upd-documents/${id}`)],
  [
    'UPD contract',
    () => A.upd,
    (id) => req('PUT', `${cb()}/upd-documents/${id}/contract`, { contract_id: B.contract }),
  ],
  ['UPD mapping', () => A.upd, (id) => req('POST', `${cb()}/upd-documents/${id}/mapping`, { lines: [] })],
  [
    'payment assign',
    () => A.payment,
    (id) => req('POST', `${cb()}/payments/${id}/assign`, { contract_id: B.contract }),
  ],
  ['payment ignore', () => A.payment, (id) => req('POST', `${cb()}/payments/${id}/ignore`)],
  [
    'contact update',
    () => A.contact,
    (id) => req('PUT', `${cb()}/contacts/${id}`, { full_name: 'Чужой контакт', is_active: false }),
  ],
  ['contact delete', () => A.contact, (id) => req('DELETE', `${cb()}/contacts/${id}`)],
  ['bank requisites delete', () => A.bank, (id) => req('DELETE', `${cb()}/bank_requesits/${id}`)],
  ['customer delete', () => customerA, (id) => req('DELETE', `${cb()}/customers/${id}`)],
  ['file', () => A.file, (id) => req('GET', `/api/files/${id}`)],
  ['file page metadata', () => A.file, (id) => req('GET', `/api/files/${id}/meta`)],
  ['report file page metadata', () => A.reportFile, (id) => req('GET', `/api/files/${id}/meta`)],
  [
    'procurement documentation',
    () => A.procurement,
    (id) => req('GET', `${cb()}/procurements/${id}/documentation`),
  ],
  [
    'procurement document versions',
    () => A.procurement,
    (id) => req('GET', `${cb()}/procurements/${id}/documentation/1/outputs`),
  ],
  ['notification of another user', () => notificationA, (id) => req('POST', `/api/notifications/${id}/read`)],
  // ids in a body
  [
    'contract_id of a UPD document',
    () => A.contract,
    (id) => req('PUT', `${cb()}/upd-documents/${B.upd}/contract`, { contract_id: id }),
  ],
  [
    'contract_id of a payment',
    () => A.contract,
    (id) => req('POST', `${cb()}/payments/${B.payment}/assign`, { contract_id: id }),
  ],
  [
    'procurement_id of a new contract',
    () => A.procurement,
    (id) => req('POST', `${cb()}/contracts`, contractBody({ procurement_id: id })),
  ],
  [
    'customer_id of a new contract',
    () => customerA,
    (id) => req('POST', `${cb()}/contracts`, contractBody({ customer_id: id })),
  ],
  [
    'procurement_method_id of a new contract',
    () => methodA,
    (id) => req('POST', `${cb()}/contracts`, contractBody({ procurement_method_id: id })),
  ],
  [
    'price_method_id of a contract update',
    () => priceMethodA,
    (id) => req('PUT', `${cb()}/contracts/${B.contract}`, contractBody({ price_method_id: id })),
  ],
];

describe('a foreign id answers exactly like a missing one, and is audited', () => {
  it.each(PROBES.map((p, i) => [p[0], i] as const))('%s', async (_name, i) => {
    const [name, foreignId, call] = PROBES[i];
    const id = foreignId();
    expect(id, `${name}: no foreign row made`).toBeGreaterThan(0);
    const before = await denials();
    const missing = await call(MISSING);
    expect(await denials(), `${name}: a missing id is not an attempt`).toBe(before);
    const foreign = await call(id);
    expect(missing.status, name).toBeGreaterThanOrEqual(400);
    const text = (r: { body: unknown }) =>
      JSON.stringify(r.body).replaceAll(String(MISSING), 'ID').replaceAll(String(id), 'ID');
    expect({ status: foreign.status, body: text(foreign) }, name).toEqual({
      status: missing.status,
      body: text(missing),
    });
    expect(await denials(), `${name}: the foreign id is audited`).toBeGreaterThan(before);
  });
});
