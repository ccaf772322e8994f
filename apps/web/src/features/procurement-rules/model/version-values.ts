import type { NoticeDayKind, RuleVersion } from '@zakupki/shared/api/procurement-rules';
import { type EvaluationValues, toEvaluationBody, toEvaluationValues } from './evaluation-values';
import { toNmckBody, toNmckValues } from './nmck-values';

export type MethodRow = {
  method_id: string | null;
  notice_days: number | string;
  notice_day_kind: NoticeDayKind;
  needs_documentation: boolean;
  /** null: the default criteria (docs/bids.md) */
  evaluation: EvaluationValues | null;
};

/** Notice periods of ст. 3.2 223-ФЗ by method code (docs/domain.md, «check»): the defaults a new row gets. */
export const NOTICE_DEFAULTS: Record<string, Pick<MethodRow, 'notice_days' | 'notice_day_kind'>> = {
  e_tender: { notice_days: 15, notice_day_kind: 'calendar' },
  open_tender: { notice_days: 15, notice_day_kind: 'calendar' },
  e_auction: { notice_days: 15, notice_day_kind: 'calendar' },
  open_auction: { notice_days: 15, notice_day_kind: 'calendar' },
  e_quotation: { notice_days: 5, notice_day_kind: 'working' },
  e_proposal: { notice_days: 7, notice_day_kind: 'working' },
  single_supplier: { notice_days: 0, notice_day_kind: 'calendar' },
};

export const toValues = (v: RuleVersion | null) => ({
  approving_body: v?.approving_body ?? null,
  decision_number: v?.decision_number ?? '',
  decision_date: v?.decision_date ?? null,
  effective_from: v?.effective_from ?? null,
  changes_summary: v?.changes_summary ?? '',
  plan_threshold: v?.plan_threshold ?? '100000',
  plan_threshold_large: v?.plan_threshold_large ?? '500000',
  sme_ceiling: v?.sme_ceiling ?? '',
  methods: (v?.methods ?? []).map<MethodRow>((m) => ({
    method_id: String(m.method_id),
    notice_days: m.notice_days,
    notice_day_kind: m.notice_day_kind,
    needs_documentation: m.needs_documentation,
    evaluation: toEvaluationValues(m.evaluation),
  })),
  nmck_settings: toNmckValues(v?.nmck_settings),
});
export type Values = ReturnType<typeof toValues>;

export const toBody = (v: Values) => ({
  ...v,
  decision_number: v.decision_number || null,
  changes_summary: v.changes_summary || null,
  sme_ceiling: v.sme_ceiling || null,
  methods: v.methods.map((m) => ({
    ...m,
    // an empty select or day count is «Обязательное поле» (undefined), not a type error
    method_id: m.method_id ? Number(m.method_id) : undefined,
    notice_days: m.notice_days === '' ? undefined : m.notice_days,
    evaluation: toEvaluationBody(m.evaluation),
  })),
  nmck_settings: toNmckBody(v.nmck_settings),
});
