import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam, PageQuery, pageOf } from './common.js';
import { ContractListQuery } from './contracts.js';
import { realDate } from './contracts-model.js';

/**
 * Exports of the contract module: the register as XLSX (streamed at once), and reports built by
 * jobs and stored as files: EIS XML of a contract and of its execution, an OCDS 1.1 release
 * package, the monthly report of ч. 19 ст. 4 223-ФЗ. Each job ends in `reportCreateResponse`.
 */
export const REPORT_CODES = ['eis-contract', 'eis-performance', 'ocds', 'monthly-223-19'] as const;
export type ReportCode = (typeof REPORT_CODES)[number];
export const REPORT_TITLES: Record<ReportCode, string> = {
  'eis-contract': 'Сведения о договоре для ЕИС (XML)',
  'eis-performance': 'Сведения об исполнении договора для ЕИС (XML)',
  ocds: 'Пакет релизов OCDS 1.1 (JSON)',
  'monthly-223-19': 'Ежемесячный отчёт о договорах (ч. 19 ст. 4 223-ФЗ)',
};
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Most contracts one OCDS package may hold (the file is built in memory and stored in the database). */
export const OCDS_MAX_CONTRACTS = 20_000;

export const ReportRun = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  report_code: z.enum(REPORT_CODES),
  title: z.string(),
  status: z.enum(REPORT_STATUSES),
  params: z.record(z.string(), z.unknown()),
  contract_id: z.number().int().nullable(),
  contract_guid: z.string().nullable(),
  contract_regnumber: z.string().nullable(),
  file_id: z.number().int().nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  error: z.string().nullable(),
  /** What the file leaves out or fills with 0, in Russian. */
  warnings: z.array(z.string()),
  created_by: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportRun = z.infer<typeof ReportRun>;

export const ReportStarted = z.object({ job_id: z.string(), report_id: z.number().int() });

const postalCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Почтовый индекс состоит из 6 цифр');
const addressPart = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Не более ${max} символов`)
    .nullish()
    .transform((v) => (v ? v : null));

/** The supplier's address: the EIS requires it in `supplierInfo`, the register does not keep it. */
export const SupplierAddressInput = z.object({
  post_code: postalCode,
  region_code: z.coerce
    .number()
    .int('Код региона — целое число')
    .min(1, 'Код региона от 1 до 99')
    .max(99, 'Код региона от 1 до 99')
    .nullish()
    .transform((v) => v ?? null),
  region_name: addressPart(255),
  city: addressPart(255),
  street: addressPart(255),
  house: addressPart(50),
});
export type SupplierAddressInput = z.input<typeof SupplierAddressInput>;

export const EisContractExportInput = z
  .object({ supplier_address: SupplierAddressInput.nullish().transform((v) => v ?? null) })
  .nullish()
  .transform((v) => v ?? { supplier_address: null });

export const EisPerformanceExportInput = z
  .object({ period_from: realDate.nullish(), period_to: realDate.nullish() })
  .nullish()
  .transform((v) => ({ period_from: v?.period_from ?? null, period_to: v?.period_to ?? null }))
  .refine((v) => !v.period_from || !v.period_to || v.period_from <= v.period_to, {
    message: 'Начало периода не может быть позже его окончания',
    path: ['period_to'],
  });

/** Register filters of an OCDS export: the list's query without paging and sorting. */
export const OcdsFilters = ContractListQuery.omit({ page: true, limit: true, sort: true, order: true });

export const OcdsExportInput = z
  .object({
    contract_ids: z
      .array(z.number().int().positive())
      .min(1, 'Выберите хотя бы один договор')
      .max(OCDS_MAX_CONTRACTS, `Не более ${OCDS_MAX_CONTRACTS} договоров в одном пакете`)
      .optional(),
    filters: OcdsFilters.optional(),
  })
  .refine((v) => (v.contract_ids ? !v.filters : !!v.filters), {
    message: 'Укажите либо список договоров (contract_ids), либо фильтры реестра (filters)',
    path: ['contract_ids'],
  });

export const MonthlyReportInput = z.object({
  year: z.coerce
    .number({ message: 'Укажите год' })
    .int('Год — целое число')
    .min(2012, 'Отчёт ведётся с 2012 года')
    .max(2100, 'Год не может быть больше 2100'),
  month: z.coerce
    .number({ message: 'Укажите месяц' })
    .int('Месяц — целое число')
    .min(1, 'Месяц от 1 до 12')
    .max(12, 'Месяц от 1 до 12'),
});

export const ReportListQuery = PageQuery.extend({
  report_code: z.enum(REPORT_CODES).optional(),
  contract_id: z.coerce.number().int().positive().optional(),
});

const ContractParams = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const ReportParams = CompanyParam.extend({ report_id: z.coerce.number().int().positive() });
const tags = ['exports'];
const contractsBase = '/api/companies/:company_id/contracts';

export const exportRoutes = {
  registerXlsx: defineRoute({
    method: 'GET',
    path: `${contractsBase}/export.xlsx`,
    summary: 'The register view as XLSX: the same filters and sort as the list, every matching row, streamed',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: ContractListQuery,
    response: { 200: z.string().describe('XLSX file') },
  }),
  eisContract: defineRoute({
    method: 'POST',
    path: `${contractsBase}/:id/export/eis-contract`,
    summary:
      'Build the EIS XML of the contract information (223-ФЗ `contract`, checked against contract.xsd)',
    tags,
    company: 'company_id',
    permission: 'reports.create',
    params: ContractParams,
    body: EisContractExportInput,
    response: { 202: ReportStarted },
  }),
  eisPerformance: defineRoute({
    method: 'POST',
    path: `${contractsBase}/:id/export/eis-performance`,
    summary: 'Build the EIS XML of the execution information (223-ФЗ `performanceContract`) for a period',
    tags,
    company: 'company_id',
    permission: 'reports.create',
    params: ContractParams,
    body: EisPerformanceExportInput,
    response: { 202: ReportStarted },
  }),
  ocds: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/exports/ocds',
    summary: 'Build an OCDS 1.1 release package (JSON) of chosen contracts or of a register filter',
    tags,
    company: 'company_id',
    permission: 'reports.create',
    params: CompanyParam,
    body: OcdsExportInput,
    response: { 202: ReportStarted },
  }),
  monthly: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/reports/monthly',
    summary: 'Build the monthly report on contracts (ч. 19 ст. 4 223-ФЗ) as XLSX',
    tags,
    company: 'company_id',
    permission: 'reports.create',
    params: CompanyParam,
    body: MonthlyReportInput,
    response: { 202: ReportStarted },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/reports',
    summary: 'Generated reports and exports of the company, newest first',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: ReportListQuery,
    response: { 200: pageOf(ReportRun) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/reports/:report_id',
    summary: 'One report: status, file, error',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: ReportParams,
    response: { 200: ReportRun },
  }),
};
