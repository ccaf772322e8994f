import {
  type ContractCreateInput,
  contractRoutes as c,
  companyRoutes,
  procurementDocumentRoutes as d,
  fileRoutes,
  importRoutes,
  procurementRoutes as p,
  paymentRoutes,
  performanceRoutes,
  type RouteBody,
  systemRoutes,
  updRoutes,
  exportRoutes as x,
} from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
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
import { runReport } from '../src/modules/exports/exports.factories.js';
import {
  addAccount,
  addCustomer,
  createContract,
  fixture,
  runImport,
} from '../src/modules/imports/import-uploads.factories.js';
import {
  createProcurement as createProcurementOf,
  insertProcurement,
  methodIds,
  procurementBody,
} from '../src/modules/procurements/procurements.factories.js';
import { testAppForFile } from './harness.js';

/**
 * Issue 18 item 5: ids of other companies cannot be probed. The client of company B, under B's
 * own path, names a row of company A (foreign) and an id nobody has (missing): both answer the
 * same status and body, and only the foreign one leaves an `access_denied` audit entry. The same
 * for ids in a body and for another user's notification.
 */

const t = testAppForFile();
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
  const perf = await t.call(performanceRoutes.create, {
    params: { company_id: a, id: A.contract },
    body: { period_from: '2017-09-01', period_to: '2017-09-30' },
    as: 'client',
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

/** A call by the client of company B under B's own path. */
const asB = { as: 'client2' } as const;
const inB = <P extends object>(params: P) => ({ company_id: b, ...params });
const created = (over: Partial<ContractCreateInput> = {}): RouteBody<typeof c.create> => contractBody(over);
const updated = (over: Partial<ContractCreateInput> = {}): RouteBody<typeof c.update> => contractBody(over);

const PROBES: Probe[] = [
  ['contract card', () => A.contract, (id) => t.call(c.get, { params: inB({ id }), ...asB })],
  [
    'contract update',
    () => A.contract,
    (id) => t.call(c.update, { params: inB({ id }), body: updated(), ...asB }),
  ],
  [
    'contract status',
    () => A.contract,
    (id) => t.call(c.status, { params: inB({ id }), body: { status: 'executed' }, ...asB }),
  ],
  [
    'contract archive',
    () => A.contract,
    (id) => t.call(c.archive, { params: inB({ id }), body: { archived: true }, ...asB }),
  ],
  [
    'contract publication',
    () => A.contract,
    (id) => t.call(c.publication, { params: inB({ id }), body: { eis_published_at: '2024-03-01' }, ...asB }),
  ],
  ['contract history', () => A.contract, (id) => t.call(c.history, { params: inB({ id }), ...asB })],
  ['contract events', () => A.contract, (id) => t.call(c.events, { params: inB({ id }), ...asB })],
  [
    'EIS contract export',
    () => A.contract,
    (id) => t.call(x.eisContract, { params: inB({ id }), body: {}, ...asB }),
  ],
  [
    'EIS performance export',
    () => A.contract,
    (id) => t.call(x.eisPerformance, { params: inB({ id }), body: {}, ...asB }),
  ],
  [
    'OCDS of chosen contracts',
    () => A.contract,
    (id) => t.call(x.ocds, { params: inB({}), body: { contract_ids: [id] }, ...asB }),
  ],
  [
    'performance create',
    () => A.contract,
    (id) =>
      t.call(performanceRoutes.create, {
        params: inB({ id }),
        body: { period_from: '2017-09-01', period_to: '2017-09-30' },
        ...asB,
      }),
  ],
  [
    'performance list',
    () => A.contract,
    (id) => t.call(performanceRoutes.list, { params: inB({ id }), ...asB }),
  ],
  [
    'performance record',
    () => A.performance,
    (id) => t.call(performanceRoutes.get, { params: inB({ id: B.contract, performance_id: id }), ...asB }),
  ],
  ['report', () => A.report, (id) => t.call(x.get, { params: inB({ report_id: id }), ...asB })],
  ['procurement card', () => A.procurement, (id) => t.call(p.get, { params: inB({ id }), ...asB })],
  ['procurement history', () => A.procurement, (id) => t.call(p.history, { params: inB({ id }), ...asB })],
  ['import run', () => A.run, (id) => t.call(importRoutes.get, { params: inB({ import_id: id }), ...asB })],
  ['UPD document', () => A.upd, (id) => t.call(updRoutes.get, { params: inB({ id }), ...asB })],
  [
    'UPD contract',
    () => A.upd,
    (id) => t.call(updRoutes.setContract, { params: inB({ id }), body: { contract_id: B.contract }, ...asB }),
  ],
  [
    'UPD mapping',
    () => A.upd,
    (id) => t.call(updRoutes.mapping, { params: inB({ id }), body: { lines: [] }, ...asB }),
  ],
  [
    'payment assign',
    () => A.payment,
    (id) => t.call(paymentRoutes.assign, { params: inB({ id }), body: { contract_id: B.contract }, ...asB }),
  ],
  ['payment ignore', () => A.payment, (id) => t.call(paymentRoutes.ignore, { params: inB({ id }), ...asB })],
  [
    'contact update',
    () => A.contact,
    (id) =>
      t.call(companyRoutes.contacts.update, {
        params: { id: b, item_id: id },
        body: { full_name: 'Чужой контакт', is_active: false },
        ...asB,
      }),
  ],
  [
    'contact delete',
    () => A.contact,
    (id) => t.call(companyRoutes.contacts.remove, { params: { id: b, item_id: id }, ...asB }),
  ],
  [
    'bank requisites delete',
    () => A.bank,
    (id) => t.call(companyRoutes.bank.remove, { params: { id: b, item_id: id }, ...asB }),
  ],
  [
    'customer delete',
    () => customerA,
    (id) => t.call(companyRoutes.customers.remove, { params: { id: b, item_id: id }, ...asB }),
  ],
  ['file', () => A.file, (id) => t.call(fileRoutes.get, { params: { id }, ...asB })],
  ['file page metadata', () => A.file, (id) => t.call(fileRoutes.meta, { params: { id }, ...asB })],
  [
    'report file page metadata',
    () => A.reportFile,
    (id) => t.call(fileRoutes.meta, { params: { id }, ...asB }),
  ],
  ['procurement documentation', () => A.procurement, (id) => t.call(d.get, { params: inB({ id }), ...asB })],
  [
    'procurement document versions',
    () => A.procurement,
    (id) => t.call(d.outputs, { params: inB({ id, document_id: 1 }), ...asB }),
  ],
  [
    'notification of another user',
    () => notificationA,
    (id) => t.call(systemRoutes.readNotification, { params: { id }, ...asB }),
  ],
  // ids in a body
  [
    'contract_id of a UPD document',
    () => A.contract,
    (id) => t.call(updRoutes.setContract, { params: inB({ id: B.upd }), body: { contract_id: id }, ...asB }),
  ],
  [
    'contract_id of a payment',
    () => A.contract,
    (id) =>
      t.call(paymentRoutes.assign, { params: inB({ id: B.payment }), body: { contract_id: id }, ...asB }),
  ],
  [
    'procurement_id of a new contract',
    () => A.procurement,
    (id) => t.call(c.create, { params: inB({}), body: created({ procurement_id: id }), ...asB }),
  ],
  [
    'customer_id of a new contract',
    () => customerA,
    (id) => t.call(c.create, { params: inB({}), body: created({ customer_id: id }), ...asB }),
  ],
  [
    'procurement_method_id of a new contract',
    () => methodA,
    (id) => t.call(c.create, { params: inB({}), body: created({ procurement_method_id: id }), ...asB }),
  ],
  [
    'price_method_id of a contract update',
    () => priceMethodA,
    (id) =>
      t.call(c.update, {
        params: inB({ id: B.contract }),
        body: updated({ price_method_id: id }),
        ...asB,
      }),
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
