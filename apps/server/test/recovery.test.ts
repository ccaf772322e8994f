import type { ChildProcess } from 'node:child_process';
import { importRoutes } from '@zakupki/shared';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankStatement } from '../bench/bank-statement.js';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { MINIMAL_DOC } from '../src/modules/imports/bank/bank.factories.js';
import { testDatabaseForFile } from './harness.js';
import { call, freePort, login, sleep, startNode, stopNode } from './processes.js';

/**
 * A server process killed with SIGKILL in the middle of an import, then started again: the run is
 * finished within a minute of the restart, once (one run, one notification, every payment once).
 * And a UTF-16 file without BOM ends its run failed with a notice. Real processes on PostgreSQL:
 * needs TEST_DATABASE_URL and TEST_REDIS_URL, like the cluster test.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

async function upload(port: number, token: string, companyId: number, name: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([data], { type: 'text/plain' }), name);
  const r = await fetch(`http://127.0.0.1:${port}/api/companies/${companyId}/imports/payments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(r.status).toBe(202);
  return ((await r.json()) as { import_id: number }).import_id;
}

describe.skipIf(!enabled)('jobs survive the death of their node', () => {
  const db = testDatabaseForFile({ migrated: true });
  let companyId = 0;
  const nodes: ChildProcess[] = [];

  beforeAll(async () => {
    const ids = (await seedDemo(db.database.db, { procurements: 'none' }))!;
    companyId = ids.companies.client1;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
  });

  const runOf = async (port: number, token: string, id: number) =>
    (await call(port, importRoutes.get, { params: { company_id: companyId, import_id: id }, token })).body;
  type Run = Awaited<ReturnType<typeof runOf>>;

  it('kill -9 mid-import, restart: the run is done within a minute, once', async () => {
    const { data, stats } = await bankStatement(db.url!, companyId, 20_000);
    const env = { DATABASE_URL: db.url!, REDIS_URL: process.env.TEST_REDIS_URL };
    const port = await freePort();
    const first = await startNode(port, env);
    nodes.push(first);
    const { token } = await login(port, 'operator@demo.local');
    const id = await upload(port, token, companyId, 'kl_to_1c.txt', data);
    // wait until the job has taken the run, then kill the process without warning
    for (let i = 0; ; i++) {
      const run = await runOf(port, token, id);
      if (run.status === 'running' && run.progress >= 10) break;
      if (run.status === 'done' || run.status === 'failed')
        throw new Error(`run ended before the kill: ${run.status}`);
      if (i > 600) throw new Error('the import did not start');
      await sleep(20);
    }
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    const [stranded] = await db.database.query<{ status: string }>(
      'select status from import_runs where id = $1',
      [id],
    );
    expect(stranded.status).toBe('running');

    const restarted = Date.now();
    const second = await startNode(port, env);
    nodes.push(second);
    let run: Run;
    for (;;) {
      run = await runOf(port, token, id);
      if (run.status === 'done' || run.status === 'failed') break;
      if (Date.now() - restarted > 60_000)
        throw new Error(`run still ${run.status} a minute after the restart`);
      await sleep(250);
    }
    const recoveredMs = Date.now() - restarted;
    expect(run.status).toBe('done');
    expect(run.kind === 'payments' ? run.result?.documents : undefined).toBe(stats.documents);
    // give a second (wrong) run of the old job time to show itself, then count
    await sleep(3000);
    const [payments] = await db.database.query<{ n: number; keys: number }>(
      'select count(*)::int as n, count(distinct natural_key)::int as keys from payments where company_id = $1',
      [companyId],
    );
    expect(payments.n).toBe(payments.keys);
    expect(payments.n).toBeGreaterThan(0);
    const [notices] = await db.database.query<{ n: number }>(
      "select count(*)::int as n from notifications where (payload->>'import_id')::bigint = $1",
      [id],
    );
    expect(notices.n).toBe(1);
    const [audited] = await db.database.query<{ n: number }>(
      "select count(*)::int as n from import_runs where company_id = $1 and status = 'done'",
      [companyId],
    );
    expect(audited.n).toBe(1);
    console.info(`[recovery] killed mid-import: done ${recoveredMs} ms after the restart`);
    await stopNode(second);
  }, 180_000);

  it('a UTF-16 file without BOM is read as UTF-16: a bad document fails the run with a notice naming its line', async () => {
    const port = await freePort();
    const node = await startNode(port, { DATABASE_URL: db.url!, REDIS_URL: process.env.TEST_REDIS_URL });
    nodes.push(node);
    const { token } = await login(port, 'operator@demo.local');
    // a payment order without its amount (Сумма), line 4 opening the document
    const text = `${MINIMAL_DOC.filter((l) => !l.startsWith('Сумма=')).join('\r\n')}\r\n`;
    const id = await upload(port, token, companyId, 'utf16.txt', iconv.encode(text, 'utf-16le'));
    let run: Run;
    const until = Date.now() + 30_000;
    do {
      await sleep(200);
      run = await runOf(port, token, id);
    } while (run.status !== 'done' && run.status !== 'failed' && Date.now() < until);
    expect(run.status).toBe('failed');
    expect(run.error).not.toContain(String.fromCharCode(0));
    expect(run.error).toMatch(/строка 4: в документе нет суммы/);
    const [notice] = await db.database.query<{ message: string }>(
      "select message from notifications where (payload->>'import_id')::bigint = $1",
      [id],
    );
    expect(notice.message).toMatch(/нет суммы/);
    await stopNode(node);
  }, 60_000);
});
