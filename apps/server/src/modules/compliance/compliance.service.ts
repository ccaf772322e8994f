import {
  type ComplianceCalendar,
  type ComplianceDuty,
  type ComplianceQuery,
  DUTY_STATES,
  type DutyMarkInput,
  isStaff,
  type StaffComplianceQuery,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { conflict, forbidden, invalid, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { statusOf } from '../calendar/due-dates.policy.js';
import { addDays, formatRuDate } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { shown, windowOf } from './compliance.policy.js';
import * as repo from './compliance.repository.js';
import { companySetups } from './compliance-settings.service.js';
import { withEisMarks } from './duty-eis-marks.service.js';
import { recordOnOwner } from './duty-owners.service.js';
import { type DutySources, sourceDuties } from './duty-sources.service.js';

/** The compliance calendar: the duties of every module with the calendar's marks, marking one done. */

type Query = z.output<typeof ComplianceQuery>;
type Window = { from: string; to: string };

const markKey = (companyId: number, key: string) => `${companyId}|${key}`;

/**
 * Every duty of the companies open today or due or done in the window, with the calendar's marks
 * (a duty its module does not see done is done on its mark's date), the companies' titles and
 * responsible users; by due date. Runs in the caller's transaction (or on the pool).
 */
export async function companyDuties(
  db: Tx,
  companyIds: number[] | null,
  w: Window,
  today = todayMoscow(),
  /** the calendar's page: contract duties (the many) read up to this many, nearest due first */
  limit?: number,
  sources: DutySources = 'all',
): Promise<ComplianceDuty[]> {
  const companies = await repo.companiesOf(db, companyIds);
  const ids = companies.map((c) => c.id);
  if (ids.length === 0) return [];
  const marks = new Map((await repo.marksOf(db, ids)).map((m) => [markKey(m.companyId, m.dutyKey), m]));
  const setups = await companySetups(db, ids);
  const titles = new Map(companies.map((c) => [c.id, c.title ?? `ИНН ${c.inn}`]));
  const calendar = productionCalendar();
  const out: ComplianceDuty[] = [];
  for (const d of await sourceDuties(db, companies, w, today, marks, limit, sources)) {
    const mark = marks.get(markKey(d.company_id, d.key));
    const doneOn = d.done_on ?? (d.mark === 'mark' ? (mark?.doneOn ?? null) : null);
    const state =
      doneOn === d.done_on
        ? d.state
        : statusOf(d.due_date, doneOn, today, calendar, deadlineConfigFor(d.company_id).dueSoonWorkingDays);
    const duty: ComplianceDuty = {
      ...d,
      done_on: doneOn,
      state,
      eis_number: mark?.eisNumber ?? null,
      // the object's mark in the EIS is added to the duties an answer lists (withEisMarks)
      eis_status: null,
      eis_status_on: null,
      company_title: titles.get(d.company_id) ?? '',
      responsible: (setups.get(d.company_id)?.responsible ?? []).map((r) => ({ id: r.id, title: r.title })),
    };
    if (shown(duty, w)) out.push(duty);
  }
  return out.sort((a, b) =>
    a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
}

/** Applies the filters; counts by state are taken before the state filter (the screen's chips). */
function present(items: ComplianceDuty[], q: Query, w: Window, today: string): ComplianceCalendar {
  const filtered = items.filter(
    (d) =>
      (!q.module?.length || q.module.includes(d.module)) &&
      (!q.customer_id || d.customer?.id === q.customer_id) &&
      (!q.responsible_id || d.responsible.some((r) => r.id === q.responsible_id)),
  );
  const counts = Object.fromEntries(DUTY_STATES.map((s) => [s, 0])) as ComplianceCalendar['counts'];
  for (const d of filtered) counts[d.state] += 1;
  const listed = filtered.filter((d) => !q.state?.length || q.state.includes(d.state));
  return {
    from: w.from,
    to: w.to,
    today,
    counts,
    more: listed.length > q.limit,
    items: listed.slice(0, q.limit),
  };
}

export async function companyCalendar(
  deps: AppDeps,
  companyId: number,
  q: Query,
): Promise<ComplianceCalendar> {
  const today = todayMoscow();
  const w = windowOf(today, q.from, q.to);
  const calendar = present(await companyDuties(deps.db, [companyId], w, today, q.limit + 1), q, w, today);
  return { ...calendar, items: await withEisMarks(deps, calendar.items) };
}

/** The calendar across every company the staff member acts for (admin: all of them). */
export async function staffCalendar(
  deps: AppDeps,
  actor: Actor,
  q: z.output<typeof StaffComplianceQuery>,
): Promise<ComplianceCalendar> {
  if (!isStaff(actor.role)) throw forbidden('Календарь по всем компаниям доступен только сотрудникам');
  const today = todayMoscow();
  const w = windowOf(today, q.from, q.to);
  const scope = await companyIdsFor(deps.db, actor);
  const wanted = q.company_id?.length ? q.company_id : null;
  const ids = scope === null ? wanted : wanted ? wanted.filter((id) => scope.includes(id)) : scope;
  const calendar = present(await companyDuties(deps.db, ids, w, today, q.limit + 1), q, w, today);
  return { ...calendar, items: await withEisMarks(deps, calendar.items) };
}

const NO_DUTY = 'Обязанность не найдена';

/**
 * Marks a duty done with the date and EIS number. A contract's, a notice's, a protocol's and a
 * Положение version's duty is recorded by its own module, the same as on its card
 * (duty-owners.service.ts); the reports and a next year's plan have only the calendar's mark. The
 * EIS number is kept with the mark either way.
 */
export async function markDuty(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof DutyMarkInput>,
): Promise<ComplianceDuty> {
  const today = todayMoscow();
  if (body.done_on > today) {
    throw invalid([{ path: 'body.done_on', message: 'Дата выполнения не может быть в будущем' }]);
  }
  // open duties are found whatever their date; done ones from two years back may be marked again
  const wide = { from: addDays(today, -731), to: addDays(today, 400) };
  const find = async () =>
    (await companyDuties(deps.db, [companyId], wide, today)).find((d) => d.key === body.key) ?? null;
  const duty = await find();
  if (!duty) throw notFound(NO_DUTY);
  if (duty.mark === 'none') {
    throw conflict('Эта обязанность выполняется в своём разделе, а не отметкой в календаре');
  }
  if (duty.base_date && body.done_on < duty.base_date) {
    throw invalid([
      {
        path: 'body.done_on',
        message: `Дата выполнения ${formatRuDate(body.done_on)} раньше даты, от которой считается срок (${formatRuDate(duty.base_date)})`,
      },
    ]);
  }
  // recorded on the object's own card first (its module's checks apply), then the calendar's mark
  await recordOnOwner(deps, actor, companyId, duty, body);
  await deps.db.transaction(async (tx) => {
    const before = await repo.markOf(tx, companyId, duty.key);
    await repo.upsertMark(tx, {
      companyId,
      dutyKey: duty.key,
      doneOn: body.done_on,
      eisNumber: body.eis_number,
      markedBy: actor.userId,
    });
    await audit(tx, actor, {
      action: 'update',
      entity: 'duty_mark',
      entityId: duty.key,
      companyId,
      before: before ? { done_on: before.doneOn, eis_number: before.eisNumber } : null,
      after: { done_on: body.done_on, eis_number: body.eis_number },
    });
  });
  const fresh = await find();
  if (!fresh) throw notFound(NO_DUTY);
  await keepOutcomes(deps.db, [fresh]);
  const [marked] = await withEisMarks(deps, [fresh]);
  return marked;
}

/** Keeps the outcome of the duties done among `duties` (the monthly counts). */
export async function keepOutcomes(db: Tx, duties: ComplianceDuty[]) {
  const rows = duties
    .filter((d) => d.done_on && (d.state === 'done' || d.state === 'done_late'))
    .map((d) => ({
      companyId: d.company_id,
      dutyKey: d.key,
      module: d.module,
      dueDate: d.due_date,
      doneOn: d.done_on as string,
      late: d.state === 'done_late',
    }));
  await repo.upsertOutcomes(db, rows);
}

export async function complianceStats(deps: AppDeps, companyId: number) {
  const rows = await repo.outcomeCounts(deps.db, companyId);
  return { months: rows.map((r) => ({ month: r.month, on_time: Number(r.onTime), late: Number(r.late) })) };
}
