import { z } from 'zod';
import { SUBJECT_KINDS } from './catalog-values.js';
import { keptFields, keptText, optionalText, PageQuery, requiredText } from './common.js';
import {
  catalogId,
  DEADLINE_STATUSES,
  decimal,
  okei,
  okpd2,
  optionalDate,
  optionalMoney,
  positiveMoney,
  realDate,
  VAT_RATES,
} from './contracts-model.js';

/**
 * Procurements under 223-FZ: the vocabulary and the inputs of the register (docs/procurements.md).
 * A procurement pins the version of its Положение in force when it was created; that version's
 * methods, notice periods, plan threshold and SME ceiling are the rules it is checked against.
 */

// ---------------------------------------------------------------- vocabularies

export const PROCUREMENT_STATUSES = [
  'draft',
  'documentation_ready',
  'published',
  'bids_closed',
  'summing_up',
  'contract_concluded',
  'cancelled',
  'failed',
] as const;
export type ProcurementStatus = (typeof PROCUREMENT_STATUSES)[number];
export const PROCUREMENT_STATUS_TITLES: Record<ProcurementStatus, string> = {
  draft: 'Черновик',
  documentation_ready: 'Документация готова',
  published: 'Извещение размещено',
  bids_closed: 'Приём заявок окончен',
  summing_up: 'Подведение итогов',
  contract_concluded: 'Договор заключён',
  cancelled: 'Отменена',
  failed: 'Не состоялась',
};

/** Statuses a procurement may move to from each status (cancelled and failed are final). */
export const PROCUREMENT_TRANSITIONS: Record<ProcurementStatus, readonly ProcurementStatus[]> = {
  draft: ['documentation_ready', 'published', 'cancelled'],
  documentation_ready: ['draft', 'published', 'cancelled'],
  published: ['bids_closed', 'cancelled'],
  bids_closed: ['summing_up', 'failed', 'cancelled'],
  summing_up: ['contract_concluded', 'failed', 'cancelled'],
  contract_concluded: [],
  cancelled: [],
  failed: [],
};

/** Where a procurement came from. */
export const PROCUREMENT_SOURCES = ['manual', 'plan', 'eis'] as const;
export type ProcurementSource = (typeof PROCUREMENT_SOURCES)[number];

/** Protocol kinds a procurement records (the final one starts the contract window, ч. 15 ст. 3.2). */
export const PROTOCOL_KINDS = ['opening', 'review', 'evaluation', 'summing_up', 'other'] as const;
export type ProtocolKind = (typeof PROTOCOL_KINDS)[number];
export const PROTOCOL_KIND_TITLES: Record<ProtocolKind, string> = {
  opening: 'Протокол вскрытия (открытия доступа к заявкам)',
  review: 'Протокол рассмотрения заявок',
  evaluation: 'Протокол оценки и сопоставления заявок',
  summing_up: 'Итоговый протокол',
  other: 'Иной протокол',
};

/** Duties of the law a procurement has, with due dates (docs/domain.md §1). */
export const PROCUREMENT_DUTIES = ['notice_placement', 'protocol_placement', 'contract_conclusion'] as const;
export type ProcurementDuty = (typeof PROCUREMENT_DUTIES)[number];
export const PROCUREMENT_DUTY_TITLES: Record<ProcurementDuty, string> = {
  notice_placement: 'Размещение извещения в ЕИС',
  protocol_placement: 'Размещение протокола в ЕИС (ч. 12 ст. 4 223-ФЗ)',
  contract_conclusion: 'Заключение договора (ч. 15 ст. 3.2 223-ФЗ)',
};
export const PROCUREMENT_DUTY_STATES = [...DEADLINE_STATUSES, 'done', 'done_late', 'not_yet'] as const;

export const PROCUREMENT_SORTS = [
  'created_at',
  'number',
  'nmcd',
  'planned_publication_date',
  'bids_deadline',
  'status',
  'subject',
] as const;
export type ProcurementSort = (typeof PROCUREMENT_SORTS)[number];

/** Notice periods the law sets when the pinned version says nothing of a method (ст. 3.2, 3.3). */
export const DEFAULT_NOTICE_PERIODS: Record<
  'competition' | 'auction' | 'quotation_request' | 'proposal_request',
  { days: number; kind: 'calendar' | 'working' }
> = {
  competition: { days: 15, kind: 'calendar' },
  auction: { days: 15, kind: 'calendar' },
  quotation_request: { days: 5, kind: 'working' },
  proposal_request: { days: 7, kind: 'working' },
};

// ---------------------------------------------------------------- inputs

export const ProcurementItemInput = z.object({
  name: requiredText(1000),
  okpd2_code: okpd2,
  okei_code: okei,
  unit_name: optionalText(100),
  quantity: decimal('Количество', 3),
  unit_price: decimal('Цена за единицу', 2),
  vat_rate: z.enum(VAT_RATES, { message: 'Недопустимая ставка НДС' }).default('без НДС'),
});
export type ProcurementItemInput = z.input<typeof ProcurementItemInput>;

export const ProcurementLotInput = z.object({
  /** 1, 2, …: the lot's number in the notice */
  number: z.number().int().min(1).max(1000),
  subject: requiredText(2000),
  /** the lot's НМЦД; must equal the sum of its items when it has any */
  nmcd: positiveMoney,
  plan_position_id: z.number().int().positive().nullish(),
  items: z.array(ProcurementItemInput).max(5000, 'Не более 5000 позиций').default([]),
});
export type ProcurementLotInput = z.input<typeof ProcurementLotInput>;

const procurementFields = {
  number: optionalText(50),
  eis_notice_number: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{11}$/.test(v), 'Номер извещения в ЕИС — 11 цифр'),
  customer_id: z.number().int().positive().nullish(),
  method_id: z.number().int().positive({ message: 'Выберите способ закупки' }),
  subject: requiredText(2000),
  subject_type: z.enum(SUBJECT_KINDS).default('goods'),
  lots: z.array(ProcurementLotInput).min(1, 'Нужен хотя бы один лот').max(200, 'Не более 200 лотов'),
  /** НМЦД of the procurement: the sum of its lots */
  nmcd: positiveMoney,
  nmcd_method_id: catalogId,
  nmcd_justification: optionalText(8000),
  currency_code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Код валюты — три латинские буквы (RUB)')
    .default('RUB'),
  funding_source_id: catalogId,
  plan_position_id: z.number().int().positive().nullish(),
  application_security: optionalMoney,
  contract_security: optionalMoney,
  sme_only: z.boolean().default(false),
  electronic: z.boolean().default(true),
  platform_name: optionalText(300),
  platform_url: optionalText(500),
  planned_publication_date: optionalDate,
  published_on: optionalDate,
  bids_deadline: optionalDate,
  review_date: optionalDate,
  summing_up_date: optionalDate,
};
/** A procurement's full values: what a create takes and what the card's form checks. */
export const ProcurementInput = z.object(procurementFields);
export type ProcurementInput = z.input<typeof ProcurementInput>;

/**
 * PUT of a procurement: only the fields sent change (issue 26 item 3); an absent field keeps its
 * stored value, null clears a field that may be empty, `lots` sent replace the stored lots. The
 * server checks the result as a whole (ProcurementInput and the law's rules).
 */
export const ProcurementUpdate = z.object(keptFields(procurementFields));
export type ProcurementUpdate = z.input<typeof ProcurementUpdate>;

/** Create: the same fields, and a plan position to start from (its lots, items and НМЦД). */
export const ProcurementCreateInput = ProcurementInput;
export type ProcurementCreateInput = z.input<typeof ProcurementCreateInput>;

/** Start a procurement from a position of an EIS plan: everything else comes from the position. */
export const ProcurementFromPlanInput = z.object({
  plan_position_id: z.number().int().positive(),
  method_id: z.number().int().positive().nullish(),
});

export const ProcurementStatusInput = z.object({
  status: z.enum(
    PROCUREMENT_STATUSES.filter((s) => s !== 'draft') as [ProcurementStatus, ...ProcurementStatus[]],
    { message: 'Недопустимый статус' },
  ),
  /** the day of the change (publication, bids closing…); today (Moscow) when omitted */
  date: realDate.optional(),
  reason: optionalText(2000),
});
export type ProcurementStatusInput = z.input<typeof ProcurementStatusInput>;

/** Pin a procurement imported with no Положение to a version (POST …/procurements/:id/pin). */
export const ProcurementPinInput = z.object({
  rule_version_id: z
    .number({ message: 'Выберите редакцию Положения о закупке' })
    .int({ message: 'Выберите редакцию Положения о закупке' })
    .positive({ message: 'Выберите редакцию Положения о закупке' }),
});
export type ProcurementPinInput = z.input<typeof ProcurementPinInput>;

export const ProtocolInput = z.object({
  kind: z.enum(PROTOCOL_KINDS),
  /** the protocol that ends the procurement (its placement starts the contract window) */
  final: z.boolean().default(false),
  signed_on: realDate,
  published_on: optionalDate,
  eis_registration_number: optionalText(40),
  lot_number: z.number().int().min(1).nullish(),
  winner_name: optionalText(500),
  winner_inn: optionalText(12),
  winner_price: optionalMoney,
});
export type ProtocolInput = z.input<typeof ProtocolInput>;
/** An edit of a protocol: only the fields sent change (issue 26 item 3); null clears. */
export const ProtocolUpdate = z.object({
  kind: z.enum(PROTOCOL_KINDS).optional(),
  final: z.boolean().optional(),
  signed_on: realDate.optional(),
  published_on: realDate.nullable().optional(),
  eis_registration_number: keptText(40),
  lot_number: z.number().int().min(1).nullable().optional(),
  winner_name: keptText(500),
  winner_inn: keptText(12),
  winner_price: positiveMoney.nullable().optional(),
});
export type ProtocolUpdate = z.input<typeof ProtocolUpdate>;

const flag = z.enum(['true', 'false']).optional();
const multi = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(item).optional());

export const ProcurementListQuery = PageQuery.extend({
  sort: z.enum(PROCUREMENT_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  status: multi(z.enum(PROCUREMENT_STATUSES)),
  method_id: z.coerce.number().int().positive().optional(),
  customer_id: z.coerce.number().int().positive().optional(),
  source: z.enum(PROCUREMENT_SOURCES).optional(),
  /** planned publication (or publication) from / to */
  date_from: realDate.optional(),
  date_to: realDate.optional(),
  nmcd_min: z.coerce.number().min(0).optional(),
  nmcd_max: z.coerce.number().min(0).optional(),
  sme_only: flag,
  /** only procurements with an overdue duty */
  overdue: flag,
  /** words of the subject, or the beginning of the internal or EIS number */
  q: z.string().trim().max(300).optional(),
});
export type ProcurementListQuery = z.input<typeof ProcurementListQuery>;
