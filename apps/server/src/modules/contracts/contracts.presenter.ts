import {
  CONTRACT_EVENT_TITLES,
  type Contract,
  type ContractListItem,
  type ContractValuesSource,
} from '@zakupki/shared';
import type {
  contractDuties,
  contractEvents,
  contractItems,
  contractStages,
  contracts,
  contractVersions,
  paymentTerms,
} from '../../db/schema/index.js';
import { toDutyOut } from './contract-duties.service.js';
import { allowedTransitions, changedFields } from './contracts.policy.js';

/** Row -> API shape of the contracts module: register rows, the card, its history and events, duties. */

type ContractRow = typeof contracts.$inferSelect;
type ItemRow = typeof contractItems.$inferSelect;
type StageRow = typeof contractStages.$inferSelect;
type TermRow = typeof paymentTerms.$inferSelect;

/** The contract as the API shows it, without the computed parts (duties, transitions). */
export type ContractData = ContractValuesSource;

/** The stored parts of contracts (`contractChildren` of the repository). */
export type ContractChildren = {
  items: ItemRow[];
  stages: StageRow[];
  terms: TermRow[];
  procurementNumbers: Map<number, string>;
};

type Duty = ReturnType<typeof toDutyOut>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns of a register row (`LIST_COLUMNS` of the repository). */
type ListRow = Pick<
  ContractRow,
  | 'id'
  | 'companyId'
  | 'law'
  | 'eisRegistryNumber'
  | 'version'
  | 'number'
  | 'contractDate'
  | 'subject'
  | 'customerName'
  | 'customerInn'
  | 'supplierInn'
  | 'supplierKpp'
  | 'supplierName'
  | 'supplierIsSme'
  | 'price'
  | 'currencyCode'
  | 'startDate'
  | 'endDate'
  | 'status'
  | 'executedAmount'
  | 'paidAmount'
  | 'source'
  | 'eisPublishedAt'
  | 'archivedAt'
>;

export function toListItem(r: ListRow): Omit<ContractListItem, 'deadline'> {
  return {
    id: r.id,
    company_id: r.companyId,
    law: r.law,
    eis_registry_number: r.eisRegistryNumber,
    version: r.version,
    number: r.number,
    contract_date: r.contractDate,
    subject: r.subject,
    customer_name: r.customerName,
    customer_inn: r.customerInn,
    supplier_inn: r.supplierInn,
    supplier_kpp: r.supplierKpp,
    supplier_name: r.supplierName,
    supplier_is_sme: r.supplierIsSme,
    price: r.price,
    currency_code: r.currencyCode,
    start_date: r.startDate,
    end_date: r.endDate,
    status: r.status,
    executed_amount: r.executedAmount,
    paid_amount: r.paidAmount,
    source: r.source,
    eis_published_at: iso(r.eisPublishedAt),
    archived: r.archivedAt !== null,
  };
}

function toItem(r: ItemRow) {
  return {
    id: r.id,
    line_no: r.lineNo,
    name: r.name,
    okpd2_code: r.okpd2Code,
    okei_code: r.okeiCode,
    unit_name: r.unitName,
    quantity: r.quantity,
    price: r.price,
    vat_rate: r.vatRate as Contract['items'][number]['vat_rate'],
    vat_amount: r.vatAmount,
    amount: r.amount,
    accepted_quantity: r.acceptedQuantity,
    accepted_amount: r.acceptedAmount,
  };
}

function toStage(r: StageRow) {
  return {
    id: r.id,
    stage_no: r.stageNo,
    name: r.name,
    start_date: r.startDate,
    end_date: r.endDate,
    amount: r.amount,
    paid_amount: r.paidAmount,
  };
}

function toTerm(r: TermRow, stageNo: Map<number, number>) {
  return {
    id: r.id,
    line_no: r.lineNo,
    kind: r.kind,
    share_percent: r.sharePercent,
    term_days: r.termDays,
    day_kind: r.dayKind,
    stage_no: r.stageId ? (stageNo.get(r.stageId) ?? null) : null,
    description: r.description,
  };
}

/** The stored contracts with their specification, stages and terms: the snapshot of a version. */
export function toContractData(rows: ContractRow[], children: ContractChildren): ContractData[] {
  const { items, stages, terms, procurementNumbers } = children;
  const stageNo = new Map(stages.map((s) => [s.id, s.stageNo]));
  return rows.map((row) => ({
    ...toListItem(row),
    eis_guid: row.eisGuid,
    revision: row.revision,
    customer_id: row.customerId,
    customer_kpp: row.customerKpp,
    funding_source_id: row.fundingSourceId,
    contract_basis_id: row.contractBasisId,
    plan_position_number: row.planPositionNumber,
    procurement_method_id: row.procurementMethodId,
    procurement_method_code: row.procurementMethodCode,
    procurement_method_name: row.procurementMethodName,
    price_method_id: row.priceMethodId,
    notice_number: row.noticeNumber,
    procurement_id: row.procurementId,
    procurement_number: row.procurementId ? (procurementNumbers.get(row.procurementId) ?? null) : null,
    eis_url: row.eisUrl,
    items: items.filter((i) => i.contractId === row.id).map(toItem),
    stages: stages.filter((s) => s.contractId === row.id).map(toStage),
    payment_terms: terms.filter((t) => t.contractId === row.id).map((t) => toTerm(t, stageNo)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The full card: stored data plus duties, the nearest open one and the allowed transitions. */
export function toCard(
  row: ContractRow,
  data: ContractData,
  duties: Duty[],
  position: { subject: string } | null,
): Contract {
  const open = duties.find((d) => d.status === 'due' || d.status === 'due_soon' || d.status === 'overdue');
  return {
    ...data,
    plan_position_subject: position?.subject ?? null,
    duties,
    deadline: open
      ? {
          duty: open.duty,
          title: open.title,
          event_id: open.event_id,
          base_date: open.base_date,
          due_date: open.due_date,
          status: open.status as 'due' | 'due_soon' | 'overdue',
          days_left: open.days_left,
          working_days_left: open.working_days_left,
        }
      : null,
    allowed_transitions: allowedTransitions(row.status),
  };
}

/**
 * A page of the history: each revision with what it changed against the one before (`rows` holds
 * one more than the page, the revision before the page's last).
 */
export function toHistoryItems(
  rows: { v: typeof contractVersions.$inferSelect; user: { id: number; title: string } | null }[],
  limit: number,
) {
  return rows.slice(0, limit).map(({ v, user }, i) => {
    const snapshot = v.snapshot as Record<string, unknown>;
    const previous = rows[i + 1]?.v.snapshot as Record<string, unknown> | undefined;
    return {
      id: v.id,
      revision: v.revision,
      eis_version: v.eisVersion,
      action: v.action,
      source: v.source,
      changed_at: v.changedAt.toISOString(),
      changed_by: user?.id ? { id: user.id, title: user.title } : null,
      changed_fields: changedFields(previous ?? null, snapshot),
      snapshot,
    };
  });
}

/** An event of the contract with the duty it brings (if any). */
export function toEventItem(
  e: typeof contractEvents.$inferSelect,
  d: typeof contractDuties.$inferSelect | null,
  today: string,
) {
  return {
    id: e.id,
    kind: e.kind,
    title: CONTRACT_EVENT_TITLES[e.kind],
    event_date: e.eventDate,
    amount: e.amount,
    stage_id: e.stageId,
    document_name: e.documentName,
    document_number: e.documentNumber,
    document_date: e.documentDate,
    description: e.description,
    eis_published_at: e.eisPublishedAt ? e.eisPublishedAt.toISOString() : null,
    source: e.source,
    created_at: e.createdAt.toISOString(),
    duty: d ? toDutyOut(d, today) : null,
  };
}

/** A row of the deadline list: the open duty and its contract. */
export function toDeadlineItem(d: typeof contractDuties.$inferSelect, c: ContractRow, today: string) {
  const o = toDutyOut(d, today);
  return {
    ...o,
    status: o.status as 'due' | 'due_soon' | 'overdue',
    contract_id: c.id,
    contract_number: c.number,
    contract_date: c.contractDate,
    law: c.law,
    eis_registry_number: c.eisRegistryNumber,
    subject: c.subject,
    supplier_name: c.supplierName,
  };
}
