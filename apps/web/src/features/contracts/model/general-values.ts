import type { Contract } from '@zakupki/shared/api/contracts';
import type { ContractLaw } from '@zakupki/shared/api/contracts-model';
import { formatDate, parseRuDate } from '../../../lib/formatters';
import { updateBodyFrom } from './contract-body';
import { normalizeDecimal } from './spec';

/** The «Общие сведения» form of a contract (new or existing). */
export type GeneralValues = {
  law: ContractLaw;
  /** a new contract only: entered as a draft or as already concluded */
  status: 'draft' | 'concluded';
  eis_registry_number: string;
  eis_guid: string;
  number: string;
  contract_date: string | null;
  subject: string;
  /** a заказчик id, `KEEP` (the contract's own customer that is not in the catalogue) or null (the company) */
  customer: string | null;
  supplier_inn: string;
  supplier_kpp: string;
  supplier_name: string;
  supplier_is_sme: boolean;
  price: string | number;
  currency_code: string;
  funding_source_id: string | null;
  contract_basis_id: string | null;
  /** a position of the company's EIS plans, by number (chosen in the picker) */
  plan_position_number: string | null;
  /**
   * an entry id of the procurement methods catalogue (the EIS export takes its purchase type from
   * it), `KEEP_METHOD` (the contract's method that is not in the catalogue) or null
   */
  procurement_method: string | null;
  /** an entry id of catalogue 1 (методы определения НМЦД) */
  price_method_id: string | null;
  notice_number: string;
  start_date: string | null;
  end_date: string | null;
  eis_published_at: string | null;
  eis_url: string;
  /** a concluded contract: the change (доп. соглашение) being recorded */
  change_date: string | null;
  change_description: string;
};

export const KEEP_CUSTOMER = 'keep';
/** The select's value for a method a contract keeps from before the catalogue (an EIS import, a text). */
export const KEEP_METHOD = 'keep';

/** The Moscow calendar day of an instant (`2026-04-26T22:00:00Z` → `2026-04-27`). */
export const moscowDay = (value: string | null): string | null =>
  value ? parseRuDate(formatDate(value)) : null;

export const emptyGeneral = (): GeneralValues => ({
  law: '223',
  status: 'draft',
  eis_registry_number: '',
  eis_guid: '',
  number: '',
  contract_date: null,
  subject: '',
  customer: null,
  supplier_inn: '',
  supplier_kpp: '',
  supplier_name: '',
  supplier_is_sme: false,
  price: '',
  currency_code: 'RUB',
  funding_source_id: null,
  contract_basis_id: null,
  plan_position_number: null,
  procurement_method: null,
  price_method_id: null,
  notice_number: '',
  start_date: null,
  end_date: null,
  eis_published_at: null,
  eis_url: '',
  change_date: null,
  change_description: '',
});

export function generalFrom(c: Contract): GeneralValues {
  return {
    law: c.law,
    status: c.status === 'concluded' ? 'concluded' : 'draft',
    eis_registry_number: c.eis_registry_number ?? '',
    eis_guid: c.eis_guid ?? '',
    number: c.number,
    contract_date: c.contract_date,
    subject: c.subject,
    customer: c.customer_id ? String(c.customer_id) : KEEP_CUSTOMER,
    supplier_inn: c.supplier_inn,
    supplier_kpp: c.supplier_kpp ?? '',
    supplier_name: c.supplier_name,
    supplier_is_sme: c.supplier_is_sme,
    price: c.price,
    currency_code: c.currency_code,
    funding_source_id: c.funding_source_id ? String(c.funding_source_id) : null,
    contract_basis_id: c.contract_basis_id ? String(c.contract_basis_id) : null,
    plan_position_number: c.plan_position_number,
    procurement_method: c.procurement_method_id
      ? String(c.procurement_method_id)
      : c.procurement_method_code || c.procurement_method_name
        ? KEEP_METHOD
        : null,
    price_method_id: c.price_method_id ? String(c.price_method_id) : null,
    notice_number: c.notice_number ?? '',
    start_date: c.start_date,
    end_date: c.end_date,
    eis_published_at: moscowDay(c.eis_published_at),
    eis_url: c.eis_url ?? '',
    change_date: null,
    change_description: '',
  };
}

/**
 * The form's one form-only rule: a change (доп. соглашение) is dated between the contract's date
 * and today. The server checks it too, but today is the browser's to know.
 */
export function changeDateProblem(v: GeneralValues, today: string): string | null {
  if (!v.change_date) return null;
  if (v.contract_date && v.change_date < v.contract_date)
    return 'Дата изменения не может быть раньше даты заключения';
  return v.change_date > today ? 'Дата изменения не может быть в будущем' : null;
}

const orNull = (s: string) => s.trim() || null;
const idOrNull = (s: string | null) => (s && Number(s) > 0 ? Number(s) : null);

/** The procurement method as the API takes it: a catalogue id, or the kept text sent back unchanged. */
function methodFields(value: string | null, contract: Contract | null) {
  if (value === KEEP_METHOD && contract && !contract.procurement_method_id) {
    return {
      procurement_method_id: null,
      procurement_method_code: contract.procurement_method_code,
      procurement_method_name: contract.procurement_method_name,
    };
  }
  return {
    procurement_method_id: idOrNull(value),
    procurement_method_code: null,
    procurement_method_name: null,
  };
}

/** The form's fields as the API takes them (without items, stages, payment terms). */
export function generalToBody(v: GeneralValues, contract: Contract | null) {
  const keep = v.customer === KEEP_CUSTOMER && contract && !contract.customer_id;
  return {
    law: v.law,
    eis_registry_number: orNull(v.eis_registry_number),
    eis_guid: orNull(v.eis_guid),
    number: v.number.trim(),
    contract_date: v.contract_date ?? '',
    subject: v.subject.trim(),
    customer_id: keep ? null : idOrNull(v.customer),
    customer_name: keep ? contract.customer_name : null,
    customer_inn: keep ? contract.customer_inn : null,
    customer_kpp: keep ? contract.customer_kpp : null,
    supplier_inn: v.supplier_inn.trim(),
    supplier_kpp: orNull(v.supplier_kpp),
    supplier_name: v.supplier_name.trim(),
    supplier_is_sme: v.supplier_is_sme,
    price: normalizeDecimal(v.price) ?? String(v.price),
    currency_code: v.currency_code.trim().toUpperCase(),
    funding_source_id: idOrNull(v.funding_source_id),
    contract_basis_id: idOrNull(v.contract_basis_id),
    plan_position_number: v.plan_position_number || null,
    ...methodFields(v.procurement_method, contract),
    price_method_id: idOrNull(v.price_method_id),
    notice_number: orNull(v.notice_number),
    start_date: v.start_date,
    end_date: v.end_date,
    // the same day as stored keeps the stored moment (a date alone would mean midnight)
    eis_published_at:
      contract && v.eis_published_at && moscowDay(contract.eis_published_at) === v.eis_published_at
        ? contract.eis_published_at
        : v.eis_published_at,
    eis_url: orNull(v.eis_url),
  };
}

/** What the form saves: a new contract, or the whole contract with this form's fields changed. */
export function generalSave(v: GeneralValues, contract: Contract | null) {
  const fields = generalToBody(v, contract);
  if (!contract) return { id: null, body: { ...fields, status: v.status } };
  const change =
    contract.status === 'concluded' && v.change_date
      ? { date: v.change_date, description: v.change_description.trim() || null }
      : null;
  return { id: contract.id, body: updateBodyFrom(contract, { ...fields, change }) };
}

/** API paths of the body that a form field of another name holds. */
export const GENERAL_FIELD_OF: Record<string, keyof GeneralValues> = {
  customer_id: 'customer',
  customer_name: 'customer',
  customer_inn: 'customer',
  procurement_method_id: 'procurement_method',
  'change.date': 'change_date',
  'change.description': 'change_description',
};

/** The body the form's check gives the schema: an empty price is «Обязательное поле», not a format. */
export const generalCheckBody = (contract: Contract | null) => (v: GeneralValues) => {
  const { body } = generalSave(v, contract);
  return String(v.price).trim() === '' ? { ...body, price: undefined } : body;
};
