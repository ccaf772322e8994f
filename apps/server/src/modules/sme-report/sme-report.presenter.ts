import type {
  SmeContractLine,
  SmeFigure,
  SmeFiguresSnapshot,
  SmeReport,
  SmeReportFiling,
} from '@zakupki/shared';
import type { SmeFiguresRow } from '../../db/schema/index.js';
import { SME_READINGS, type SmeContractFacts, YEAR_READING } from '../law/law-sme-quotas.js';
import { rubles, type SmeFigures } from './sme-report.policy.js';
import type { SmeFilingRow } from './sme-report.repository.js';

/** A contract as the report lists it: the facts the rules read and what a reader needs. */
export type SmeLine = SmeContractFacts &
  Omit<SmeContractLine, 'id' | 'price' | 'currency' | 'supplier_is_sme' | 'sme_only' | 'basis'>;

const toLine = (c: SmeLine): SmeContractLine => ({
  id: c.id,
  number: c.number,
  registry_number: c.registry_number,
  contract_date: c.contract_date,
  subject: c.subject,
  supplier_name: c.supplier_name,
  supplier_inn: c.supplier_inn,
  supplier_is_sme: c.supplierIsSme,
  price: c.price,
  currency: c.currency,
  status: c.status,
  method: c.method,
  sme_only: c.smeOnly,
  basis: c.basis,
});

const figure = (list: SmeLine[], kopecks: bigint): SmeFigure => ({
  amount: rubles(kopecks),
  count: list.length,
  contracts: list.map(toLine),
});

export function toSnapshot(f: SmeFigures<SmeLine>): SmeFiguresRow {
  return {
    total: rubles(f.kopecks.total),
    excluded: rubles(f.kopecks.excluded),
    base: rubles(f.kopecks.base),
    sme: rubles(f.kopecks.sme),
    sme_only: rubles(f.kopecks.smeOnly),
    sme_share_percent: f.quotas.find((q) => q.rule.code === 'sme')?.sharePercent ?? null,
    sme_only_share_percent: f.quotas.find((q) => q.rule.code === 'sme_only')?.sharePercent ?? null,
  };
}

export function toFiling(r: SmeFilingRow): SmeReportFiling {
  return {
    year: r.year,
    filed_on: r.filedOn,
    eis_number: r.eisNumber,
    figures: r.figures satisfies SmeFiguresSnapshot,
    filed_by: r.filedById === null ? null : { id: r.filedById, title: r.filedByTitle ?? '' },
    filed_at: r.filedAt.toISOString(),
  };
}

export function toReport(r: {
  company: SmeReport['company'];
  year: number;
  periodFrom: string;
  periodTo: string;
  partial: boolean;
  dueDate: string;
  dueReference: string;
  figures: SmeFigures<SmeLine>;
  filing: SmeFilingRow | null;
}): SmeReport {
  const f = r.figures;
  return {
    company: r.company,
    year: r.year,
    period_from: r.periodFrom,
    period_to: r.periodTo,
    partial: r.partial,
    reading: YEAR_READING,
    due_date: r.dueDate,
    due_reference: r.dueReference,
    total: figure(f.total, f.kopecks.total),
    exclusions: f.exclusions.map((e) => ({
      code: e.rule.code,
      title: e.rule.title,
      reference: e.rule.reference,
      reading: e.rule.reading,
      status: e.rule.status,
      detectable: e.rule.matches !== null,
      amount: rubles(e.kopecks),
      count: e.contracts.length,
      contracts: e.contracts.map(toLine),
    })),
    excluded: figure(f.excluded, f.kopecks.excluded),
    base: figure(f.base, f.kopecks.base),
    sme: figure(f.sme, f.kopecks.sme),
    sme_only: figure(f.smeOnly, f.kopecks.smeOnly),
    quotas: f.quotas.map((q) => ({
      code: q.rule.code,
      title: q.rule.title,
      reference: q.rule.reference,
      status: q.rule.status,
      required_percent: String(q.rule.percent),
      share_percent: q.sharePercent,
      met: q.met,
      amount: rubles(q.kopecks),
    })),
    notes: [...f.notes, ...SME_READINGS],
    filing: r.filing ? toFiling(r.filing) : null,
  };
}
