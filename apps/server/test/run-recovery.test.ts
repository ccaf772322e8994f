import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  catalogImports,
  contracts,
  importRuns,
  notifications,
  performanceRecords,
  procurementDocumentRuns,
  reportRuns,
} from '../src/db/schema/index.js';
import { copyProcurementRuleJob } from '../src/modules/procurement-rules/procurement-rules.jobs.js';
import { insertProcurement } from '../src/modules/procurements/procurements.factories.js';
import { lostQueue } from '../src/plugins/jobs.js';
import {
  HEARTBEAT_MS,
  MAX_STARTS,
  STALE_SECONDS,
  stopHeartbeats,
  withHeartbeat,
} from '../src/plugins/run-recovery.js';
import type { AppDeps } from '../src/types.js';
import { testAppForFile } from './harness.js';

/**
 * The runs of every long job that a dead node left open (docs/operations.md «Outages»): a run whose
 * heartbeat went stale and whose worker is not in this process is re-queued (imports, catalogue
 * imports, reports) or ended failed with one notice (documents generation, and any run that
 * killed its worker MAX_STARTS times); a run a live worker still beats is left alone; passes on
 * several nodes at once end a run once. The app runs no workers here, so what the pass did stays
 * visible: the passes are called as the upkeep calls them (`jobs.recover()`).
 */
const t = testAppForFile({ JOBS_ENABLED: 'false' });

let company: number;
let user: number;
const db = () => t.app.deps.db;
const ago = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;
const STALE = STALE_SECONDS + 30;

beforeAll(() => {
  company = t.ids.companies.client1;
  user = t.ids.users['client@demo.local'];
});

type Open = { status: 'queued' | 'running'; attempts: number; beatAgo: number; jobId?: string | null };

async function importRun(o: Open) {
  const [r] = await db()
    .insert(importRuns)
    .values({
      companyId: company,
      userId: user,
      kind: 'payments',
      uploadFileName: 'kl_to_1c.txt',
      fileIds: [],
      fileSha256: randomUUID(),
      params: {},
      status: o.status,
      attempts: o.attempts,
      jobId: o.jobId === undefined ? randomUUID() : o.jobId,
      heartbeatAt: ago(o.beatAgo),
    })
    .returning();
  return r;
}

async function catalogRun(o: Open) {
  const [r] = await db()
    .insert(catalogImports)
    .values({
      catalog: 'okpd2',
      params: { type: null, subject_type: null },
      companyId: null,
      userId: user,
      fileId: 999_999,
      fileName: 'okpd2.xlsx',
      status: o.status,
      attempts: o.attempts,
      jobId: o.jobId === undefined ? randomUUID() : o.jobId,
      heartbeatAt: ago(o.beatAgo),
    })
    .returning();
  return r;
}

async function reportRun(o: Open) {
  const [r] = await db()
    .insert(reportRuns)
    .values({
      companyId: company,
      userId: user,
      reportCode: 'monthly-223-19',
      title: 'Отчёт за октябрь',
      status: o.status,
      attempts: o.attempts,
      jobId: o.jobId === undefined ? randomUUID() : o.jobId,
      heartbeatAt: ago(o.beatAgo),
    })
    .returning();
  return r;
}

async function documentRun(beatAgo: number) {
  const p = await insertProcurement(db(), { companyId: company, method: 'e_auction' });
  const [r] = await db()
    .insert(procurementDocumentRuns)
    .values({
      procurementId: p.id,
      companyId: company,
      userId: user,
      jobId: randomUUID(),
      documentIds: [1],
      createdAt: ago(beatAgo + 5),
      heartbeatAt: ago(beatAgo),
    })
    .returning();
  return r;
}

const noticesAbout = async (key: string, id: number) =>
  (await db().select().from(notifications).where(eq(notifications.userId, user))).filter(
    (n) => (n.payload as Record<string, unknown>)[key] === id,
  );

const jobState = async (name: string, id: string | null) =>
  id ? ((await t.app.deps.jobs.boss.getJobById(name, id))?.state ?? null) : null;

describe('runs of a dead node are recovered by the upkeep', () => {
  it('a stale running run of each resumable kind is handed to a new job, without a notice', async () => {
    const imp = await importRun({ status: 'running', attempts: 1, beatAgo: STALE });
    const cat = await catalogRun({ status: 'running', attempts: 1, beatAgo: STALE });
    const rep = await reportRun({ status: 'running', attempts: 1, beatAgo: STALE });
    const done = await t.app.deps.jobs.recover();
    expect(done).toEqual(
      expect.arrayContaining([
        { table: 'import_runs', id: imp.id, was: 'running', action: 'requeued' },
        { table: 'catalog_imports', id: cat.id, was: 'running', action: 'requeued' },
        { table: 'report_runs', id: rep.id, was: 'running', action: 'requeued' },
      ]),
    );
    const [i] = await db().select().from(importRuns).where(eq(importRuns.id, imp.id));
    const [c] = await db().select().from(catalogImports).where(eq(catalogImports.id, cat.id));
    const [r] = await db().select().from(reportRuns).where(eq(reportRuns.id, rep.id));
    for (const [row, before, name] of [
      [i, imp, 'imports.payments'],
      [c, cat, 'catalogs.xlsx-import'],
      [r, rep, 'exports.report'],
    ] as const) {
      expect(row.status).toBe('queued');
      expect(row.jobId).not.toBe(before.jobId);
      expect(await jobState(name, row.jobId)).toBe('created');
    }
    expect(await noticesAbout('import_id', imp.id)).toHaveLength(0);
    expect(await noticesAbout('catalog_import_id', cat.id)).toHaveLength(0);
    expect(await noticesAbout('report_id', rep.id)).toHaveLength(0);
    // handed on: its heartbeat is fresh, the next pass leaves it to its new job
    const again = await t.app.deps.jobs.recover();
    expect(again.filter((x) => [imp.id, cat.id, rep.id].includes(x.id))).toEqual([]);
  });

  it('a queued run whose job was never sent gets its own job id sent', async () => {
    const jobId = randomUUID();
    const rep = await reportRun({ status: 'queued', attempts: 0, beatAgo: STALE, jobId });
    expect(await jobState('exports.report', jobId)).toBeNull();
    await t.app.deps.jobs.recover();
    const [r] = await db().select().from(reportRuns).where(eq(reportRuns.id, rep.id));
    expect(r.jobId).toBe(jobId);
    expect(await jobState('exports.report', jobId)).toBe('created');
  });

  it(`a run that lost its worker ${MAX_STARTS} times ends failed with one notice, even on two nodes at once`, async () => {
    const o = { status: 'running', attempts: MAX_STARTS, beatAgo: STALE } as const;
    const imp = await importRun(o);
    const cat = await catalogRun(o);
    const rep = await reportRun(o);
    const doc = await documentRun(STALE);
    // two nodes' upkeep at the same moment
    const [a, b] = await Promise.all([t.app.deps.jobs.recover(), t.app.deps.jobs.recover()]);
    const ours = [...a, ...b].filter(
      (x) =>
        (x.table === 'import_runs' && x.id === imp.id) ||
        (x.table === 'catalog_imports' && x.id === cat.id) ||
        (x.table === 'report_runs' && x.id === rep.id) ||
        (x.table === 'procurement_document_runs' && x.id === doc.id),
    );
    expect(ours.map((x) => x.action)).toEqual(['failed', 'failed', 'failed', 'failed']);
    await t.app.deps.jobs.recover();

    const [i] = await db().select().from(importRuns).where(eq(importRuns.id, imp.id));
    expect(i.status).toBe('failed');
    expect(i.error).toMatch(/прерывалась 3 раза/);
    const [c] = await db().select().from(catalogImports).where(eq(catalogImports.id, cat.id));
    expect(c.status).toBe('failed');
    expect(c.error).toMatch(/^Файл не загружен: обработка прерывалась 3 раза/);
    const [r] = await db().select().from(reportRuns).where(eq(reportRuns.id, rep.id));
    expect(r.status).toBe('failed');
    expect(r.error).toMatch(/^Не удалось сформировать отчёт: обработка прерывалась/);
    const [d] = await db()
      .select()
      .from(procurementDocumentRuns)
      .where(eq(procurementDocumentRuns.id, doc.id));
    expect(d.finishedAt).not.toBeNull();
    expect(d.error).toMatch(/^Формирование прервано: сервер остановился/);

    const ni = await noticesAbout('import_id', imp.id);
    const nc = await noticesAbout('catalog_import_id', cat.id);
    const nr = await noticesAbout('report_id', rep.id);
    const nd = (await db().select().from(notifications).where(eq(notifications.userId, user))).filter(
      (n) =>
        n.kind === 'readyDocumentResponse' &&
        (n.payload as { procurement_id: number }).procurement_id === doc.procurementId,
    );
    for (const n of [ni, nc, nr, nd]) {
      expect(n).toHaveLength(1);
      expect(n[0].status).toBe('error');
    }
  });

  it('a run whose worker still beats is left alone, and so is one worked on in this process', async () => {
    const fresh = { status: 'running', attempts: 1, beatAgo: 1 } as const;
    const imp = await importRun(fresh);
    const cat = await catalogRun(fresh);
    const rep = await reportRun(fresh);
    const doc = await documentRun(1);
    // stale by its row, but its worker is here (a long transaction holds its heartbeat back)
    const here = await reportRun({ status: 'running', attempts: 1, beatAgo: STALE });
    let release = () => {};
    const held = withHeartbeat(
      t.app.deps,
      'report_runs',
      here.id,
      async () => {},
      () => new Promise<void>((resolve) => (release = resolve)),
    );
    const done = await t.app.deps.jobs.recover();
    release();
    await held;
    const touched = done.filter(
      (x) =>
        (x.table === 'import_runs' && x.id === imp.id) ||
        (x.table === 'catalog_imports' && x.id === cat.id) ||
        (x.table === 'report_runs' && [rep.id, here.id].includes(x.id)) ||
        (x.table === 'procurement_document_runs' && x.id === doc.id),
    );
    expect(touched).toEqual([]);
    const [i] = await db().select().from(importRuns).where(eq(importRuns.id, imp.id));
    expect([i.status, i.jobId]).toEqual(['running', imp.jobId]);
    const [r] = await db()
      .select()
      .from(reportRuns)
      .where(and(eq(reportRuns.id, here.id), eq(reportRuns.status, 'running')));
    expect(r.jobId).toBe(here.jobId);
  });

  it('a documents run still waiting for its job is not taken for a dead one', async () => {
    const p = await insertProcurement(db(), { companyId: company, method: 'e_auction' });
    // never started (its heartbeat is its insert's) a minute ago: its job is queued behind others
    const [run] = await db()
      .insert(procurementDocumentRuns)
      .values({
        procurementId: p.id,
        companyId: company,
        userId: user,
        jobId: randomUUID(),
        documentIds: [1],
        createdAt: ago(60),
        heartbeatAt: ago(60),
      })
      .returning();
    const done = await t.app.deps.jobs.recover();
    expect(done.filter((x) => x.table === 'procurement_document_runs' && x.id === run.id)).toEqual([]);
  });

  it('the worker that was thought dead cannot end its run after it was handed on', async () => {
    const rep = await reportRun({ status: 'running', attempts: 1, beatAgo: STALE });
    await t.app.deps.jobs.recover();
    const { endReportRun } = await import('../src/modules/exports/report-runs.repository.js');
    const ended = await endReportRun(
      db(),
      rep.id,
      { jobId: rep.jobId!, attempts: 1 },
      {
        status: 'done',
      },
    );
    expect(ended).toBe(false);
  });

  it('a performance record still queued after every attempt of its job could run ends failed with one notice', async () => {
    const [c] = await db()
      .insert(contracts)
      .values({
        companyId: company,
        number: 'П-1',
        contractDate: '2024-06-01',
        subject: 'Поставка',
        customerName: 'Заказчик',
        customerInn: '7802123456',
        supplierInn: '7701234567',
        supplierName: 'Поставщик',
        price: '100.00',
        status: 'concluded',
      })
      .returning();
    const record = (minutesAgo: number) =>
      db()
        .insert(performanceRecords)
        .values({
          companyId: company,
          contractId: c.id,
          guid: randomUUID(),
          periodFrom: '2024-06-01',
          periodTo: '2024-06-30',
          createdBy: user,
          createdAt: ago(minutesAgo * 60),
        })
        .returning();
    const [lost] = await record(10);
    const [waiting] = await record(1);
    await Promise.all([t.app.deps.jobs.recover(), t.app.deps.jobs.recover()]);
    const rows = await db().select().from(performanceRecords).where(eq(performanceRecords.contractId, c.id));
    expect(rows.find((r) => r.id === lost.id)?.status).toBe('failed');
    expect(rows.find((r) => r.id === waiting.id)?.status).toBe('queued');
    expect(await noticesAbout('performance_id', lost.id)).toHaveLength(1);
    expect(await noticesAbout('performance_id', waiting.id)).toHaveLength(0);
  });

  it('a rule copy whose last attempt was lost goes to its dead letter queue, which answers the user once', async () => {
    const jobs = t.app.deps.jobs;
    const payload = {
      user_id: user,
      role: 'client' as const,
      login: 'client@demo.local',
      rule_id: 999_999,
      source_company_id: company,
      target_company_id: company,
      key: randomUUID(),
    };
    const id = (await jobs.send(copyProcurementRuleJob, payload))!;
    // its last attempt, taken by a node that died: pg-boss fails it by its expiry
    await t.db.database.query('update pgboss.job set retry_count = retry_limit where id = $1', [id]);
    await jobs.boss.fail(copyProcurementRuleJob.name, id);
    const [lost] = await t.db.database.query<{ data: typeof payload }>(
      'select data from pgboss.job where name = $1 and data @> $2::jsonb',
      [lostQueue(copyProcurementRuleJob), JSON.stringify({ key: payload.key })],
    );
    expect(lost.data).toMatchObject(payload);
    await copyProcurementRuleJob.onLost!(copyProcurementRuleJob.payload.parse(lost.data), t.app.deps);
    const sent = (await db().select().from(notifications).where(eq(notifications.userId, user))).filter(
      (n) => n.kind === 'copyProcurementRuleResponse',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].status).toBe('error');
    expect(sent[0].message).toMatch(/^Копирование положения прервано/);
  });
});

describe('heartbeats at shutdown', () => {
  it('stop for the app that shuts down (its runs go stale for another node), not for another app', async () => {
    vi.useFakeTimers();
    try {
      const closing = { log: { warn() {} } } as unknown as AppDeps;
      const staying = { log: { warn() {} } } as unknown as AppDeps;
      const beats = { closing: 0, staying: 0 };
      let release = () => {};
      const work = () => new Promise<void>((resolve) => (release = resolve));
      const a = withHeartbeat(closing, 'import_runs', 1, async () => beats.closing++, work);
      const releaseA = release;
      const b = withHeartbeat(staying, 'import_runs', 2, async () => beats.staying++, work);
      vi.advanceTimersByTime(HEARTBEAT_MS * 2);
      expect(beats).toEqual({ closing: 2, staying: 2 });
      stopHeartbeats(closing);
      vi.advanceTimersByTime(HEARTBEAT_MS * 3);
      expect(beats).toEqual({ closing: 2, staying: 5 });
      releaseA();
      release();
      await Promise.all([a, b]);
    } finally {
      vi.useRealTimers();
    }
  });
});
