import type { ContractCreateInput, ReportRun, RouteBody, RouteDef, ValidationIssue } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { type CallOpts, errorOf, type Res, type TestApp } from '../../../test/harness.js';
import { waitRun } from '../../../test/wait-run.js';
import { contractEventItems, contractEvents, contractItems, notifications } from '../../db/schema/index.js';
import { contractBody, createContract } from '../contracts/contracts.factories.js';

/**
 * What the exports' contracts add to the common factory: fixed 2024 dates (files, reports and
 * periods name them), concluded after an electronic auction, no payment terms.
 */
const IN_2024: Partial<ContractCreateInput> = {
  contract_date: '2024-03-12',
  start_date: '2024-03-12',
  end_date: '2024-12-31',
  status: 'concluded',
  procurement_method_code: 'e_auction',
  procurement_method_name: 'Аукцион в электронной форме',
  payment_terms: [],
};

/** The common contract body (2 items at 20 % VAT summing to 1 250 000,00) dated 12.03.2024. */
export const contractBody2024 = (over: Partial<ContractCreateInput> = {}) =>
  contractBody({ ...IN_2024, ...over });

/** Creates a contract of `contractBody2024(over)` through the API. */
export const createContract2024 = (
  t: TestApp,
  token: string,
  companyId: number,
  over: Partial<ContractCreateInput> = {},
) => createContract(t, token, companyId, { ...IN_2024, ...over });

/** Polls a report until its job has finished (done or failed). */
export function waitReport(t: TestApp, token: string, companyId: number, reportId: number, ms = 30_000) {
  return waitRun<ReportRun>(t, token, `/api/companies/${companyId}/reports/${reportId}`, ms);
}

/**
 * Starts a report by its URL and waits for it: kept for apps/server/test (probing); the module's
 * tests call `runExport` with the route.
 */
export async function runReport(t: TestApp, token: string, companyId: number, url: string, body: unknown) {
  const r = await t.req<{ job_id: string; report_id: number }>('POST', url, { token, body });
  if (r.status !== 202) throw new Error(`start failed: ${r.status} ${JSON.stringify(r.body)}`);
  expect(typeof r.body.job_id).toBe('string');
  return waitReport(t, token, companyId, r.body.report_id);
}

/** Starts a report through its route (`exportRoutes.x`) and waits for it. */
export async function runExport<R extends RouteDef>(
  t: TestApp,
  token: string,
  route: R,
  params: { company_id: number; id?: number },
  body: RouteBody<R>,
) {
  const r: Res<unknown> = await t.call(route, { params, body, as: { token } } as CallOpts<R>);
  const started = r.body as { job_id: string; report_id: number };
  if (r.status !== 202) throw new Error(`start failed: ${r.status} ${JSON.stringify(r.body)}`);
  expect(typeof started.job_id).toBe('string');
  return waitReport(t, token, params.company_id, started.report_id);
}

/** The body of a refused call: `{error: {code, message, details}}` (lib/app-error.ts). */
export type Refused = {
  error: { code: string; message: string; details: { issues: ValidationIssue[] } & Record<string, unknown> };
};

export { errorOf };

/** Raw bytes of a download (files, XLSX). */
export async function download(t: TestApp, token: string, url: string) {
  const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { status: r.statusCode, headers: r.headers, body: r.rawPayload };
}

/** The stored notification that ended a report's job. */
export async function reportNotification(t: TestApp, reportId: number) {
  const rows = await t.app.deps.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.kind, 'reportCreateResponse'),
        sql`(${notifications.payload}->>'report_id')::int = ${reportId}`,
      ),
    );
  expect(rows).toHaveLength(1);
  return rows[0];
}

/** Records execution directly (as the imports would): a payment, or an acceptance of specification lines. */
export async function addPayment(
  t: TestApp,
  companyId: number,
  contractId: number,
  date: string,
  amount: string,
  number: string,
) {
  const [e] = await t.app.deps.db
    .insert(contractEvents)
    .values({
      companyId,
      contractId,
      kind: 'payment',
      eventDate: date,
      amount,
      documentName: 'Платежное поручение',
      documentNumber: number,
      documentDate: date,
      source: 'bank',
      dedupeKey: `test-payment:${contractId}:${number}`,
    })
    .returning();
  return e;
}

export async function addAcceptance(
  t: TestApp,
  companyId: number,
  contractId: number,
  date: string,
  number: string,
  lines: { lineNo: number; quantity: string; amount: string }[],
) {
  const db = t.app.deps.db;
  const total = lines.reduce((s, l) => s + Number(l.amount), 0).toFixed(2);
  const [e] = await db
    .insert(contractEvents)
    .values({
      companyId,
      contractId,
      kind: 'acceptance',
      eventDate: date,
      amount: total,
      documentName: 'УПД',
      documentNumber: number,
      documentDate: date,
      source: 'upd',
      dedupeKey: `test-acceptance:${contractId}:${number}`,
    })
    .returning();
  const items = await db.select().from(contractItems).where(eq(contractItems.contractId, contractId));
  for (const l of lines) {
    const item = items.find((i) => i.lineNo === l.lineNo);
    if (!item) throw new Error(`no line ${l.lineNo}`);
    await db
      .insert(contractEventItems)
      .values({ eventId: e.id, contractItemId: item.id, quantity: l.quantity, amount: l.amount });
  }
  return e;
}
