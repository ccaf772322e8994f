import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import { earliestBidsDeadline, noticePeriod } from './law-notice-periods.policy.js';

/**
 * The three cases where the procurement law check and the documentation prefill disagreed before
 * both called law (docs/domain.md §1.2), and the SME price bands of ст. 3.4.
 */
const calendar = createRuCalendar();
const AUCTION = { form: 'auction', competitive: true, electronic: true };
const PROPOSAL = { form: 'proposal_request', competitive: true, electronic: true };

describe('the notice period: one answer', () => {
  it('calendar days ending on a day off move to the next working day', () => {
    // 07.03.2026 + 15 = Sunday 22.03.2026 -> Monday 23.03.2026
    const period = noticePeriod(AUCTION, null, '2026-03-07');
    expect(earliestBidsDeadline('2026-03-07', period!, calendar)).toBe('2026-03-23');
  });

  it('a version’s 0 days sets nothing: the statute’s minimum applies', () => {
    expect(noticePeriod(PROPOSAL, { notice_days: 0, notice_day_kind: 'calendar' }, '2026-03-01')).toEqual({
      days: 7,
      kind: 'working',
      source: 'law',
    });
    expect(
      noticePeriod({ form: 'other' }, { notice_days: 0, notice_day_kind: 'calendar' }, '2026-03-01'),
    ).toBeNull();
  });

  it('a method an EIS notice created (eis_<sha1>) has the period of its form flag', () => {
    const eis = { form: 'quotation_request', competitive: true, electronic: false, source: 'eis' };
    expect(noticePeriod(eis, null, '2026-03-01')).toEqual({ days: 5, kind: 'working', source: 'law' });
  });

  it('the version’s own period wins when it sets one', () => {
    expect(noticePeriod(AUCTION, { notice_days: 20, notice_day_kind: 'calendar' }, '2026-03-01')).toEqual({
      days: 20,
      kind: 'calendar',
      source: 'version',
    });
  });

  it.each([
    ['SME tender up to 30 mln', { form: 'competition', sme_only: true }, '30000000.00', 7, 'calendar'],
    ['SME tender above 30 mln', { form: 'competition', sme_only: true }, '30000000.01', 15, 'calendar'],
    ['SME auction up to 30 mln', { form: 'auction', sme_only: true }, '1000.00', 7, 'calendar'],
    ['SME proposal up to 15 mln', { form: 'proposal_request', sme_only: true }, '15000000.00', 5, 'working'],
    ['SME quotation up to 7 mln', { form: 'quotation_request', sme_only: true }, '7000000.00', 4, 'working'],
    [
      'SME quotation above 7 mln: the general period',
      { form: 'quotation_request', sme_only: true },
      '7000000.01',
      5,
      'working',
    ],
    ['a single supplier has none', { form: 'single_supplier' }, '1000.00', null, null],
  ] as const)('%s', (_n, flags, price, days, kind) => {
    const p = noticePeriod(flags, null, '2026-03-01', price);
    expect(p ? [p.days, p.kind] : [null, null]).toEqual([days, kind]);
  });
});
