import {
  EIS_PLAN_STATUS_TITLES,
  EIS_POSITION_STATUS_TITLES,
  type EisPlanListItem,
  type EisPlanPosition,
  type EisPlanPositionOption,
  type EisPlanTotals,
  type EisPlanVersionSummary,
} from '@zakupki/shared';
import type { EisPlanRowJson } from '../../db/schema/index.js';
import type { PositionState } from './eis-plans.policy.js';
import type { PlanRow, PositionVersionRow, VersionRow } from './eis-plans.repository.js';

/** Rows of the plans module as API shapes. */

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The rows of a position as one comparable text: «ОКПД2 × количество ОКЕИ; …». */
export function rowsText(rows: EisPlanRowJson[]): string {
  return rows
    .map((r) =>
      [r.okpd2_code ?? '—', r.qty ? `× ${r.qty}${r.okei_name ? ` ${r.okei_name}` : ''}` : null]
        .filter(Boolean)
        .join(' '),
    )
    .join('; ');
}

export function stateOf(r: PositionVersionRow): PositionState {
  return {
    guid: r.guid,
    number: r.number,
    subject: r.subject,
    status: r.status,
    cancellationReason: r.cancellationReason,
    price: r.price,
    currency: r.currency,
    methodCode: r.methodCode,
    methodName: r.methodName,
    year: r.year,
    month: r.month,
    plannedDate: r.plannedDate,
    contractEndDate: r.contractEndDate,
    electronic: r.electronic,
    smeOnly: r.smeOnly,
    longTerm: r.longTerm,
    customerInn: r.customerInn,
    rows: rowsText(r.rows),
  };
}

/**
 * A version's status in Russian. The EIS leaves `status` out of the plans it publishes (the real
 * files of the fixtures have none): such a version is «Размещён в ЕИС» when it carries its
 * publication, «Утверждён» when only its approval, never a bare «—».
 */
export function planStatusTitle(v: Pick<VersionRow, 'status' | 'publishedAt' | 'approveDate'>): string {
  if (v.status) return EIS_PLAN_STATUS_TITLES[v.status] ?? v.status;
  if (v.publishedAt) return 'Размещён в ЕИС';
  return v.approveDate ? 'Утверждён' : 'Статус не указан';
}

export function versionFields(v: VersionRow) {
  return {
    version: v.version,
    status: v.status,
    status_title: planStatusTitle(v),
    approve_date: v.approveDate,
    published_at: iso(v.publishedAt),
    positions: v.positions,
    total_price: v.totalPrice,
  };
}

export function toVersionSummary(v: VersionRow): EisPlanVersionSummary {
  return {
    ...versionFields(v),
    start_date: v.startDate,
    end_date: v.endDate,
    modification_description: v.modificationDescription,
    annual_volume: v.annualVolume,
    volume_sme: v.volumeSme,
    percent_sme: v.percentSme,
    exclude_volume: v.excludeVolume,
    flags: v.flags,
    url: v.url,
    file_name: v.fileName,
    import_id: v.importId,
    imported_at: v.createdAt.toISOString(),
  };
}

export function toListItem(p: PlanRow, current: VersionRow, versions: number): EisPlanListItem {
  return {
    id: p.id,
    company_id: p.companyId,
    registration_number: p.registrationNumber,
    plan_type: p.planType,
    year: p.year,
    customer_inn: p.customerInn,
    customer_name: p.customerName,
    versions,
    current: versionFields(current),
  };
}

type PageRow = {
  pv: Omit<PositionVersionRow, 'number' | 'guid'>;
  number: string;
  guid: string;
  contracts: number;
  contractAmount: string;
  procurements: number;
  procurementAmount: string;
};

const money2 = (v: string | number) => Number(v).toFixed(2);

export function toPosition(r: PageRow): EisPlanPosition {
  const pv = r.pv;
  return {
    id: pv.positionId,
    number: r.number,
    guid: r.guid,
    ordinal_number: pv.ordinalNumber,
    status: pv.status,
    status_title: pv.status ? (EIS_POSITION_STATUS_TITLES[pv.status] ?? pv.status) : null,
    cancellation_reason: pv.cancellationReason,
    subject: pv.subject,
    price: pv.price,
    currency: pv.currency,
    method_code: pv.methodCode,
    method_name: pv.methodName,
    year: pv.year,
    quarter: pv.quarter,
    month: pv.month,
    planned_date: pv.plannedDate,
    contract_end_date: pv.contractEndDate,
    electronic: pv.electronic,
    sme_only: pv.smeOnly,
    innovation: pv.innovation,
    long_term: pv.longTerm,
    okpd2_codes: pv.okpd2Codes.trim() ? pv.okpd2Codes.trim().split(' ') : [],
    procurements: Number(r.procurements),
    procurement_amount: money2(r.procurementAmount),
    contracts: Number(r.contracts),
    contract_amount: money2(r.contractAmount),
  };
}

export function toPositionOption(r: {
  id: number;
  number: string;
  subject: string;
  price: string | null;
  currency: string | null;
  status: string | null;
  methodName: string | null;
  registrationNumber: string;
  planYear: number;
}): EisPlanPositionOption {
  return {
    id: r.id,
    number: r.number,
    subject: r.subject,
    price: r.price === null ? null : money2(r.price),
    currency: r.currency,
    status: r.status,
    status_title: r.status ? (EIS_POSITION_STATUS_TITLES[r.status] ?? r.status) : null,
    method_name: r.methodName,
    registration_number: r.registrationNumber,
    plan_year: r.planYear,
  };
}

export function toTotals(t: {
  byMethod: { code: string | null; name: string | null; count: number; sum: string }[];
  byMonth: { year: number | null; month: number | null; count: number; sum: string }[];
  all: { count: number; sum: string; sme: string };
}): EisPlanTotals {
  const total = Number(t.all.sum);
  return {
    positions: t.all.count,
    total_price: money2(t.all.sum),
    sme_price: money2(t.all.sme),
    sme_share: total > 0 ? ((Number(t.all.sme) / total) * 100).toFixed(2) : '0.00',
    by_method: t.byMethod.map((m) => ({ code: m.code, name: m.name, count: m.count, sum: money2(m.sum) })),
    by_month: t.byMonth.map((m) => ({ year: m.year, month: m.month, count: m.count, sum: money2(m.sum) })),
  };
}
