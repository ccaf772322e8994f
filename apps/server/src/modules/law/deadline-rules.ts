/**
 * The rule table of deadline control (docs/domain.md §1). Every rule is configuration: rules marked
 * "(check)" in docs/domain.md carry `unconfirmed: true` — the statute as commonly read, not confirmed
 * against the current text — and a company may override any period.
 */

import type { DeadlinePeriod } from '../calendar/due-dates.policy.js';

export type { DeadlinePeriod };

export type DutyCode =
  | 'contract_register'
  | 'contract_change'
  | 'contract_execution'
  | 'contract_conclusion'
  | 'contract_register_44'
  | 'contract_change_44'
  | 'contract_execution_44'
  | 'protocol_publish'
  | 'rules_publish'
  | 'plan_publish'
  | 'plan_next_year'
  | 'monthly_report'
  | 'sme_annual_report';

export type DeadlineRule = {
  duty: DutyCode;
  /** Russian title of the duty, as shown in the deadline list. */
  title: string;
  period: DeadlinePeriod;
  /** Earliest allowed date, for duties with a window (a contract is concluded not earlier than ...). */
  earliest?: DeadlinePeriod;
  reference: string;
  /** Marked "(check)" in docs/domain.md: a configurable default, not a confirmed reading of the statute. */
  unconfirmed: boolean;
  /** A due date on a day off moves to the next working day (ст. 193 ГК РФ). */
  moveToWorkingDay: boolean;
  /** The first day the rule is in force (the object's date decides which row applies). */
  validFrom: string;
  /** The last day the rule is in force; null: in force today. */
  validTo: string | null;
};

export type DeadlineConfig = {
  rules: Record<DutyCode, DeadlineRule>;
  /** An open duty is 'due_soon' when at most this many working days are left. */
  dueSoonWorkingDays: number;
  /**
   * 223-FZ: a company's own register threshold (a contract up to this price need not go into the
   * register, ч. 15 ст. 4 223-ФЗ; `largeCustomer` when the customer's annual revenue exceeds 5 bn
   * rub). Absent: the law's threshold in force on the contract's date (law-thresholds.ts).
   */
  registerThreshold?: { standard: string; largeCustomer: string };
  /** The customer's Положение requires registering contracts below the threshold too. */
  registerSmallContracts: boolean;
};

const LAW223 = '223-ФЗ';

function rule(
  duty: DutyCode,
  title: string,
  period: DeadlinePeriod,
  reference: string,
  unconfirmed = false,
  extra: Partial<DeadlineRule> = {},
): DeadlineRule {
  // 223-ФЗ is in force from 01.01.2012, 44-ФЗ from 01.01.2014 (until a row says otherwise)
  const validFrom = reference.includes('44-ФЗ') ? '2014-01-01' : '2012-01-01';
  return {
    duty,
    title,
    period,
    reference,
    unconfirmed,
    moveToWorkingDay: true,
    validFrom,
    validTo: null,
    ...extra,
  };
}

export const DEFAULT_DEADLINE_RULES: Record<DutyCode, DeadlineRule> = {
  contract_register: rule(
    'contract_register',
    'Сведения о договоре в реестре договоров',
    { kind: 'working-days', days: 3 },
    `ч. 2 ст. 4.1 ${LAW223}`,
  ),
  contract_change: rule(
    'contract_change',
    'Сведения об изменении договора в реестре договоров',
    { kind: 'calendar-days', days: 10 },
    `ч. 2 ст. 4.1 ${LAW223}, ПП РФ № 1132`,
    true,
  ),
  contract_execution: rule(
    'contract_execution',
    'Сведения об исполнении договора в реестре договоров',
    { kind: 'calendar-days', days: 10 },
    `ч. 2 ст. 4.1 ${LAW223}, ПП РФ № 1132`,
    true,
  ),
  contract_conclusion: rule(
    'contract_conclusion',
    'Заключение договора после итогового протокола',
    { kind: 'calendar-days', days: 20 },
    `ч. 15 ст. 3.2 ${LAW223}`,
    false,
    { earliest: { kind: 'calendar-days', days: 10 }, moveToWorkingDay: true },
  ),
  contract_register_44: rule(
    'contract_register_44',
    'Сведения о контракте в реестре контрактов',
    { kind: 'working-days', days: 5 },
    'ч. 3 ст. 103 44-ФЗ',
  ),
  contract_change_44: rule(
    'contract_change_44',
    'Сведения об изменении контракта в реестре контрактов',
    { kind: 'working-days', days: 5 },
    'ч. 3 ст. 103 44-ФЗ',
  ),
  contract_execution_44: rule(
    'contract_execution_44',
    'Сведения об исполнении контракта в реестре контрактов',
    { kind: 'working-days', days: 5 },
    'ч. 3 ст. 103 44-ФЗ',
  ),
  protocol_publish: rule(
    'protocol_publish',
    'Размещение протокола в ЕИС',
    { kind: 'calendar-days', days: 3 },
    `ч. 12 ст. 4 ${LAW223}`,
  ),
  rules_publish: rule(
    'rules_publish',
    'Размещение положения о закупке (изменений) в ЕИС',
    { kind: 'calendar-days', days: 15 },
    `ч. 1 ст. 4 ${LAW223}`,
    true,
  ),
  plan_publish: rule(
    'plan_publish',
    'Размещение плана закупки (изменений) в ЕИС',
    { kind: 'calendar-days', days: 10 },
    'ПП РФ № 932',
    true,
  ),
  plan_next_year: rule(
    'plan_next_year',
    'Размещение плана закупки на следующий год',
    { kind: 'fixed-date', yearOffset: 0, month: 12, day: 31 },
    'ПП РФ № 932',
  ),
  monthly_report: rule(
    'monthly_report',
    'Ежемесячные сведения о договорах (ПП РФ № 814)',
    { kind: 'day-of-month', monthOffset: 1, day: 10 },
    `ч. 19 ст. 4 ${LAW223}`,
  ),
  sme_annual_report: rule(
    'sme_annual_report',
    'Годовой отчёт о закупках у субъектов МСП',
    { kind: 'fixed-date', yearOffset: 1, month: 2, day: 1 },
    `ч. 21 ст. 4 ${LAW223}`,
  ),
};

export const DEFAULT_DEADLINE_CONFIG: DeadlineConfig = {
  rules: DEFAULT_DEADLINE_RULES,
  dueSoonWorkingDays: 2,
  registerSmallContracts: false,
};

/** The defaults with a company's overrides (whole rules or their periods). */
export function deadlineConfig(
  overrides: Partial<Omit<DeadlineConfig, 'rules'>> & {
    rules?: Partial<Record<DutyCode, Partial<DeadlineRule>>>;
  } = {},
): DeadlineConfig {
  const rules = { ...DEFAULT_DEADLINE_RULES };
  for (const [duty, patch] of Object.entries(overrides.rules ?? {}) as [DutyCode, Partial<DeadlineRule>][]) {
    rules[duty] = { ...rules[duty], ...patch, duty };
  }
  return { ...DEFAULT_DEADLINE_CONFIG, ...overrides, rules };
}

/**
 * Deadline settings for a company. Companies have no overrides yet, so this is the rule table above
 * with its defaults (2 working days for «срок истекает»).
 */
export function deadlineConfigFor(_companyId: number): DeadlineConfig {
  return DEFAULT_DEADLINE_CONFIG;
}
