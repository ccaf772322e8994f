import type { ComplianceDuty, DutyState } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { statusOf } from '../calendar/due-dates.policy.js';
import { addDays, addMonths, daysBetween } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { planDuties } from '../eis-plans/eis-plans.policy.js';
import type { DueItem } from '../law/deadline-core.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { monthlyReportDue, planYearDue, smeReportDue } from '../law/law-due-dates.js';
import { versionDuty } from '../procurement-rules/procurement-rules.policy.js';
import { dutiesOf as procurementDutiesOf } from '../procurements/procurements-query.service.js';
import { REPORT_LOOKBACK_MONTHS, type windowOf } from './compliance.policy.js';
import * as repo from './compliance.repository.js';
import { smeReportFiledOn } from './sme-report-filing.service.js';

/**
 * Gathers the duties of every module for companies, each computed by its own module (contracts'
 * stored duties, procurements' `dutiesOf`, the Положение's `versionDuty`, the plan's `planDuties`,
 * the reports' items of modules/law), as calendar rows without the company's title and
 * responsible users (compliance.service.ts adds those and the calendar's marks).
 */

export type SourceDuty = Omit<
  ComplianceDuty,
  'company_title' | 'responsible' | 'eis_number' | 'eis_status' | 'eis_status_on'
>;

/** How far before the window a duty's start may lie (the longest period counted from an event). */
const LEAD_DAYS = 45;

const CONTRACT_KIND: Record<string, string> = {
  register: 'contract_register',
  change: 'contract_change',
};

const asState = (s: string): DutyState => (s === 'not_yet' ? 'due' : (s as DutyState));

/** Which duties the calendar builds: all, or all but the contracts' (the many, stored with their due dates). */
export type DutySources = 'all' | 'without_contracts';

/** Every duty of the companies open today or due or done in the window. */
export async function sourceDuties(
  db: Tx,
  companies: { id: number; isProvider: boolean }[],
  w: ReturnType<typeof windowOf>,
  today: string,
  marks: Map<string, repo.MarkRow>,
  /** contract duties read up to this many, nearest due first (the calendar's page) */
  limit?: number,
  /** `without_contracts`: every other module's duty (the caller counts the contracts' in SQL) */
  sources: DutySources = 'all',
): Promise<SourceDuty[]> {
  const ids = companies.map((c) => c.id);
  if (ids.length === 0) return [];
  const since = addDays(w.from, -LEAD_DAYS);
  const out: SourceDuty[] = [];
  if (sources === 'all') out.push(...(await contractDuties(db, ids, w, today, limit)));
  for (const id of ids) out.push(...(await procurementDuties(db, id, since, today)));
  out.push(...(await ruleDuties(db, ids, since, today)));
  out.push(...(await planDutiesOf(db, ids, today, marks)));
  for (const c of companies) {
    if (!c.isProvider) out.push(...(await reportDuties(db, c.id, w, today, marks)));
  }
  return out;
}

async function contractDuties(
  db: Tx,
  ids: number[],
  w: repo.Window,
  today: string,
  limit?: number,
): Promise<SourceDuty[]> {
  const calendar = productionCalendar();
  return (await repo.contractDutyRows(db, ids, w, limit)).map(
    ({ duty: d, number, law, customerId, customerName }) => {
      const kind = CONTRACT_KIND[d.kind] ?? 'contract_execution';
      return {
        key: d.eventId ? `contract:${d.contractId}:event:${d.eventId}` : `contract:${d.contractId}:register`,
        company_id: d.companyId,
        module: 'contracts',
        kind: law === '44' ? `${kind}_44` : kind,
        title: d.title,
        object: {
          type: 'contract',
          id: d.contractId,
          number,
          link: `/contracts/register?contract=${d.contractId}&tab=execution`,
        },
        base_date: d.baseDate,
        due_date: d.dueDate,
        done_on: d.doneOn,
        state: statusOf(
          d.dueDate,
          d.doneOn,
          today,
          calendar,
          deadlineConfigFor(d.companyId).dueSoonWorkingDays,
        ),
        days_left: daysBetween(today, d.dueDate),
        customer: { id: customerId, title: customerName },
        reference: d.reference ?? '',
        unconfirmed: false,
        mark: 'contract_publication',
      };
    },
  );
}

async function procurementDuties(
  db: Tx,
  companyId: number,
  since: string,
  today: string,
): Promise<SourceDuty[]> {
  const rows = await repo.procurementRows(db, companyId, since);
  const duties = await procurementDutiesOf(db, rows, today);
  const out: SourceDuty[] = [];
  for (const r of rows) {
    for (const d of duties.get(r.id) ?? []) {
      const key =
        d.duty === 'protocol_placement'
          ? `procurement:${r.id}:protocol:${d.protocol_id}`
          : `procurement:${r.id}:${d.duty === 'notice_placement' ? 'notice' : 'conclusion'}`;
      out.push({
        key,
        company_id: companyId,
        module: 'procurements',
        kind: d.duty,
        title: d.title,
        object: { type: 'procurement', id: r.id, number: r.number, link: `/documents/${r.id}` },
        base_date: d.base_date,
        due_date: d.due_date,
        done_on: d.done_on,
        state: asState(d.status),
        days_left: d.days_left,
        customer: r.customerTitle || r.customerId ? { id: r.customerId, title: r.customerTitle ?? '' } : null,
        reference: d.reference,
        unconfirmed: false,
        // a contract concluded closes the conclusion window: nothing to mark here
        mark: d.duty === 'contract_conclusion' ? 'none' : 'mark',
      });
    }
  }
  return out;
}

async function ruleDuties(db: Tx, ids: number[], since: string, today: string): Promise<SourceDuty[]> {
  const calendar = productionCalendar();
  const out: SourceDuty[] = [];
  for (const { v, ruleTitle } of await repo.ruleVersionRows(db, ids, since)) {
    const config = deadlineConfigFor(v.companyId);
    const d = versionDuty(v, today, calendar, config.dueSoonWorkingDays);
    if (!d) continue;
    out.push({
      key: `rules_version:${v.id}`,
      company_id: v.companyId,
      module: 'rules',
      kind: 'rules_publish',
      title: `${d.title} («${ruleTitle}»)`,
      object: {
        type: 'rules_version',
        id: v.id,
        number: `редакция № ${v.number}`,
        link: `/procurementsRules/${v.ruleId}/versions`,
      },
      base_date: d.base_date,
      due_date: d.due_date,
      done_on: d.done_on,
      state: d.status,
      days_left: d.days_left,
      customer: null,
      reference: d.reference,
      unconfirmed: d.unconfirmed,
      mark: 'mark',
    });
  }
  return out;
}

function fromItem(
  item: DueItem,
  base: Pick<SourceDuty, 'key' | 'company_id' | 'module' | 'object' | 'mark'>,
  today: string,
): SourceDuty {
  return {
    ...base,
    kind: item.duty,
    title: item.title,
    base_date: item.eventDate,
    due_date: item.dueDate,
    done_on: item.doneDate,
    state: item.status,
    days_left: daysBetween(today, item.dueDate),
    customer: null,
    reference: item.reference,
    unconfirmed: item.unconfirmed,
  };
}

/**
 * The plans' duties (each imported version placed in time, the plan placed by 31 December) and,
 * for a plan of next year not imported yet, the duty to place it (marked done on the calendar).
 */
async function planDutiesOf(
  db: Tx,
  ids: number[],
  today: string,
  marks: Map<string, repo.MarkRow>,
): Promise<SourceDuty[]> {
  const calendar = productionCalendar();
  const { plans, versions } = await repo.planRows(db, ids);
  const out: SourceDuty[] = [];
  for (const p of plans) {
    const config = deadlineConfigFor(p.companyId);
    const facts = versions
      .filter((v) => v.planId === p.id)
      .map((v) => ({
        version: v.version,
        approveDate: v.approveDate,
        publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
      }));
    for (const item of planDuties(p.year, facts, calendar, config, today)) {
      out.push(
        fromItem(
          item,
          {
            key: item.duty === 'plan_next_year' ? `plan:${p.id}:next_year` : `plan:${p.id}:v${item.version}`,
            company_id: p.companyId,
            module: 'plans',
            object: { type: 'plan', id: p.id, number: p.registrationNumber, link: `/eisPlans?plan=${p.id}` },
            mark: 'none',
          },
          today,
        ),
      );
    }
  }
  const nextYear = Number(today.slice(0, 4)) + 1;
  for (const companyId of ids) {
    if (plans.some((p) => p.companyId === companyId && p.year === nextYear)) continue;
    if (!plans.some((p) => p.companyId === companyId)) continue;
    const key = `plan_year:${nextYear}`;
    const config = deadlineConfigFor(companyId);
    const item = planYearDue(nextYear, marks.get(`${companyId}|${key}`)?.doneOn ?? null, {
      calendar,
      config,
      today,
    });
    out.push(
      fromItem(
        item,
        {
          key,
          company_id: companyId,
          module: 'plans',
          object: { type: 'plan', id: null, number: null, link: '/eisPlans' },
          mark: 'mark',
        },
        today,
      ),
    );
  }
  return out;
}

/**
 * The monthly reports (ч. 19 ст. 4 223-ФЗ) and the annual SME report (ч. 21 ст. 4) due in the
 * window or open within the last REPORT_LOOKBACK_MONTHS months.
 */
async function reportDuties(
  db: Tx,
  companyId: number,
  w: repo.Window,
  today: string,
  marks: Map<string, repo.MarkRow>,
): Promise<SourceDuty[]> {
  const calendar = productionCalendar();
  const config = deadlineConfigFor(companyId);
  const out: SourceDuty[] = [];
  const earliest = addMonths(`${today.slice(0, 7)}-01`, -REPORT_LOOKBACK_MONTHS);
  const last = w.to > today ? w.to : today;
  // the report for month M is due in month M + 1
  for (let m = addMonths(earliest < w.from ? earliest : w.from, -1); m <= last; m = addMonths(m, 1)) {
    const [year, month] = [Number(m.slice(0, 4)), Number(m.slice(5, 7))];
    const key = `monthly_report:${m.slice(0, 7)}`;
    const item = monthlyReportDue(year, month, marks.get(`${companyId}|${key}`)?.doneOn ?? null, {
      calendar,
      config,
      today,
    });
    if (item.dueDate < earliest || item.eventDate > last) continue;
    out.push(
      fromItem(
        item,
        {
          key,
          company_id: companyId,
          module: 'reports',
          object: { type: 'report', id: null, number: m.slice(0, 7), link: '/contracts/export' },
          mark: 'mark',
        },
        today,
      ),
    );
  }
  const firstYear = Number((earliest < w.from ? earliest : w.from).slice(0, 4)) - 1;
  for (let year = firstYear; year <= Number(last.slice(0, 4)); year++) {
    const filed = await smeReportFiledOn(db, companyId, year);
    const item = smeReportDue(year, filed?.doneOn ?? null, { calendar, config, today });
    if (item.dueDate < earliest) continue;
    out.push(
      fromItem(
        item,
        {
          key: `sme_report:${year}`,
          company_id: companyId,
          module: 'reports',
          object: { type: 'report', id: null, number: String(year), link: null },
          mark: 'mark',
        },
        today,
      ),
    );
  }
  return out;
}
