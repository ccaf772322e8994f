import type { SubjectKind } from '@zakupki/shared/api/catalog-values';
import { fromKopecks, lineKopecks, toScaled, type VatRate } from '@zakupki/shared/api/contracts-model';
import type { Procurement } from '@zakupki/shared/api/procurements';
import type { ProcurementInput } from '@zakupki/shared/api/procurements-model';

/**
 * The procurement's form: what the card's tabs «Общие сведения», «Лоты и позиции» and «Сроки»
 * edit together and save whole (PUT takes every field). The names are the API's, so a server
 * issue `body.lots.0.items.1.quantity` lands on `lots.0.items.1.quantity`.
 */
export type ItemValues = {
  name: string;
  okpd2_code: string;
  okei_code: string;
  unit_name: string;
  quantity: string;
  unit_price: string;
  vat_rate: VatRate;
};

export type LotValues = {
  number: number;
  subject: string;
  nmcd: string | number;
  plan_position_id: number | null;
  /** shown by the picker; not sent */
  plan_position_label: string;
  items: ItemValues[];
};

export type ProcurementValues = {
  number: string;
  eis_notice_number: string;
  customer_id: string | null;
  method_id: string | null;
  subject: string;
  subject_type: SubjectKind;
  lots: LotValues[];
  nmcd: string | number;
  nmcd_method_id: string | null;
  nmcd_justification: string;
  currency_code: string;
  funding_source_id: string | null;
  plan_position_id: number | null;
  plan_position_label: string;
  application_security: string | number;
  contract_security: string | number;
  sme_only: boolean;
  electronic: boolean;
  platform_name: string;
  platform_url: string;
  planned_publication_date: string | null;
  published_on: string | null;
  bids_deadline: string | null;
  review_date: string | null;
  summing_up_date: string | null;
};

export const DATE_FIELDS = [
  ['planned_publication_date', 'Плановая дата размещения извещения'],
  ['published_on', 'Дата размещения извещения'],
  ['bids_deadline', 'Окончание подачи заявок'],
  ['review_date', 'Рассмотрение заявок'],
  ['summing_up_date', 'Подведение итогов'],
] as const;

export const emptyItem = (vat: VatRate): ItemValues => ({
  name: '',
  okpd2_code: '',
  okei_code: '',
  unit_name: '',
  quantity: '1',
  unit_price: '',
  vat_rate: vat,
});

export const emptyLot = (number: number): LotValues => ({
  number,
  subject: '',
  nmcd: '',
  plan_position_id: null,
  plan_position_label: '',
  items: [],
});

export const emptyValues = (): ProcurementValues => ({
  number: '',
  eis_notice_number: '',
  customer_id: null,
  method_id: null,
  subject: '',
  subject_type: 'goods',
  lots: [emptyLot(1)],
  nmcd: '',
  nmcd_method_id: null,
  nmcd_justification: '',
  currency_code: 'RUB',
  funding_source_id: null,
  plan_position_id: null,
  plan_position_label: '',
  application_security: '',
  contract_security: '',
  sme_only: false,
  electronic: true,
  platform_name: '',
  platform_url: '',
  planned_publication_date: null,
  published_on: null,
  bids_deadline: null,
  review_date: null,
  summing_up_date: null,
});

const s = (v: number | null) => (v === null ? null : String(v));

export function valuesFrom(p: Procurement): ProcurementValues {
  return {
    number: p.number,
    eis_notice_number: p.eis_notice_number ?? '',
    customer_id: s(p.customer_id),
    method_id: String(p.method_id),
    subject: p.subject,
    subject_type: p.subject_type,
    lots: p.lots.map((l) => ({
      number: l.number,
      subject: l.subject,
      nmcd: l.nmcd,
      plan_position_id: l.plan_position_id,
      plan_position_label: l.plan_position_number ?? '',
      items: l.items.map((i) => ({
        name: i.name,
        okpd2_code: i.okpd2_code ?? '',
        okei_code: i.okei_code ?? '',
        unit_name: i.unit_name ?? '',
        quantity: i.quantity,
        unit_price: i.unit_price,
        vat_rate: i.vat_rate,
      })),
    })),
    nmcd: p.nmcd,
    nmcd_method_id: s(p.nmcd_method_id),
    nmcd_justification: p.nmcd_justification ?? '',
    currency_code: p.currency_code,
    funding_source_id: s(p.funding_source_id),
    plan_position_id: p.plan_position_id,
    plan_position_label: p.plan_position_number ?? '',
    application_security: p.application_security ?? '',
    contract_security: p.contract_security ?? '',
    sme_only: p.sme_only,
    electronic: p.electronic,
    platform_name: p.platform_name ?? '',
    platform_url: p.platform_url ?? '',
    planned_publication_date: p.planned_publication_date,
    published_on: p.published_on,
    bids_deadline: p.bids_deadline,
    review_date: p.review_date,
    summing_up_date: p.summing_up_date,
  };
}

const idOrNull = (v: string | null) => (v ? Number(v) : null);
const textOrNull = (v: string) => v.trim() || null;
const moneyOrNull = (v: string | number) => (String(v).trim() === '' ? null : String(v));

/** The form → ProcurementInput (the server checks it again; its issues come back onto the fields). */
export function toBody(v: ProcurementValues): ProcurementInput {
  return {
    number: textOrNull(v.number),
    eis_notice_number: textOrNull(v.eis_notice_number),
    customer_id: idOrNull(v.customer_id),
    // an unchosen method is sent as 0: the server answers «Выберите способ закупки» on the field
    method_id: idOrNull(v.method_id) ?? 0,
    subject: v.subject,
    subject_type: v.subject_type,
    lots: v.lots.map((l) => ({
      number: l.number,
      subject: l.subject,
      nmcd: String(l.nmcd),
      plan_position_id: l.plan_position_id,
      items: l.items.map((i) => ({
        name: i.name,
        okpd2_code: textOrNull(i.okpd2_code),
        okei_code: textOrNull(i.okei_code),
        unit_name: textOrNull(i.unit_name),
        quantity: i.quantity,
        unit_price: i.unit_price,
        vat_rate: i.vat_rate,
      })),
    })),
    nmcd: String(v.nmcd),
    nmcd_method_id: idOrNull(v.nmcd_method_id),
    nmcd_justification: textOrNull(v.nmcd_justification),
    currency_code: v.currency_code.trim().toUpperCase() || 'RUB',
    funding_source_id: idOrNull(v.funding_source_id),
    plan_position_id: v.plan_position_id,
    application_security: moneyOrNull(v.application_security),
    contract_security: moneyOrNull(v.contract_security),
    sme_only: v.sme_only,
    electronic: v.electronic,
    platform_name: textOrNull(v.platform_name),
    platform_url: textOrNull(v.platform_url),
    planned_publication_date: v.planned_publication_date,
    published_on: v.published_on,
    bids_deadline: v.bids_deadline,
    review_date: v.review_date,
    summing_up_date: v.summing_up_date,
  };
}

// ---------------------------------------------------------------- sums (integer kopecks, as the server)

const decimalOf = (v: string | number | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const t = String(v)
    .replace(/[\s\u00a0₽]/g, '')
    .replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? t : null;
};

/** quantity × unit price rounded to kopecks; null while either is not a number. */
export function itemKopecks(i: Pick<ItemValues, 'quantity' | 'unit_price'>): bigint | null {
  const q = decimalOf(i.quantity);
  const p = decimalOf(i.unit_price);
  return q === null || p === null ? null : lineKopecks(q, p);
}

export const moneyKopecks = (v: string | number | null | undefined): bigint | null => {
  const d = decimalOf(v);
  return d === null ? null : toScaled(d, 2);
};

const sum = (list: (bigint | null)[]) => list.reduce<bigint>((a, b) => a + (b ?? 0n), 0n);

export const itemsKopecks = (l: LotValues) => sum(l.items.map(itemKopecks));
export const lotsKopecks = (v: ProcurementValues) => sum(v.lots.map((l) => moneyKopecks(l.nmcd)));
export const kopecksText = (k: bigint) => fromKopecks(k);

/** The hints of the lots tab: a lot's НМЦД against its items, the procurement's against the lots. */
export function sumHints(v: ProcurementValues) {
  const lots = v.lots.map((l) => {
    const items = itemsKopecks(l);
    const nmcd = moneyKopecks(l.nmcd);
    return { items, mismatch: l.items.length > 0 && nmcd !== items };
  });
  const total = lotsKopecks(v);
  const nmcd = moneyKopecks(v.nmcd);
  return { lots, total, mismatch: nmcd !== total };
}
