import { z } from 'zod';
import { checkInn, checkKpp } from '../validators/requisites.js';
import { keptFields, optionalText, requiredText } from './common.js';
import { positiveMoney } from './contracts-model.js';

/**
 * The model of bids and their evaluation (docs/bids.md): the evaluation settings a Положение
 * version keeps per method, the admission reasons, the inputs of a bid.
 */

// ---------------------------------------------------------------- evaluation settings of a version

/** The default criteria when a version's method sets none: price 60 %, qualification 20 %, term 20 %. */
export const DEFAULT_CRITERIA = [
  { code: 'price', title: 'Цена договора', weight: 60 },
  { code: 'qualification', title: 'Квалификация участника', weight: 20 },
  { code: 'term', title: 'Срок поставки (выполнения работ, оказания услуг)', weight: 20 },
] as const;

/** What the Положение says when one participant is admitted: conclude with it, or the procurement fails. */
export const SINGLE_PARTICIPANT_RULES = ['contract', 'failed'] as const;
export type SingleParticipantRule = (typeof SINGLE_PARTICIPANT_RULES)[number];
export const SINGLE_PARTICIPANT_RULE_TITLES: Record<SingleParticipantRule, string> = {
  contract: 'Договор заключается с единственным допущенным участником',
  failed: 'Закупка признаётся несостоявшейся без заключения договора',
};

export const EvaluationCriterion = z.object({
  /** 'price' is the price criterion (scored against the best offer); any other code is scored in points */
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Код критерия: латинские строчные буквы, цифры и «_»'),
  title: requiredText(300),
  /** weight in percent; the weights of a method sum to 100 */
  weight: z
    .number()
    .int('Вес — целое число процентов')
    .min(1, 'Вес не менее 1 %')
    .max(100, 'Вес не более 100 %'),
});
export type EvaluationCriterion = z.infer<typeof EvaluationCriterion>;

/** A method's evaluation settings in a Положение version (kept with its notice period). */
export const MethodEvaluationSetting = z
  .object({
    criteria: z.array(EvaluationCriterion).min(1, 'Укажите хотя бы один критерий').max(10),
    /** national regime: the evaluation price of a bid of Russian goods is reduced by this percent; null: off */
    national_preference_percent: z
      .number({ message: 'Укажите размер преференции в процентах' })
      .gt(0, 'Преференция — больше 0 %')
      .lt(100, 'Преференция — меньше 100 %: цена заявки не может стать нулевой')
      .nullable()
      .default(null),
    single_participant: z.enum(SINGLE_PARTICIPANT_RULES).default('contract'),
  })
  .superRefine((v, ctx) => {
    const sum = v.criteria.reduce((s, c) => s + c.weight, 0);
    if (sum !== 100)
      ctx.addIssue({
        code: 'custom',
        path: ['criteria'],
        message: `Сумма весов критериев должна быть 100 %, сейчас ${sum} %`,
      });
    const seen = new Set<string>();
    v.criteria.forEach((c, i) => {
      if (seen.has(c.code))
        ctx.addIssue({ code: 'custom', path: ['criteria', i, 'code'], message: 'Критерий указан дважды' });
      seen.add(c.code);
    });
  });
export type MethodEvaluationSetting = z.output<typeof MethodEvaluationSetting>;

/**
 * Where a procurement stands for its bids (the server decides, modules/bids `bidsStage`): `before`
 * the notice is placed there are none; `open` from the notice to the summing up (written);
 * `closed` afterwards (read only).
 */
export const BIDS_STAGES = ['before', 'open', 'closed'] as const;
export type BidsStage = (typeof BIDS_STAGES)[number];

// ---------------------------------------------------------------- admission

export const BID_ADMISSIONS = ['pending', 'admitted', 'rejected'] as const;
export type BidAdmission = (typeof BID_ADMISSIONS)[number];
export const BID_ADMISSION_TITLES: Record<BidAdmission, string> = {
  pending: 'Не рассмотрена',
  admitted: 'Допущена',
  rejected: 'Отклонена',
};

/** The reasons a bid is rejected (the catalogue of the admission decision). */
export const REJECTION_REASONS = [
  'late',
  'documents_missing',
  'requirements_not_met',
  'participant_requirements',
  'price_above_nmcd',
  'false_information',
  'security_missing',
  'rnp',
  'other',
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_TITLES: Record<RejectionReason, string> = {
  late: 'Заявка подана после окончания срока подачи',
  documents_missing: 'Не представлены документы, предусмотренные документацией',
  requirements_not_met: 'Предложение не соответствует требованиям документации (техническому заданию)',
  participant_requirements: 'Участник не соответствует требованиям к участникам закупки',
  price_above_nmcd: 'Цена заявки превышает начальную (максимальную) цену договора',
  false_information: 'Недостоверные сведения в заявке',
  security_missing: 'Не предоставлено обеспечение заявки',
  rnp: 'Сведения об участнике включены в реестр недобросовестных поставщиков',
  other: 'Иное основание (указано в комментарии)',
};

export const BidAdmissionInput = z
  .object({
    admission: z.enum(BID_ADMISSIONS),
    reason: z
      .enum(REJECTION_REASONS)
      .nullish()
      .transform((v) => v ?? null),
    comment: optionalText(2000),
  })
  .superRefine((v, ctx) => {
    if (v.admission === 'rejected' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Укажите основание отклонения заявки' });
    if (v.admission === 'rejected' && v.reason === 'other' && !v.comment)
      ctx.addIssue({
        code: 'custom',
        path: ['comment'],
        message: 'Для иного основания опишите его в комментарии',
      });
  });
export type BidAdmissionInput = z.input<typeof BidAdmissionInput>;

// ---------------------------------------------------------------- bid input

export const RUSSIA_OKSM = '643';

const inn = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const problem = checkInn(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const kpp = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .superRefine((v, ctx) => {
    const problem = v ? checkKpp(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A date-time with its offset, or a Moscow local date-time `ГГГГ-ММ-ДДTЧЧ:ММ` (read as Moscow time). */
export const receivedAt = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/,
    'Дата и время получения в формате ГГГГ-ММ-ДД ЧЧ:ММ',
  );

export const BidItemPriceInput = z.object({
  item_id: z.number().int().positive(),
  unit_price: positiveMoney,
});

const bidFields = {
  lot_id: z.number().int().positive(),
  participant_inn: inn,
  participant_kpp: kpp,
  participant_name: requiredText(1000),
  participant_address: optionalText(2000),
  participant_is_sme: z.boolean().default(false),
  received_at: receivedAt,
  /** the price offered; with `items`, the sum of the items' amounts (computed when omitted) */
  price: positiveMoney.nullish().transform((v) => v ?? null),
  /** one price per item of the lot (all of them), when the lot has items */
  items: z.array(BidItemPriceInput).max(1000).default([]),
  /** ОКСМ numeric code ('643' = Россия) */
  country_code: z
    .string()
    .trim()
    .regex(/^\d{3}$/, 'Код страны по ОКСМ — 3 цифры')
    .nullish()
    .transform((v) => v ?? null),
  country_name: optionalText(200),
};
export const BidInput = z.object(bidFields);
export type BidInput = z.input<typeof BidInput>;
/** An edit of a bid: a field not sent keeps its stored value (items not sent keep their prices). */
export const BidUpdateInput = z.object(keptFields(bidFields));
export type BidUpdateInput = z.input<typeof BidUpdateInput>;

export const BidScoreInput = z.object({
  criterion_code: z.string().trim().min(1),
  member_name: requiredText(300),
  points: z.number().min(0, 'Баллы не могут быть отрицательными').max(100, 'Не более 100 баллов'),
});
/** Replaces the points of the bids it names (per criterion and member); others are kept. */
export const BidScoresInput = z.object({
  scores: z
    .array(BidScoreInput.extend({ bid_id: z.number().int().positive() }))
    .min(1, 'Нет оценок')
    .max(2000),
});
export type BidScoresInput = z.input<typeof BidScoresInput>;

export const COMMISSION_ROLES = ['chair', 'deputy', 'member', 'secretary'] as const;
export const COMMISSION_ROLE_TITLES: Record<(typeof COMMISSION_ROLES)[number], string> = {
  chair: 'Председатель комиссии',
  deputy: 'Заместитель председателя',
  member: 'Член комиссии',
  secretary: 'Секретарь',
};
export const CommissionInput = z.object({
  members: z
    .array(z.object({ name: requiredText(300), role: z.enum(COMMISSION_ROLES) }))
    .max(30)
    .superRefine((ms, ctx) => {
      const seen = new Set<string>();
      ms.forEach((m, i) => {
        if (seen.has(m.name))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: 'Член комиссии указан дважды' });
        seen.add(m.name);
      });
    }),
});
export type CommissionInput = z.input<typeof CommissionInput>;

// ---------------------------------------------------------------- protocols

export const BID_PROTOCOL_KINDS = ['opening', 'review', 'evaluation', 'final'] as const;
export type BidProtocolKind = (typeof BID_PROTOCOL_KINDS)[number];
export const BID_PROTOCOL_KIND_TITLES: Record<BidProtocolKind, string> = {
  opening: 'Протокол вскрытия (открытия доступа к заявкам)',
  review: 'Протокол рассмотрения заявок',
  evaluation: 'Протокол оценки и сопоставления заявок',
  final: 'Итоговый протокол (подведения итогов)',
};

export const BidProtocolInput = z.object({ kind: z.enum(BID_PROTOCOL_KINDS) });
export const BidProtocolSignInput = z.object({
  signed_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в формате ГГГГ-ММ-ДД'),
  /** a procurement that ends without a winner: why («не состоялась»); filled by the protocol when omitted */
  reason: optionalText(2000),
});

/** «Сформировать договор»: the lot whose winner it is drawn for (omitted: the only lot with a winner). */
export const BidContractInput = z.object({
  lot_id: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
});

/** Columns of the XLSX bid upload (row 1 holds the titles; one row per bid, or per item of a bid). */
export const BID_XLSX_COLUMNS = [
  { key: 'lot_number', title: 'Лот №' },
  { key: 'participant_inn', title: 'ИНН' },
  { key: 'participant_kpp', title: 'КПП' },
  { key: 'participant_name', title: 'Наименование участника' },
  { key: 'participant_address', title: 'Адрес' },
  { key: 'participant_is_sme', title: 'МСП (да/нет)' },
  { key: 'received_at', title: 'Получена (ДД.ММ.ГГГГ ЧЧ:ММ)' },
  { key: 'price', title: 'Цена заявки' },
  { key: 'item_line_no', title: '№ позиции' },
  { key: 'item_unit_price', title: 'Цена за единицу' },
  { key: 'country_code', title: 'Страна происхождения (ОКСМ)' },
] as const;
