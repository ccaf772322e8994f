import type { EisOutcomeName, ImportKind } from '@zakupki/shared';
import { type RunOwner, runActor, workRun } from '../../kernel/runs.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { ParseError } from '../../lib/parse-error.js';
import type { ZipEntry } from '../../lib/zip.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { sha256Of, storeFile } from '../files/files.service.js';
import { parseEisFile } from '../imports/eis/eis.parser.js';
import { abandonFetched, importFetched } from '../imports/imports.service.js';
import { archiveDocuments, type EisConnector } from './eis-connector.js';
import {
  type DownloadOutcome,
  type EisOutcome,
  outcomeText,
  RUN_OUTCOMES,
  stopsRun,
} from './eis-outcome.policy.js';
import type { EisRequest } from './eis-soap.js';
import {
  type Counts,
  DOC_SOURCES,
  daysToRead,
  isOwnCustomer,
  noCounts,
  runStatus,
  SUBSYSTEM_OF,
} from './eis-sync.policy.js';
import * as repo from './eis-sync.repository.js';
import { connectorFor, notifyAlarm, notifyRun } from './eis-sync-notices.js';

type RunError = repo.EisSyncErrorRow;

/** The sync runs for the run lifecycle (kernel/runs.ts). */
const SYNC_RUNS = {
  name: 'eis_sync_runs',
  start: (deps: AppDeps, id: number, jobId: string) => repo.startRun(deps.db, id, jobId),
  beat: (deps: AppDeps, id: number, owner: RunOwner) => repo.beat(deps.db, id, owner),
};

/** The job of one run: claimed, worked with a heartbeat, ended once (plugins/run-recovery.ts). */
export async function executeSync(runId: number, job: JobContext): Promise<void> {
  await workRun(SYNC_RUNS, runId, job, (run, owner) => new SyncRun(job, run, owner).work());
}

class StopRun extends Error {
  constructor(readonly outcome: EisOutcome) {
    super(outcomeText(outcome));
  }
}

/**
 * One synchronisation (docs/eis-sync.md «A run»): every region × document type × day, then every
 * registration number recorded as placed. Each archive is kept content-addressed and imported by
 * the import of its kind; an archive already imported is «unchanged». A blocked token or a refused
 * request schema stops the run; any other failed step is named and the run goes on, ending
 * `warning` (or `failed` when nothing answered): never `done` with a failure.
 */
class SyncRun {
  private counts: Counts = noCounts();
  private errors: RunError[] = [];
  /** calls the EIS answered (ok or noData) */
  private answered = 0;
  private actor!: Actor;
  private connector!: EisConnector;
  private own: { inn: string; kpp: string | null }[] = [];
  private seenUrls = new Set<string>();

  constructor(
    private readonly job: JobContext,
    private readonly run: repo.EisSyncRunRow,
    private readonly owner: RunOwner,
  ) {}

  private get deps() {
    return this.job.deps;
  }

  async work(): Promise<void> {
    const { deps, run } = this;
    this.actor = await runActor(deps, run.userId, `eis-sync:${run.id}`);
    // the imports a dead node left open are ended; their archives, not recorded, are read again
    const abandoned = await abandonFetched(deps, run.companyId);
    if (abandoned)
      deps.log.warn({ eis_sync_run: run.id, abandoned }, 'eis-sync: open imports of a lost run ended');
    const connector = await connectorFor(deps, run.companyId);
    if (!connector) {
      await this.end('failed', RUN_OUTCOMES.noToken, [
        { step: 'token', outcome: RUN_OUTCOMES.noToken, message: 'токен ЕИС не задан' },
      ]);
      return;
    }
    this.connector = connector;
    const company = await repo.companyInnKpp(deps.db, run.companyId);
    this.own = [...(company ? [company] : []), ...(await repo.customersOf(deps.db, run.companyId))];
    const settings = await repo.findSettings(deps.db, run.companyId);
    const steps: EisRequest[] = [];
    for (const region of settings?.regions ?? [])
      for (const day of daysToRead(run.day))
        for (const s of DOC_SOURCES)
          steps.push({
            kind: 'getDocsByOrgRegion',
            orgRegion: region,
            subsystemType: s.subsystemType,
            documentType223: s.documentType223,
            period: { exactDate: day },
          });
    // what was recorded as placed is read after the days' documents are written: they count too
    let placed = await repo.placedOf(deps.db, run.companyId);
    let total = steps.length + placed.length || 1;
    let done = 0;
    try {
      for (const step of steps) {
        if (step.kind !== 'getDocsByOrgRegion') continue;
        const source = DOC_SOURCES.find((s) => s.documentType223 === step.documentType223)!;
        await this.readStep(
          step,
          `${step.orgRegion} ${step.documentType223} ${(step.period as { exactDate: string }).exactDate}`,
          source.kind,
        );
        await this.progress(++done, total);
      }
      const today = todayMoscow();
      placed = await repo.placedOf(deps.db, run.companyId);
      total = steps.length + placed.length || 1;
      for (const p of placed) {
        const step = `№ ${p.number}`;
        const o = await this.connector.call({
          kind: 'getDocsByReestrNumber',
          subsystemType: SUBSYSTEM_OF[p.entity],
          reestrNumber: p.number,
        });
        this.check(o, step);
        if (o.kind === 'ok') {
          this.answered++;
          await repo.recordConfirmation(deps.db, run.companyId, p, { confirmedOn: today });
        } else if (o.kind === 'noData') {
          this.answered++;
          await repo.recordConfirmation(deps.db, run.companyId, p, {
            graceDays: deps.config.eis.notFoundGraceDays,
          });
        }
        await this.progress(++done, total);
      }
    } catch (err) {
      if (!(err instanceof StopRun)) throw err;
      if (err.outcome.kind === 'blockedToken') {
        await repo.setState(deps.db, run.companyId, 'blocked', err.message);
        await notifyAlarm(deps, run.companyId, err.message);
      } else {
        await repo.setState(deps.db, run.companyId, 'error', err.message);
      }
      await this.end('failed', err.outcome.kind, this.errors);
      return;
    }
    if (this.answered > 0) await repo.setState(deps.db, run.companyId, 'ok', null);
    else if (this.errors.length) await repo.setState(deps.db, run.companyId, 'error', this.errors[0].message);
    const status = runStatus(this.counts, this.errors, this.answered);
    await this.end(status, this.errors[0]?.outcome ?? 'ok', this.errors);
  }

  /** Records a failed step; a blocked token or a refused request stops the run. */
  private check(o: EisOutcome | DownloadOutcome, step: string): void {
    if (o.kind === 'ok' || o.kind === 'noData' || o.kind === 'archive') return;
    this.errors.push({ step, outcome: o.kind, message: outcomeText(o) });
    if (stopsRun(o)) throw new StopRun(o);
  }

  private async readStep(req: EisRequest, step: string, kind: ImportKind): Promise<void> {
    const o = await this.connector.call(req);
    this.check(o, step);
    if (o.kind === 'noData') this.answered++;
    if (o.kind !== 'ok') return;
    this.answered++;
    for (const url of o.urls) {
      if (this.seenUrls.has(url)) continue;
      this.seenUrls.add(url);
      const d = await this.connector.download(url);
      this.check(d, `${step}: ${url}`);
      if (d.kind !== 'archive') {
        this.counts.failed++;
        continue;
      }
      await this.importArchive(d.data, url, step, kind);
    }
  }

  /**
   * Keeps the archive (content-addressed) and imports its documents: the same bytes again change
   * nothing once imported; an archive whose document the import refused is recorded `failed` and
   * imported again whenever a later run meets it (the 7-day re-check), e.g. once its notice is in
   * the register or the parser is fixed.
   */
  private async importArchive(data: Buffer, url: string, step: string, kind: ImportKind): Promise<void> {
    const { deps, run } = this;
    const sha256 = sha256Of(data);
    const known = await repo.archiveBySha(deps.db, run.companyId, sha256);
    if (known?.status === 'imported') {
      this.counts.unchanged++;
      return;
    }
    let entries: ZipEntry[];
    try {
      entries = await archiveDocuments(data);
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      this.counts.failed++;
      this.errors.push({ step: `${step}: ${url}`, outcome: 'unreadable', message: err.message });
      return;
    }
    const name = decodeURIComponent(url.split('/').pop() || 'archive').slice(0, 200);
    const mine = this.ownDocuments(entries);
    this.counts.skipped += entries.length - mine.length;
    const importIds: number[] = [];
    let refused: string | null = null;
    for (const entry of mine) {
      const stored = await deps.db.transaction((tx) =>
        storeFile(tx, {
          companyId: run.companyId,
          userId: run.userId,
          purpose: 'import',
          name: entry.name,
          mime: 'application/xml',
          content: entry.data,
        }),
      );
      const done = await importFetched(this.job, this.actor, run.companyId, kind, {
        ...stored,
        content: entry.data,
      });
      if (!done) continue;
      importIds.push(done.id);
      this.countImport(kind, done);
      // the import sends no notice of its own: its refusal is one of the run's errors (and notice)
      if (done.error) {
        refused ??= done.error;
        this.errors.push({
          step: `${step}: ${entry.name}`,
          outcome: RUN_OUTCOMES.importFailed,
          message: done.error,
        });
      }
    }
    // the archive is recorded once its documents are written: a run that dies before reads it again;
    // its bytes are stored once (a failed archive tried again keeps its file)
    const fileId =
      known?.fileId ??
      (
        await deps.db.transaction((tx) =>
          storeFile(tx, {
            companyId: run.companyId,
            userId: run.userId,
            purpose: 'import',
            name,
            mime: 'application/zip',
            content: data,
          }),
        )
      ).id;
    await repo.recordArchive(deps.db, {
      companyId: run.companyId,
      sha256,
      fileId,
      url,
      request: step,
      runId: run.id,
      importIds,
      status: refused ? 'failed' : 'imported',
      error: refused,
    });
  }

  /**
   * The documents of the company's customers, read by the imports' own parser (a regional archive
   * holds every customer's): a document without a customer is left to the import to judge.
   */
  private ownDocuments(entries: ZipEntry[]): ZipEntry[] {
    return entries.filter((e) => {
      try {
        const customers = parseEisFile(e.data, e.name)
          .map((d) => ('customer' in d ? d.customer : null))
          .filter((c) => c?.inn);
        return (
          customers.length === 0 ||
          customers.some((c) => isOwnCustomer({ inn: c?.inn ?? null, kpp: c?.kpp ?? null }, this.own))
        );
      } catch {
        return true; // the import names what is wrong with it
      }
    });
  }

  private countImport(
    kind: ImportKind,
    r: { status: string; result: Record<string, unknown> | null; files: { status: string }[] },
  ) {
    const failed = r.files.filter((f) => f.status === 'failed').length;
    this.counts.failed += r.status === 'failed' ? Math.max(1, failed) : failed;
    const res = (r.result ?? {}) as Record<string, number | unknown[]>;
    const n = (k: string) => (typeof res[k] === 'number' ? (res[k] as number) : 0);
    if (kind === 'eis-plans') {
      for (const p of (res.plans as { unchanged: boolean }[] | undefined) ?? []) {
        if (p.unchanged) this.counts.unchanged++;
        else this.counts.new++;
      }
    } else if (kind === 'eis-procurements') {
      this.counts.new += n('created');
      this.counts.updated += n('updated');
      this.counts.unchanged += n('unchanged');
      if (r.status !== 'failed' && ((res.items as unknown[] | undefined)?.length ?? 0) === 0)
        this.counts.skipped++;
    } else {
      this.counts.new += n('created');
      this.counts.updated += n('updated');
      this.counts.unchanged += n('unchanged') + n('duplicates');
      this.counts.skipped += n('skipped');
    }
  }

  /** Stores the run's progress and tells the author's sockets (the result is the run's one notice). */
  private async progress(done: number, total: number) {
    const progress = Math.min(99, Math.floor((done / total) * 100));
    await repo.setRunProgress(this.deps.db, this.run.id, this.owner, progress, this.counts);
    this.deps.notifier.emitToUser(this.run.userId, 'jobProgress', {
      job_id: this.job.jobId,
      kind: 'eis-sync',
      progress,
      eis_sync_run_id: this.run.id,
    });
  }

  private async end(status: 'done' | 'warning' | 'failed', outcome: EisOutcomeName, errors: RunError[]) {
    const ended = await repo.endRun(this.deps.db, this.run.id, this.owner, {
      status,
      outcome,
      counts: this.counts,
      errors: errors.slice(0, 50),
    });
    if (ended) await notifyRun(this.deps, this.run, { status, outcome, counts: this.counts, errors });
  }
}
