import {
  PROCUREMENT_STATUS_TITLES,
  PROTOCOL_KIND_TITLES,
  type Procurement,
  type ProcurementDutyOut,
  type ProcurementEvent,
  type ProcurementListItem,
  type ProcurementProtocol,
  type VAT_RATES,
} from '@zakupki/shared';
import { trimDecimal } from '../../lib/decimal.js';
import type { ProcurementIn } from './procurement-checks.js';
import { allowedTransitions, FIELD_TITLES, procurementDeleteRefusal } from './procurement-status.policy.js';
import type { EventRow, LotWithItems, ProcurementRow, ProtocolRow } from './procurements.repository.js';

/** Rows of the procurement register as the API shows them. */

export type ListExtras = {
  customerTitle: string;
  methodTitle: string;
  lotsCount: number;
  contractsCount: number;
  deadline: ProcurementDutyOut | null;
};

export function toListItem(r: ProcurementRow, x: ListExtras): ProcurementListItem {
  return {
    id: r.id,
    company_id: r.companyId,
    number: r.number,
    eis_notice_number: r.eisNoticeNumber,
    eis_version: r.eisVersion,
    subject: r.subject,
    subject_type: r.subjectType,
    customer_id: r.customerId,
    customer_title: x.customerTitle,
    method_id: r.methodId,
    method_title: x.methodTitle,
    nmcd: r.nmcd,
    currency_code: r.currencyCode,
    status: r.status,
    source: r.source,
    sme_only: r.smeOnly,
    electronic: r.electronic,
    lots_count: x.lotsCount,
    planned_publication_date: r.plannedPublicationDate,
    published_on: r.publishedOn,
    bids_deadline: r.bidsDeadline,
    summing_up_date: r.summingUpDate,
    deadline: x.deadline,
    contracts_count: x.contractsCount,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toLot(l: LotWithItems) {
  return {
    id: l.id,
    number: l.number,
    subject: l.subject,
    nmcd: l.nmcd,
    plan_position_id: l.planPositionId,
    plan_position_number: l.planPositionNumber,
    items: l.items.map((it) => ({
      id: it.id,
      line_no: it.lineNo,
      name: it.name,
      okpd2_code: it.okpd2Code,
      okei_code: it.okeiCode,
      unit_name: it.unitName,
      quantity: trimDecimal(it.quantity),
      unit_price: it.unitPrice,
      vat_rate: it.vatRate as (typeof VAT_RATES)[number],
      amount: it.amount,
    })),
  };
}

export function toProtocol(p: ProtocolRow): ProcurementProtocol {
  return {
    id: p.id,
    kind: p.kind,
    title: PROTOCOL_KIND_TITLES[p.kind],
    final: p.final,
    signed_on: p.signedOn,
    published_on: p.publishedOn,
    eis_registration_number: p.eisRegistrationNumber,
    lot_number: p.lotNumber,
    winner_name: p.winnerName,
    winner_inn: p.winnerInn,
    winner_price: p.winnerPrice,
    source: p.source,
  };
}

export type CardExtras = ListExtras & {
  /** null: an imported procurement not pinned to a Положение version yet */
  ruleId: number | null;
  ruleTitle: string | null;
  ruleVersionNumber: number | null;
  nmcdMethodTitle: string | null;
  fundingSourceTitle: string | null;
  planPositionNumber: string | null;
  lots: LotWithItems[];
  protocols: ProtocolRow[];
  duties: ProcurementDutyOut[];
  warnings: Procurement['warnings'];
  contracts: {
    id: number;
    number: string;
    contractDate: string;
    supplierName: string;
    price: string;
    status: string;
  }[];
};

export function toProcurement(r: ProcurementRow, x: CardExtras): Procurement {
  return {
    ...toListItem(r, x),
    rule_id: x.ruleId,
    rule_title: x.ruleTitle,
    rule_version_id: r.ruleVersionId,
    rule_version_number: x.ruleVersionNumber,
    nmcd_method_id: r.nmcdMethodId,
    nmcd_method_title: x.nmcdMethodTitle,
    nmcd_justification: r.nmcdJustification,
    funding_source_id: r.fundingSourceId,
    funding_source_title: x.fundingSourceTitle,
    plan_position_id: r.planPositionId,
    plan_position_number: x.planPositionNumber,
    application_security: r.applicationSecurity,
    contract_security: r.contractSecurity,
    platform_name: r.platformName,
    platform_url: r.platformUrl,
    review_date: r.reviewDate,
    eis_url: r.eisUrl,
    lots: x.lots.map(toLot),
    protocols: x.protocols.map(toProtocol),
    duties: x.duties,
    contracts: x.contracts.map((c) => ({
      id: c.id,
      number: c.number,
      contract_date: c.contractDate,
      supplier_name: c.supplierName,
      price: c.price,
      status: c.status,
    })),
    allowed_transitions: allowedTransitions(r.status),
    can_delete:
      procurementDeleteRefusal(
        r.status,
        x.contracts.map((c) => c.number),
      ) === null,
    revision: r.revision,
    warnings: x.warnings,
  };
}

const EVENT_TITLES: Record<EventRow['kind'], string> = {
  created: 'Закупка создана',
  updated: 'Закупка изменена',
  status: 'Статус изменён',
  protocol: 'Протокол',
  imported: 'Загружено из ЕИС',
  documents: 'Сформированы документы',
};

export function toEvent(e: EventRow, userTitle: string | null): ProcurementEvent {
  let title = EVENT_TITLES[e.kind];
  if (e.kind === 'status' && e.toStatus)
    title = `${e.fromStatus ? `${PROCUREMENT_STATUS_TITLES[e.fromStatus]} → ` : ''}${PROCUREMENT_STATUS_TITLES[e.toStatus]}`;
  if (e.kind === 'updated' && e.changedFields.length)
    title = `Изменено: ${e.changedFields.map((f) => FIELD_TITLES[f] ?? f).join(', ')}`;
  return {
    id: e.id,
    kind: e.kind,
    title,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    changed_fields: e.changedFields,
    comment: e.comment,
    at: e.at.toISOString(),
    by: e.userId ? { id: e.userId, title: userTitle ?? '' } : null,
  };
}

/** An open duty of the deadline list with its procurement. */
export function toDeadlineItem(r: ProcurementRow, d: ProcurementDutyOut) {
  return { ...d, procurement_id: r.id, procurement_number: r.number, subject: r.subject };
}

/** The stored procurement as a body of the API (the law's rules read it when it moves on). */
export function bodyOf(p: Procurement): ProcurementIn {
  return {
    number: p.number,
    eis_notice_number: p.eis_notice_number,
    customer_id: p.customer_id,
    method_id: p.method_id,
    subject: p.subject,
    subject_type: p.subject_type,
    lots: p.lots.map((l) => ({
      number: l.number,
      subject: l.subject,
      nmcd: l.nmcd,
      plan_position_id: l.plan_position_id,
      items: l.items.map((it) => ({
        name: it.name,
        okpd2_code: it.okpd2_code,
        okei_code: it.okei_code,
        unit_name: it.unit_name,
        quantity: it.quantity,
        unit_price: it.unit_price,
        vat_rate: it.vat_rate,
      })),
    })),
    nmcd: p.nmcd,
    nmcd_method_id: p.nmcd_method_id,
    nmcd_justification: p.nmcd_justification,
    currency_code: p.currency_code,
    funding_source_id: p.funding_source_id,
    plan_position_id: p.plan_position_id,
    application_security: p.application_security,
    contract_security: p.contract_security,
    sme_only: p.sme_only,
    electronic: p.electronic,
    platform_name: p.platform_name,
    platform_url: p.platform_url,
    planned_publication_date: p.planned_publication_date,
    published_on: p.published_on,
    bids_deadline: p.bids_deadline,
    review_date: p.review_date,
    summing_up_date: p.summing_up_date,
  };
}

/** The fields compared between two states of a procurement (lots and items without their ids). */
export function snapshot(p: Procurement): Record<string, unknown> {
  return {
    ...p,
    lots: p.lots.map((l) => ({
      number: l.number,
      subject: l.subject,
      nmcd: l.nmcd,
      plan_position_id: l.plan_position_id,
      items: l.items.map(({ id: _id, line_no: _n, ...it }) => it),
    })),
  };
}
