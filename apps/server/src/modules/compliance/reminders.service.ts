import type { ComplianceDuty } from '@zakupki/shared';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { AppDeps } from '../../types.js';
import { addDays } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deliverStoredMail, storeMail } from '../mail/mail.service.js';
import { type NotifyInput, storeNotification } from '../notifications/notifications.service.js';
import {
  type DigestLine,
  digestLetter,
  isOpenState,
  type ReminderStage,
  reminderStage,
} from './compliance.policy.js';
import * as repo from './compliance.repository.js';
import { companyDuties, keepOutcomes } from './compliance.service.js';
import { companySetups, type Responsible } from './compliance-settings.service.js';

/**
 * The daily reminders (docs/domain.md, «Напоминания»): each open duty reminds its company's
 * responsible users at the working-day offsets before its due date, on the due date and once after
 * it; each user gets one digest of the day (a letter, unless turned off, and a notification).
 * Exactly once across nodes: every reminder is a row of `reminder_sends` with a unique key,
 * inserted in the transaction that stores the letter and the notification; a second run (on this
 * node or another) finds the rows and sends nothing.
 */

/** How far ahead duties are read: beyond the largest offset (30 working days). */
const AHEAD_DAYS = 60;
/** How far back duties done are read to keep their outcomes (the monthly counts). */
const BACK_DAYS = 40;

type Pending = { duty: ComplianceDuty; stage: ReminderStage; daysLeft: number };

export type ReminderRun = { users: number; reminders: number; letters: number };

export async function runReminders(deps: AppDeps, today = todayMoscow()): Promise<ReminderRun> {
  const calendar = productionCalendar();
  const duties = await companyDuties(
    deps.db,
    null,
    { from: addDays(today, -BACK_DAYS), to: addDays(today, AHEAD_DAYS) },
    today,
  );
  await keepOutcomes(deps.db, duties);
  const open = duties.filter((d) => isOpenState(d.state));
  const setups = await companySetups(deps.db, [...new Set(open.map((d) => d.company_id))]);
  const byUser = new Map<number, { user: Responsible; pending: Pending[] }>();
  for (const duty of open) {
    const setup = setups.get(duty.company_id);
    if (!setup) continue;
    const stage = reminderStage(today, duty.due_date, setup.offsets, calendar);
    if (!stage) continue;
    for (const user of setup.responsible) {
      const entry = byUser.get(user.id) ?? { user, pending: [] };
      entry.pending.push({ duty, stage, daysLeft: calendar.workingDaysBetween(today, duty.due_date) });
      byUser.set(user.id, entry);
    }
  }
  const mailOn = await repo.mailPrefs(deps.db, [...byUser.keys()]);
  const run: ReminderRun = { users: 0, reminders: 0, letters: 0 };
  for (const { user, pending } of byUser.values()) {
    const sent = await sendDigest(deps, user, pending, mailOn.get(user.id) ?? true, today);
    if (sent === 0) continue;
    run.users += 1;
    run.reminders += sent;
    if (mailOn.get(user.id) ?? true) run.letters += 1;
  }
  return run;
}

/** Claims the user's reminders of the day and stores their digest in one transaction; then delivers it. */
async function sendDigest(
  deps: AppDeps,
  user: Responsible,
  pending: Pending[],
  mail: boolean,
  today: string,
): Promise<number> {
  const outcome = await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimReminders(
      tx,
      pending.map((p) => ({
        userId: user.id,
        companyId: p.duty.company_id,
        dutyKey: p.duty.key,
        stage: p.stage,
        dueDate: p.duty.due_date,
        sentOn: today,
      })),
    );
    if (claimed.length === 0) return null;
    const fresh = new Set(claimed.map((c) => `${c.dutyKey}|${c.stage}`));
    const lines: DigestLine[] = pending
      .filter((p) => fresh.has(`${p.duty.key}|${p.stage}`))
      .map((p) => ({
        company: p.duty.company_title,
        title: p.duty.title,
        object: p.duty.object.number,
        stage: p.stage,
        dueDate: p.duty.due_date,
        daysLeft: p.daysLeft,
      }));
    const letter = digestLetter(user, lines, today);
    const overdue = lines.some((l) => l.stage === 'overdue');
    const notice: NotifyInput = {
      userId: user.id,
      companyId: null,
      kind: 'notification',
      status: overdue ? 'error' : 'warning',
      header: letter.subject,
      message: lines.map((l) => `${l.company}: ${l.title}`).join('; '),
      payload: { link: '/compliance', count: lines.length },
    };
    const notificationId = await storeNotification(tx, notice);
    const letterOut = mail ? { to: user.login, subject: letter.subject, body: letter.body } : null;
    const mailId = letterOut ? await storeMail(tx, deps, letterOut) : null;
    await repo.setReminderCarriers(
      tx,
      claimed.map((c) => c.id),
      { mailId, notificationId },
    );
    return { count: claimed.length, notice, notificationId, mailId };
  });
  if (!outcome) return 0;
  await deps.notifier.push(outcome.notificationId, outcome.notice);
  // stored with its reminders; a failed SMTP exchange leaves it undelivered with its error, and
  // retryReminderLetters (a job every few minutes) tries it again: the reminders stay claimed
  if (outcome.mailId) await deliverStoredMail(deps, [outcome.mailId]);
  return outcome.count;
}

/** Delivers the reminder letters a failed SMTP exchange left undelivered, when their retry is due. */
export async function retryReminderLetters(deps: AppDeps) {
  return deliverStoredMail(deps, await repo.undeliveredReminderMail(deps.db));
}
