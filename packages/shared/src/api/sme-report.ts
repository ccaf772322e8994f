import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam, EIS_REGISTRATION_NUMBER } from './common.js';
import { CONTRACT_STATUSES, realDate } from './contracts-model.js';

/**
 * The annual report on purchases from small and medium-sized enterprises (ПП РФ от 11.12.2014
 * № 1352, ч. 21 ст. 4 223-ФЗ; placed in the EIS by 1 February of the next year): the annual value
 * of contracts, the exclusions the regulation allows, the value concluded with SMEs and through
 * SME-only procedures, and their shares against the quotas. Built from the contract register on
 * request; filing it (date and EIS number) closes the duty.
 */

/** First year a report can be asked for (the Положение of ПП 1352 applies from 2015). */
export const SME_REPORT_FIRST_YEAR = 2015;

/** Today in Moscow (UTC+3), YYYY-MM-DD: the day the law's dates are counted in. */
export const moscowToday = (now = Date.now()) => new Date(now + 3 * 3_600_000).toISOString().slice(0, 10);

export const SME_RULE_STATUSES = ['confirmed', 'unconfirmed'] as const;
export type SmeRuleStatus = (typeof SME_RULE_STATUSES)[number];
export const SME_RULE_STATUS_TITLES: Record<SmeRuleStatus, string> = {
  confirmed: 'подтверждено',
  unconfirmed: 'не подтверждено по тексту акта',
};

/** One contract behind a figure. */
export const SmeContractLine = z.object({
  id: z.number().int(),
  number: z.string(),
  registry_number: z.string().nullable(),
  contract_date: z.string(),
  subject: z.string(),
  supplier_name: z.string(),
  supplier_inn: z.string(),
  supplier_is_sme: z.boolean(),
  price: z.string(),
  currency: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  method: z.string().nullable(),
  /** The procedure was SME-only (ст. 3.4 223-ФЗ); null: the register does not say. */
  sme_only: z.boolean().nullable(),
  basis: z.string().nullable(),
});
export type SmeContractLine = z.infer<typeof SmeContractLine>;

/** A sum of contracts (rubles, exact decimal string) with the contracts it adds up. */
export const SmeFigure = z.object({
  amount: z.string(),
  count: z.number().int(),
  contracts: z.array(SmeContractLine),
});
export type SmeFigure = z.infer<typeof SmeFigure>;

export const SmeExclusion = z.object({
  code: z.string(),
  title: z.string(),
  reference: z.string(),
  /** How the rule is read and what in the register it is told by. */
  reading: z.string(),
  status: z.enum(SME_RULE_STATUSES),
  /** false: the register keeps no sign of it, the rule removes nothing (see `reading`). */
  detectable: z.boolean(),
  amount: z.string(),
  count: z.number().int(),
  contracts: z.array(SmeContractLine),
});
export type SmeExclusion = z.infer<typeof SmeExclusion>;

export const SME_QUOTA_CODES = ['sme', 'sme_only'] as const;
export type SmeQuotaCode = (typeof SME_QUOTA_CODES)[number];

export const SmeQuota = z.object({
  code: z.enum(SME_QUOTA_CODES),
  title: z.string(),
  reference: z.string(),
  status: z.enum(SME_RULE_STATUSES),
  /** The least share the regulation requires, percent ('25'). */
  required_percent: z.string(),
  /** The share reached, percent with two decimals; null when the annual value is 0. */
  share_percent: z.string().nullable(),
  /** null when the annual value is 0 (nothing to measure). */
  met: z.boolean().nullable(),
  amount: z.string(),
});
export type SmeQuota = z.infer<typeof SmeQuota>;

/** What a filing keeps of the figures as they were filed. */
export const SmeFiguresSnapshot = z.object({
  total: z.string(),
  excluded: z.string(),
  base: z.string(),
  sme: z.string(),
  sme_only: z.string(),
  sme_share_percent: z.string().nullable(),
  sme_only_share_percent: z.string().nullable(),
});
export type SmeFiguresSnapshot = z.infer<typeof SmeFiguresSnapshot>;

export const SmeReportFiling = z.object({
  year: z.number().int(),
  filed_on: z.string(),
  eis_number: z.string(),
  figures: SmeFiguresSnapshot,
  filed_by: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  filed_at: z.string(),
});
export type SmeReportFiling = z.infer<typeof SmeReportFiling>;

export const SmeReport = z.object({
  company: z.object({ name: z.string(), inn: z.string(), kpp: z.string().nullable() }),
  year: z.number().int(),
  period_from: z.string(),
  period_to: z.string(),
  /** The year is not over: the figures are year-to-date. */
  partial: z.boolean(),
  /** Which contracts count as the year's (Russian). */
  reading: z.string(),
  due_date: z.string(),
  due_reference: z.string(),
  /** All 223-FZ contracts concluded in the year. */
  total: SmeFigure,
  exclusions: z.array(SmeExclusion),
  excluded: SmeFigure,
  /** The annual value the shares are measured against: total minus the exclusions. */
  base: SmeFigure,
  sme: SmeFigure,
  sme_only: SmeFigure,
  quotas: z.array(SmeQuota),
  notes: z.array(z.string()),
  filing: SmeReportFiling.nullable(),
});
export type SmeReport = z.infer<typeof SmeReport>;

export const smeYear = z.coerce
  .number({ message: 'Укажите год' })
  .int('Год — целое число')
  .min(SME_REPORT_FIRST_YEAR, `Отчёт о закупках у субъектов МСП ведётся с ${SME_REPORT_FIRST_YEAR} года`)
  .max(2100, 'Год не может быть больше 2100');

/** The EIS registration number of the placed report: digits only. */

export const SmeReportFileInput = z.object({
  filed_on: realDate.refine((v) => v <= moscowToday(), 'Дата размещения не может быть в будущем'),
  eis_number: z
    .string({ message: 'Укажите регистрационный номер ЕИС' })
    .trim()
    .regex(EIS_REGISTRATION_NUMBER, 'Регистрационный номер ЕИС — от 5 до 30 цифр, без пробелов и букв'),
});
export type SmeReportFileInput = z.input<typeof SmeReportFileInput>;

const YearParams = CompanyParam.extend({ year: smeYear });
const tags = ['sme-report'];
const base = '/api/companies/:company_id/sme-reports';

export const smeReportRoutes = {
  get: defineRoute({
    method: 'GET',
    path: `${base}/:year`,
    summary: 'The annual SME report of a year (ПП РФ № 1352): figures, exclusions, quotas, contracts',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: YearParams,
    response: { 200: SmeReport },
  }),
  xlsx: defineRoute({
    method: 'GET',
    path: `${base}/:year/report.xlsx`,
    summary: 'The annual SME report as XLSX: the figures and a sheet of contracts per figure',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: YearParams,
    response: { 200: z.string().describe('XLSX file') },
  }),
  pdf: defineRoute({
    method: 'GET',
    path: `${base}/:year/report.pdf`,
    summary: 'The annual SME report as PDF (a DOCX converted by LibreOffice; 503 without it)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: YearParams,
    response: { 200: z.string().describe('PDF file') },
  }),
  file: defineRoute({
    method: 'PUT',
    path: `${base}/:year/filing`,
    summary: 'Mark the report placed in the EIS (date and registration number); closes the duty',
    tags,
    company: 'company_id',
    permission: 'procurements.write',
    params: YearParams,
    body: SmeReportFileInput,
    response: { 200: SmeReportFiling },
  }),
  filings: defineRoute({
    method: 'GET',
    path: base,
    summary: 'The filed SME reports of the company, newest year first',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    response: { 200: z.object({ items: z.array(SmeReportFiling) }) },
  }),
};
