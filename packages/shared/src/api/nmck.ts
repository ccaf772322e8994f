import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { checkInn } from '../validators/requisites.js';
import { CompanyParam, optionalText, requiredText } from './common.js';
import { decimal, positiveMoney, realDate, VAT_RATES } from './contracts-model.js';

/**
 * The justification of a procurement's НМЦД (docs/nmck.md): price sources per item (commercial
 * offers, contract items of the company's own register, public sources), their statistics, the
 * unit prices they give, applying them to the procurement, the «Обоснование НМЦД» document and
 * the requests for offers sent to suppliers.
 */

/** The methods of setting an НМЦД (their titles and legal basis live in the server's law module). */
export const NMCK_METHODS = ['market', 'normative', 'tariff', 'design_estimate', 'cost'] as const;
export type NmckMethod = (typeof NMCK_METHODS)[number];
export const NMCK_METHOD_TITLES: Record<NmckMethod, string> = {
  market: 'Метод сопоставимых рыночных цен (анализа рынка)',
  normative: 'Нормативный метод',
  tariff: 'Тарифный метод',
  design_estimate: 'Проектно-сметный метод',
  cost: 'Затратный метод',
};

export const NMCK_SOURCE_KINDS = ['offer', 'contract', 'public'] as const;
export type NmckSourceKind = (typeof NMCK_SOURCE_KINDS)[number];
export const NMCK_SOURCE_KIND_TITLES: Record<NmckSourceKind, string> = {
  offer: 'Коммерческое предложение',
  contract: 'Контракт из реестра',
  public: 'Общедоступный источник',
};

/** The justification settings of a Положение version (null on the version: these defaults). */
export const NmckSettingsInput = z.object({
  methods: z
    .array(z.enum(NMCK_METHODS))
    .min(1, 'Выберите хотя бы один метод')
    .refine((m) => new Set(m).size === m.length, 'Метод указан дважды'),
  min_prices: z.coerce.number().int().min(1).max(50),
  max_variation: z.coerce.number().int().min(1).max(100),
  unit_price: z.enum(['mean', 'min']),
  vat_basis: z.enum(['with_vat', 'without_vat']),
  max_age_months: z.coerce.number().int().min(1).max(120),
});
export type NmckSettingsInput = z.input<typeof NmckSettingsInput>;
export type NmckSettings = z.output<typeof NmckSettingsInput>;

const inn = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const e = checkInn(v);
    if (e) ctx.addIssue({ code: 'custom', message: e });
  });
const index = decimal('Индекс', 6)
  .refine((v) => Number(v) > 0, 'Индекс должен быть больше нуля')
  .nullish()
  .transform((v) => v ?? null);

const common = {
  lot_number: z.coerce.number().int().positive(),
  line_no: z.coerce.number().int().positive(),
  price: positiveMoney.refine((v) => Number(v) > 0, 'Цена должна быть больше нуля'),
  includes_vat: z.boolean(),
  vat_rate: z.enum(VAT_RATES, { message: 'Выберите ставку НДС' }),
  source_date: realDate,
  index,
  index_source: optionalText(500),
  note: optionalText(1000),
};

/** A price source of one item. */
export const NmckSourceInput = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('offer'),
      ...common,
      supplier_inn: inn,
      supplier_name: requiredText(500),
      file_id: z.number().int().positive().nullish(),
      request_id: z.number().int().positive().nullish(),
    }),
    z.object({ kind: z.literal('contract'), ...common, contract_item_id: z.number().int().positive() }),
    z.object({
      kind: z.literal('public'),
      ...common,
      url: z.string().trim().url('Укажите адрес источника (https://…)').max(2000),
      title: requiredText(500),
    }),
  ])
  .refine((v) => v.index === null || !!v.index_source, {
    message: 'Укажите источник индекса',
    path: ['index_source'],
  });
export type NmckSourceInput = z.input<typeof NmckSourceInput>;

export const NmckStats = z.object({
  count: z.number().int(),
  mean: z.string(),
  min: z.string(),
  max: z.string(),
  deviation: z.string(),
  /** coefficient of variation, percent ('13.18') */
  variation: z.string(),
  too_varied: z.boolean(),
});
export type NmckStats = z.infer<typeof NmckStats>;

/** A source as the document keeps it (its hash tells the document outdated). */
export const NmckSourceValues = z.object({
  id: z.number().int(),
  kind: z.enum(NMCK_SOURCE_KINDS),
  lot_number: z.number().int(),
  line_no: z.number().int(),
  price: z.string(),
  includes_vat: z.boolean(),
  vat_rate: z.string(),
  source_date: z.string(),
  index: z.string().nullable(),
  index_source: z.string().nullable(),
  note: z.string().nullable(),
  supplier_inn: z.string().nullable(),
  supplier_name: z.string().nullable(),
  file_id: z.number().int().nullable(),
  request_id: z.number().int().nullable(),
  contract_item_id: z.number().int().nullable(),
  contract_number: z.string().nullable(),
  registry_number: z.string().nullable(),
  url: z.string().nullable(),
  title: z.string().nullable(),
  /** the price on the version's VAT basis, times the index: what the statistics use */
  adjusted_price: z.string(),
  /** older than the version's limit */
  old: z.boolean(),
});
export type NmckSourceValues = z.infer<typeof NmckSourceValues>;
/** A source as the tab shows it: with the name of the offer's file (download: GET /api/files/{file_id}). */
export const NmckSource = NmckSourceValues.extend({ file_name: z.string().nullable() });
export type NmckSource = z.infer<typeof NmckSource>;

/** The types an offer's file may have (the server checks the content too), and the limit. */
export const NMCK_OFFER_FILE_TYPES = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'jpg',
  'jpeg',
  'png',
  'zip',
] as const;
export const NMCK_OFFER_FILE_ACCEPT = NMCK_OFFER_FILE_TYPES.map((t) => `.${t}`).join(',');
export const NMCK_OFFER_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const NmckItem = z.object({
  lot_number: z.number().int(),
  line_no: z.number().int(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  /** the procurement's current unit price */
  unit_price: z.string(),
  sources: z.array(NmckSource),
  stats: NmckStats,
  /** the justified unit price and amount; null when refused */
  result_unit_price: z.string().nullable(),
  result_amount: z.string().nullable(),
  refusal: z.string().nullable(),
});
export type NmckItem = z.infer<typeof NmckItem>;

export const NmckRequest = z.object({
  id: z.number().int(),
  number: z.number().int(),
  suppliers: z.array(z.object({ inn: z.string(), name: z.string(), email: z.string().nullable() })),
  terms: z.string().nullable(),
  answer_until: z.string().nullable(),
  created_at: z.string(),
  offers: z.number().int(),
});
export type NmckRequest = z.infer<typeof NmckRequest>;

export const NMCK_DOCUMENT_STATES = ['none', 'generated', 'outdated'] as const;

export const NmckJustification = z.object({
  procurement_id: z.number().int(),
  procurement_status: z.string(),
  settings: NmckSettingsInput,
  method: z.enum(NMCK_METHODS),
  nmcd: z.string(),
  /** the НМЦД the sources give when every item has a result, else null */
  result_nmcd: z.string().nullable(),
  lots: z.array(
    z.object({
      number: z.number().int(),
      subject: z.string(),
      nmcd: z.string(),
      result_nmcd: z.string().nullable(),
    }),
  ),
  items: z.array(NmckItem),
  applied_at: z.string().nullable(),
  document: z.object({ state: z.enum(NMCK_DOCUMENT_STATES), generated_at: z.string().nullable() }),
  requests: z.array(NmckRequest),
});
export type NmckJustification = z.infer<typeof NmckJustification>;

export const NmckComparable = z.object({
  contract_item_id: z.number().int(),
  contract_id: z.number().int(),
  contract_number: z.string(),
  registry_number: z.string().nullable(),
  contract_date: z.string(),
  supplier_name: z.string(),
  supplier_inn: z.string(),
  name: z.string(),
  okpd2_code: z.string().nullable(),
  okei_code: z.string().nullable(),
  unit_name: z.string().nullable(),
  quantity: z.string(),
  /** unit price including VAT */
  price: z.string(),
  vat_rate: z.string(),
});
export type NmckComparable = z.infer<typeof NmckComparable>;

export const NmckComparableQuery = z.object({
  okpd2: z
    .string()
    .trim()
    .regex(/^\d{2}(\.\d{1,2}){0,3}(\.\d{1,3})?$/, 'Код ОКПД2: например, 26.20 или 26.20.11.110'),
  okei: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'Код ОКЕИ: 3 или 4 цифры')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type NmckComparableQuery = z.input<typeof NmckComparableQuery>;

export const NmckRequestInput = z.object({
  suppliers: z
    .array(
      z.object({
        inn,
        name: requiredText(500),
        email: z
          .string()
          .trim()
          .email()
          .nullish()
          .transform((v) => v ?? null),
      }),
    )
    .min(1, 'Выберите хотя бы одного поставщика')
    .max(50),
  terms: optionalText(4000),
  answer_until: realDate.nullish().transform((v) => v ?? null),
});
export type NmckRequestInput = z.input<typeof NmckRequestInput>;

export const NmckApplyInput = z.object({ method: z.enum(NMCK_METHODS).default('market') });
export type NmckApplyInput = z.input<typeof NmckApplyInput>;

const base = '/api/companies/:company_id/procurements/:id/nmck';
const P = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const SourceP = P.extend({ source_id: z.coerce.number().int().positive() });
const RequestP = P.extend({ request_id: z.coerce.number().int().positive() });
const tags = ['nmck'];
const read = { company: 'company_id', permission: 'procurements.read', tags } as const;
const write = { company: 'company_id', permission: 'procurements.write', tags } as const;

export const nmckRoutes = {
  get: defineRoute({
    ...read,
    method: 'GET',
    path: base,
    summary:
      'The justification: items, their sources, statistics and results, the document state, the requests',
    params: P,
    response: { 200: NmckJustification },
  }),
  addSource: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/sources`,
    summary: 'Add a price source to an item (an offer, a contract item of the register, a public source)',
    params: P,
    body: NmckSourceInput,
    response: { 201: NmckJustification },
  }),
  removeSource: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/sources/:source_id`,
    summary: 'Remove a price source',
    params: SourceP,
    response: { 200: NmckJustification },
  }),
  offerFile: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/sources/:source_id/file`,
    summary:
      'Attach (or replace) the file of a commercial offer (multipart field "file": PDF, DOC, DOCX, XLS, XLSX, JPG, PNG or ZIP, up to 20 MB)',
    params: SourceP,
    multipart: true,
    response: { 200: NmckJustification },
  }),
  removeOfferFile: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/sources/:source_id/file`,
    summary: 'Detach the file of a commercial offer (the stored file stays, as other detached files)',
    params: SourceP,
    response: { 200: NmckJustification },
  }),
  comparable: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/comparable`,
    summary: 'Contract items of the own register by ОКПД2 prefix and ОКЕИ unit, newest first',
    params: P,
    query: NmckComparableQuery,
    response: { 200: z.object({ items: z.array(NmckComparable) }) },
  }),
  apply: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/apply`,
    summary:
      'Set the items’ unit prices, the lots’ and the procurement’s НМЦД and its method from the justification',
    params: P,
    body: NmckApplyInput,
    response: { 200: NmckJustification },
  }),
  generate: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/document`,
    summary: 'Build the «Обоснование НМЦД» from the current values (kept with them)',
    params: P,
    response: { 200: NmckJustification },
  }),
  docx: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/document.docx`,
    summary: 'The «Обоснование НМЦД» as DOCX, built from the values kept at generation',
    params: P,
    response: { 200: z.string().describe('DOCX file') },
  }),
  pdf: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/document.pdf`,
    summary: 'The «Обоснование НМЦД» as PDF (LibreOffice; 503 without it)',
    params: P,
    response: { 200: z.string().describe('PDF file') },
  }),
  addRequest: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/requests`,
    summary: 'A request for offers to chosen suppliers',
    params: P,
    body: NmckRequestInput,
    response: { 201: NmckJustification },
  }),
  requestDocx: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/requests/:request_id/letter.docx`,
    summary: 'The request letter (DOCX) with the items, quantities and terms',
    params: RequestP,
    response: { 200: z.string().describe('DOCX file') },
  }),
};
