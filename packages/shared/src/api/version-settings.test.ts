import { describe, expect, it } from 'vitest';
import { applyRussianValidationMessages } from '../validation-messages.js';
import { DEFAULT_CRITERIA, MethodEvaluationSetting } from './bids-model.js';
import { NmckSettingsInput } from './nmck.js';
import { VersionUpdateInput } from './procurement-rules.js';

applyRussianValidationMessages();

/** The settings a Положение version keeps for evaluation (docs/bids.md) and НМЦД (docs/nmck.md). */
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

const criteria = (...weights: number[]) =>
  weights.map((weight, i) => ({ code: i ? `c${i}` : 'price', title: `Критерий ${i + 1}`, weight }));

describe('a method’s evaluation settings', () => {
  it('the defaults sum to 100 and pass; preference and the single-participant rule default', () => {
    const r = MethodEvaluationSetting.parse({ criteria: DEFAULT_CRITERIA.map((c) => ({ ...c })) });
    expect(r).toMatchObject({ national_preference_percent: null, single_participant: 'contract' });
  });

  it('weights not summing to 100 are refused naming the sum', () => {
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: criteria(60, 30) }))).toEqual([
      'criteria: Сумма весов критериев должна быть 100 %, сейчас 90 %',
    ]);
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: criteria(60, 30, 20) }))).toEqual([
      'criteria: Сумма весов критериев должна быть 100 %, сейчас 110 %',
    ]);
  });

  it('a criterion twice, a fractional or zero weight and no criteria are refused in Russian', () => {
    const twice = [
      { code: 'price', title: 'Цена', weight: 50 },
      { code: 'price', title: 'Цена ещё раз', weight: 50 },
    ];
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: twice }))).toEqual([
      'criteria.1.code: Критерий указан дважды',
    ]);
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: criteria(99.5, 0.5) }))).toContain(
      'criteria.0.weight: Вес — целое число процентов',
    );
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: criteria(100, 0) }))).toContain(
      'criteria.1.weight: Вес не менее 1 %',
    );
    expect(messages(MethodEvaluationSetting.safeParse({ criteria: [] }))).toContain(
      'criteria: Укажите хотя бы один критерий',
    );
  });

  it('the national-regime preference is between 0 and 100 % exclusive', () => {
    const at = (p: number) =>
      messages(
        MethodEvaluationSetting.safeParse({ criteria: criteria(100), national_preference_percent: p }),
      );
    expect(at(15)).toEqual([]);
    expect(at(0)).toEqual(['national_preference_percent: Преференция — больше 0 %']);
    expect(at(100)).toEqual([
      'national_preference_percent: Преференция — меньше 100 %: цена заявки не может стать нулевой',
    ]);
  });

  it('a version update checks the evaluation of each method', () => {
    const body = {
      methods: [
        {
          method_id: 1,
          notice_days: 15,
          notice_day_kind: 'calendar',
          needs_documentation: true,
          evaluation: { criteria: criteria(50, 20) },
        },
      ],
    };
    expect(messages(VersionUpdateInput.safeParse(body))).toEqual([
      'methods.0.evaluation.criteria: Сумма весов критериев должна быть 100 %, сейчас 70 %',
    ]);
  });
});

describe('the НМЦД justification settings', () => {
  const ok = {
    methods: ['market', 'normative'],
    min_prices: 3,
    max_variation: 33,
    unit_price: 'mean',
    vat_basis: 'with_vat',
    max_age_months: 6,
  };

  it('pass with at least one method, each once, and limits in range', () => {
    expect(NmckSettingsInput.safeParse(ok).success).toBe(true);
    expect(messages(NmckSettingsInput.safeParse({ ...ok, methods: [] }))).toEqual([
      'methods: Выберите хотя бы один метод',
    ]);
    expect(messages(NmckSettingsInput.safeParse({ ...ok, methods: ['market', 'market'] }))).toEqual([
      'methods: Метод указан дважды',
    ]);
    expect(messages(NmckSettingsInput.safeParse({ ...ok, max_variation: 150 }))).toEqual([
      'max_variation: Значение должно быть не больше 100',
    ]);
  });
});
