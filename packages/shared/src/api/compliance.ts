import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam } from './common.js';
import { DUTY_STATES } from './contracts.js';
import { realDate } from './contracts-model.js';

/**
 * The compliance calendar (docs/domain.md, «Календарь обязанностей»): every open and recent duty
 * of the law of every module for a company (or, for staff, across their companies), marking one
 * done, the monthly counts of duties done on time and late, and the reminder settings.
 */

/** Where a duty comes from. */
export const COMPLIANCE_MODULES = ['rules', 'plans', 'procurements', 'contracts', 'reports'] as const;
export type ComplianceModule = (typeof COMPLIANCE_MODULES)[number];
export const COMPLIANCE_MODULE_TITLES: Record<ComplianceModule, string> = {
  rules: 'Положение о закупке',
  plans: 'План закупки',
  procurements: 'Закупки: извещения и протоколы',
  contracts: 'Реестр договоров',
  reports: 'Отчётность',
};

/** A duty's state as of today (the states of contracts' duties: due, due soon, overdue, done, done late). */
export type DutyState = (typeof DUTY_STATES)[number];
export const DUTY_STATE_TITLES: Record<DutyState, string> = {
  due: 'предстоит',
  due_soon: 'срок истекает',
  overdue: 'просрочено',
  done_late: 'выполнено с опозданием',
  done: 'выполнено',
};

/** What kind of object a duty belongs to (its link on the web). */
export const DUTY_OBJECT_TYPES = ['contract', 'procurement', 'rules_version', 'plan', 'report'] as const;

/** How a duty is marked done: through the contract's own EIS placement, or a mark of the calendar. */
export const DUTY_MARK_WAYS = ['contract_publication', 'mark', 'none'] as const;

/**
 * What the EIS connector found of a duty's object by its registration number (a plan, a notice, a
 * contract; docs/eis-sync.md): shown in the EIS, or not found there after the grace period.
 */
export const DUTY_EIS_STATUSES = ['confirmed', 'not_found'] as const;
export type DutyEisStatus = (typeof DUTY_EIS_STATUSES)[number];
export const DUTY_EIS_STATUS_TITLES: Record<DutyEisStatus, string> = {
  confirmed: 'подтверждено в ЕИС',
  not_found: 'не найдено в ЕИС',
};

const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Месяц в формате ГГГГ-ММ');
const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).optional());
const id = z.number().int();

export const ComplianceDuty = z.object({
  /** stable key of the duty: `contract:12:register`, `procurement:3:protocol:7`, `monthly_report:2026-10` */
  key: z.string(),
  company_id: id,
  company_title: z.string(),
  module: z.enum(COMPLIANCE_MODULES),
  /** the duty of the law (`contract_register`, `protocol_placement`, `monthly_report`, …) */
  kind: z.string(),
  title: z.string(),
  object: z.object({
    type: z.enum(DUTY_OBJECT_TYPES),
    id: id.nullable(),
    number: z.string().nullable(),
    /** the web path of the object's screen */
    link: z.string().nullable(),
  }),
  base_date: z.string().nullable(),
  due_date: z.string(),
  done_on: z.string().nullable(),
  eis_number: z.string().nullable(),
  state: z.enum(DUTY_STATES),
  /** calendar days left (negative: overdue) */
  days_left: z.number().int(),
  customer: z.object({ id: id.nullable(), title: z.string() }).nullable(),
  /** the company's responsible users (its reminder setting) */
  responsible: z.array(z.object({ id, title: z.string() })),
  reference: z.string(),
  unconfirmed: z.boolean(),
  mark: z.enum(DUTY_MARK_WAYS),
  /** the object as the EIS sync found it (null: not checked, pending, or not an EIS object) */
  eis_status: z.enum(DUTY_EIS_STATUSES).nullable(),
  /** confirmed: the day the EIS showed it; not found: the day of the check */
  eis_status_on: z.string().nullable(),
});
export type ComplianceDuty = z.infer<typeof ComplianceDuty>;

/** The longest window the calendar reads (months) and the most duties one answer lists. */
export const COMPLIANCE_MAX_MONTHS = 36;
export const COMPLIANCE_MAX_ITEMS = 2000;

export const ComplianceQuery = z
  .object({
    /** first month shown (default: the month before the current one) */
    from: month.optional(),
    /** last month shown (default: two months after the current one) */
    to: month.optional(),
    module: multi(z.enum(COMPLIANCE_MODULES)),
    state: multi(z.enum(DUTY_STATES)),
    customer_id: z.coerce.number().int().positive().optional(),
    responsible_id: z.coerce.number().int().positive().optional(),
    /** at most this many duties, nearest due first (the rest are counted in `total`) */
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(COMPLIANCE_MAX_ITEMS, `Не больше ${COMPLIANCE_MAX_ITEMS} обязанностей за один запрос`)
      .default(COMPLIANCE_MAX_ITEMS),
  })
  .strict();
/** The query as a client sends it: lists comma-separated. */
export type ComplianceQuery = {
  from?: string;
  to?: string;
  module?: string;
  state?: string;
  customer_id?: number;
  responsible_id?: number;
  limit?: number;
};

/** The staff's calendar across companies: the same filters and one or more companies. */
export const StaffComplianceQuery = ComplianceQuery.extend({
  company_id: multi(z.coerce.number().int().positive()),
}).strict();

export const ComplianceCalendar = z.object({
  from: z.string(),
  to: z.string(),
  today: z.string(),
  items: z.array(ComplianceDuty),
  /** more duties than `limit` fit the filters: `items` holds the nearest due ones */
  more: z.boolean().optional(),
  counts: z.record(z.enum(DUTY_STATES), z.number().int()),
});
export type ComplianceCalendar = z.infer<typeof ComplianceCalendar>;

export const DutyMarkInput = z.object({
  key: z.string().trim().min(1).max(200),
  done_on: realDate,
  eis_number: z
    .string()
    .trim()
    .regex(/^[0-9]{5,40}$/, 'Номер в ЕИС — от 5 до 40 цифр'),
});
export type DutyMarkInput = z.input<typeof DutyMarkInput>;

export const ComplianceStats = z.object({
  months: z.array(z.object({ month: z.string(), on_time: z.number().int(), late: z.number().int() })),
});

const offsets = z
  .array(z.number().int().min(1, 'Не меньше 1 рабочего дня').max(30, 'Не больше 30 рабочих дней'))
  .min(1, 'Укажите хотя бы один срок')
  .max(5, 'Не больше 5 напоминаний')
  .refine((list) => new Set(list).size === list.length, 'Сроки не должны повторяться');

export const ComplianceSettingsInput = z.object({
  /** null: the company's specialists */
  responsible_user_ids: z.array(z.number().int().positive()).max(50).nullable(),
  /** working days before the due date */
  offsets,
});
export type ComplianceSettingsInput = z.input<typeof ComplianceSettingsInput>;

export const ComplianceSettings = z.object({
  responsible_user_ids: z.array(id).nullable(),
  offsets: z.array(id),
  /** who gets the reminders now (the setting, or the specialists by default) */
  responsible: z.array(z.object({ id, title: z.string() })),
  /** the company's members who may be chosen */
  candidates: z.array(z.object({ id, title: z.string(), role: z.string() })),
});

export const ReminderPrefs = z.object({ reminder_mail: z.boolean() });
export type ReminderPrefs = z.infer<typeof ReminderPrefs>;

const tags = ['compliance'];
const base = '/api/companies/:company_id/compliance';

export const complianceRoutes = {
  calendar: defineRoute({
    method: 'GET',
    path: `${base}/duties`,
    summary: 'Compliance calendar: every open and recent duty of the company, with filters',
    tags,
    company: 'company_id',
    permission: 'company.read',
    params: CompanyParam,
    query: ComplianceQuery,
    response: { 200: ComplianceCalendar },
  }),
  staffCalendar: defineRoute({
    method: 'GET',
    path: '/api/compliance/duties',
    summary: 'Compliance calendar across every company of the staff member (staff only)',
    tags,
    query: StaffComplianceQuery,
    response: { 200: ComplianceCalendar },
  }),
  mark: defineRoute({
    method: 'POST',
    path: `${base}/marks`,
    summary: 'Mark a duty done (date and EIS number); a contract duty records the contract placement',
    tags,
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyParam,
    body: DutyMarkInput,
    response: { 200: ComplianceDuty },
  }),
  stats: defineRoute({
    method: 'GET',
    path: `${base}/stats`,
    summary: 'Duties done on time and late per month',
    tags,
    company: 'company_id',
    permission: 'company.read',
    params: CompanyParam,
    response: { 200: ComplianceStats },
  }),
  settings: defineRoute({
    method: 'GET',
    path: `${base}/settings`,
    summary: 'Reminder settings of the company: responsible users and working-day offsets',
    tags,
    company: 'company_id',
    permission: 'company.read',
    params: CompanyParam,
    response: { 200: ComplianceSettings },
  }),
  saveSettings: defineRoute({
    method: 'PUT',
    path: `${base}/settings`,
    summary: 'Change the reminder settings of the company',
    tags,
    company: 'company_id',
    permission: 'company.update',
    params: CompanyParam,
    body: ComplianceSettingsInput,
    response: { 200: ComplianceSettings },
  }),
  myPrefs: defineRoute({
    method: 'GET',
    path: '/api/compliance/my-prefs',
    summary: 'Whether the caller receives reminder letters',
    tags,
    response: { 200: ReminderPrefs },
  }),
  saveMyPrefs: defineRoute({
    method: 'PUT',
    path: '/api/compliance/my-prefs',
    summary: 'Turn the reminder letters on or off for the caller',
    tags,
    body: ReminderPrefs,
    response: { 200: ReminderPrefs },
  }),
};
