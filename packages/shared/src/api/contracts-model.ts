import { z } from 'zod';
import { checkInn, checkKpp } from '../validators/requisites.js';
import { isoDate, keptFields, money, optionalText, requiredText } from './common.js';

// ---------------------------------------------------------------- vocabularies

export const CONTRACT_LAWS = ['223', '44'] as const;
export type ContractLaw = (typeof CONTRACT_LAWS)[number];

/** проект -> заключен (исполняется) -> исполнен | расторгнут; проект -> отменен. */
export const CONTRACT_STATUSES = ['draft', 'concluded', 'executed', 'terminated', 'cancelled'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_TITLES: Record<ContractStatus, string> = {
  draft: 'Проект',
  concluded: 'Заключен',
  executed: 'Исполнен',
  terminated: 'Расторгнут',
  cancelled: 'Отменен',
};
export const CONTRACT_TRANSITIONS: Record<ContractStatus, readonly ContractStatus[]> = {
  draft: ['concluded', 'cancelled'],
  concluded: ['executed', 'terminated'],
  executed: [],
  terminated: [],
  cancelled: [],
};

export const VAT_RATES = ['22%', '20%', '10%', '7%', '5%', '0%', 'без НДС'] as const;
export type VatRate = (typeof VAT_RATES)[number];

/** The general VAT rate is 22 % from this day (Federal Law 425-FZ of 28.11.2025), 20 % before. */
export const VAT_22_FROM = '2026-01-01';

/**
 * The VAT rate a new item defaults to on a date (YYYY-MM-DD; the contract date, or today when the
 * contract has none yet): 22 % from 1 January 2026, 20 % before.
 */
export function defaultVatRate(date: string | null | undefined, today: string): VatRate {
  return (date || today) >= VAT_22_FROM ? '22%' : '20%';
}

export const PAYMENT_KINDS = ['advance', 'postpayment'] as const;
export const PAYMENT_KIND_TITLES: Record<(typeof PAYMENT_KINDS)[number], string> = {
  advance: 'Аванс',
  postpayment: 'Постоплата',
};
export const DAY_KINDS = ['working', 'banking', 'calendar'] as const;
export const DAY_KIND_TITLES: Record<(typeof DAY_KINDS)[number], string> = {
  working: 'рабочих дней',
  banking: 'банковских дней',
  calendar: 'календарных дней',
};

export const CONTRACT_EVENT_KINDS = ['change', 'acceptance', 'payment', 'execution', 'termination'] as const;
export type ContractEventKind = (typeof CONTRACT_EVENT_KINDS)[number];
export const CONTRACT_EVENT_TITLES: Record<ContractEventKind, string> = {
  change: 'Изменение договора',
  acceptance: 'Приёмка',
  payment: 'Оплата',
  execution: 'Исполнение договора',
  termination: 'Расторжение договора',
};

/** Duties of docs/domain.md §1 a contract carries. */
export const CONTRACT_DUTIES = ['register', ...CONTRACT_EVENT_KINDS] as const;
export type ContractDuty = (typeof CONTRACT_DUTIES)[number];
export const CONTRACT_DUTY_TITLES: Record<ContractDuty, string> = {
  register: 'Размещение сведений о договоре в реестре договоров ЕИС',
  change: 'Размещение сведений об изменении договора',
  acceptance: 'Размещение сведений о приёмке',
  payment: 'Размещение сведений об оплате',
  execution: 'Размещение сведений об исполнении договора',
  termination: 'Размещение сведений о расторжении договора',
};

export const DEADLINE_STATUSES = ['due', 'due_soon', 'overdue'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];
export const DEADLINE_STATUS_TITLES: Record<DeadlineStatus, string> = {
  due: 'В срок',
  due_soon: 'Срок истекает',
  overdue: 'Просрочено',
};

export const CONTRACT_SORTS = [
  'contract_date',
  'price',
  'number',
  'supplier_name',
  'end_date',
  'status',
] as const;

// ---------------------------------------------------------------- decimal arithmetic (no floats)

const DEC = /^-?\d+(\.\d+)?$/;
/** Decimal string -> integer scaled by 10^scale (rounded half away from zero). */
export function toScaled(value: string, scale: number): bigint {
  if (!DEC.test(value)) throw new RangeError(`Not a decimal: ${value}`);
  const neg = value.startsWith('-');
  const [i, f = ''] = value.replace('-', '').split('.');
  const digits = BigInt(i + f.padEnd(scale, '0').slice(0, scale));
  const roundUp = f.length > scale && Number(f[scale]) >= 5;
  const v = digits + (roundUp ? 1n : 0n);
  return neg ? -v : v;
}
/** Integer kopecks -> '1234.50'. */
export function fromKopecks(k: bigint): string {
  const neg = k < 0n;
  const a = neg ? -k : k;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
}
/** round(quantity × price) in kopecks. */
export function lineKopecks(quantity: string, price: string): bigint {
  const q = toScaled(quantity, 8);
  const p = toScaled(price, 8);
  const prod = q * p; // scale 16
  const unit = 10n ** 14n;
  const sign = prod < 0n ? -1n : 1n;
  const abs = prod * sign;
  return sign * ((abs + unit / 2n) / unit);
}
/** VAT inside an amount that includes it, in kopecks; 0 for «без НДС» and 0%. */
export function vatInsideKopecks(amountKopecks: bigint, rate: VatRate): bigint {
  const r = rate === 'без НДС' ? 0n : BigInt(rate.replace('%', ''));
  if (r === 0n) return 0n;
  const num = amountKopecks * r * 2n;
  const den = (100n + r) * 2n;
  return (num + den / 2n) / den;
}
/** '1234567.8' -> '1 234 567,80 ₽'. */
export function formatRub(value: string | bigint): string {
  const s = typeof value === 'bigint' ? fromKopecks(value) : fromKopecks(toScaled(value, 2));
  const [i, f] = s.replace('-', '').split('.');
  return `${s.startsWith('-') ? '-' : ''}${i.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${f} ₽`;
}

// ---------------------------------------------------------------- field rules

/** ISO date that exists in the calendar (no 30 February). */
export const realDate = isoDate.refine((v) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}, 'Такой даты нет в календаре');

export const okpd2 = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || /^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/.test(v),
    'Код ОКПД2 записывается как ХХ.ХХ.ХХ.ХХХ (например, 26.20.11.110)',
  );
export const okei = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\d{3,4}$/.test(v), 'Код ОКЕИ состоит из 3 или 4 цифр (например, 796)');
export const decimal = (what: string, fraction: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).replace(/\s/g, '').replace(',', '.'))
    .refine(
      (v) => new RegExp(`^\\d{1,15}(\\.\\d{1,${fraction}})?$`).test(v),
      `${what}: неотрицательное число, не более ${fraction} знаков после запятой`,
    );
export const positiveMoney = money.refine((v) => !v.startsWith('-'), 'Сумма не может быть отрицательной');
export const optionalMoney = positiveMoney.nullish().transform((v) => v ?? null);
export const optionalDate = realDate.nullish().transform((v) => v ?? null);
const innField = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const e = checkInn(v);
    if (e) ctx.addIssue({ code: 'custom', message: e });
  });
const kppField = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .superRefine((v, ctx) => {
    const e = v ? checkKpp(v) : null;
    if (e) ctx.addIssue({ code: 'custom', message: e });
  });
export const catalogId = z.number().int().positive('Неверный идентификатор справочника').nullish();
/** Date or date-time (ISO); a bare date means that day. */
/** A day of the calendar (not 30 February), optionally with a time that exists. */
export const isRealInstant = (v: string) => {
  const day = v.slice(0, 10);
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day && !Number.isNaN(Date.parse(v));
};
const publishedAt = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine(
    (v) => v === null || /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(v),
    'Дата размещения в формате ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTчч:мм',
  )
  .refine((v) => v === null || isRealInstant(v), 'Такой даты нет в календаре');

/** Registry number rules: 223-FZ contract card 23 digits, 44-FZ 19 digits. Null when it fits. */
export function checkRegistryNumber(law: ContractLaw, value: string): string | null {
  if (!/^\d+$/.test(value)) return 'Реестровый номер договора состоит только из цифр';
  const need = law === '223' ? 23 : 19;
  if (value.length !== need) {
    return `Реестровый номер договора по ${law}-ФЗ состоит из ${need} цифр, введено ${value.length}`;
  }
  return null;
}

// ---------------------------------------------------------------- input

export const ContractItemInput = z.object({
  /** Existing item id when editing (keeps its accepted quantities). */
  id: z.number().int().positive().optional(),
  name: requiredText(2000),
  okpd2_code: okpd2,
  okei_code: okei,
  unit_name: optionalText(100),
  quantity: decimal('Количество', 8).refine((v) => Number(v) > 0, 'Количество должно быть больше нуля'),
  /** Unit price including VAT. */
  price: decimal('Цена', 6),
  vat_rate: z.enum(VAT_RATES, { message: 'Выберите ставку НДС' }),
  /** VAT inside the amount; computed when omitted. */
  vat_amount: optionalMoney,
  /** quantity × price; computed when omitted. */
  amount: optionalMoney,
});
export type ContractItemInput = z.input<typeof ContractItemInput>;

export const ContractStageInput = z.object({
  id: z.number().int().positive().optional(),
  name: requiredText(1000),
  start_date: optionalDate,
  end_date: optionalDate,
  amount: optionalMoney,
});

export const PaymentTermInput = z.object({
  kind: z.enum(PAYMENT_KINDS, { message: 'Выберите вид оплаты' }),
  share_percent: decimal('Доля', 2).refine((v) => Number(v) > 0 && Number(v) <= 100, 'Доля от 0 до 100 %'),
  term_days: z.number().int().min(0, 'Срок не может быть отрицательным').max(3650, 'Не более 3650 дней'),
  day_kind: z.enum(DAY_KINDS, { message: 'Выберите вид дней' }),
  /** 1-based number of the stage in `stages` the term belongs to; null for the whole contract. */
  stage_no: z.number().int().positive().nullish(),
  description: optionalText(1000),
});

const contractFields = {
  law: z.enum(CONTRACT_LAWS, { message: 'Укажите закон: 223 или 44' }).default('223'),
  eis_registry_number: optionalText(30),
  eis_guid: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine(
      (v) => v === null || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v),
      'GUID в ЕИС имеет вид xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    ),
  version: z.number().int().min(1).max(100000).default(1),
  number: requiredText(200),
  contract_date: realDate,
  subject: requiredText(4000),
  /** A customer of the company (catalogue of заказчики); otherwise name/ИНН/КПП, else the company itself. */
  customer_id: z.number().int().positive().nullish(),
  customer_name: optionalText(1000),
  customer_inn: innField.nullish().or(z.literal('').transform(() => null)),
  customer_kpp: kppField,
  supplier_inn: innField,
  supplier_kpp: kppField,
  supplier_name: requiredText(1000),
  supplier_is_sme: z.boolean().default(false),
  price: positiveMoney,
  currency_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Код валюты из трёх латинских букв (RUB)')
    .default('RUB'),
  funding_source_id: catalogId,
  contract_basis_id: catalogId,
  /** A position of the company's EIS plans, by its number (`GET …/eis_plan_positions` finds them). */
  plan_position_number: optionalText(100),
  /** An entry of the procurement methods catalogue; the contract takes its code and title. */
  procurement_method_id: catalogId,
  /**
   * Without an id: a code of the procurement methods catalogue, or the contract's stored code and
   * name sent back unchanged (a method that is not in the catalogue stays until one is chosen).
   */
  procurement_method_code: optionalText(50),
  procurement_method_name: optionalText(1000),
  /** An entry of catalogue 1 (методы определения НМЦД). */
  price_method_id: catalogId,
  notice_number: optionalText(50),
  /** The procurement of the register the contract was concluded from (absent on update: kept). */
  procurement_id: z.number().int().positive().nullish(),
  start_date: optionalDate,
  end_date: optionalDate,
  eis_published_at: publishedAt,
  eis_url: optionalText(2000),
  items: z.array(ContractItemInput).max(5000, 'Не более 5000 позиций').default([]),
  stages: z.array(ContractStageInput).max(500, 'Не более 500 этапов').default([]),
  payment_terms: z.array(PaymentTermInput).max(100, 'Не более 100 условий').default([]),
};

type FieldsOut = {
  law: ContractLaw;
  eis_registry_number: string | null;
  price: string;
  start_date: string | null;
  end_date: string | null;
  contract_date: string;
  customer_id?: number | null;
  customer_inn?: string | null;
  customer_name: string | null;
  items: z.output<typeof ContractItemInput>[];
  stages: z.output<typeof ContractStageInput>[];
  payment_terms: z.output<typeof PaymentTermInput>[];
};

/** Cross-field rules of a contract: dates, registry number, sums that add up, shares of payment. */
export function contractIssues(v: FieldsOut): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  if (v.eis_registry_number) {
    const e = checkRegistryNumber(v.law, v.eis_registry_number);
    if (e) out.push({ path: ['eis_registry_number'], message: e });
  }
  if (v.start_date && v.end_date && v.end_date < v.start_date) {
    out.push({ path: ['end_date'], message: 'Дата окончания не может быть раньше даты начала' });
  }
  if (v.customer_inn && !v.customer_name && !v.customer_id) {
    out.push({ path: ['customer_name'], message: 'Укажите наименование заказчика' });
  }
  v.stages.forEach((s, i) => {
    if (s.start_date && s.end_date && s.end_date < s.start_date) {
      out.push({ path: ['stages', i, 'end_date'], message: `Этап ${i + 1}: окончание раньше начала` });
    }
  });
  // the sums add up numbers only: a price of «abc» is already refused as the price (400), never summed
  const numbers = [
    v.price,
    ...v.items.flatMap((it) => [it.quantity, it.price, it.amount, it.vat_amount]),
    ...v.stages.map((s) => s.amount),
    ...v.payment_terms.map((t) => t.share_percent),
  ];
  if (!numbers.every((x) => x === null || x === undefined || DEC.test(x))) return out;
  let total = 0n;
  v.items.forEach((it, i) => {
    const expected = lineKopecks(it.quantity, it.price);
    const amount = it.amount ? toScaled(it.amount, 2) : expected;
    if (it.amount && (amount - expected > 1n || expected - amount > 1n)) {
      out.push({
        path: ['items', i, 'amount'],
        message: `Позиция ${i + 1}: сумма ${formatRub(amount)} не равна количеству × цену (${formatRub(expected)})`,
      });
    }
    if (it.vat_amount) {
      const vat = toScaled(it.vat_amount, 2);
      const vatExpected = vatInsideKopecks(amount, it.vat_rate);
      if (vat - vatExpected > 1n || vatExpected - vat > 1n) {
        out.push({
          path: ['items', i, 'vat_amount'],
          message: `Позиция ${i + 1}: НДС ${formatRub(vat)} не соответствует ставке ${it.vat_rate} (${formatRub(vatExpected)})`,
        });
      }
    }
    total += amount;
  });
  const price = toScaled(v.price, 2);
  if (v.items.length > 0 && (total - price > 1n || price - total > 1n)) {
    out.push({
      path: ['price'],
      message: `Сумма спецификации ${formatRub(total)} не равна цене договора ${formatRub(price)} (разница ${formatRub(total > price ? total - price : price - total)})`,
    });
  }
  let stageSum = 0n;
  let allStagesPriced = v.stages.length > 0;
  v.stages.forEach((s) => {
    if (s.amount) stageSum += toScaled(s.amount, 2);
    else allStagesPriced = false;
  });
  if (stageSum - price > 1n || (allStagesPriced && price - stageSum > 1n)) {
    out.push({
      path: ['stages'],
      message: `Сумма этапов ${formatRub(stageSum)} не равна цене договора ${formatRub(price)}`,
    });
  }
  const shares = new Map<number, bigint>();
  v.payment_terms.forEach((t, i) => {
    const key = t.stage_no ?? 0;
    if (t.stage_no && t.stage_no > v.stages.length) {
      out.push({ path: ['payment_terms', i, 'stage_no'], message: `Этапа № ${t.stage_no} нет в договоре` });
    }
    shares.set(key, (shares.get(key) ?? 0n) + toScaled(t.share_percent, 2));
  });
  for (const [stage, sum] of shares) {
    if (sum !== 10000n) {
      const where = stage ? `этапа № ${stage}` : 'договора';
      out.push({
        path: ['payment_terms'],
        message: `Доли оплаты ${where} в сумме должны составлять 100 %, сейчас ${fromKopecks(sum).replace('.', ',')} %`,
      });
    }
  }
  return out;
}

const withRules = <T extends z.ZodType<FieldsOut>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    for (const issue of contractIssues(v)) ctx.addIssue({ code: 'custom', ...issue });
  });

export const ContractCreateInput = withRules(
  z.object({
    ...contractFields,
    /** An existing contract may be entered as already concluded. */
    status: z
      .enum(['draft', 'concluded'], { message: 'Новый договор: проект или заключен' })
      .default('draft'),
  }),
);
export type ContractCreateInput = z.input<typeof ContractCreateInput>;

/** What an edit may send besides the contract's fields. */
const editFields = {
  /** The revision the editor saw; a newer one on the server means someone else saved first. */
  revision: z.number().int().positive().optional(),
  /** For a concluded contract: the change (доп. соглашение) that the EIS must learn about. */
  change: z.object({ date: realDate, description: optionalText(2000) }).nullish(),
};

/**
 * A contract's full values as an edit leaves them: what the card's form checks, and what the
 * server checks an update against once the fields it sends are laid over the stored contract.
 */
export const ContractValuesInput = withRules(z.object({ ...contractFields, ...editFields }));
export type ContractValuesInput = z.input<typeof ContractValuesInput>;

/**
 * PUT of a contract: only the fields sent change (issue 26 item 3); an absent field keeps its
 * stored value, null clears a field that may be empty, a list sent (items, stages, payment terms)
 * replaces the stored one. The cross-field rules are checked on the result (ContractValuesInput).
 */
export const ContractUpdateInput = z.object({ ...keptFields(contractFields), ...editFields });
export type ContractUpdateInput = z.input<typeof ContractUpdateInput>;
