import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam } from './common.js';

/**
 * Analytics (docs/analytics.md): a company's dashboard of panels over a period of months (savings,
 * competition, the SME share, plan execution, deadlines, spending), the red flags on its
 * procurements and contracts with their thresholds and dismissals, the XLSX of the figures, and
 * for staff the comparison of the companies they act for.
 */

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Месяц в формате ГГГГ-ММ')
  .refine(
    (v) => Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100,
    'Год вне допустимого диапазона',
  );

/** The period: months from–to inclusive (default: this year's January to this month). */
export const AnalyticsQuery = z
  .object({
    from: month.optional(),
    to: month.optional(),
    customer_id: z.coerce.number().int().positive().optional(),
  })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Начало периода позже его конца',
    path: ['from'],
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (Number(q.to.slice(0, 4)) - Number(q.from.slice(0, 4))) * 12 +
        Number(q.to.slice(5)) -
        Number(q.from.slice(5)) <
        60,
    { message: 'Период не длиннее 5 лет', path: ['to'] },
  );
/** The query as a client sends it. */
export type AnalyticsQuery = { from?: string; to?: string; customer_id?: number };

const money = z.string();
const percent = z.string().nullable();

export const SavingsRow = z.object({
  key: z.string(),
  title: z.string(),
  count: z.number().int(),
  nmcd: money,
  price: money,
  saving: money,
  /** saving / НМЦД × 100, two decimals; null when the НМЦД is 0 */
  saving_percent: percent,
});
export type SavingsRow = z.infer<typeof SavingsRow>;

export const SavingsPanel = z.object({
  total: SavingsRow,
  by_month: z.array(SavingsRow),
  by_method: z.array(SavingsRow),
});

export const CompetitionPanel = z.object({
  available: z.boolean(),
  message: z.string(),
  by_method: z.array(
    z.object({
      method: z.string(),
      lots: z.number().int(),
      bids_per_lot: z.string().nullable(),
      single_bid_percent: percent,
    }),
  ),
});

export const SmePanel = z.object({
  year: z.number().int(),
  period_to: z.string(),
  base: money,
  quotas: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      required_percent: z.string(),
      share_percent: percent,
      amount: money,
      met: z.boolean().nullable(),
    }),
  ),
});

export const PlanPanel = z.object({
  year: z.number().int(),
  positions: z.number().int(),
  with_procurement: z.number().int(),
  with_contract: z.number().int(),
  plan_amount: money,
  contracted_amount: money,
  contracted_percent: percent,
});

export const DeadlinesPanel = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      on_time: z.number().int(),
      late: z.number().int(),
      overdue: z.number().int(),
    }),
  ),
});

export const ShareRow = z.object({
  key: z.string(),
  title: z.string(),
  amount: money,
  share_percent: percent,
});
export type ShareRow = z.infer<typeof ShareRow>;

export const SpendingPanel = z.object({
  total: money,
  okpd2: z.array(ShareRow),
  suppliers: z.array(ShareRow),
});

export const AnalyticsDashboard = z.object({
  company_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** first and last day of the period */
  date_from: z.string(),
  date_to: z.string(),
  savings: SavingsPanel,
  competition: CompetitionPanel,
  sme: SmePanel,
  plan: PlanPanel,
  deadlines: DeadlinesPanel,
  spending: SpendingPanel,
  /** active flags (not dismissed) of the period by rule */
  flags: z.record(z.string(), z.number().int()),
});
export type AnalyticsDashboard = z.infer<typeof AnalyticsDashboard>;

export const FLAG_CODES = [
  'single_participant',
  'price_equals_nmcd',
  'notice_minimum',
  'splitting',
  'price_rise',
  'conclusion_window',
  'late_placement',
  'rnp_supplier',
] as const;
export type FlagCode = (typeof FLAG_CODES)[number];

export const FLAG_TITLES: Record<FlagCode, string> = {
  single_participant: 'Единственный участник',
  price_equals_nmcd: 'Цена договора равна НМЦД',
  notice_minimum: 'Срок подачи заявок на законном минимуме',
  splitting: 'Возможное дробление закупки',
  price_rise: 'Рост цены договора изменениями',
  conclusion_window: 'Договор заключён вне срока ч. 15 ст. 3.2 223-ФЗ',
  late_placement: 'Несвоевременное размещение в ЕИС',
  rnp_supplier: 'Поставщик в РНП',
};

export const FLAG_OBJECTS = ['contract', 'procurement'] as const;
export type FlagObject = (typeof FLAG_OBJECTS)[number];

export const AnalyticsFlag = z.object({
  code: z.enum(FLAG_CODES),
  title: z.string(),
  object_type: z.enum(FLAG_OBJECTS),
  object_id: z.number().int(),
  object_number: z.string(),
  /** the date the flag is placed in the period by */
  date: z.string(),
  reason: z.string(),
  dismissal: z.object({ comment: z.string(), by: z.string().nullable(), at: z.string() }).nullable(),
});
export type AnalyticsFlag = z.infer<typeof AnalyticsFlag>;

export const FlagRule = z.object({
  code: z.enum(FLAG_CODES),
  title: z.string(),
  active: z.boolean(),
  /** why an inactive rule computes nothing */
  inactive_reason: z.string().nullable(),
  rule: z.string(),
});

export const FlagsQuery = z
  .object({
    from: month.optional(),
    to: month.optional(),
    object_type: z.enum(FLAG_OBJECTS).optional(),
    object_id: z.coerce.number().int().positive().optional(),
    dismissed: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type FlagsQuery = {
  from?: string;
  to?: string;
  object_type?: FlagObject;
  object_id?: number;
  dismissed?: 'true' | 'false';
};

export const FlagList = z.object({ rules: z.array(FlagRule), items: z.array(AnalyticsFlag) });
export type FlagList = z.infer<typeof FlagList>;

const pct = (max: number) =>
  z.coerce.number({ message: 'Введите число' }).min(0, 'Не меньше 0').max(max, `Не больше ${max}`);

/** The thresholds of the rules, per company. */
export const AnalyticsSettingsInput = z.object({
  /** price within this percent below the НМЦД counts as equal (0: exactly equal) */
  price_equal_tolerance_percent: pct(10),
  /** bids deadline at most this many days after the legal minimum counts as «at the minimum» */
  notice_margin_days: z.coerce.number().int('Целое число дней').min(0, 'Не меньше 0').max(30, 'Не больше 30'),
  /** splitting: each purchase below and the quarter's sum above this amount, rubles */
  split_threshold: z
    .string()
    .trim()
    .regex(/^\d{1,15}(\.\d{1,2})?$/, 'Сумма в рублях, например 600000 или 600000.00'),
  /** splitting: at least this many purchases in the quarter */
  split_min_count: z.coerce.number().int('Целое число').min(2, 'Не меньше 2').max(100, 'Не больше 100'),
  /** price rise: more than this percent over the first price */
  price_rise_percent: pct(100),
});
export type AnalyticsSettingsInput = z.input<typeof AnalyticsSettingsInput>;
export const AnalyticsSettings = z.object({
  price_equal_tolerance_percent: z.number(),
  notice_margin_days: z.number().int(),
  split_threshold: z.string(),
  split_min_count: z.number().int(),
  price_rise_percent: z.number(),
});
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

export const DEFAULT_ANALYTICS_SETTINGS: AnalyticsSettings = {
  price_equal_tolerance_percent: 0,
  notice_margin_days: 0,
  split_threshold: '600000.00',
  split_min_count: 2,
  price_rise_percent: 10,
};

export const FlagDismissalInput = z.object({
  code: z.enum(FLAG_CODES, { message: 'Неизвестный флаг' }),
  object_type: z.enum(FLAG_OBJECTS, { message: 'Неизвестный вид объекта' }),
  object_id: z.number().int().positive(),
  comment: z.string().trim().min(3, 'Комментарий — не короче 3 символов').max(2000, 'Не более 2000 символов'),
});
export type FlagDismissalInput = z.input<typeof FlagDismissalInput>;

export const StaffAnalyticsQuery = z
  .object({ from: month.optional(), to: month.optional() })
  .strict()
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'Начало периода позже его конца',
    path: ['from'],
  });

export const CompanyComparisonRow = z.object({
  company_id: z.number().int(),
  title: z.string(),
  contracts: z.number().int(),
  amount: money,
  saving: money,
  saving_percent: percent,
  sme_share_percent: percent,
  overdue: z.number().int(),
  late: z.number().int(),
  flags: z.number().int(),
});
export type CompanyComparisonRow = z.infer<typeof CompanyComparisonRow>;

export const CompanyComparison = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(CompanyComparisonRow),
});

const tags = ['analytics'];
const base = '/api/companies/:company_id/analytics';

export const analyticsRoutes = {
  dashboard: defineRoute({
    method: 'GET',
    path: base,
    summary: 'The dashboard of a company over a period: every panel’s figures and the flag counts',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: AnalyticsQuery,
    response: { 200: AnalyticsDashboard },
  }),
  xlsx: defineRoute({
    method: 'GET',
    path: `${base}/xlsx`,
    summary: 'The dashboard’s figures as XLSX (a sheet per panel)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: AnalyticsQuery,
    response: { 200: z.any() },
  }),
  flags: defineRoute({
    method: 'GET',
    path: `${base}/flags`,
    summary: 'Red flags of the period, or of one contract or procurement, with the rules',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: FlagsQuery,
    response: { 200: FlagList },
  }),
  dismiss: defineRoute({
    method: 'POST',
    path: `${base}/flags/dismissals`,
    summary: 'Dismiss a red flag with a comment',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyParam,
    body: FlagDismissalInput,
    response: { 200: AnalyticsFlag },
  }),
  settings: defineRoute({
    method: 'GET',
    path: `${base}/settings`,
    summary: 'The thresholds of the red flags',
    tags,
    company: 'company_id',
    permission: 'company.read',
    params: CompanyParam,
    response: { 200: AnalyticsSettings },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: `${base}/settings`,
    summary: 'Change the thresholds of the red flags',
    tags,
    company: 'company_id',
    permission: 'company.update',
    params: CompanyParam,
    body: AnalyticsSettingsInput,
    response: { 200: AnalyticsSettings },
  }),
  companies: defineRoute({
    method: 'GET',
    path: '/api/analytics/companies',
    summary: 'The companies the staff member acts for, compared over a period (staff only)',
    tags,
    query: StaffAnalyticsQuery,
    response: { 200: CompanyComparison },
  }),
};
