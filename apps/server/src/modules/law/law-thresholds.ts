import { priceToKopecks } from './law-money.js';

/**
 * The thresholds of 223-ФЗ: which contracts go into the plan and the contract register. A customer
 * whose annual revenue exceeds 5 bn rub («крупный заказчик») has the higher variants. Each
 * threshold carries its reference and the dates it is in force; the Положение version may set its
 * own plan threshold (procurement_rule_versions.plan_threshold*), which then wins.
 */

export type Threshold = {
  code: 'plan_inclusion' | 'contract_register';
  standard: string;
  largeCustomer: string;
  reference: string;
  unconfirmed: boolean;
  validFrom: string;
  validTo: string | null;
};

/** Annual revenue above which a customer is large (rub). */
export const LARGE_CUSTOMER_REVENUE = '5000000000.00';

export const THRESHOLDS: readonly Threshold[] = [
  {
    code: 'plan_inclusion',
    standard: '100000.00',
    largeCustomer: '500000.00',
    reference: 'ПП РФ № 932, п. 7',
    unconfirmed: true,
    validFrom: '2012-09-17',
    validTo: null,
  },
  {
    code: 'contract_register',
    standard: '100000.00',
    largeCustomer: '500000.00',
    reference: 'ч. 15 ст. 4 223-ФЗ',
    unconfirmed: false,
    validFrom: '2015-01-01',
    validTo: null,
  },
];

/** The threshold in force on a date (the object's date). */
export function thresholdOn(code: Threshold['code'], on: string): Threshold {
  const rows = THRESHOLDS.filter(
    (t) => t.code === code && t.validFrom <= on && (t.validTo === null || on <= t.validTo),
  );
  // before the first row the earliest one applies: the table starts where the data of the product starts
  return rows[0] ?? (THRESHOLDS.find((t) => t.code === code) as Threshold);
}

/** A customer with this annual revenue is large (revenue unknown: not large). */
export const isLargeCustomer = (annualRevenue: string | null): boolean =>
  annualRevenue !== null && priceToKopecks(annualRevenue) > priceToKopecks(LARGE_CUSTOMER_REVENUE);

/**
 * The plan threshold for a customer: the version's own setting when given, else the law's on the
 * date. A purchase up to it (inclusive) need not be in the plan.
 */
export function planThreshold(
  largeCustomer: boolean,
  on: string,
  version: { planThreshold: string; planThresholdLarge: string } | null = null,
): string {
  if (version) return largeCustomer ? version.planThresholdLarge : version.planThreshold;
  const t = thresholdOn('plan_inclusion', on);
  return largeCustomer ? t.largeCustomer : t.standard;
}

/** The contract register threshold on a date: a contract up to it need not be registered. */
export function registerThreshold(largeCustomer: boolean, on: string): string {
  const t = thresholdOn('contract_register', on);
  return largeCustomer ? t.largeCustomer : t.standard;
}
