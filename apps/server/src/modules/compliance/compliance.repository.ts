import { and, asc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  companies,
  companyMembers,
  complianceSettings,
  complianceUserPrefs,
  contractDuties,
  contracts,
  dutyMarks,
  dutyOutcomes,
  eisPlans,
  eisPlanVersions,
  mailOutbox,
  procurementProtocols,
  procurementRules,
  procurementRuleVersions,
  procurements,
  reminderSends,
  users,
} from '../../db/schema/index.js';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail.service.js';

/** Queries of the compliance calendar: the duties' sources, marks, settings, reminders, outcomes. */

export type Window = { from: string; to: string };

/** The companies by id (title, provider flag); `null` ids: every active company. */
export function companiesOf(db: Tx, ids: number[] | null) {
  return db
    .select({
      id: companies.id,
      title: companies.title,
      inn: companies.inn,
      isProvider: companies.isProvider,
    })
    .from(companies)
    .where(
      and(
        eq(companies.status, 'active'),
        ids === null ? undefined : inArray(companies.id, ids.length ? ids : [0]),
      ),
    )
    .orderBy(asc(companies.id));
}

/** Stored duties of contracts: the open ones and those due or done in the window. */
export function contractDutyRows(db: Tx, companyIds: number[], w: Window, limit?: number) {
  return (
    db
      .select({
        duty: contractDuties,
        number: contracts.number,
        law: contracts.law,
        customerId: contracts.customerId,
        customerName: contracts.customerName,
      })
      .from(contractDuties)
      .innerJoin(contracts, eq(contracts.id, contractDuties.contractId))
      .where(
        and(
          inArray(contractDuties.companyId, companyIds),
          or(
            isNull(contractDuties.doneOn),
            sql`${contractDuties.dueDate} between ${w.from} and ${w.to}`,
            sql`${contractDuties.doneOn} between ${w.from} and ${w.to}`,
          ),
        ),
      )
      .orderBy(asc(contractDuties.dueDate), asc(contractDuties.id))
      // the calendar's read: the nearest `limit` ones (a page lists no more); the job reads them all
      .limit(limit ?? Number.MAX_SAFE_INTEGER)
  );
}

/**
 * Procurements of a company that may have a duty open or in the window: one with an open duty, or
 * with a date (planned publication, placement, a protocol's signing or placement) from `since` on.
 */
export function procurementRows(db: Tx, companyId: number, since: string) {
  const recentProtocol = db
    .select({ one: sql`1` })
    .from(procurementProtocols)
    .where(
      and(
        eq(procurementProtocols.procurementId, procurements.id),
        or(gte(procurementProtocols.signedOn, since), gte(procurementProtocols.publishedOn, since)),
      ),
    );
  return db
    .select()
    .from(procurements)
    .where(
      and(
        eq(procurements.companyId, companyId),
        or(
          isNotNull(procurements.nextDutyDue),
          gte(procurements.plannedPublicationDate, since),
          gte(procurements.publishedOn, since),
          sql`exists (${recentProtocol})`,
        ),
      ),
    )
    .orderBy(asc(procurements.id));
}

/** Approved or placed versions of the companies' Положения (not archived rules). */
export function ruleVersionRows(db: Tx, companyIds: number[], since: string) {
  return db
    .select({ v: procurementRuleVersions, ruleTitle: procurementRules.title })
    .from(procurementRuleVersions)
    .innerJoin(procurementRules, eq(procurementRules.id, procurementRuleVersions.ruleId))
    .where(
      and(
        inArray(procurementRuleVersions.companyId, companyIds),
        ne(procurementRuleVersions.status, 'draft'),
        isNull(procurementRules.archivedAt),
        or(
          isNull(procurementRuleVersions.eisPublishedOn),
          gte(procurementRuleVersions.eisPublishedOn, since),
          gte(procurementRuleVersions.eisDueDate, since),
        ),
      ),
    )
    .orderBy(asc(procurementRuleVersions.eisDueDate));
}

/** The companies' EIS plans with their versions. */
export async function planRows(db: Tx, companyIds: number[]) {
  const plans = await db
    .select()
    .from(eisPlans)
    .where(inArray(eisPlans.companyId, companyIds))
    .orderBy(asc(eisPlans.year), asc(eisPlans.id));
  const versions = plans.length
    ? await db
        .select({
          planId: eisPlanVersions.planId,
          version: eisPlanVersions.version,
          approveDate: eisPlanVersions.approveDate,
          publishedAt: eisPlanVersions.publishedAt,
        })
        .from(eisPlanVersions)
        .where(
          inArray(
            eisPlanVersions.planId,
            plans.map((p) => p.id),
          ),
        )
        .orderBy(asc(eisPlanVersions.version))
    : [];
  return { plans, versions };
}

export type MarkRow = typeof dutyMarks.$inferSelect;

/** The calendar's marks of the companies. */
export function marksOf(db: Tx, companyIds: number[]): Promise<MarkRow[]> {
  return db.select().from(dutyMarks).where(inArray(dutyMarks.companyId, companyIds));
}

/** One mark of a company's duty. */
export async function markOf(db: Tx, companyId: number, key: string): Promise<MarkRow | undefined> {
  const [row] = await db
    .select()
    .from(dutyMarks)
    .where(and(eq(dutyMarks.companyId, companyId), eq(dutyMarks.dutyKey, key)));
  return row;
}

/** Stores (or replaces) the mark of a duty. */
export async function upsertMark(
  db: Tx,
  m: { companyId: number; dutyKey: string; doneOn: string; eisNumber: string; markedBy: number },
) {
  await db
    .insert(dutyMarks)
    .values(m)
    .onConflictDoUpdate({
      target: [dutyMarks.companyId, dutyMarks.dutyKey],
      set: { doneOn: m.doneOn, eisNumber: m.eisNumber, markedBy: m.markedBy, markedAt: sql`now()` },
    });
}

export type SettingsRow = typeof complianceSettings.$inferSelect;

export function settingsOf(db: Tx, companyIds: number[]): Promise<SettingsRow[]> {
  return db.select().from(complianceSettings).where(inArray(complianceSettings.companyId, companyIds));
}

export async function saveSettings(
  db: Tx,
  companyId: number,
  s: { responsibleUserIds: number[] | null; offsets: number[] },
) {
  await db
    .insert(complianceSettings)
    .values({ companyId, ...s })
    .onConflictDoUpdate({
      target: complianceSettings.companyId,
      set: { ...s, updatedAt: sql`now()` },
    });
}

/** Active members of the companies (with their role), by company. */
export function membersOf(db: Tx, companyIds: number[]) {
  return db
    .select({
      companyId: companyMembers.companyId,
      id: users.id,
      title: users.title,
      role: users.role,
      login: users.login,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(inArray(companyMembers.companyId, companyIds), eq(users.status, 'active')))
    .orderBy(asc(users.title), asc(users.id));
}

/** Whether each user receives reminder letters (no row: yes). */
export async function mailPrefs(db: Tx, userIds: number[]): Promise<Map<number, boolean>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(complianceUserPrefs)
    .where(inArray(complianceUserPrefs.userId, userIds));
  return new Map(rows.map((r) => [r.userId, r.reminderMail]));
}

export async function saveMailPref(db: Tx, userId: number, reminderMail: boolean) {
  await db
    .insert(complianceUserPrefs)
    .values({ userId, reminderMail })
    .onConflictDoUpdate({
      target: complianceUserPrefs.userId,
      set: { reminderMail, updatedAt: sql`now()` },
    });
}

export type ReminderSend = typeof reminderSends.$inferInsert;

/**
 * Claims reminders: inserts those not sent before and returns them. A reminder another run has
 * claimed (committed, or still in its transaction: the insert waits for it) is left out.
 */
export function claimReminders(db: Tx, rows: ReminderSend[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return db
    .insert(reminderSends)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: reminderSends.id, dutyKey: reminderSends.dutyKey, stage: reminderSends.stage });
}

/** Links claimed reminders to the letter and the notification that carried them. */
export async function setReminderCarriers(
  db: Tx,
  ids: number[],
  carriers: { mailId: number | null; notificationId: number },
) {
  if (ids.length) await db.update(reminderSends).set(carriers).where(inArray(reminderSends.id, ids));
}

export type OutcomeRow = typeof dutyOutcomes.$inferInsert;

/** Keeps the outcome of duties done (the monthly counts), 1000 a statement. */
export async function upsertOutcomes(db: Tx, rows: OutcomeRow[]) {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(dutyOutcomes)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [dutyOutcomes.companyId, dutyOutcomes.dutyKey],
        set: {
          dueDate: sql`excluded.due_date`,
          doneOn: sql`excluded.done_on`,
          late: sql`excluded.late`,
          module: sql`excluded.module`,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Duties done on time and late per month of their completion, newest first. */
export function outcomeCounts(db: Tx, companyId: number) {
  return db
    .select({
      month: sql<string>`to_char(${dutyOutcomes.doneOn}, 'YYYY-MM')`,
      onTime: sql<number>`count(*) filter (where not ${dutyOutcomes.late})::int`,
      late: sql<number>`count(*) filter (where ${dutyOutcomes.late})::int`,
    })
    .from(dutyOutcomes)
    .where(eq(dutyOutcomes.companyId, companyId))
    .groupBy(sql`1`)
    .orderBy(sql`1 desc`);
}

/** The rule and state of a Положение version of the company (for placing it through its module). */
export async function versionOwner(db: Tx, companyId: number, versionId: number) {
  const [row] = await db
    .select({ ruleId: procurementRuleVersions.ruleId, status: procurementRuleVersions.status })
    .from(procurementRuleVersions)
    .where(and(eq(procurementRuleVersions.id, versionId), eq(procurementRuleVersions.companyId, companyId)));
  return row;
}

/** A procurement's status and notice placement (for placing its notice through its module). */
export async function procurementState(db: Tx, companyId: number, id: number) {
  const [row] = await db
    .select({ status: procurements.status, publishedOn: procurements.publishedOn })
    .from(procurements)
    .where(and(eq(procurements.id, id), eq(procurements.companyId, companyId)));
  return row;
}

/** Reminder letters not delivered yet (their reminders are claimed: only the letter is retried). */
export async function undeliveredReminderMail(db: Tx): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: mailOutbox.id })
    .from(reminderSends)
    .innerJoin(mailOutbox, eq(mailOutbox.id, reminderSends.mailId))
    .where(and(isNull(mailOutbox.sentAt), sql`${mailOutbox.attempts} < ${MAIL_MAX_ATTEMPTS}`))
    .limit(1000);
  return rows.map((r) => r.id);
}
