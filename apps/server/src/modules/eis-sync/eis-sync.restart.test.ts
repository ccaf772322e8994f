import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type EisSyncRun, eisSyncRoutes } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../../test/harness.js';
import { call, freePort, login, sleep, startNode, stopNode } from '../../../test/processes.js';
import { customers, procurements } from '../../db/schema/index.js';
import { seedDemo } from '../../db/seed/demo/demo.seed.js';
import { seedReference } from '../../db/seed/index.js';
import { type EisSimulator, startEisSimulator } from '../../dev/eis-simulator/eis-simulator.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { insertProcurement } from '../procurements/procurements.factories.js';
import { previousDay } from './eis-sync.policy.js';

/**
 * A server process killed with SIGKILL in the middle of an EIS sync run, then started again: the
 * run is handed to a new job by the run recovery and finished once (one run row, ended once, one
 * notice), every archive recorded once and every document imported once. The kill point is fixed
 * by the simulator: it holds the third archive download unanswered, so two archives are imported
 * and recorded, the rest not. Real processes on PostgreSQL (like test/recovery.test.ts): needs
 * TEST_DATABASE_URL and TEST_REDIS_URL.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223');

describe.skipIf(!enabled)('an EIS sync run survives the death of its node', () => {
  const db = testDatabaseForFile({ migrated: true });
  let sim: EisSimulator;
  let company = 0;
  const nodes: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'eis-restart-'));

  beforeAll(async () => {
    await seedReference(db.database.db);
    const ids = (await seedDemo(db.database.db, { procurements: 'none' }))!;
    company = ids.companies.client1;
    const d = db.database.db;
    // the customers of the sample files are the company's заказчики (as in the simulator test)
    for (const inn of ['7710043065', '7706107510', '0105018196', '2309074812', '6806003368'])
      await d.insert(customers).values({ companyId: company, title: `Заказчик ${inn}`, inn });
    for (const notice of ['31704712239', '31704807799']) {
      const p = await insertProcurement(d, { companyId: company });
      await d
        .update(procurements)
        .set({ eisNoticeNumber: notice, status: 'published', publishedOn: '2017-02-01' })
        .where(eq(procurements.id, p.id));
    }
    sim = await startEisSimulator({ dir: FIXTURES, publishDay: previousDay(todayMoscow()), token: 'tok-r' });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(nodes.map(stopNode));
    await sim?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    db.database.query<T>(text, values);

  it('kill -9 while a download is held, restart: the run is finished once, each document once', async () => {
    const env = {
      DATABASE_URL: db.url!,
      REDIS_URL: process.env.TEST_REDIS_URL,
      DATA_DIR: dataDir,
      SECRETS_KEY: randomBytes(32).toString('hex'),
      EIS_ENDPOINT: sim.endpoint,
      EIS_MIN_INTERVAL_MS: '0',
      EIS_BLOCK_PAUSE_MS: '0',
    };
    const port = await freePort();
    const first = await startNode(port, env);
    nodes.push(first);
    const { token } = await login(port, 'client@demo.local');
    const params = { company_id: company };
    const saved = await call(port, eisSyncRoutes.save, {
      params,
      token,
      body: { token: 'tok-r', regions: ['Moskva'] },
    });
    expect(saved.status).toBe(200);

    // the third archive download is never answered: the run stops there, two archives recorded
    const held = sim.holdDownloads(2);
    const started = await call(port, eisSyncRoutes.run, { params, token });
    expect(started.status).toBe(202);
    const runId = (started.body as { run_id: number }).run_id;
    await held;
    const archivesOf = async () =>
      (
        await q<{ n: number }>('select count(*)::int as n from eis_archives where company_id = $1', [company])
      )[0].n;
    // the run recorded the archives it finished before the held one
    for (let i = 0; (await archivesOf()) < 2; i++) {
      if (i > 200) throw new Error('the first archives were not recorded');
      await sleep(50);
    }
    const exited = new Promise((r) => first.once('exit', r));
    first.kill('SIGKILL');
    await exited;
    sim.release();
    const [stranded] = await q<{ status: string; attempts: number }>(
      'select status, attempts from eis_sync_runs where id = $1',
      [runId],
    );
    expect(stranded).toEqual({ status: 'running', attempts: 1 });
    expect(await archivesOf()).toBe(2);

    const second = await startNode(port, env);
    nodes.push(second);
    const { token: token2 } = await login(port, 'client@demo.local');
    let run: EisSyncRun | undefined;
    for (let i = 0; ; i++) {
      const o = await call(port, eisSyncRoutes.overview, { params, token: token2 });
      run = o.body.runs.find((r) => r.id === runId);
      if (run && ['done', 'warning', 'failed'].includes(run.status)) break;
      // the recovery takes a run whose heartbeat is older than 20 s: bounded generously
      if (i > 600) throw new Error(`the run is still ${run?.status} after the restart`);
      await sleep(250);
    }
    expect(run.status).toBe('done');
    expect(run.errors).toEqual([]);
    // give a second (wrong) end of the old job time to show itself, then count
    await sleep(2000);

    // one run, started twice (the recovery handed it to a new job), ended once with one notice
    const runs = await q<{ id: number; status: string; attempts: number }>(
      'select id, status, attempts from eis_sync_runs where company_id = $1',
      [company],
    );
    expect(runs).toEqual([{ id: runId, status: 'done', attempts: 2 }]);
    const notices = await q<{ kind: string; n: number }>(
      `select kind, count(*)::int as n from notifications where company_id = $1 group by kind order by kind`,
      [company],
    );
    expect(notices).toEqual([{ kind: 'eisSync', n: 1 }]);
    const [notice] = await q<{ run: string }>(
      `select payload->>'eis_sync_run_id' as run from notifications where company_id = $1`,
      [company],
    );
    expect(Number(notice.run)).toBe(runId);

    // every archive recorded once, the two of the first life kept as they were
    const archives = await q<{ sha256: string; run_id: number }>(
      'select sha256, run_id from eis_archives where company_id = $1',
      [company],
    );
    expect(archives).toHaveLength(7);
    expect(new Set(archives.map((a) => a.sha256)).size).toBe(7);
    expect(archives.every((a) => Number(a.run_id) === runId)).toBe(true);

    // every document once
    const [plans] = await q<{ n: number; keys: number }>(
      `select count(*)::int as n, count(distinct registration_number)::int as keys from eis_plans where company_id = $1`,
      [company],
    );
    expect(plans.n).toBe(plans.keys);
    expect(plans.n).toBeGreaterThan(0);
    const [notices2] = await q<{ n: number; keys: number }>(
      `select count(*)::int as n, count(distinct eis_notice_number)::int as keys
         from procurements where company_id = $1 and eis_notice_number is not null`,
      [company],
    );
    expect(notices2.n).toBe(notices2.keys);
    const [cards] = await q<{ n: number; keys: number }>(
      `select count(*)::int as n, count(distinct eis_registry_number)::int as keys
         from contracts where company_id = $1 and eis_registry_number is not null`,
      [company],
    );
    expect(cards.n).toBe(cards.keys);
    expect(cards.n).toBeGreaterThanOrEqual(2);
    // no document was imported twice: one import run per document's bytes, each done
    const imports = await q<{ sha: string; n: number; done: number }>(
      `select file_sha256 as sha, count(*)::int as n, count(*) filter (where status = 'done')::int as done
         from import_runs where company_id = $1 group by file_sha256`,
      [company],
    );
    expect(imports.length).toBeGreaterThanOrEqual(5);
    expect(imports.filter((i) => i.n !== 1 || i.done !== 1)).toEqual([]);
    // no import of the sync is left open
    const [open] = await q<{ n: number }>(
      `select count(*)::int as n from import_runs where company_id = $1 and status in ('queued', 'running')`,
      [company],
    );
    expect(open.n).toBe(0);
    await stopNode(second);
  }, 180_000);
});
