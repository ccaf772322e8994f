import type { Contract } from '@zakupki/shared/api/contracts';
import {
  fromKopecks,
  lineKopecks,
  toScaled,
  VAT_RATES,
  type VatRate,
  vatInsideKopecks,
} from '@zakupki/shared/api/contracts-model';
import { formatMoney } from '../../../lib/formatters';

/**
 * Specification arithmetic on the client, exactly as the server does it (integer kopecks, no
 * floats): line sum = round(quantity × price), VAT inside the sum, total of the lines against
 * the contract price (one kopeck of rounding allowed).
 */
export type SpecRow = {
  /** the stored item (keeps its accepted quantities when edited) */
  id?: number;
  name: string;
  okpd2_code: string | null;
  okei_code: string | null;
  unit_name: string | null;
  quantity: string;
  price: string;
  vat_rate: VatRate;
  accepted_quantity?: string;
  accepted_amount?: string;
  /** stored sums of an unchanged item (sent back as they are); cleared when the row is edited */
  amount?: string | null;
  vat_amount?: string | null;
};

/** `1 234,5` → `1234.5`; null when it is not a non-negative decimal. */
export function normalizeDecimal(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value)
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  return /^\d+(\.\d+)?$/.test(s) ? s : null;
}

type Sums = Pick<SpecRow, 'quantity' | 'price' | 'amount'>;

/** The row's sum: the stored one of an unchanged item, else round(quantity × price). */
export function rowAmountKopecks(r: Sums): bigint | null {
  const stored = normalizeDecimal(r.amount);
  if (stored !== null) return toScaled(stored, 2);
  const q = normalizeDecimal(r.quantity);
  const p = normalizeDecimal(r.price);
  if (q === null || p === null) return null;
  return lineKopecks(q, p);
}

export function rowVatKopecks(r: Sums & Pick<SpecRow, 'vat_rate' | 'vat_amount'>): bigint | null {
  const stored = normalizeDecimal(r.vat_amount);
  if (stored !== null) return toScaled(stored, 2);
  const a = rowAmountKopecks(r);
  return a === null ? null : vatInsideKopecks(a, r.vat_rate);
}

export function specTotalKopecks(rows: Sums[]): bigint {
  return rows.reduce((s, r) => s + (rowAmountKopecks(r) ?? 0n), 0n);
}

export const kopecksToMoney = (k: bigint) => formatMoney(fromKopecks(k));

/**
 * The sums that must add up: null when the specification is empty or its total equals the
 * price (±1 kopeck), else the message the user sees (the same words as the server's).
 */
export function priceMismatch(rows: Sums[], price: string | number | null): string | null {
  if (rows.length === 0) return null;
  const p = normalizeDecimal(price);
  if (p === null) return null;
  const total = specTotalKopecks(rows);
  const priceK = toScaled(p, 2);
  const diff = total > priceK ? total - priceK : priceK - total;
  if (diff <= 1n) return null;
  return `Сумма спецификации ${kopecksToMoney(total)} не равна цене договора ${kopecksToMoney(priceK)} (разница ${kopecksToMoney(diff)})`;
}

/** Field checks of one row: a message per field, empty when the row is fine. */
export function rowErrors(r: SpecRow): Partial<Record<keyof SpecRow, string>> {
  const out: Partial<Record<keyof SpecRow, string>> = {};
  if (!r.name.trim()) out.name = 'Обязательное поле';
  const q = normalizeDecimal(r.quantity);
  if (!String(r.quantity ?? '').trim()) out.quantity = 'Обязательное поле';
  else if (q === null) out.quantity = 'Значение должно быть числовое';
  else if (Number(q) <= 0) out.quantity = 'Количество должно быть больше нуля';
  else if ((q.split('.')[1] ?? '').length > 8) out.quantity = 'Не более 8 знаков после запятой';
  const p = normalizeDecimal(r.price);
  if (!String(r.price ?? '').trim()) out.price = 'Обязательное поле';
  else if (p === null) out.price = 'Значение должно быть числовое';
  else if ((p.split('.')[1] ?? '').length > 6) out.price = 'Не более 6 знаков после запятой';
  if (r.okpd2_code && !/^\d{2}(\.\d{1,2}(\.\d{1,2}(\.\d{1,3})?)?)?$/.test(r.okpd2_code.trim())) {
    out.okpd2_code = 'Код ОКПД2 записывается как ХХ.ХХ.ХХ.ХХХ (например, 26.20.11.110)';
  }
  if (r.okei_code && !/^\d{3,4}$/.test(r.okei_code.trim())) {
    out.okei_code = 'Код ОКЕИ состоит из 3 или 4 цифр (например, 796)';
  }
  if (!(VAT_RATES as readonly string[]).includes(r.vat_rate)) out.vat_rate = 'Выберите ставку НДС';
  return out;
}

export const rowsFromContract = (c: Pick<Contract, 'items'>): SpecRow[] =>
  c.items.map((i) => ({
    id: i.id,
    name: i.name,
    okpd2_code: i.okpd2_code,
    okei_code: i.okei_code,
    unit_name: i.unit_name,
    quantity: i.quantity,
    price: i.price,
    vat_rate: i.vat_rate,
    accepted_quantity: i.accepted_quantity,
    accepted_amount: i.accepted_amount,
    amount: i.amount,
    vat_amount: i.vat_amount,
  }));

/** Rows as the API takes them: a new or edited row leaves its sums to the server (quantity × price). */
export const rowsToInput = (rows: SpecRow[]) =>
  rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    name: r.name.trim(),
    okpd2_code: r.okpd2_code?.trim() || null,
    okei_code: r.okei_code?.trim() || null,
    unit_name: r.unit_name?.trim() || null,
    quantity: normalizeDecimal(r.quantity) ?? r.quantity,
    price: normalizeDecimal(r.price) ?? r.price,
    vat_rate: r.vat_rate,
    vat_amount: r.vat_amount ?? null,
    amount: r.amount ?? null,
  }));
