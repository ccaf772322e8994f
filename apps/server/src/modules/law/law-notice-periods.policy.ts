import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { type MethodFlags, type MethodForm, methodKind } from './law-methods.policy.js';
import { priceToKopecks } from './law-money.js';

/**
 * The notice period of a method: how long before the bids deadline its notice must be placed
 * (ст. 3.2, 3.4 223-ФЗ), and the earliest bids deadline it gives. The one calculation the
 * procurement law checks, the documentation prefill and the demo data use (docs/domain.md §1.2).
 */

export type DayKind = 'calendar' | 'working';

export type NoticePeriod = {
  days: number;
  kind: DayKind;
  /** 'version': the pinned Положение version sets it; 'law': the statute's minimum. */
  source: 'version' | 'law';
};

/** A period row of the statute: for a form, SME-only or not, up to an НМЦД, in force from a date. */
export type NoticePeriodRule = {
  form: MethodForm;
  smeOnly: boolean;
  /** The row applies to an НМЦД up to this price (rub, inclusive); null: any price. */
  maxPrice: string | null;
  /** The row applies to an НМЦД above this price (rub); null: from 0. */
  minPriceExclusive: string | null;
  days: number;
  kind: DayKind;
  reference: string;
  unconfirmed: boolean;
  validFrom: string;
  validTo: string | null;
};

const p = (
  form: MethodForm,
  smeOnly: boolean,
  days: number,
  kind: DayKind,
  reference: string,
  extra: Partial<NoticePeriodRule> = {},
): NoticePeriodRule => ({
  form,
  smeOnly,
  maxPrice: null,
  minPriceExclusive: null,
  days,
  kind,
  reference,
  unconfirmed: true,
  validFrom: '2018-07-01',
  validTo: null,
  ...extra,
});

/**
 * The statute's minimum notice periods. ст. 3.2 for any customer; ст. 3.4
 * for SME-only procedures in electronic form, whose запрос котировок is allowed up to 7 mln rub
 * and запрос предложений up to 15 mln rub of НМЦД (ч. 3 ст. 3.4). All marked (check).
 */
export const NOTICE_PERIOD_RULES: readonly NoticePeriodRule[] = [
  p('competition', false, 15, 'calendar', 'ст. 3.2 223-ФЗ'),
  p('auction', false, 15, 'calendar', 'ст. 3.2 223-ФЗ'),
  p('quotation_request', false, 5, 'working', 'ст. 3.2 223-ФЗ'),
  p('proposal_request', false, 7, 'working', 'ст. 3.2 223-ФЗ'),
  p('competition', true, 7, 'calendar', 'ст. 3.4 223-ФЗ', { maxPrice: '30000000.00' }),
  p('competition', true, 15, 'calendar', 'ст. 3.4 223-ФЗ', { minPriceExclusive: '30000000.00' }),
  p('auction', true, 7, 'calendar', 'ст. 3.4 223-ФЗ', { maxPrice: '30000000.00' }),
  p('auction', true, 15, 'calendar', 'ст. 3.4 223-ФЗ', { minPriceExclusive: '30000000.00' }),
  p('proposal_request', true, 5, 'working', 'ст. 3.4 223-ФЗ', { maxPrice: '15000000.00' }),
  p('quotation_request', true, 4, 'working', 'ст. 3.4 223-ФЗ', { maxPrice: '7000000.00' }),
];

/** The НМЦД ceilings of SME-only forms (ч. 3 ст. 3.4 223-ФЗ, check): above it the form is not allowed. */
export const SME_PRICE_LIMITS: Partial<Record<MethodForm, string>> = {
  quotation_request: '7000000.00',
  proposal_request: '15000000.00',
};

/** What a version of the Положение says of a method's period (0 days: it sets none). */
export type VersionPeriod = { notice_days: number; notice_day_kind: DayKind } | null;

const inForce = (r: { validFrom: string; validTo: string | null }, on: string) =>
  r.validFrom <= on && (r.validTo === null || on <= r.validTo);

function priceFits(r: NoticePeriodRule, price: string | null): boolean {
  if (price === null) return r.minPriceExclusive === null; // unknown НМЦД: the lower band
  const k = priceToKopecks(price);
  if (r.maxPrice !== null && k > priceToKopecks(r.maxPrice)) return false;
  if (r.minPriceExclusive !== null && k <= priceToKopecks(r.minPriceExclusive)) return false;
  return true;
}

/** The statute's minimum for a method on a date (the procurement's date), or null when it sets none. */
export function lawNoticePeriod(
  flags: MethodFlags,
  on: string,
  price: string | null = null,
): NoticePeriodRule | null {
  const kind = methodKind(flags);
  if (!kind.competitive) return null;
  const rows = NOTICE_PERIOD_RULES.filter((r) => r.form === kind.form && inForce(r, on));
  const own = rows.filter((r) => r.smeOnly === kind.smeOnly);
  // an SME-only form above its price band falls back to the general period of the form
  return own.find((r) => priceFits(r, price)) ?? rows.find((r) => !r.smeOnly) ?? null;
}

/**
 * The notice period of a method: the pinned version's when it sets one (more than 0 days), else
 * the statute's minimum on the date. A version's 0 days means "not set by the version": the
 * statute's minimum still applies, and a method the statute sets none for has no period.
 */
export function noticePeriod(
  flags: MethodFlags,
  version: VersionPeriod,
  on: string,
  price: string | null = null,
): NoticePeriod | null {
  const law = lawNoticePeriod(flags, on, price);
  if (version && version.notice_days > 0)
    return { days: version.notice_days, kind: version.notice_day_kind, source: 'version' };
  if (!law) return null;
  return { days: law.days, kind: law.kind, source: 'law' };
}

/**
 * The earliest bids deadline for a notice placed on `publication`: working days on the production
 * calendar; calendar days moved off a day off to the next working day (ст. 193 ГК РФ: a term ending
 * on a day off ends on the next working day).
 */
export function earliestBidsDeadline(
  publication: string,
  period: Pick<NoticePeriod, 'days' | 'kind'>,
  calendar: ProductionCalendar,
): string {
  return period.kind === 'working'
    ? calendar.addWorkingDays(publication, period.days)
    : calendar.addCalendarDays(publication, period.days, { moveToWorkingDay: true });
}
