import type { Contract } from './contracts.js';
import type { ContractValuesInput } from './contracts-model.js';

/** What a contract's full values are read from: the card, or the server's stored data. */
export type ContractValuesSource = Omit<
  Contract,
  'duties' | 'allowed_transitions' | 'deadline' | 'plan_position_subject'
>;

/**
 * A contract as the full values of its form (`ContractValuesInput`): what the card sends back
 * unchanged, and what the server lays an edit over (`keptOver`). A catalogue customer or method
 * goes by its id; a typed one as text. One mapping for the web's update body and the server.
 */
export function contractValuesOf(c: ContractValuesSource): ContractValuesInput {
  return {
    law: c.law,
    eis_registry_number: c.eis_registry_number,
    eis_guid: c.eis_guid,
    version: c.version,
    number: c.number,
    contract_date: c.contract_date,
    subject: c.subject,
    customer_id: c.customer_id,
    customer_name: c.customer_id ? null : c.customer_name,
    customer_inn: c.customer_id ? null : c.customer_inn,
    customer_kpp: c.customer_id ? null : c.customer_kpp,
    supplier_inn: c.supplier_inn,
    supplier_kpp: c.supplier_kpp,
    supplier_name: c.supplier_name,
    supplier_is_sme: c.supplier_is_sme,
    price: c.price,
    currency_code: c.currency_code,
    funding_source_id: c.funding_source_id,
    contract_basis_id: c.contract_basis_id,
    plan_position_number: c.plan_position_number,
    procurement_method_id: c.procurement_method_id,
    procurement_method_code: c.procurement_method_id ? null : c.procurement_method_code,
    procurement_method_name: c.procurement_method_id ? null : c.procurement_method_name,
    price_method_id: c.price_method_id,
    notice_number: c.notice_number,
    procurement_id: c.procurement_id,
    start_date: c.start_date,
    end_date: c.end_date,
    eis_published_at: c.eis_published_at,
    eis_url: c.eis_url,
    items: c.items.map((i) => ({
      id: i.id,
      name: i.name,
      okpd2_code: i.okpd2_code,
      okei_code: i.okei_code,
      unit_name: i.unit_name,
      quantity: i.quantity,
      price: i.price,
      vat_rate: i.vat_rate,
      vat_amount: i.vat_amount,
      amount: i.amount,
    })),
    stages: c.stages.map((s) => ({
      id: s.id,
      name: s.name,
      start_date: s.start_date,
      end_date: s.end_date,
      amount: s.amount,
    })),
    payment_terms: c.payment_terms.map((t) => ({
      kind: t.kind,
      share_percent: t.share_percent,
      term_days: t.term_days,
      day_kind: t.day_kind,
      stage_no: t.stage_no,
      description: t.description,
    })),
  };
}
