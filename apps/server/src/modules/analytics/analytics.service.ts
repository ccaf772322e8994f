import {
  type AnalyticsDashboard,
  type AnalyticsQuery,
  type CompanyComparison,
  isStaff,
  type StaffAnalyticsQuery,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { companyIdsFor } from '../access/access.service.js';
import { dutyMonths } from '../compliance/compliance-monthly.service.js';
import { smeShare } from '../sme-report/sme-report-totals.service.js';
import { monthsOf, periodOf } from './analytics.policy.js';
import { toSavingsRow } from './analytics.presenter.js';
import * as repo from './analytics.repository.js';
import { analyticsXlsx } from './analytics.xlsx.js';
import { countFlags, flagsOf } from './analytics-flags.service.js';

/**
 * The dashboard (docs/analytics.md): one function per panel. Savings, plan execution and spending
 * are the module's SQL aggregates; the SME share is the annual SME report's own rules over its
 * SQL sums (modules/sme-report, `smeShare`); the deadlines are the compliance calendar's duties
 * counted per month (modules/compliance, `dutyMonths`: the contracts' stored duties in SQL).
 */

type Scope = repo.Scope;
const TOP = 10;

export async function savingsPanel(tx: Tx, s: Scope): Promise<AnalyticsDashboard['savings']> {
  const rows = await repo.savings(tx, s);
  return {
    total: toSavingsRow(rows.find((r) => r.dim === 'total')),
    by_month: rows.filter((r) => r.dim === 'month').map((r) => toSavingsRow(r)),
    by_method: rows.filter((r) => r.dim === 'method').map((r) => toSavingsRow(r)),
  };
}

/**
 * Competition: bids per lot and the share of lots with one bid, by method, from the bids recorded
 * on the lots of the procurements published in the period (docs/analytics.md).
 */
export async function competitionPanel(tx: Tx, s: Scope): Promise<AnalyticsDashboard['competition']> {
  const rows = await repo.competition(tx, s);
  return {
    available: rows.length > 0,
    message:
      rows.length > 0
        ? 'Заявки на лоты закупок, размещённых в периоде'
        : 'Данных о заявках за период нет: заявки вносятся на вкладке «Заявки и итоги» закупки',
    by_method: rows.map((r) => ({
      method: r.method,
      lots: r.lots,
      bids_per_lot: r.bids_per_lot,
      single_bid_percent: r.single_bid_percent,
    })),
  };
}

/** The SME share of the period's year to its end (or today), as the annual SME report computes it. */
export function smePanel(tx: Tx, companyId: number, year: number, today: string) {
  return smeShare(tx, companyId, year, today);
}

export async function planPanel(
  tx: Tx,
  companyId: number,
  year: number,
): Promise<AnalyticsDashboard['plan']> {
  const r = await repo.planExecution(tx, companyId, year);
  const plan = Number(r.plan_amount);
  return {
    year,
    positions: Number(r.positions),
    with_procurement: Number(r.with_procurement),
    with_contract: Number(r.with_contract),
    plan_amount: r.plan_amount,
    contracted_amount: r.contracted_amount,
    contracted_percent: plan > 0 ? ((Number(r.contracted_amount) * 100) / plan).toFixed(2) : null,
  };
}

/** Duties of the period's months from the compliance calendar: on time, late, overdue. */
export async function deadlinesPanel(
  tx: Tx,
  companyId: number,
  p: { from: string; to: string; dateFrom: string; dateTo: string },
  today: string,
): Promise<AnalyticsDashboard['deadlines']> {
  const counts = await dutyMonths(tx, companyId, { from: p.dateFrom, to: p.dateTo }, today);
  return {
    months: monthsOf(p.from, p.to).map((month) => ({
      month,
      ...(counts.get(month) ?? { on_time: 0, late: 0, overdue: 0 }),
    })),
  };
}

export async function spendingPanel(tx: Tx, s: Scope): Promise<AnalyticsDashboard['spending']> {
  const total = await repo.spendingTotal(tx, s);
  const okpd2 = await repo.topOkpd2Classes(tx, s, TOP);
  const suppliers = await repo.topSuppliers(tx, s, TOP);
  return { total, okpd2, suppliers };
}

type Query = z.output<typeof AnalyticsQuery>;

export async function dashboard(deps: AppDeps, companyId: number, q: Query): Promise<AnalyticsDashboard> {
  const today = todayMoscow();
  const p = periodOf(today, q.from, q.to);
  const scope: Scope = {
    companyId,
    dateFrom: p.dateFrom,
    dateTo: p.dateTo,
    customerId: q.customer_id ?? null,
  };
  const db = deps.db;
  const year = Number(p.to.slice(0, 4));
  // the panels on separate pool connections, side by side
  const [savings, competition, sme, plan, deadlines, spending, flags] = await Promise.all([
    savingsPanel(db, scope),
    competitionPanel(db, scope),
    smePanel(db, companyId, year, today),
    planPanel(db, companyId, year),
    deadlinesPanel(db, companyId, p, today),
    spendingPanel(db, scope),
    countFlags(db, scope, today),
  ]);
  return {
    company_id: companyId,
    from: p.from,
    to: p.to,
    date_from: p.dateFrom,
    date_to: p.dateTo,
    savings,
    competition,
    sme,
    plan,
    deadlines,
    spending,
    flags,
  };
}

/**
 * Staff: the companies they act for (admin: every active one), compared over the period, each row
 * computed for its own company alone.
 */
export async function compareCompanies(
  deps: AppDeps,
  actor: Actor,
  q: z.output<typeof StaffAnalyticsQuery>,
): Promise<z.input<typeof CompanyComparison>> {
  if (!isStaff(actor.role)) throw forbidden('Сравнение компаний доступно только сотрудникам');
  const today = todayMoscow();
  const p = periodOf(today, q.from, q.to);
  const scopeIds = await companyIdsFor(deps.db, actor);
  const ids = scopeIds ?? (await repo.activeCompanyIds(deps.db));
  const titles = await repo.companyTitles(deps.db, ids);
  const items = [];
  for (const c of titles) {
    const id = Number(c.id);
    const scope: Scope = { companyId: id, dateFrom: p.dateFrom, dateTo: p.dateTo };
    const [savings, counts, sme, deadlines, flags] = await Promise.all([
      repo.savings(deps.db, scope),
      repo.contractCount(deps.db, scope),
      smePanel(deps.db, id, Number(p.to.slice(0, 4)), today),
      deadlinesPanel(deps.db, id, p, today),
      countFlags(deps.db, scope, today),
    ]);
    const total = toSavingsRow(savings.find((r) => r.dim === 'total'));
    items.push({
      company_id: id,
      title: c.title,
      contracts: counts.count,
      amount: counts.amount,
      saving: total.saving,
      saving_percent: total.saving_percent,
      sme_share_percent: sme.quotas.find((x) => x.code === 'sme')?.share_percent ?? null,
      overdue: deadlines.months.reduce((n, m) => n + m.overdue, 0),
      late: deadlines.months.reduce((n, m) => n + m.late, 0),
      flags: Object.values(flags).reduce((n, v) => n + v, 0),
    });
  }
  return { from: p.from, to: p.to, items };
}

/** The dashboard of the period as XLSX: every panel's figures and the period's flags. */
export async function dashboardXlsx(deps: AppDeps, companyId: number, q: Query) {
  const d = await dashboard(deps, companyId, q);
  const flags = await flagsOf(deps.db, {
    companyId,
    dateFrom: d.date_from,
    dateTo: d.date_to,
    customerId: q.customer_id ?? null,
  });
  const [company] = await repo.companyTitles(deps.db, [companyId]);
  return {
    fileName: `Аналитика ${d.from}—${d.to}.xlsx`,
    content: await analyticsXlsx(d, flags, company?.title ?? ''),
  };
}
