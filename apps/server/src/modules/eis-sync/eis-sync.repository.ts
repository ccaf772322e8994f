import type { EisOutcomeName } from '@zakupki/shared';
import { and, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EisSyncCounts, EisSyncError } from '../../db/schema/eis-sync.js';
import {
  companies as companiesTable,
  contracts,
  customers,
  eisArchives,
  eisConfirmations,
  eisPlans,
  eisSyncRuns,
  eisSyncSettings,
  procurements,
} from '../../db/schema/index.js';
import type { RunOwner } from '../../kernel/runs.js';

export type EisSyncSettingsRow = typeof eisSyncSettings.$inferSelect;
export type EisSyncRunRow = typeof eisSyncRuns.$inferSelect;
export type EisConfirmationRow = typeof eisConfirmations.$inferSelect;
export type EisSyncErrorRow = EisSyncError;

export async function findSettings(tx: Tx, companyId: number): Promise<EisSyncSettingsRow | null> {
  const [row] = await tx.select().from(eisSyncSettings).where(eq(eisSyncSettings.companyId, companyId));
  return row ?? null;
}

export async function saveSettings(
  tx: Tx,
  companyId: number,
  v: { tokenSecret: string | null; regions: string[]; resetState: boolean },
): Promise<EisSyncSettingsRow> {
  const now = new Date();
  const state = v.resetState
    ? { state: 'unknown' as const, stateMessage: null, blockedAt: null, checkedAt: null }
    : {};
  const [row] = await tx
    .insert(eisSyncSettings)
    .values({ companyId, tokenSecret: v.tokenSecret, regions: v.regions, updatedAt: now })
    .onConflictDoUpdate({
      target: eisSyncSettings.companyId,
      set: { tokenSecret: v.tokenSecret, regions: v.regions, updatedAt: now, ...state },
    })
    .returning();
  return row;
}

/** Stores the connection's state; `blocked` sets the alarm's time once, a good state clears it. */
export async function setState(
  tx: Tx,
  companyId: number,
  state: 'ok' | 'blocked' | 'error',
  message: string | null,
): Promise<void> {
  await tx
    .update(eisSyncSettings)
    .set({
      state,
      stateMessage: message,
      checkedAt: new Date(),
      blockedAt:
        state === 'blocked'
          ? sql`coalesce(${eisSyncSettings.blockedAt}, now())`
          : state === 'ok'
            ? null
            : sql`${eisSyncSettings.blockedAt}`,
    })
    .where(eq(eisSyncSettings.companyId, companyId));
}

/** The companies the nightly run reads: a token set and not blocked. */
export async function companiesToSync(tx: Tx): Promise<number[]> {
  const rows = await tx
    .select({ id: eisSyncSettings.companyId })
    .from(eisSyncSettings)
    .where(and(isNotNull(eisSyncSettings.tokenSecret)));
  return rows.map((r) => r.id);
}

// ---- runs

/** Inserts a queued run; null when the company has an open one (the partial unique index). */
export async function insertRun(
  tx: Tx,
  v: { companyId: number; userId: number; trigger: 'nightly' | 'manual'; day: string; jobId: string },
): Promise<EisSyncRunRow | null> {
  const rows = await tx.insert(eisSyncRuns).values(v).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function openRunOf(tx: Tx, companyId: number): Promise<EisSyncRunRow | null> {
  const [row] = await tx
    .select()
    .from(eisSyncRuns)
    .where(and(eq(eisSyncRuns.companyId, companyId), inArray(eisSyncRuns.status, ['queued', 'running'])));
  return row ?? null;
}

export async function findRun(tx: Tx, id: number): Promise<EisSyncRunRow | null> {
  const [row] = await tx.select().from(eisSyncRuns).where(eq(eisSyncRuns.id, id));
  return row ?? null;
}

export async function lastRuns(tx: Tx, companyId: number, limit = 10): Promise<EisSyncRunRow[]> {
  return tx
    .select()
    .from(eisSyncRuns)
    .where(eq(eisSyncRuns.companyId, companyId))
    .orderBy(desc(eisSyncRuns.createdAt), desc(eisSyncRuns.id))
    .limit(limit);
}

export async function startRun(tx: Tx, id: number, jobId: string): Promise<EisSyncRunRow | null> {
  const [row] = await tx
    .update(eisSyncRuns)
    .set({
      status: 'running',
      jobId,
      attempts: sql`${eisSyncRuns.attempts} + 1`,
      startedAt: sql`coalesce(${eisSyncRuns.startedAt}, now())`,
      heartbeatAt: sql`now()`,
    })
    .where(
      and(
        eq(eisSyncRuns.id, id),
        inArray(eisSyncRuns.status, ['queued', 'running']),
        sql`(${eisSyncRuns.jobId} is null or ${eisSyncRuns.jobId} = ${jobId})`,
      ),
    )
    .returning();
  return row ?? null;
}

const owned = (id: number, owner: RunOwner) =>
  and(
    eq(eisSyncRuns.id, id),
    eq(eisSyncRuns.status, 'running'),
    eq(eisSyncRuns.jobId, owner.jobId),
    eq(eisSyncRuns.attempts, owner.attempts),
  );

export async function beat(tx: Tx, id: number, owner: RunOwner) {
  await tx.update(eisSyncRuns).set({ heartbeatAt: sql`now()` }).where(owned(id, owner));
}

export async function setRunProgress(
  tx: Tx,
  id: number,
  owner: RunOwner,
  progress: number,
  counts: EisSyncCounts,
) {
  await tx.update(eisSyncRuns).set({ progress, counts }).where(owned(id, owner));
}

/** Ends the run, only while this worker owns it (or, without an owner, while it is open); whether it did. */
export async function endRun(
  tx: Tx,
  id: number,
  owner: RunOwner | null,
  v: {
    status: 'done' | 'warning' | 'failed';
    outcome: EisOutcomeName;
    counts?: EisSyncCounts;
    errors: EisSyncError[];
  },
): Promise<boolean> {
  const rows = await tx
    .update(eisSyncRuns)
    .set({ ...v, progress: 100, finishedAt: new Date() })
    .where(
      owner
        ? owned(id, owner)
        : and(eq(eisSyncRuns.id, id), inArray(eisSyncRuns.status, ['queued', 'running'])),
    )
    .returning({ id: eisSyncRuns.id });
  return rows.length > 0;
}

export async function staleRuns(tx: Tx, seconds: number): Promise<EisSyncRunRow[]> {
  return tx
    .select()
    .from(eisSyncRuns)
    .where(
      and(
        inArray(eisSyncRuns.status, ['queued', 'running']),
        sql`${eisSyncRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
}

export async function claimStale(tx: Tx, run: EisSyncRunRow, jobId: string, seconds: number) {
  const [row] = await tx
    .update(eisSyncRuns)
    .set({ status: 'queued', jobId, heartbeatAt: sql`now()` })
    .where(
      and(
        eq(eisSyncRuns.id, run.id),
        eq(eisSyncRuns.status, run.status),
        eq(eisSyncRuns.attempts, run.attempts),
        run.jobId === null ? sql`${eisSyncRuns.jobId} is null` : eq(eisSyncRuns.jobId, run.jobId),
        sql`${eisSyncRuns.heartbeatAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .returning();
  return row ?? null;
}

// ---- archives

export async function archiveBySha(tx: Tx, companyId: number, sha256: string) {
  const [row] = await tx
    .select()
    .from(eisArchives)
    .where(and(eq(eisArchives.companyId, companyId), eq(eisArchives.sha256, sha256)));
  return row ?? null;
}

/**
 * Records an archive with what its import gave. A `failed` archive tried again takes the new state
 * and adds the new import runs; an `imported` one is never changed (the same bytes, nothing new).
 */
export async function recordArchive(
  tx: Tx,
  v: typeof eisArchives.$inferInsert & { status: 'imported' | 'failed'; error: string | null },
) {
  await tx
    .insert(eisArchives)
    .values(v)
    .onConflictDoUpdate({
      target: [eisArchives.companyId, eisArchives.sha256],
      set: {
        status: v.status,
        error: v.error,
        importIds: sql`${eisArchives.importIds} || excluded.import_ids`,
      },
      where: eq(eisArchives.status, 'failed'),
    });
}

// ---- what the company recorded as placed, and the confirmations

export async function customersOf(tx: Tx, companyId: number) {
  return tx
    .select({ inn: customers.inn, kpp: customers.kpp })
    .from(customers)
    .where(eq(customers.companyId, companyId));
}

export type Placed = { entity: EisConfirmationRow['entity']; entityId: number; number: string };

export async function placedOf(tx: Tx, companyId: number): Promise<Placed[]> {
  const [plans, notices, cards] = await Promise.all([
    tx
      .select({ id: eisPlans.id, number: eisPlans.registrationNumber })
      .from(eisPlans)
      .where(eq(eisPlans.companyId, companyId)),
    tx
      .select({ id: procurements.id, number: procurements.eisNoticeNumber })
      .from(procurements)
      .where(and(eq(procurements.companyId, companyId), isNotNull(procurements.eisNoticeNumber))),
    tx
      .select({ id: contracts.id, number: contracts.eisRegistryNumber })
      .from(contracts)
      .where(
        and(
          eq(contracts.companyId, companyId),
          eq(contracts.law, '223'),
          isNotNull(contracts.eisRegistryNumber),
        ),
      ),
  ]);
  return [
    ...plans.map((p) => ({ entity: 'eis_plan' as const, entityId: p.id, number: p.number })),
    ...notices.map((p) => ({ entity: 'procurement' as const, entityId: p.id, number: p.number! })),
    ...cards.map((p) => ({ entity: 'contract' as const, entityId: p.id, number: p.number! })),
  ];
}

export async function confirmationsOf(
  tx: Tx,
  companyId: number,
  entity?: EisConfirmationRow['entity'],
  ids?: number[],
) {
  if (ids && ids.length === 0) return [];
  return tx
    .select()
    .from(eisConfirmations)
    .where(
      and(
        eq(eisConfirmations.companyId, companyId),
        entity ? eq(eisConfirmations.entity, entity) : undefined,
        ids ? inArray(eisConfirmations.entityId, ids) : undefined,
      ),
    );
}

/**
 * The confirmed and not-found marks of the companies' objects (pending ones left out), with their
 * day: the day the EIS showed it, or the day of the last check (Moscow) for one not found.
 */
export async function marksOfObjects(
  tx: Tx,
  companyIds: number[],
  objects: { entity: EisConfirmationRow['entity']; entityId: number }[],
) {
  const byEntity = new Map<EisConfirmationRow['entity'], number[]>();
  for (const o of objects) byEntity.set(o.entity, [...(byEntity.get(o.entity) ?? []), o.entityId]);
  if (companyIds.length === 0 || byEntity.size === 0) return [];
  return tx
    .select({
      entity: eisConfirmations.entity,
      entityId: eisConfirmations.entityId,
      status: sql<'confirmed' | 'not_found'>`${eisConfirmations.status}`,
      on: sql<string>`coalesce(${eisConfirmations.confirmedOn}::text, to_char(${eisConfirmations.checkedAt} at time zone 'Europe/Moscow', 'YYYY-MM-DD'))`,
    })
    .from(eisConfirmations)
    .where(
      and(
        inArray(eisConfirmations.companyId, companyIds),
        inArray(eisConfirmations.status, ['confirmed', 'not_found']),
        or(
          ...[...byEntity].map(([entity, ids]) =>
            and(eq(eisConfirmations.entity, entity), inArray(eisConfirmations.entityId, ids)),
          ),
        ),
      ),
    );
}

/**
 * Records what the EIS said of a registration number: confirmed (with the day), or not seen,
 * which stays `pending` until the grace period since the first check is over.
 */
export async function recordConfirmation(
  tx: Tx,
  companyId: number,
  p: Placed,
  seen: { confirmedOn: string } | { graceDays: number },
): Promise<'confirmed' | 'pending' | 'not_found'> {
  const confirmed = 'confirmedOn' in seen;
  const [row] = await tx
    .insert(eisConfirmations)
    .values({
      companyId,
      entity: p.entity,
      entityId: p.entityId,
      registrationNumber: p.number,
      status: confirmed ? 'confirmed' : 'pending',
      confirmedOn: confirmed ? seen.confirmedOn : null,
    })
    .onConflictDoUpdate({
      target: [eisConfirmations.companyId, eisConfirmations.entity, eisConfirmations.entityId],
      set: confirmed
        ? {
            registrationNumber: p.number,
            status: 'confirmed',
            confirmedOn: sql`coalesce(${eisConfirmations.confirmedOn}, ${seen.confirmedOn})`,
            checkedAt: new Date(),
          }
        : {
            registrationNumber: p.number,
            checkedAt: new Date(),
            // a number the EIS once showed stays confirmed; one never seen becomes «not found» after the grace
            status: sql`case when ${eisConfirmations.status} = 'confirmed' then 'confirmed'
              when ${eisConfirmations.firstCheckedAt} < now() - make_interval(days => ${seen.graceDays}) then 'not_found'
              else 'pending' end`,
          },
    })
    .returning({ status: eisConfirmations.status });
  return row.status;
}

/** Test and operations aid: ages the first check of a company's pending confirmations. */
export async function ageConfirmations(tx: Tx, companyId: number, days: number) {
  await tx
    .update(eisConfirmations)
    .set({ firstCheckedAt: sql`${eisConfirmations.firstCheckedAt} - make_interval(days => ${days})` })
    .where(and(eq(eisConfirmations.companyId, companyId), lt(eisConfirmations.id, Number.MAX_SAFE_INTEGER)));
}

export async function companyInnKpp(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ inn: companiesTable.inn, kpp: companiesTable.kpp })
    .from(companiesTable)
    .where(eq(companiesTable.id, companyId));
  return row ?? null;
}
