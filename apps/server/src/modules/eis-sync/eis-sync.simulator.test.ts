import fs from 'node:fs';
import path from 'node:path';
import { type EisSyncRun, eisSyncRoutes } from '@zakupki/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import {
  contracts,
  eisArchives,
  eisConfirmations,
  eisPlans,
  eisSyncRuns,
  importRuns,
  notifications,
  procurementProtocols,
  procurements,
} from '../../db/schema/index.js';
import {
  type EisScenario,
  type EisSimulator,
  startEisSimulator,
} from '../../dev/eis-simulator/eis-simulator.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { STALE_SECONDS } from '../../plugins/run-recovery.js';
import { addCustomer } from '../imports/imports.factories.js';
import { insertProcurement } from '../procurements/procurements.factories.js';
import { previousDay } from './eis-sync.policy.js';

/**
 * The EIS connector against the local simulator (docs/eis-sync.md): a run imports the real plan,
 * notices, protocols and contracts of the demo company's customers; the same run again changes
 * nothing; each failure ends in its named outcome with its notice and nothing written; a run whose
 * node died ends once; what was recorded as placed is confirmed or reported missing.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223');
let sim: EisSimulator;
let t: TestApp;
let company: number;
const params = () => ({ company_id: company });

beforeAll(async () => {
  sim = await startEisSimulator({ dir: FIXTURES, publishDay: previousDay(todayMoscow()), token: 'tok-demo' });
  t = await createTestApp({
    EIS_ENDPOINT: sim.endpoint,
    EIS_MIN_INTERVAL_MS: '0',
    EIS_BLOCK_PAUSE_MS: '0',
    EIS_NOT_FOUND_GRACE_DAYS: '0',
  });
  company = t.ids.companies.client1;
  // the customers of the sample files become заказчики of the demo company
  for (const inn of ['7710043065', '7706107510', '0105018196', '2309074812', '6806003368']) {
    await addCustomer(t, company, inn);
  }
  // the protocols' notices were placed earlier (the samples hold the protocols only)
  for (const notice of ['31704712239', '31704807799']) {
    const p = await insertProcurement(t.app.deps.db, { companyId: company });
    await t.app.deps.db
      .update(procurements)
      .set({ eisNoticeNumber: notice, status: 'published', publishedOn: '2017-02-01' })
      .where(eq(procurements.id, p.id));
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sim?.close();
});

async function syncAndWait(): Promise<EisSyncRun> {
  const r = await t.call(eisSyncRoutes.run, { params: params(), as: 'client' });
  expect(r.status).toBe(202);
  const id = (r.body as { run_id: number }).run_id;
  return waitSync(id);
}

async function waitSync(id: number): Promise<EisSyncRun> {
  const until = Date.now() + 120_000;
  for (;;) {
    const o = await t.call(eisSyncRoutes.overview, { params: params(), as: 'client' });
    const run = o.body.runs.find((x) => x.id === id);
    // ended, and its one notice sent (the notice follows the run's row: wait for both)
    if (run && ['done', 'warning', 'failed'].includes(run.status) && (await noticesOf('eisSync', id)).length)
      return run;
    if (Date.now() > until) throw new Error(`sync run ${id} still ${run?.status}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** What the registers hold: a failed run must leave it as it was. */
async function registers() {
  const db = t.app.deps.db;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0].n);
  return {
    plans: await n(db.select({ n: count() }).from(eisPlans).where(eq(eisPlans.companyId, company))),
    procurements: await n(
      db.select({ n: count() }).from(procurements).where(eq(procurements.companyId, company)),
    ),
    contracts: await n(db.select({ n: count() }).from(contracts).where(eq(contracts.companyId, company))),
    archives: await n(db.select({ n: count() }).from(eisArchives).where(eq(eisArchives.companyId, company))),
  };
}

const noticesOf = async (kind: string, runId?: number) =>
  (await t.app.deps.db.select().from(notifications).where(eq(notifications.kind, kind))).filter(
    (n) => runId === undefined || (n.payload as { eis_sync_run_id?: number }).eis_sync_run_id === runId,
  );

describe('EIS connector against the simulator', () => {
  it('the specialist saves a token and regions, and the check answers ok', async () => {
    const saved = await t.call(eisSyncRoutes.save, {
      params: params(),
      as: 'client',
      body: { token: 'tok-demo', regions: ['Moskva'] },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ token_set: true, regions: ['Moskva'], state: 'unknown' });
    const check = await t.call(eisSyncRoutes.check, { params: params(), as: 'client' });
    expect(check.body).toMatchObject({ ok: true, outcome: 'noData' });
    expect((await t.call(eisSyncRoutes.overview, { params: params(), as: 'client' })).body.state).toBe('ok');
    // the token never leaves the server
    expect(JSON.stringify(saved.body)).not.toContain('tok-demo');
  });

  it('a run imports the real plan, notices, protocols and contracts of the customers', async () => {
    const run = await syncAndWait();
    expect(run.errors).toEqual([]);
    expect(run).toMatchObject({ status: 'done', outcome: 'ok', trigger: 'manual' });
    const db = t.app.deps.db;
    const [plan] = await db
      .select()
      .from(eisPlans)
      .where(and(eq(eisPlans.companyId, company), eq(eisPlans.registrationNumber, '2180316803')));
    expect(plan).toBeDefined();
    const notice = await db
      .select()
      .from(procurements)
      .where(and(eq(procurements.companyId, company), eq(procurements.eisNoticeNumber, '31603913641')));
    expect(notice).toHaveLength(1);
    const cards = await db
      .select({ n: contracts.eisRegistryNumber })
      .from(contracts)
      .where(eq(contracts.companyId, company));
    expect(cards.map((c) => c.n)).toEqual(
      expect.arrayContaining(['50105018196190002040000', '50105018196180000870000']),
    );
    // the notice ZK's customer (0105062780) is not the company's: skipped, not imported
    expect(
      await db
        .select()
        .from(procurements)
        .where(and(eq(procurements.companyId, company), eq(procurements.eisNoticeNumber, '31200022868'))),
    ).toHaveLength(0);
    expect(run.counts.new).toBeGreaterThanOrEqual(4);
    expect(run.counts.failed).toBe(0);
    expect(run.counts.skipped).toBe(1);
    // every archive kept once, content-addressed: the 7 samples are 7 archives
    expect((await registers()).archives).toBe(7);
    // the result is told to its author in one summary notice, not one notice per archive
    const [notice1, ...more] = await noticesOf('eisSync', run.id);
    expect(notice1.status).toBe('success');
    expect(more).toEqual([]);
    expect(notice1.message).toContain(`новых: ${run.counts.new}`);
    const perImport = (await db.select().from(notifications)).filter(
      (n) => (n.payload as { import_id?: number }).import_id !== undefined,
    );
    expect(perImport).toEqual([]);
    // the imported plan, notice and contracts are confirmed by registration number
    const marks = await db.select().from(eisConfirmations).where(eq(eisConfirmations.companyId, company));
    const planMark = marks.find((m) => m.entity === 'eis_plan' && m.entityId === plan.id);
    expect(planMark).toMatchObject({ status: 'confirmed', confirmedOn: todayMoscow() });
    expect(
      marks.find((m) => m.entity === 'procurement' && m.registrationNumber === '31603913641')?.status,
    ).toBe('confirmed');
  });

  it('the same run again changes nothing', async () => {
    const before = await registers();
    const imports = await t.app.deps.db.select({ n: count() }).from(importRuns);
    const pushed = vi.spyOn(t.app.deps.notifier, 'emitToUser');
    const run = await syncAndWait();
    // progress goes to the author's sockets as it runs
    const progress = pushed.mock.calls.filter(
      (c) => c[1] === 'jobProgress' && (c[2] as { eis_sync_run_id?: number }).eis_sync_run_id === run.id,
    );
    pushed.mockRestore();
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.every((c) => c[0] === t.ids.users['client@demo.local'])).toBe(true);
    expect(run.status).toBe('done');
    expect(run.counts).toEqual({ new: 0, updated: 0, unchanged: 7, skipped: 0, failed: 0 });
    expect(await registers()).toEqual(before);
    // no archive imported twice
    expect(await t.app.deps.db.select({ n: count() }).from(importRuns)).toEqual(imports);
  });

  it('a registration number recorded as placed but absent from the EIS is reported missing after the grace', async () => {
    const db = t.app.deps.db;
    const [p] = await db
      .update(procurements)
      .set({ eisNoticeNumber: '31699999999' })
      .where(and(eq(procurements.companyId, company), eq(procurements.eisNoticeNumber, '31603913641')))
      .returning({ id: procurements.id });
    // a new number: the first check leaves it pending; with the grace over (0 days here) it is not found
    await db.delete(eisConfirmations).where(eq(eisConfirmations.entityId, p.id));
    await syncAndWait();
    const mark = async () =>
      (
        await db
          .select()
          .from(eisConfirmations)
          .where(and(eq(eisConfirmations.entity, 'procurement'), eq(eisConfirmations.entityId, p.id)))
      )[0];
    expect((await mark()).status).toBe('pending');
    await syncAndWait();
    expect(await mark()).toMatchObject({ status: 'not_found', confirmedOn: null });
    const listed = await t.call(eisSyncRoutes.confirmations, {
      params: params(),
      query: { entity: 'procurement' },
      as: 'client',
    });
    expect(listed.body.items.find((i) => i.entity_id === p.id)?.status).toBe('not_found');
    await db.update(procurements).set({ eisNoticeNumber: '31603913641' }).where(eq(procurements.id, p.id));
  });

  const failures: [EisScenario, string, 'failed' | 'warning'][] = [
    ['fault', 'fault', 'failed'],
    ['tooEarly', 'tooEarly', 'failed'],
    ['reset', 'transport', 'failed'],
    ['downloadBlock', 'downloadBlocked', 'warning'],
    ['notReady', 'notReady', 'warning'],
    ['error28', 'errorInfo', 'failed'],
  ];
  for (const [scenario, outcome, status] of failures) {
    it(`${scenario}: the run ends ${status} with the outcome ${outcome}, its notice, and nothing written`, async () => {
      // a fresh archive the run would import if it could: nothing of it may land
      await t.app.deps.db.delete(eisArchives).where(eq(eisArchives.companyId, company));
      const before = await registers();
      sim.scenario = scenario;
      try {
        const run = await syncAndWait();
        expect(run.status).toBe(status);
        expect(run.outcome).toBe(outcome);
        expect(run.errors.length).toBeGreaterThan(0);
        expect(run.errors[0].outcome).toBe(outcome);
        const [n] = await noticesOf('eisSync', run.id);
        expect(n.status).toBe(status === 'failed' ? 'error' : 'warning');
        expect(n.message).toContain(run.errors[0].message);
        const after = await registers();
        expect({ ...after, archives: before.archives }).toEqual(before);
        expect(after.archives).toBe(0);
      } finally {
        sim.scenario = 'normal';
      }
    });
  }

  it('a blocked token (code 34) is an alarm on the settings and a notice to the responsible users', async () => {
    sim.scenario = 'blockedToken';
    try {
      const before = await registers();
      const run = await syncAndWait();
      expect(run).toMatchObject({ status: 'failed', outcome: 'blockedToken' });
      const o = await t.call(eisSyncRoutes.overview, { params: params(), as: 'client' });
      expect(o.body.state).toBe('blocked');
      expect(o.body.blocked_at).not.toBeNull();
      expect(o.body.state_message).toContain('код 34');
      const alarms = await noticesOf('eisSyncAlarm');
      expect(alarms.length).toBeGreaterThan(0);
      expect(alarms.every((a) => a.companyId === company && a.status === 'error')).toBe(true);
      expect(await registers()).toEqual(before);
    } finally {
      sim.scenario = 'normal';
    }
    // a good check clears the alarm
    const check = await t.call(eisSyncRoutes.check, { params: params(), as: 'client' });
    expect(check.body.ok).toBe(true);
    expect(
      (await t.call(eisSyncRoutes.overview, { params: params(), as: 'client' })).body.blocked_at,
    ).toBeNull();
  });

  it('gzip-wrapped archives and a "not ready, then ready" download are read', async () => {
    await t.app.deps.db.delete(eisArchives).where(eq(eisArchives.companyId, company));
    sim.scenario = 'gzip';
    try {
      const run = await syncAndWait();
      expect(run.status).toBe('done');
      // already imported documents: nothing new, nothing failed
      expect(run.counts.new).toBe(0);
      expect(run.counts.failed).toBe(0);
    } finally {
      sim.scenario = 'normal';
    }
    await t.app.deps.db.delete(eisArchives).where(eq(eisArchives.companyId, company));
    sim.scenario = 'notReadyOnce';
    try {
      const run = await syncAndWait();
      expect(run).toMatchObject({ status: 'done', outcome: 'ok' });
      expect((await registers()).archives).toBe(7);
    } finally {
      sim.scenario = 'normal';
    }
  });

  it('a document the import refuses is an error of the run, named in its one notice: warning, never done', async () => {
    // a plan of the company's customer that is not a plan: the import refuses it with its reason
    const broken = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><purchasePlan><body><item><customer><mainInfo><inn>7710043065</inn></mainInfo></customer></item></body>',
    );
    const remove = sim.addDocument('zz__purchasePlan_broken.xml', broken);
    try {
      const before = await registers();
      const run = await syncAndWait();
      expect(run.status).toBe('warning');
      expect(run.outcome).toBe('importFailed');
      expect(run.counts.failed).toBeGreaterThan(0);
      const refused = run.errors.find((e) => e.outcome === 'importFailed')!;
      expect(refused.step).toContain('zz__purchasePlan_broken.xml');
      expect(refused.message.length).toBeGreaterThan(10);
      // one notice for the run, with the reason; none from the import itself
      const [notice, ...more] = await noticesOf('eisSync', run.id);
      expect(more).toEqual([]);
      expect(notice.status).toBe('warning');
      expect(notice.message).toContain(refused.message);
      const perImport = (await t.app.deps.db.select().from(notifications)).filter(
        (n) => (n.payload as { import_id?: number }).import_id !== undefined,
      );
      expect(perImport).toEqual([]);
      // the other documents were there already; the broken archive is kept, nothing else written
      expect(await registers()).toEqual({ ...before, archives: before.archives + 1 });
    } finally {
      remove();
    }
  });

  it('an archive the import refused is recorded failed and imported by a later run; then nothing changes', async () => {
    // a protocol of the company's customer whose notice is not in the register yet: the import
    // refuses it; once the notice is recorded, the same bytes (the 7-day re-check) are imported
    const notice = '31799999901';
    const sample = fs.readFileSync(
      path.join(
        FIXTURES,
        'khudim__purchaseProtocol_Krasnodarskii_krai_20170221_000000_20170221_235959_daily_001.xml',
      ),
      'utf8',
    );
    expect(sample).toContain('>31704712239<');
    const file = 'zz__purchaseProtocol_late_notice.xml';
    const remove = sim.addDocument(file, Buffer.from(sample.replaceAll('>31704712239<', `>${notice}<`)));
    const db = t.app.deps.db;
    const archive = async () =>
      (await db.select().from(eisArchives).where(eq(eisArchives.companyId, company))).filter((a) =>
        a.url.endsWith(file),
      );
    try {
      const first = await syncAndWait();
      expect(first).toMatchObject({ status: 'warning', outcome: 'importFailed' });
      const refused = first.errors.find((e) => e.outcome === 'importFailed')!;
      expect(refused.step).toContain(file);
      expect(refused.message).toContain(notice);
      // the notice names the outcome in Russian (the shared list's text)
      const [told] = await noticesOf('eisSync', first.id);
      expect(told.message).toContain('Итог: документ не принят импортом');
      const [failed] = await archive();
      expect(failed).toMatchObject({ status: 'failed', runId: first.id });
      expect(failed.error).toContain(notice);

      // the notice is recorded (placed by hand): nothing in the simulator changes
      const p = await insertProcurement(db, { companyId: company });
      await db
        .update(procurements)
        .set({ eisNoticeNumber: notice, status: 'published', publishedOn: '2017-02-01' })
        .where(eq(procurements.id, p.id));
      const second = await syncAndWait();
      expect(second.errors).toEqual([]);
      expect(second).toMatchObject({ status: 'done', outcome: 'ok' });
      expect(second.counts.new).toBe(1);
      const [imported] = await archive();
      // the same row and stored bytes, now imported, with the import runs of both tries
      expect(imported).toMatchObject({
        id: failed.id,
        fileId: failed.fileId,
        status: 'imported',
        error: null,
      });
      expect(imported.importIds.length).toBe(failed.importIds.length + 1);
      const protocols = await db
        .select({ n: count() })
        .from(procurementProtocols)
        .where(eq(procurementProtocols.procurementId, p.id));
      expect(Number(protocols[0].n)).toBe(1);

      // a third run: the imported archive is unchanged, not read again
      const before = await registers();
      const imports = await db.select({ n: count() }).from(importRuns);
      const third = await syncAndWait();
      expect(third).toMatchObject({ status: 'done', outcome: 'ok' });
      expect(third.counts).toMatchObject({ new: 0, updated: 0, failed: 0 });
      expect(await registers()).toEqual(before);
      expect(await db.select({ n: count() }).from(importRuns)).toEqual(imports);
      expect(await archive()).toEqual([imported]);
    } finally {
      remove();
    }
  });

  it('one open run per company: a second «Синхронизировать сейчас» answers 409', async () => {
    sim.scenario = 'slow';
    sim.slowMs = 300;
    try {
      const first = await t.call(eisSyncRoutes.run, { params: params(), as: 'client' });
      expect(first.status).toBe(202);
      const second = await t.call(eisSyncRoutes.run, { params: params(), as: 'client' });
      expect(second.status).toBe(409);
      // back to normal so the slow run ends quickly
      sim.scenario = 'normal';
      await waitSync((first.body as { run_id: number }).run_id);
    } finally {
      sim.scenario = 'normal';
    }
  });

  it('an import a dead node left open inside a sync is not recovered as an upload: the next sync run ends it, silently', async () => {
    const db = t.app.deps.db;
    const [orphan] = await db
      .insert(importRuns)
      .values({
        companyId: company,
        userId: t.ids.users['client@demo.local'],
        kind: 'eis-plans',
        uploadFileName: 'plan.xml',
        fileIds: [],
        fileSha256: 'x'.repeat(64),
        params: { source: 'eis-sync' },
        status: 'running',
        attempts: 1,
        jobId: '00000000-0000-4000-8000-000000000001',
        heartbeatAt: sql`now() - make_interval(secs => ${STALE_SECONDS + 30})`,
      })
      .returning();
    const recovered = await t.app.deps.jobs.recover();
    expect(recovered.filter((r) => r.table === 'import_runs' && r.id === orphan.id)).toEqual([]);
    await syncAndWait();
    const [row] = await db.select().from(importRuns).where(eq(importRuns.id, orphan.id));
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/прочитан заново/);
    const told = (await db.select().from(notifications)).filter(
      (n) => (n.payload as { import_id?: number }).import_id === orphan.id,
    );
    expect(told).toEqual([]);
  });

  it('a run whose node died mid-run is handed on and ends once', async () => {
    const db = t.app.deps.db;
    const [dead] = await db
      .insert(eisSyncRuns)
      .values({
        companyId: company,
        userId: t.ids.users['client@demo.local'],
        trigger: 'nightly',
        day: previousDay(todayMoscow()),
        status: 'running',
        attempts: 1,
        jobId: '00000000-0000-4000-8000-000000000000',
        heartbeatAt: sql`now() - make_interval(secs => ${STALE_SECONDS + 30})`,
      })
      .returning();
    const done = await t.app.deps.jobs.recover();
    expect(done).toEqual(
      expect.arrayContaining([{ table: 'eis_sync_runs', id: dead.id, was: 'running', action: 'requeued' }]),
    );
    const run = await waitSync(dead.id);
    expect(run.status).toBe('done');
    expect(await noticesOf('eisSync', dead.id)).toHaveLength(1);
    const [row] = await db.select().from(eisSyncRuns).where(eq(eisSyncRuns.id, dead.id));
    expect(row.attempts).toBe(2);
  });
});
