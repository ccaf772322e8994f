import { describe, expect, it } from 'vitest';
import { SME_EXCLUSIONS, SME_QUOTAS, smeRulesFor } from './law-sme-quotas.js';

describe('the SME report law as dated rows (ПП РФ № 1352)', () => {
  it.each([
    // [year, quotas (percent), exclusions in force]
    [2026, ['25', '20'], SME_EXCLUSIONS.length],
    [2023, ['25', '20'], SME_EXCLUSIONS.length],
    // before the 2023 quotas the earliest rows apply (the report says so: quotaYearNote)
    [2022, ['25', '20'], SME_EXCLUSIONS.length],
    // before ПП 1352 took effect only the law's own scope (ч. 4 ст. 1 223-ФЗ) excludes
    [2014, ['25', '20'], 1],
  ])('%i: quotas %j, %i exclusions', (year, percents, exclusions) => {
    const rules = smeRulesFor(year);
    expect(rules.quotas.map((q) => String(q.percent))).toEqual(percents);
    expect(rules.exclusions).toHaveLength(exclusions);
  });

  it('every row carries its reference, dates and status; the regulation’s rows are unconfirmed', () => {
    for (const r of [...SME_QUOTAS, ...SME_EXCLUSIONS]) {
      expect(r.reference).not.toBe('');
      expect(r.validFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (r.reference.includes('1352')) expect(r.status).toBe('unconfirmed');
    }
  });
});
