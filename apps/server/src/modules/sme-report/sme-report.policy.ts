import { fromKopecks, toScaled } from '@zakupki/shared';
import { formatRuDate } from '../calendar/iso-date.js';
import {
  SME_QUOTAS,
  type SmeContractFacts,
  type SmeExclusionRule,
  type SmeQuotaRule,
  smeRulesFor,
} from '../law/law-sme-quotas.js';

/**
 * The arithmetic of the annual SME report: which contracts each figure holds, their sums in
 * kopecks (bigint, never floats), the shares and whether the quotas are met. Pure: the contracts
 * come from the repository, the rules (dated rows) from modules/law (`law-sme-quotas.ts`).
 */

export type SmeExclusionResult<T> = { rule: SmeExclusionRule; contracts: T[]; kopecks: bigint };
export type SmeQuotaResult = {
  rule: SmeQuotaRule;
  kopecks: bigint;
  /** Percent with two decimals ('24.99'); null when the annual value is 0. */
  sharePercent: string | null;
  met: boolean | null;
};

export type SmeFigures<T> = {
  total: T[];
  exclusions: SmeExclusionResult<T>[];
  excluded: T[];
  base: T[];
  sme: T[];
  smeOnly: T[];
  kopecks: { total: bigint; excluded: bigint; base: bigint; sme: bigint; smeOnly: bigint };
  quotas: SmeQuotaResult[];
  notes: string[];
};

/** Rubles of the contracts priced in rubles, in kopecks (others have no rate: see the 'foreign' rule). */
export const sumKopecks = (list: readonly SmeContractFacts[]) =>
  list.filter((c) => c.currency === 'RUB').reduce((s, c) => s + toScaled(c.price, 2), 0n);

/** part / whole in percent, two decimals, rounded half up; null for a whole of 0. */
export function sharePercent(part: bigint, whole: bigint): string | null {
  if (whole <= 0n) return null;
  const hundredths = (part * 20_000n + whole) / (2n * whole);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** The quota is met when part ≥ percent % of whole (exactly, no rounding); null for a whole of 0. */
export function quotaMet(part: bigint, whole: bigint, percent: bigint): boolean | null {
  if (whole <= 0n) return null;
  return part * 100n >= percent * whole;
}

type Named = SmeContractFacts & { number?: string };
const names = (list: readonly Named[]) => list.map((c) => `№ ${c.number ?? c.id}`).join(', ');

export function computeSmeFigures<T extends Named>(
  contracts: readonly T[],
  /** the rules of the report year (`smeRulesFor(year)`); by default those of the current year */
  rules: { exclusions: readonly SmeExclusionRule[]; quotas: readonly SmeQuotaRule[] } = smeRulesFor(
    new Date().getUTCFullYear(),
  ),
): SmeFigures<T> {
  const exclusions: SmeExclusionResult<T>[] = rules.exclusions.map((rule) => ({
    rule,
    contracts: [],
    kopecks: 0n,
  }));
  const base: T[] = [];
  for (const c of contracts) {
    const hit = exclusions.find((e) => e.rule.matches?.(c));
    if (hit) hit.contracts.push(c);
    else base.push(c);
  }
  for (const e of exclusions) e.kopecks = sumKopecks(e.contracts);
  const excluded = exclusions.flatMap((e) => e.contracts);
  const sme = base.filter((c) => c.supplierIsSme);
  const smeOnly = sme.filter((c) => c.smeOnly === true);
  const kopecks = {
    total: sumKopecks(contracts),
    excluded: sumKopecks(excluded),
    base: sumKopecks(base),
    sme: sumKopecks(sme),
    smeOnly: sumKopecks(smeOnly),
  };
  const quotas = rules.quotas.map((rule) => {
    const part = rule.code === 'sme' ? kopecks.sme : kopecks.smeOnly;
    return {
      rule,
      kopecks: part,
      sharePercent: sharePercent(part, kopecks.base),
      met: quotaMet(part, kopecks.base, rule.percent),
    };
  });
  const notes: string[] = [];
  const foreign = contracts.filter((c) => c.currency !== 'RUB');
  if (foreign.length)
    notes.push(
      `Цена договоров в иностранной валюте не входит в суммы (в реестре нет курса на дату заключения): ${names(foreign)}`,
    );
  const notSme = base.filter((c) => c.smeOnly === true && !c.supplierIsSme);
  if (notSme.length)
    notes.push(
      `Заключены по закупкам только среди субъектов МСП, но поставщик не отмечен как субъект МСП — не учтены в объёме закупок у МСП, проверьте карточки: ${names(notSme)}`,
    );
  const unknown = sme.filter((c) => c.smeOnly === null);
  if (unknown.length)
    notes.push(
      `Способ закупки не указан — не известно, была ли закупка только среди субъектов МСП, в этот объём не включены: ${names(unknown)}`,
    );
  return { total: [...contracts], exclusions, excluded, base, sme, smeOnly, kopecks, quotas, notes };
}

/** Rubles as the API writes them. */
export const rubles = (k: bigint) => fromKopecks(k);

/**
 * Why a filing date cannot be taken, in Russian; null when it can. The report of a year is placed
 * after the year is over, and never on a day still to come.
 */
export function filingDateProblem(year: number, filedOn: string, today: string): string | null {
  if (filedOn > today) return 'Дата размещения не может быть в будущем';
  const first = `${year + 1}-01-01`;
  if (filedOn < first)
    return `Отчёт за ${year} год размещается после окончания года: дата размещения не ранее ${formatRuDate(first)}`;
  return null;
}

/**
 * A note for a year before the quotas in force took effect: the shares are measured against them
 * all the same (the earlier percentages are not in the rule table), and the reader is told so.
 */
export function quotaYearNote(year: number, quotas: readonly SmeQuotaRule[] = SME_QUOTAS): string | null {
  const later = quotas.filter((q) => q.validFrom > `${year}-12-31`);
  if (later.length === 0) return null;
  const list = later.map((q) => `${q.percent} %`).join(' и ');
  return `Нормативы ${list} действуют с ${formatRuDate(later[0].validFrom)}: доли за ${year} год сравнены с ними, нормативы той редакции ПП РФ № 1352 сверьте сами`;
}
