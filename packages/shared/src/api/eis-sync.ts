import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { CompanyParam } from './common.js';

/**
 * The EIS connector (docs/eis-sync.md): the token and regions, the connection's state, the runs,
 * and the confirmation marks of what the company recorded as placed.
 */
const id = z.number().int().positive();
const tags = ['eis-sync'];

/**
 * The named outcomes of a call to the EIS or of a run (docs/eis-sync.md «Outcomes»): every outcome
 * the server records (a run's `outcome`, each error's `outcome`) is one of these, with its text.
 */
export const EIS_OUTCOMES = [
  'ok',
  'noData',
  'errorInfo',
  'blockedToken',
  'downloadBlocked',
  'tooEarly',
  'fault',
  'notReady',
  'transport',
  'httpError',
  'unreadable',
  /** a document of an archive the import refused (the archive is read again by later runs) */
  'importFailed',
  /** the company has no token (or it cannot be opened) */
  'noToken',
  /** the run was given up after its worker died too many times */
  'lost',
] as const;
export type EisOutcomeName = (typeof EIS_OUTCOMES)[number];

/** Each outcome in Russian: the settings screen's runs and the run's notice name it. */
export const EIS_OUTCOME_TITLES: Record<EisOutcomeName, string> = {
  ok: 'успешно',
  noData: 'нет данных за период',
  errorInfo: 'ЕИС вернула ошибку',
  blockedToken: 'токен заблокирован в ЕИС',
  downloadBlocked: 'скачивание архивов временно заблокировано ЕИС',
  tooEarly: 'ЕИС просит повторить позже',
  fault: 'ошибка SOAP в ЕИС',
  notReady: 'архив в ЕИС ещё не сформирован',
  transport: 'нет связи с ЕИС',
  httpError: 'ЕИС ответила ошибкой HTTP',
  unreadable: 'ответ ЕИС не удалось прочитать',
  importFailed: 'документ не принят импортом',
  noToken: 'токен ЕИС не задан',
  lost: 'синхронизация прервана',
};

const EisOutcomeEnum = z.enum(EIS_OUTCOMES);

export const EIS_CONNECTION_STATES = ['unknown', 'ok', 'blocked', 'error'] as const;

export const EisSyncCounts = z.object({
  new: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
});
export type EisSyncCounts = z.infer<typeof EisSyncCounts>;

export const EisSyncRun = z.object({
  id,
  trigger: z.enum(['nightly', 'manual']),
  status: z.enum(['queued', 'running', 'done', 'warning', 'failed']),
  /** the run's named outcome (null while it runs) */
  outcome: EisOutcomeEnum.nullable(),
  day: z.string(),
  progress: z.number().int(),
  counts: EisSyncCounts,
  /** each failed step, in Russian */
  errors: z.array(z.object({ step: z.string(), outcome: EisOutcomeEnum, message: z.string() })),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type EisSyncRun = z.infer<typeof EisSyncRun>;

export const EisSyncOverview = z.object({
  company_id: id,
  token_set: z.boolean(),
  regions: z.array(z.string()),
  state: z.enum(EIS_CONNECTION_STATES),
  state_message: z.string().nullable(),
  checked_at: z.string().nullable(),
  /** a blocked token (code 34): the alarm of the settings screen */
  blocked_at: z.string().nullable(),
  runs: z.array(EisSyncRun),
});
export type EisSyncOverview = z.infer<typeof EisSyncOverview>;

const REGION = /^[\p{L}\d_.-]{1,60}$/u;
export const EisSyncSettingsInput = z
  .object({
    /** a new СОИ token; left out or empty keeps the stored one */
    token: z.string().trim().max(200, 'Не более 200 символов').optional(),
    clear_token: z.boolean().optional(),
    /** the `orgRegion` values the nightly run reads (e.g. «Moskva», «77») */
    regions: z
      .array(z.string().trim().regex(REGION, 'Регион: буквы, цифры и знаки _ . - (не более 60 символов)'))
      .max(100, 'Не более 100 регионов'),
  })
  .superRefine((v, ctx) => {
    if (v.clear_token && v.token) {
      ctx.addIssue({
        code: 'custom',
        path: ['token'],
        message: 'Укажите новый токен или удалите сохранённый, но не то и другое сразу',
      });
    }
  });
export type EisSyncSettingsInput = z.input<typeof EisSyncSettingsInput>;

export const EisConnectionCheck = z.object({
  outcome: EisOutcomeEnum,
  ok: z.boolean(),
  message: z.string(),
});

/** A confirmation mark of a register object: shown as a badge. */
export const EisConfirmation = z.object({
  entity: z.enum(['eis_plan', 'procurement', 'contract']),
  entity_id: id,
  registration_number: z.string(),
  status: z.enum(['pending', 'confirmed', 'not_found']),
  confirmed_on: z.string().nullable(),
  checked_at: z.string(),
});
export type EisConfirmation = z.infer<typeof EisConfirmation>;

/** The most objects one request may ask for: a register page (docs/web.md «EIS confirmation marks»). */
export const EIS_CONFIRMATION_IDS_MAX = 500;

export const EisConfirmationQuery = z.object({
  entity: z.enum(['eis_plan', 'procurement', 'contract']),
  /** only the marks of these objects (`ids=1,2` or repeated `ids=`): the rows a register shows */
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
    z
      .array(z.coerce.number().int().positive('Идентификатор объекта: целое число больше нуля'))
      .max(EIS_CONFIRMATION_IDS_MAX, `Не более ${EIS_CONFIRMATION_IDS_MAX} объектов за один запрос`)
      .optional(),
  ),
});

const base = '/api/companies/:company_id/eis_sync';

export const eisSyncRoutes = {
  overview: defineRoute({
    method: 'GET',
    path: base,
    summary: 'The EIS connector of the company: token set, regions, connection state, last runs',
    tags,
    company: 'company_id',
    permission: 'eis.settings',
    params: CompanyParam,
    response: { 200: EisSyncOverview },
  }),
  save: defineRoute({
    method: 'PUT',
    path: base,
    summary: 'Save the СОИ token (kept sealed) and the regions of the EIS connector',
    tags,
    company: 'company_id',
    permission: 'eis.settings',
    params: CompanyParam,
    body: EisSyncSettingsInput,
    response: { 200: EisSyncOverview },
  }),
  check: defineRoute({
    method: 'POST',
    path: `${base}/check`,
    summary: '«Проверить подключение»: one getNsi call with the stored token; the state is stored',
    tags,
    company: 'company_id',
    permission: 'eis.settings',
    params: CompanyParam,
    response: { 200: EisConnectionCheck },
  }),
  run: defineRoute({
    method: 'POST',
    path: `${base}/runs`,
    summary: '«Синхронизировать сейчас»: queues a run (409 while one is open)',
    tags,
    company: 'company_id',
    permission: 'eis.settings',
    params: CompanyParam,
    response: { 202: z.object({ run_id: id }) },
  }),
  confirmations: defineRoute({
    method: 'GET',
    path: `${base}/confirmations`,
    summary:
      'The confirmation marks of one kind of register object («подтверждено в ЕИС» / «не найдено в ЕИС»)',
    tags,
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParam,
    query: EisConfirmationQuery,
    response: { 200: z.object({ items: z.array(EisConfirmation) }) },
  }),
};
