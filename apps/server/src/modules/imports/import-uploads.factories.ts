import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  buildPath,
  type ImportKind,
  type ImportRun,
  importRoutes,
  type RouteResponse,
} from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { type Caller, errorOf, type Res, type TestApp } from '../../../test/harness.js';
import { waitRun } from '../../../test/wait-run.js';
import { notifications } from '../../db/schema/index.js';
import { importedContract } from './imports.factories.js';

/** Test helpers of the import module (not a test file itself). */

/** The notification of kind `kind` an import run sent (its payload names the run). */
export async function importNotice(t: TestApp, kind: string, runId: number) {
  const rows = await t.app.deps.db.select().from(notifications).where(eq(notifications.kind, kind));
  return rows.find((r) => (r.payload as { import_id: number }).import_id === runId);
}

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../../../shared/fixtures/real');
export const fixture = (dir: string, name: string) => fs.readFileSync(path.join(FIXTURES, dir, name));

export type UploadFile = { name: string; data: Buffer; contentType?: string };

/** A multipart/form-data body with `file` parts (or another field name) and text fields. */
export function multipart(files: UploadFile[], fields: Record<string, string> = {}, fieldName = 'file') {
  const boundary = `----zk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${f.name}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function upload(
  t: TestApp,
  token: string,
  companyId: number,
  kind: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const body = multipart(files, fields);
  return t.req('POST', `/api/companies/${companyId}/imports/${kind}`, {
    token,
    body: body.payload,
    headers: body.headers,
  });
}

/** Polls GET …/imports/:id until the run is done or failed (30 s at most). */
export function waitImport(
  t: TestApp,
  token: string,
  companyId: number,
  importId: number,
  timeoutMs = 30_000,
) {
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the run's result by kind
  return waitRun<any>(t, token, `/api/companies/${companyId}/imports/${importId}`, timeoutMs);
}

/** Uploads and waits; asserts the 202. */
export async function runImport(
  t: TestApp,
  token: string,
  companyId: number,
  kind: string,
  files: UploadFile[],
  fields: Record<string, string> = {},
) {
  const r = await upload(t, token, companyId, kind, files, fields);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return waitImport(t, token, companyId, r.body.import_id);
}

/** A run of one kind of import, its result typed by the kind (null on a failed run: the tests that expect a failure check it). */
export type RunOf<K extends ImportKind> = Omit<Extract<ImportRun, { kind: K }>, 'result'> & {
  result: NonNullable<Extract<ImportRun, { kind: K }>['result']>;
};

/** The error body of a refused call. */
export { errorOf };

/** The token of a caller of `t.call` (an empty token: no Authorization header). */
async function tokenOf(t: TestApp, who: Caller): Promise<string> {
  if (typeof who === 'string') return t.login(who);
  return 'token' in who ? who.token : t.login(who.login);
}

/**
 * Uploads files to `importRoutes.start` (a multipart body, which `t.call` does not send):
 * `fieldName` names the file parts (`file` unless a test sends a wrong one).
 */
export async function uploadAs<K extends ImportKind>(
  t: TestApp,
  o: {
    company: number;
    kind: K;
    files: UploadFile[];
    fields?: Record<string, string>;
    fieldName?: string;
    as: Caller;
  },
): Promise<Res<RouteResponse<typeof importRoutes.start>>> {
  const body = multipart(o.files, o.fields, o.fieldName);
  return t.req('POST', buildPath(importRoutes.start.path, { company_id: o.company, kind: o.kind }), {
    token: await tokenOf(t, o.as),
    body: body.payload,
    headers: body.headers,
  });
}

/** Polls the run (`importRoutes.get`) until it is done, a warning or failed (30 s at most). */
export async function waitImportAs<K extends ImportKind>(
  t: TestApp,
  o: { company: number; kind: K; id: number; as: Caller },
  timeoutMs = 30_000,
): Promise<RunOf<K>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await t.call(importRoutes.get, {
      params: { company_id: o.company, import_id: o.id },
      as: o.as,
    });
    expect(r.status).toBe(200);
    expect(r.body.kind).toBe(o.kind);
    if (['done', 'warning', 'failed'].includes(r.body.status)) return r.body as RunOf<K>;
    if (Date.now() > until) throw new Error(`import ${o.id} still ${r.body.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

/** Uploads and waits for the run; asserts the 202. */
export async function importAs<K extends ImportKind>(
  t: TestApp,
  o: { company: number; kind: K; files: UploadFile[]; fields?: Record<string, string>; as: Caller },
): Promise<RunOf<K>> {
  const r = await uploadAs(t, o);
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  return waitImportAs(t, { company: o.company, kind: o.kind, id: r.body.import_id, as: o.as });
}

/** The test data of the imports (contracts, заказчики, accounts, companies): imports.factories.ts. */
export { addAccount, addCustomer, contractRow, newCompany } from './imports.factories.js';

export type DemoItem = {
  name: string;
  quantity: string;
  price: string;
  amount: string;
  okei?: string | null;
  okpd2?: string | null;
};

/** A concluded contract written straight into the register, in the older spelling of `importedContract`. */
export function createContract(
  t: TestApp,
  companyId: number,
  c: {
    number: string;
    date: string;
    supplierInn: string;
    customerInn: string;
    price: string;
    registry?: string | null;
    law?: '223' | '44';
    items?: DemoItem[];
    status?: 'concluded' | 'draft';
  },
): Promise<{ id: number; itemIds: number[] }> {
  return importedContract(t, companyId, {
    number: c.number,
    contract_date: c.date,
    supplier_inn: c.supplierInn,
    customer_inn: c.customerInn,
    price: c.price,
    eis_registry_number: c.registry,
    law: c.law,
    status: c.status,
    items: c.items?.map((it) => ({
      name: it.name,
      quantity: it.quantity,
      price: it.price,
      amount: it.amount,
      okei_code: it.okei,
      okpd2_code: it.okpd2,
    })),
  });
}
