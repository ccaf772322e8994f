import type { Tx } from '../../db/client.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { smeRulesFor } from '../law/law-sme-quotas.js';
import { computeSmeFigures, rubles } from './sme-report.policy.js';
import { methodFlagsByCode } from './sme-report.repository.js';
import { smeOnlyOf } from './sme-report.service.js';
import { concludedTotals } from './sme-report-totals.repository.js';

/**
 * The annual SME report's base and quotas without its lists (the dashboard's SME share): the
 * year's contracts are summed by PostgreSQL in groups of equal facts (sme-report-totals.repository.ts),
 * and the same rules (`smeRulesFor`, `computeSmeFigures`) run on the groups, so the figures are
 * those of `buildSmeReport` — sums in kopecks, shares rounded the same way.
 */
export async function smeShare(tx: Tx, companyId: number, year: number, today = todayMoscow()) {
  // the report's period: the whole year, or the year to today while it runs (buildSmeReport)
  const periodFrom = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const periodTo = today < yearEnd && today >= periodFrom ? today : yearEnd;
  const groups = await concludedTotals(tx, companyId, periodFrom, periodTo);
  const codes = [
    ...new Set(
      groups.filter((g) => g.method_extra === null && g.method_code).map((g) => g.method_code as string),
    ),
  ];
  const byCode = await methodFlagsByCode(tx, companyId, codes);
  const facts = groups.map((g) => ({
    id: g.n,
    price: g.price,
    currency: g.currency,
    supplierIsSme: g.supplier_is_sme,
    basis: g.basis,
    smeOnly: smeOnlyOf(
      { procurementSmeOnly: g.procurement_sme_only, methodExtra: g.method_extra, methodCode: g.method_code },
      byCode,
    ),
  }));
  const figures = computeSmeFigures(facts, smeRulesFor(year));
  return {
    year,
    period_to: periodTo,
    base: rubles(figures.kopecks.base),
    quotas: figures.quotas.map((q) => ({
      code: q.rule.code,
      title: q.rule.title,
      required_percent: String(q.rule.percent),
      share_percent: q.sharePercent,
      amount: rubles(q.kopecks),
      met: q.met,
    })),
  };
}
