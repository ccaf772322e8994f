import type { Contract } from '@zakupki/shared/api/contracts';
import type { ContractUpdateInput } from '@zakupki/shared/api/contracts-model';
import { rowsFromContract, rowsToInput } from './spec';

/**
 * The body of PUT …/contracts/:id from the card the user sees, with an edit's own part over it.
 * The server keeps a field a body does not send, but the card's tabs send the whole contract
 * they show: with its `revision`, so a save from a card someone else has changed meanwhile is
 * refused (409) instead of writing back what that card showed.
 */
export function updateBodyFrom(c: Contract, patch: Partial<ContractUpdateInput> = {}): ContractUpdateInput {
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
    // a catalogue method goes by its id; a kept text (no id) goes back as it is
    procurement_method_id: c.procurement_method_id,
    procurement_method_code: c.procurement_method_id ? null : c.procurement_method_code,
    procurement_method_name: c.procurement_method_id ? null : c.procurement_method_name,
    price_method_id: c.price_method_id,
    notice_number: c.notice_number,
    start_date: c.start_date,
    end_date: c.end_date,
    eis_published_at: c.eis_published_at,
    eis_url: c.eis_url,
    items: rowsToInput(rowsFromContract(c)),
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
    revision: c.revision,
    change: null,
    ...patch,
  };
}
