import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { catalogEntries, contracts, procurements } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { buildSmeReport } from './sme-report.service.js';
import { smeShare } from './sme-report-totals.service.js';

/**
 * The dashboard's SME share (`smeShare`: the year's contracts summed in SQL by groups of equal
 * facts, the report's rules on the groups) gives the annual report's own figures
 * (`buildSmeReport`, contract by contract): on the demo's hand-checked year, then on that year
 * changed so that every rule and every source of the SME-only flag is exercised.
 */

const t = testAppForFile();
const today = todayMoscow();
const YEAR = Number(today.slice(0, 4)) - 1;
const yy = String(YEAR).slice(2);
let company: number;

async function both(year = YEAR, on = today) {
  const db = t.app.deps.db;
  const { report } = await buildSmeReport(db, company, year, on);
  const share = await smeShare(db, company, year, on);
  const fromReport = {
    year,
    period_to: report.period_to,
    base: report.base.amount,
    quotas: report.quotas.map((q) => ({
      code: q.code,
      title: q.title,
      required_percent: q.required_percent,
      share_percent: q.share_percent,
      amount: q.amount,
      met: q.met,
    })),
  };
  return { share, fromReport };
}

const byNumber = (n: number) =>
  and(eq(contracts.companyId, company), eq(contracts.number, `МСП-0${n}/${yy}`));

beforeAll(() => {
  company = t.ids.companies.client1;
});

describe('the SME share from SQL sums', () => {
  it('is the report’s on the demo year: 5 960 000 and 4 340 000 of 10 520 000', async () => {
    const { share, fromReport } = await both();
    expect(share).toEqual(fromReport);
    // the hand-checked figures (sme-report.demo-data.ts) – the demo's other contracts may fall
    // into last year early in a year, so only the base's lower bound and the SME-only sum are fixed
    expect(Number(share.base)).toBeGreaterThanOrEqual(10_520_000);
    expect(share.quotas.find((q) => q.code === 'sme_only')?.amount).toBe('4340000.00');
  });

  it('is the report’s with a foreign currency, a method by code only, a procurement’s flag and a 44-FZ contract', async () => {
    const db = t.app.deps.db;
    // МСП-03: in euros (the foreign exclusion, never summed)
    await db.update(contracts).set({ currencyCode: 'EUR' }).where(byNumber(3));
    // МСП-02: its method named only by the catalogue code (the flag looked up by code)
    const [c2] = await db
      .select({ methodId: contracts.procurementMethodId })
      .from(contracts)
      .where(byNumber(2));
    const [method] = c2?.methodId
      ? await db.select().from(catalogEntries).where(eq(catalogEntries.id, c2.methodId))
      : [];
    expect(method?.code).toBeTruthy();
    await db
      .update(contracts)
      .set({ procurementMethodId: null, procurementMethodCode: method?.code ?? null })
      .where(byNumber(2));
    // МСП-07: a penny more, so that the sums are not round
    await db.update(contracts).set({ price: '480000.01' }).where(byNumber(7));
    // МСП-04: a 44-FZ contract is not the report's
    await db.update(contracts).set({ law: '44' }).where(byNumber(4));
    // a procurement's own SME-only flag wins over its method's: МСП-01's procurement says no
    const [c1] = await db
      .select({ procurementId: contracts.procurementId })
      .from(contracts)
      .where(byNumber(1));
    if (c1?.procurementId)
      await db.update(procurements).set({ smeOnly: false }).where(eq(procurements.id, c1.procurementId));
    const { share, fromReport } = await both();
    expect(share).toEqual(fromReport);
    expect(share.quotas.find((q) => q.code === 'sme_only')?.amount).toBe(
      c1?.procurementId ? '1740000.00' : '4340000.00',
    );
  });

  it('is the report’s for a year running (to today) and for a year without contracts', async () => {
    const thisYear = Number(today.slice(0, 4));
    for (const year of [thisYear, YEAR - 5]) {
      const { share, fromReport } = await both(year);
      expect(share).toEqual(fromReport);
    }
    const empty = await smeShare(t.app.deps.db, company, YEAR - 5, today);
    expect(empty.base).toBe('0.00');
    expect(empty.quotas.every((q) => q.share_percent === null && q.met === null)).toBe(true);
  });

  it('is the report’s for every demo company', async () => {
    const rows = await t.app.deps.db.selectDistinct({ id: contracts.companyId }).from(contracts);
    for (const { id } of rows) {
      const { report } = await buildSmeReport(t.app.deps.db, id, YEAR, today);
      const share = await smeShare(t.app.deps.db, id, YEAR, today);
      expect(share.base).toBe(report.base.amount);
      expect(share.quotas.map((q) => q.share_percent)).toEqual(report.quotas.map((q) => q.share_percent));
    }
  });
});
