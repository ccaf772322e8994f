import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { isoDate, PageQuery, pageOf } from './common.js';
import { EisPlanImportResult } from './eis-plans.js';
import { PROCUREMENT_STATUSES } from './procurements-model.js';

/**
 * Imports: EIS contract XML, УПД/УКД XML, bank statements (1C exchange), EIS procurement plans,
 * EIS procurement notices and protocols (the procurement register).
 */
export const IMPORT_KINDS = ['eis-contracts', 'upd', 'payments', 'eis-plans', 'eis-procurements'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
/** `warning`: the run ended with some of its files refused (the others were imported). */
export const IMPORT_STATUSES = ['queued', 'running', 'done', 'warning', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const money = z.string().describe('decimal string, two fraction digits');
const id = z.number().int();

const CompanyImportParams = z.object({
  company_id: z.coerce.number().int().positive(),
  kind: z.enum(IMPORT_KINDS),
});
const ImportParams = z.object({
  company_id: z.coerce.number().int().positive(),
  import_id: z.coerce.number().int().positive(),
});
const CompanyItemParams = z.object({
  company_id: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});
const CompanyOnly = z.object({ company_id: z.coerce.number().int().positive() });

export const EisImportViolation = z.object({
  contract_id: id.nullable(),
  eais_registry_number: z.string().nullable(),
  contract_number: z.string().nullable(),
  message: z.string(),
  due_date: z.string(),
  done_date: z.string().nullable(),
});
export type EisImportViolation = z.infer<typeof EisImportViolation>;

export const EisImportResult = z.object({
  /** contract records taken from the files (after the date and customer filters) */
  contracts: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** the same version was already stored */
  unchanged: z.number().int(),
  /** older versions than the stored one, kept as history only */
  history: z.number().int(),
  /** execution records (223 performanceContract, 44 contractProcedure) applied */
  executions: z.number().int(),
  /** execution, payment, acceptance, termination events written */
  events: z.number().int(),
  /** records or events already imported before */
  duplicates: z.number().int(),
  /** records outside the date range or of other customers */
  skipped: z.number().int(),
  contract_ids: z.array(id),
  /** registry number of the contract when the import touched exactly one */
  eais_registry_number: z.string().nullable(),
  violations: z.array(EisImportViolation),
  warnings: z.array(z.string()),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
});
export type EisImportResult = z.infer<typeof EisImportResult>;

export const UpdImportDocument = z.object({
  id: id.nullable().describe('upd document id; null for a duplicate inside the same upload'),
  file_name: z.string(),
  kind: z.enum(['upd', 'ukd']),
  function: z.string(),
  number: z.string(),
  date: z.string(),
  correction_number: z.string().nullable(),
  seller_inn: z.string(),
  seller_name: z.string(),
  buyer_inn: z.string(),
  total_without_vat: money.nullable(),
  total_with_vat: money.nullable(),
  lines: z.number().int(),
  advance: z.boolean().describe('an invoice on an advance payment: stored, never counted as a delivery'),
  contract_id: id.nullable(),
  status: z.string(),
  duplicate: z.boolean(),
  error: z.string().nullable(),
});
export type UpdImportDocument = z.infer<typeof UpdImportDocument>;

export const UpdImportResult = z.object({
  documents: z.array(UpdImportDocument),
  created: z.number().int(),
  duplicates: z.number().int(),
  without_contract: z.number().int(),
  warnings: z.array(z.string()),
});
export type UpdImportResult = z.infer<typeof UpdImportResult>;

export const PaymentsImportResult = z.object({
  /** documents in the files */
  documents: z.number().int(),
  /** outgoing payments of the company in the files */
  outgoing: z.number().int(),
  /** incoming payments (ignored, not stored) */
  incoming: z.number().int(),
  /** documents where neither side is the company (ignored) */
  other: z.number().int(),
  /** outgoing payments stored by this run */
  created: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
  /** outgoing payments already stored by an earlier import (or twice in this upload) */
  duplicates: z.number().int(),
  /** sum of the outgoing payments stored by this run */
  total_amount: money,
  warnings: z.array(z.string()),
});
export type PaymentsImportResult = z.infer<typeof PaymentsImportResult>;

/**
 * One notice or protocol of an EIS procurement import (docs/procurement-import.md). `created`: a
 * new procurement (notice) or protocol; `updated`: a newer version replaced the stored one;
 * `unchanged`: this version (or a newer one) is stored already, nothing was written.
 */
export const EisProcurementImportItem = z.object({
  file_name: z.string(),
  document: z.enum(['notice', 'protocol']),
  /** root element: purchaseNotice, purchaseNoticeZK, purchaseProtocolPAEP, … */
  form: z.string(),
  /** the notice's number, or the protocol's own (`31704712239-01`) */
  registration_number: z.string(),
  notice_number: z.string(),
  version: z.number().int(),
  procurement_id: id,
  /** the internal number of the procurement in the register */
  procurement_number: z.string(),
  outcome: z.enum(['created', 'updated', 'unchanged']),
  /** the procurement's status after this document */
  status: z.enum(PROCUREMENT_STATUSES),
  /** what was not taken as it is (a lot whose plan position is not in the register, …) */
  warnings: z.array(z.string()),
});
export type EisProcurementImportItem = z.infer<typeof EisProcurementImportItem>;

export const EisProcurementImportResult = z.object({
  items: z.array(EisProcurementImportItem),
  notices: z.number().int(),
  protocols: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  procurement_ids: z.array(id),
  /** the procurement when the run touched exactly one */
  procurement_id: id.nullable(),
  warnings: z.array(z.string()),
});
export type EisProcurementImportResult = z.infer<typeof EisProcurementImportResult>;

/** One file of a run: each file is imported (all of it) or refused (none of it) on its own. */
export const ImportFileOutcome = z.object({
  /** as shown to the user: «архив.zip/файл.xml» for a file inside an archive */
  file_name: z.string(),
  status: z.enum(['done', 'failed']),
  error: z.string().nullable(),
});
export type ImportFileOutcome = z.infer<typeof ImportFileOutcome>;

const runBase = {
  id,
  company_id: id,
  user_id: id,
  status: z.enum(IMPORT_STATUSES),
  progress: z.number().int().min(0).max(100),
  upload_file_name: z.string(),
  file_ids: z.array(id),
  error: z.string().nullable(),
  /** every file of the run with its outcome (empty until the run ends) */
  files: z.array(ImportFileOutcome),
  created_at: z.string(),
  finished_at: z.string().nullable(),
};

export const ImportRun = z.discriminatedUnion('kind', [
  z.object({ ...runBase, kind: z.literal('eis-contracts'), result: EisImportResult.nullable() }),
  z.object({ ...runBase, kind: z.literal('upd'), result: UpdImportResult.nullable() }),
  z.object({ ...runBase, kind: z.literal('payments'), result: PaymentsImportResult.nullable() }),
  z.object({ ...runBase, kind: z.literal('eis-plans'), result: EisPlanImportResult.nullable() }),
  z.object({
    ...runBase,
    kind: z.literal('eis-procurements'),
    result: EisProcurementImportResult.nullable(),
  }),
]);
export type ImportRun = z.infer<typeof ImportRun>;

export const ImportListQuery = PageQuery.extend({
  kind: z.enum(IMPORT_KINDS).optional(),
  status: z.enum(IMPORT_STATUSES).optional(),
});

/** Multipart fields besides `file` (one or more; XML, TXT or ZIP). */
export const ImportUploadFields = z.object({
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
});

const Party = z.object({
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  name: z.string().nullable(),
});
const ContractRef = z.object({
  id,
  number: z.string(),
  contract_date: z.string(),
  eis_registry_number: z.string().nullable(),
  supplier_inn: z.string(),
  supplier_name: z.string(),
});

export const UPD_STATUSES = ['no_contract', 'proposed', 'confirmed', 'superseded'] as const;

export const UpdDocument = z.object({
  id,
  import_id: id.nullable(),
  file_name: z.string(),
  kind: z.enum(['upd', 'ukd']),
  function: z.string(),
  advance: z
    .boolean()
    .describe('an invoice on an advance payment (счёт-фактура на аванс): not a delivery, never confirmed'),
  format_version: z.string(),
  number: z.string(),
  date: z.string(),
  correction_number: z.string().nullable(),
  correction_date: z.string().nullable(),
  currency_code: z.string(),
  seller: Party,
  buyer: Party,
  gov_contract_id: z.string().nullable(),
  bases: z.array(z.object({ name: z.string(), number: z.string().nullable(), date: z.string().nullable() })),
  corrected_invoices: z.array(z.object({ number: z.string(), date: z.string() })),
  total_without_vat: money.nullable(),
  total_vat: money.nullable(),
  total_with_vat: money.nullable(),
  contract_id: id.nullable(),
  contract: ContractRef.nullable(),
  contract_reason: z.string().nullable(),
  error: z.string().nullable(),
  status: z.enum(UPD_STATUSES),
  supersedes_id: id.nullable(),
  warnings: z.array(z.string()),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type UpdDocument = z.infer<typeof UpdDocument>;

export const UpdCandidate = z.object({ contract_item_id: id, confidence: z.number() });

export const UpdLine = z.object({
  id,
  line_no: z.number().int(),
  name: z.string(),
  okei: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string().nullable(),
  price: z.string().nullable(),
  sum_without_vat: money.nullable(),
  vat_rate: z.string(),
  vat_sum: money.nullable(),
  sum_with_vat: money.nullable(),
  quantity_before: z.string().nullable(),
  sum_with_vat_before: money.nullable(),
  counted_quantity: z.string(),
  counted_amount: money,
  mapping: z
    .object({
      contract_item_id: id.nullable(),
      confidence: z.number().nullable(),
      status: z.enum(['proposed', 'confirmed', 'rejected']),
      reason: z.string().nullable(),
    })
    .nullable(),
  candidates: z.array(UpdCandidate),
});
export type UpdLine = z.infer<typeof UpdLine>;

export const UpdSpecItem = z.object({
  id,
  line_no: z.number().int(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  price: z.string(),
  amount: money,
  accepted_quantity: z.string(),
  accepted_amount: money,
});

export const UpdDocumentDetail = UpdDocument.extend({
  lines: z.array(UpdLine),
  items: z.array(UpdSpecItem),
});
export type UpdDocumentDetail = z.infer<typeof UpdDocumentDetail>;

export const UpdListQuery = PageQuery.extend({
  contract_id: z.coerce.number().int().positive().optional(),
  status: z.enum(UPD_STATUSES).optional(),
  import_id: z.coerce.number().int().positive().optional(),
  q: z.string().trim().optional(),
});

export const UpdMappingInput = z.object({
  lines: z
    .array(
      z.object({
        upd_line_id: z.number().int().positive(),
        contract_item_id: z.number().int().positive().nullable(),
      }),
    )
    .max(5000),
});
export const UpdContractInput = z.object({ contract_id: z.number().int().positive() });

export const PAYMENT_STATUSES = ['matched', 'unmatched', 'assigned', 'ignored'] as const;

const PaymentParty = Party.extend({
  account: z.string().nullable(),
  bik: z.string().nullable(),
  bank: z.string().nullable(),
});

export const Payment = z.object({
  id,
  import_id: id.nullable(),
  file_name: z.string(),
  kind: z.string().nullable(),
  direction: z.enum(['outgoing', 'incoming']),
  number: z.string(),
  date: z.string(),
  amount: money,
  date_debited: z.string().nullable(),
  payer: PaymentParty,
  payee: PaymentParty,
  purpose: z.string(),
  contract_id: id.nullable(),
  contract: ContractRef.nullable(),
  status: z.enum(PAYMENT_STATUSES),
  match_confidence: z.number().nullable(),
  match_reason: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentListQuery = PageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  contract_id: z.coerce.number().int().positive().optional(),
  import_id: z.coerce.number().int().positive().optional(),
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  q: z.string().trim().optional(),
});
export const PaymentAssignInput = z.object({ contract_id: z.number().int().positive() });

export const PerformanceInput = z
  .object({ period_from: isoDate, period_to: isoDate })
  .refine((v) => v.period_from <= v.period_to, {
    message: 'Начало периода позже его окончания',
    path: ['period_to'],
  });

export const PerformanceRecord = z.object({
  id,
  contract_id: id,
  performance_contract_guid: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.enum(['queued', 'done', 'failed']),
  error: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type PerformanceRecord = z.infer<typeof PerformanceRecord>;

const ContractParams = CompanyItemParams;
const PerformanceParams = CompanyItemParams.extend({
  performance_id: z.coerce.number().int().positive(),
});

export const importRoutes = {
  start: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/imports/:kind',
    summary:
      'Загрузить файлы для импорта (multipart, поле file — один или несколько файлов XML/TXT или ZIP; для eis-contracts поля date_from, date_to)',
    tags: ['imports'],
    company: 'company_id',
    permission: 'imports.run',
    params: CompanyImportParams,
    body: ImportUploadFields,
    multipart: true,
    response: { 202: z.object({ import_id: id }) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/imports/:import_id',
    summary: 'Состояние и результат импорта',
    tags: ['imports'],
    company: 'company_id',
    permission: 'contracts.read',
    params: ImportParams,
    response: { 200: ImportRun },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/imports',
    summary: 'История импортов компании',
    tags: ['imports'],
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyOnly,
    query: ImportListQuery,
    response: { 200: pageOf(ImportRun) },
  }),
};

/** EIS notices and protocols into the procurement register: the `eis-procurements` kind of the imports. */
export const eisProcurementImportRoutes = {
  start: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/imports/eis-procurements',
    summary:
      'Загрузить извещения и протоколы закупок из ЕИС в реестр закупок (multipart, поле file — один или несколько XML purchaseNotice*/purchaseProtocol* или ZIP); каждый файл загружается целиком или не загружается; результат — eisProcurementsResponse',
    tags: ['imports', 'procurements'],
    company: 'company_id',
    permission: 'procurements.write',
    params: CompanyOnly,
    multipart: true,
    response: { 202: z.object({ import_id: id }) },
  }),
};

export const updRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/upd-documents',
    summary: 'УПД и УКД компании',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyOnly,
    query: UpdListQuery,
    response: { 200: pageOf(UpdDocument) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/upd-documents/:id',
    summary: 'УПД со строками, предложенным сопоставлением и позициями спецификации',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyItemParams,
    response: { 200: UpdDocumentDetail },
  }),
  setContract: defineRoute({
    method: 'PUT',
    path: '/api/companies/:company_id/upd-documents/:id/contract',
    summary: 'Выбрать договор для УПД, договор которого не найден автоматически',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyItemParams,
    body: UpdContractInput,
    response: { 200: UpdDocumentDetail },
  }),
  mapping: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/upd-documents/:id/mapping',
    summary: 'Подтвердить или исправить сопоставление строк УПД с позициями спецификации',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyItemParams,
    body: UpdMappingInput,
    response: { 200: UpdDocumentDetail },
  }),
};

export const paymentRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/payments',
    summary: 'Платежи компании из банковских выписок',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyOnly,
    query: PaymentListQuery,
    response: { 200: pageOf(Payment) },
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/payments/:id/assign',
    summary: 'Отнести платёж к договору',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyItemParams,
    body: PaymentAssignInput,
    response: { 200: Payment },
  }),
  ignore: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/payments/:id/ignore',
    summary: 'Не учитывать платёж в исполнении договоров',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.write',
    params: CompanyItemParams,
    response: { 200: Payment },
  }),
};

export const performanceRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/companies/:company_id/contracts/:id/performance',
    summary: 'Сформировать сведения об исполнении договора за период (задание)',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.write',
    params: ContractParams,
    body: PerformanceInput,
    response: { 202: z.object({ performance_id: id, performance_contract_guid: z.string() }) },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/contracts/:id/performance',
    summary: 'Сведения об исполнении договора',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.read',
    params: ContractParams,
    query: PageQuery,
    response: { 200: pageOf(PerformanceRecord) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/contracts/:id/performance/:performance_id',
    summary: 'Сведения об исполнении договора за период',
    tags: ['execution'],
    company: 'company_id',
    permission: 'contracts.read',
    params: PerformanceParams,
    response: { 200: PerformanceRecord },
  }),
};

/** Kept here for the callers that import it from the imports contract. */
export { fileRoutes } from './files.js';
