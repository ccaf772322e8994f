import {
  DEFAULT_CRITERIA,
  type MethodEvaluationSetting,
  type SingleParticipantRule,
} from '@zakupki/shared/api/bids-model';

/**
 * A method's evaluation settings as the version form edits them (docs/bids.md): null keeps the
 * defaults (DEFAULT_CRITERIA, no preference, a contract with a single participant). A criterion's
 * kind is its code: `price` is scored against the best offer, any other code in commission points.
 */
export type CriterionRow = { code: string; title: string; weight: number | string };
export type EvaluationValues = {
  criteria: CriterionRow[];
  preference_on: boolean;
  national_preference_percent: number | string;
  single_participant: SingleParticipantRule;
};

export const CRITERION_KINDS = [
  { value: 'price', label: 'Цена (по лучшему предложению)' },
  { value: 'points', label: 'Баллы комиссии' },
] as const;
export const criterionKind = (code: string) => (code === 'price' ? 'price' : 'points');

/** «Цена договора — 60 %; Квалификация участника — 20 %; …»: what a method without settings uses. */
export const DEFAULT_CRITERIA_TEXT = DEFAULT_CRITERIA.map((c) => `${c.title} — ${c.weight} %`).join('; ');

/** The usual preference of the national regime for Russian goods (ПП РФ № 925), a new toggle's value. */
export const PREFERENCE_DEFAULT = 15;

export const toEvaluationValues = (e: MethodEvaluationSetting | null | undefined): EvaluationValues | null =>
  e
    ? {
        criteria: e.criteria.map((c) => ({ ...c })),
        preference_on: e.national_preference_percent !== null,
        national_preference_percent: e.national_preference_percent ?? PREFERENCE_DEFAULT,
        single_participant: e.single_participant,
      }
    : null;

/** What «Задать критерии» starts from: the defaults, ready to change. */
export const defaultEvaluation = (): EvaluationValues => ({
  criteria: DEFAULT_CRITERIA.map((c) => ({ ...c })),
  preference_on: false,
  national_preference_percent: PREFERENCE_DEFAULT,
  single_participant: 'contract',
});

/** A code no other criterion of the list has, for a criterion scored in points. */
export function pointsCode(criteria: CriterionRow[]): string {
  const used = new Set(criteria.map((c) => c.code));
  for (const code of ['qualification', 'term']) if (!used.has(code)) return code;
  let n = 1;
  while (used.has(`criterion_${n}`)) n++;
  return `criterion_${n}`;
}

const num = (v: number | string) => (v === '' ? undefined : v);

/** The request body's `evaluation` (an empty weight is «Обязательное поле», not a type error). */
export const toEvaluationBody = (e: EvaluationValues | null) =>
  e
    ? {
        criteria: e.criteria.map((c) => ({ ...c, weight: num(c.weight) })),
        national_preference_percent: e.preference_on ? num(e.national_preference_percent) : null,
        single_participant: e.single_participant,
      }
    : null;

export const weightSum = (e: EvaluationValues) =>
  e.criteria.reduce((s, c) => s + (typeof c.weight === 'number' ? c.weight : Number(c.weight) || 0), 0);
