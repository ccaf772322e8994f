import type { DeadlineConfig, DeadlineRule, DutyCode } from './deadline-rules.js';
import { DEFAULT_DEADLINE_RULES } from './deadline-rules.js';

/**
 * The dated rule table: every duty's rows with the dates they are in force. A change of the law
 * is a new row from a date (and the old row's `validTo` the day before); the rule applied to an
 * object is the one in force on the object's date, so old procurements keep the rule of their time.
 * A company's overrides (DeadlineConfig.rules) replace the row in force today only.
 */

/** Earlier rows of the law, superseded by the rows of DEFAULT_DEADLINE_RULES. None known yet. */
export const SUPERSEDED_RULES: readonly DeadlineRule[] = [];

/** Every row of the table, the current ones and the superseded ones. */
export const LAW_RULES: readonly DeadlineRule[] = [
  ...Object.values(DEFAULT_DEADLINE_RULES),
  ...SUPERSEDED_RULES,
];

const inForce = (r: DeadlineRule, on: string) => r.validFrom <= on && (r.validTo === null || on <= r.validTo);

/**
 * The rule of a duty in force on a date: the company's configured rule when it is in force then,
 * else the table's row of that date, else (a date before the table) the earliest row.
 */
export function ruleOn(duty: DutyCode, on: string, config?: Pick<DeadlineConfig, 'rules'>): DeadlineRule {
  const configured = config?.rules[duty];
  if (configured && inForce(configured, on)) return configured;
  const rows = LAW_RULES.filter((r) => r.duty === duty).sort((a, b) =>
    a.validFrom.localeCompare(b.validFrom),
  );
  return rows.find((r) => inForce(r, on)) ?? rows[0];
}
