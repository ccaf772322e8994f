import {
  type DocumentField,
  type DocumentFieldSource,
  type DocumentFieldType,
  type FieldValue,
  NOTICE_DAY_KIND_TITLES,
} from '@zakupki/shared';
import { trimDecimal } from '../../lib/decimal.js';
import { rublesInWords } from '../../lib/money-words.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import {
  earliestBidsDeadline as lawEarliestBidsDeadline,
  noticePeriod as lawNoticePeriod,
} from '../law/law-notice-periods.policy.js';
import { currentFieldName, SYSTEM_FIELDS } from '../procurement-rules/procurement-rules.policy.js';
import type { LoadedProcurement } from './procurement-documents.repository.js';

/**
 * The fields form of a procurement's documentation (docs/procurement-documents.md): which fields
 * there are (every tag its templates use), of which type, and the value each is prefilled with
 * from the procurement, the company and the customer, the plan position and the rule version.
 * Pure: the caller loads the procurement and passes the production calendar.
 */

export type FieldDef = Omit<DocumentField, 'document_ids' | 'source'> & { source: DocumentFieldSource };
export type UserField = { code: string; title: string; type: string; options: string[]; required: boolean };
export type Prefill = { value: FieldValue; source: DocumentFieldSource };

type SystemMeta = {
  type: DocumentFieldType;
  source: DocumentFieldSource;
  /** requisites may be worded differently in a document; procurement data is edited in its card */
  editable?: boolean;
  hint?: string;
};

const PROCUREMENT_HINT = 'Берётся из карточки закупки: измените его там';

/** Type, source and editability of each system field (SYSTEM_FIELDS of the procurement rules). */
const SYSTEM_META: Record<string, SystemMeta> = {
  'company.title': { type: 'text', source: 'company', editable: true },
  'company.full_title': { type: 'text', source: 'company', editable: true },
  'company.inn': { type: 'text', source: 'company', editable: true },
  'company.kpp': { type: 'text', source: 'company', editable: true },
  'company.ogrn': { type: 'text', source: 'company', editable: true },
  'company.address': { type: 'text', source: 'company', editable: true },
  'company.email': { type: 'text', source: 'company', editable: true },
  'company.phone': { type: 'text', source: 'company', editable: true },
  'customer.title': { type: 'text', source: 'customer', editable: true },
  'customer.inn': { type: 'text', source: 'customer', editable: true },
  'customer.kpp': { type: 'text', source: 'customer', editable: true },
  'customer.ogrn': { type: 'text', source: 'customer', editable: true },
  'customer.address': { type: 'text', source: 'customer', editable: true },
  'procurement.number': { type: 'text', source: 'procurement' },
  'procurement.subject': { type: 'text', source: 'procurement' },
  'procurement.method': { type: 'text', source: 'procurement' },
  'procurement.nmcd': { type: 'money', source: 'procurement' },
  'procurement.date': { type: 'date', source: 'procurement' },
  'procurement.rules_title': { type: 'text', source: 'rules' },
  'procurement.nmcd_words': { type: 'text', source: 'computed', hint: 'НМЦД прописью: считается из НМЦД' },
  'procurement.eis_number': { type: 'text', source: 'procurement' },
  'procurement.bids_deadline': {
    type: 'date',
    source: 'procurement',
    hint: 'Из карточки закупки; без неё — дата размещения плюс срок способа закупки по производственному календарю',
  },
  'procurement.review_date': { type: 'date', source: 'procurement' },
  'procurement.summing_up_date': { type: 'date', source: 'procurement' },
  'procurement.notice_period': { type: 'text', source: 'rules' },
  'procurement.application_security': { type: 'money', source: 'procurement' },
  'procurement.contract_security': { type: 'money', source: 'procurement' },
  'procurement.funding_source': { type: 'text', source: 'procurement' },
  'procurement.nmcd_method': { type: 'text', source: 'procurement' },
  'procurement.platform': { type: 'text', source: 'procurement' },
  'plan_position.number': { type: 'text', source: 'plan' },
  'plan_position.year': { type: 'text', source: 'plan' },
  lots: { type: 'items', source: 'procurement' },
  items: { type: 'items', source: 'procurement' },
};

const SYSTEM_TITLES = new Map(SYSTEM_FIELDS.map((f) => [f.tag, f.title]));
/** System fields a document is not generated without (`required` of SYSTEM_FIELDS). */
const SYSTEM_REQUIRED = new Set(SYSTEM_FIELDS.filter((f) => f.required).map((f) => f.tag));

/**
 * The field a template tag belongs to: loop columns (`item.name`, `lot.nmcd`) are their table's;
 * an older name (`customer_name`) is its system field's (`customer.title`): one field, one value.
 */
export function fieldCodeOf(tag: string): string {
  if (tag.startsWith('item.')) return 'items';
  if (tag.startsWith('lot.')) return 'lots';
  return currentFieldName(tag);
}

const USER_TYPES = new Set<DocumentFieldType>(['text', 'number', 'money', 'date', 'select']);

/**
 * The fields of the form: the codes the templates use, user fields first (catalogue order), then
 * the system fields (their list's order); a tag that is neither (a user field archived after its
 * template was uploaded) is a text field so it is never filled with nothing silently.
 */
export function fieldDefs(codes: Iterable<string>, userFields: UserField[]): FieldDef[] {
  const wanted = new Set(codes);
  const out: FieldDef[] = [];
  for (const f of userFields) {
    if (!wanted.has(f.code)) continue;
    wanted.delete(f.code);
    const type = USER_TYPES.has(f.type as DocumentFieldType) ? (f.type as DocumentFieldType) : 'text';
    out.push({
      code: f.code,
      title: f.title,
      type,
      required: f.required,
      options: type === 'select' ? f.options : [],
      catalog: null,
      source: 'user',
      editable: true,
      hint: null,
    });
  }
  const system = [...SYSTEM_TITLES.keys(), 'lots', 'items'].filter((t) => SYSTEM_META[t]);
  for (const tag of system) {
    if (!wanted.has(tag)) continue;
    wanted.delete(tag);
    const m = SYSTEM_META[tag];
    out.push({
      code: tag,
      title:
        tag === 'lots' ? 'Лоты' : tag === 'items' ? 'Позиции спецификации' : (SYSTEM_TITLES.get(tag) ?? tag),
      type: m.type,
      required: SYSTEM_REQUIRED.has(tag),
      options: [],
      catalog: null,
      source: m.source,
      editable: m.editable ?? false,
      hint: m.hint ?? (m.editable ? null : m.source === 'procurement' ? PROCUREMENT_HINT : null),
    });
  }
  for (const code of [...wanted].sort())
    out.push({
      code,
      title: code,
      type: 'text',
      required: false,
      options: [],
      catalog: null,
      source: 'user',
      editable: true,
      hint: 'Поля нет в справочнике пользовательских полей',
    });
  return out;
}

// ---------------------------------------------------------------- prefill

const s = (v: string | null | undefined): string | null =>
  v === null || v === undefined || v === '' ? null : v;
const money = (v: string | null | undefined): string | null =>
  s(v) === null ? null : trimMoney(v as string);
/** '1000.50' stays, '1000.00' -> '1000.00' (money keeps two decimals as stored). */
const trimMoney = (v: string) => (v.includes('.') ? v : `${v}.00`);

/** The day the notice period is counted from: the publication, else the planned one. */
const noticeFrom = (p: LoadedProcurement) => p.p.publishedOn ?? p.p.plannedPublicationDate;

/**
 * How many days a method's notice runs before the bids deadline: the law's one calculation
 * (modules/law) from the method's flags, the pinned version's setting and the НМЦД, on the
 * notice's date.
 */
export function noticePeriod(p: LoadedProcurement): { days: number; kind: 'calendar' | 'working' } | null {
  const own = p.version.methods.find((m) => m.method_id === p.p.methodId) ?? null;
  const on = noticeFrom(p) ?? p.p.createdAt.toISOString().slice(0, 10);
  const period = lawNoticePeriod(p.methodFlags, own, on, p.p.nmcd);
  return period ? { days: period.days, kind: period.kind } : null;
}

/** The earliest bids deadline the law allows after the publication day (or the planned one). */
export function earliestBidsDeadline(p: LoadedProcurement, calendar: ProductionCalendar): string | null {
  const from = noticeFrom(p);
  const period = noticePeriod(p);
  if (!from || !period) return null;
  return lawEarliestBidsDeadline(from, period, calendar);
}

/** Items of all lots as rows of the specification table (money and quantities as decimal strings). */
function itemRows(p: LoadedProcurement): Record<string, string>[] {
  let no = 0;
  return p.lots.flatMap((l) =>
    l.items.map((i) => {
      no += 1;
      return {
        lot: String(l.number),
        no: String(no),
        name: i.name,
        okpd2: i.okpd2Code ?? '',
        unit: i.unitName ?? i.okeiCode ?? '',
        quantity: trimDecimal(i.quantity),
        price: i.unitPrice,
        vat: i.vatRate,
        sum: i.amount,
      };
    }),
  );
}

/** The one VAT rate of every item as a choice of the `vat_rate` field's options, when there is one. */
function commonVat(p: LoadedProcurement, options: string[]): string | null {
  const rates = new Set(p.lots.flatMap((l) => l.items.map((i) => i.vatRate)));
  if (rates.size !== 1) return null;
  const [rate] = [...rates];
  const norm = (x: string) => x.toLowerCase().replace(/\s/g, '');
  return options.find((o) => norm(o) === norm(rate)) ?? null;
}

/**
 * The prefilled value of every field the system knows: system fields from their sources, and
 * user fields of the shared catalogue whose meaning is known (`sme_only`, `vat_rate`,
 * `contact_person`…). Fields without a source are left out (the specialist fills them).
 */
export function prefill(
  p: LoadedProcurement,
  calendar: ProductionCalendar,
  userFields: UserField[],
): Map<string, Prefill> {
  const pr = p.p;
  const c = p.company;
  const cu = p.customer;
  const out = new Map<string, Prefill>();
  const put = (code: string, value: FieldValue | undefined, source: DocumentFieldSource) => {
    if (value === null || value === undefined || (typeof value === 'string' && value === '')) return;
    out.set(code, { value, source });
  };
  const customer = {
    title: cu?.title ?? pr.customerTitle ?? c.title ?? c.fullTitle,
    inn: cu?.inn ?? pr.customerInn ?? c.inn,
    kpp: cu ? cu.kpp : pr.customerTitle ? null : c.kpp,
    ogrn: cu ? cu.ogrn : pr.customerTitle ? null : c.ogrn,
    address: cu ? cu.address : pr.customerTitle ? null : c.legalAddress,
  };
  const computedDeadline = pr.bidsDeadline ? null : earliestBidsDeadline(p, calendar);
  const period = noticePeriod(p);
  const platform = [pr.platformName, pr.platformUrl].filter(Boolean).join(', ');

  put('company.title', s(c.title) ?? s(c.fullTitle), 'company');
  put('company.full_title', s(c.fullTitle) ?? s(c.title), 'company');
  put('company.inn', s(c.inn), 'company');
  put('company.kpp', s(c.kpp), 'company');
  put('company.ogrn', s(c.ogrn), 'company');
  put('company.address', s(c.legalAddress), 'company');
  put('company.email', s(c.email), 'company');
  put('company.phone', s(c.phone), 'company');
  put('customer.title', s(customer.title), 'customer');
  put('customer.inn', s(customer.inn), 'customer');
  put('customer.kpp', s(customer.kpp), 'customer');
  put('customer.ogrn', s(customer.ogrn), 'customer');
  put('customer.address', s(customer.address), 'customer');
  put('procurement.number', s(pr.number), 'procurement');
  put('procurement.subject', s(pr.subject), 'procurement');
  put('procurement.method', p.methodTitle, 'procurement');
  put('procurement.nmcd', money(pr.nmcd), 'procurement');
  put('procurement.date', pr.publishedOn ?? pr.plannedPublicationDate, 'procurement');
  put('procurement.rules_title', `${p.ruleTitle} (редакция № ${p.version.number})`, 'rules');
  put('procurement.nmcd_words', rublesInWords(pr.nmcd), 'computed');
  put('procurement.eis_number', s(pr.eisNoticeNumber), 'procurement');
  put(
    'procurement.bids_deadline',
    pr.bidsDeadline ?? computedDeadline,
    pr.bidsDeadline ? 'procurement' : 'computed',
  );
  put('procurement.review_date', pr.reviewDate, 'procurement');
  put('procurement.summing_up_date', pr.summingUpDate, 'procurement');
  put(
    'procurement.notice_period',
    period && period.days > 0 ? `${period.days} ${NOTICE_DAY_KIND_TITLES[period.kind]}` : null,
    'rules',
  );
  put('procurement.application_security', money(pr.applicationSecurity), 'procurement');
  put('procurement.contract_security', money(pr.contractSecurity), 'procurement');
  put('procurement.funding_source', p.fundingTitle, 'procurement');
  put('procurement.nmcd_method', p.nmcdMethodTitle, 'procurement');
  put('procurement.platform', platform, 'procurement');
  put('plan_position.number', p.plan?.number, 'plan');
  put('plan_position.year', p.plan ? String(p.plan.year) : null, 'plan');
  put(
    'lots',
    p.lots.map((l) => ({ number: String(l.number), subject: l.subject, nmcd: l.nmcd })),
    'procurement',
  );
  put('items', itemRows(p), 'procurement');

  // user fields of the shared catalogue with a known meaning
  const options = new Map(userFields.map((f) => [f.code, f.options]));
  const yesNo = (code: string, v: boolean) => {
    const opts = options.get(code) ?? [];
    const want = v ? 'да' : 'нет';
    return opts.find((o) => o.toLowerCase() === want) ?? (opts.length ? null : v ? 'Да' : 'Нет');
  };
  put('sme_only', yesNo('sme_only', pr.smeOnly), 'procurement');
  put('vat_rate', commonVat(p, options.get('vat_rate') ?? []), 'procurement');
  put('contact_person', s(p.contact?.fullName), 'company');
  put('contact_phone', s(p.contact?.phone) ?? s(c.phone), 'company');
  return out;
}
