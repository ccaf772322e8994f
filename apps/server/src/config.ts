import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(/[;,]/)
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting the server reads, all from environment variables (README lists them). */
const Env = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  REDIS_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Закупки <no-reply@zakupki.local>'),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: list.default([]),
  /**
   * How many reverse proxies stand in front: the client address is the one the outermost trusted
   * proxy saw (that many `X-Forwarded-For` entries from the right). `true` = 1, `false` = 0.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|yes|no|\d{1,2})$/, 'TRUST_PROXY: true, false or the number of proxies in front')
    .transform((v) => (v === 'true' || v === 'yes' ? 1 : v === 'false' || v === 'no' ? 0 : Number(v)))
    .default(0),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 1024 * 1024),
  RECENT_FILES_MB: z.coerce.number().int().min(0).default(256),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().positive().default(30),
  LOGIN_GLOBAL_MAX_FAILURES: z.coerce.number().int().positive().default(300),
  LOGIN_KNOWN_ADDRESS_DAYS: z.coerce.number().positive().default(90),
  EMAIL_CODE_TTL_MINUTES: z.coerce.number().positive().default(10),
  EMAIL_CODE_LOGIN_TTL_MINUTES: z.coerce.number().positive().default(5),
  EMAIL_CODE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  EMAIL_CODE_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  EMAIL_CODE_SOCKET_MAX: z.coerce.number().int().positive().default(3),
  EMAIL_CODE_ADDRESS_HOURLY_MAX: z.coerce.number().int().positive().default(10),
  EMAIL_CODE_HOURLY_MAX: z.coerce.number().int().positive().default(300),
  JOBS_ENABLED: bool.default(true),
  /** when the daily reminders of the compliance calendar run (cron, Moscow time) */
  REMINDER_CRON: z.string().default('0 9 * * *'),
  /** also run them at the start of a node with workers (catches up a day whose run was missed) */
  REMINDERS_AT_START: bool.optional(),
  /** the EIS read service (СОИ getDocsIP): endpoint, namespace, token header, nightly cron (docs/eis-sync.md) */
  EIS_ENDPOINT: z.string().default('https://int.zakupki.gov.ru/eis-integration/services/getDocsIP'),
  EIS_NAMESPACE: z.string().default('http://zakupki.gov.ru/fz44/get-docs-ip/ws'),
  EIS_TOKEN_HEADER: z.string().default('individualPerson_token'),
  EIS_SYNC_CRON: z.string().default('30 3 * * *'),
  /** pause between two calls to the EIS (ms; the service asks for one a second), plus jitter */
  EIS_MIN_INTERVAL_MS: z.coerce.number().int().min(0).default(1000),
  /** pause after a download block or 425/424 (ms; the EIS blocks for about 10 minutes) */
  EIS_BLOCK_PAUSE_MS: z.coerce.number().int().min(0).default(600_000),
  /** days after which a registration number the EIS does not know is reported «не найдено» */
  EIS_NOT_FOUND_GRACE_DAYS: z.coerce.number().int().min(0).default(3),
  WEB_DIST_DIR: z.string().optional(),
  WEB_SOURCE_MAPS: bool.default(false),
  FILES_DIR: z.string().optional(),
  SUPPORT_PHONES: list.default(['8 800 000-00-00', '+7 495 000-00-00']),
  SUPPORT_EMAIL: z.string().default('support@zakupki.local'),
  PARTNER_LINKS: z
    .string()
    .default('ЕИС в сфере закупок|https://zakupki.gov.ru;Минфин России|https://minfin.gov.ru')
    .transform((v) =>
      v
        .split(';')
        .map((p) => p.split('|'))
        .filter((p) => p.length === 2)
        .map(([title, url]) => ({ title: title.trim(), url: url.trim() })),
    ),
  YANDEX_METRIKA_ID: z.string().optional(),
  SENTRY_DSN: z.string().optional(),
  SOFFICE_PATH: z.string().optional(),
  PDF_CONVERSIONS: z.coerce.number().int().min(1).max(16).default(1),
  PDF_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'key of stored secrets: 64 hex digits (32 bytes)')
    .optional(),
  OCDS_OCID_PREFIX: z
    .string()
    .regex(/^ocds-[a-z0-9]+$/, 'OCDS ocid prefix: "ocds-" followed by lower-case letters and digits')
    .default('ocds-zakupki'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | null;
  dataDir: string;
  filesDir: string;
  redisUrl: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  seedDemo: boolean;
  logLevel: string;
  corsOrigins: string[];
  /** Reverse proxies in front (0: none; X-Forwarded-* ignored). */
  trustProxy: number;
  bodyLimit: number;
  uploadLimit: number;
  /** Bytes of just-stored uploads kept in memory for the jobs that read them next (0: none). */
  recentFilesBytes: number;
  requestTimeoutMs: number;
  session: { idleMs: number; maxMs: number };
  /**
   * Failed logins counted over `windowMs`: per login (`maxFailures`: then only the login's known
   * addresses may try), per client address (`addressMaxFailures`: then that address may not try)
   * and in all (`globalMaxFailures`: then only known addresses may try). A known address is one
   * the user logged in from within `knownAddressMs`.
   */
  login: {
    maxFailures: number;
    windowMs: number;
    addressMaxFailures: number;
    globalMaxFailures: number;
    knownAddressMs: number;
  };
  /**
   * E-mail codes: lifetime (a staff login code's own, shorter: `loginTtlMs`), attempts, pause per
   * address, and how many may be sent per socket, per client address an hour, in all an hour.
   */
  emailCode: {
    ttlMs: number;
    loginTtlMs: number;
    maxAttempts: number;
    resendMs: number;
    perSocket: number;
    perAddressHourly: number;
    hourly: number;
  };
  jobsEnabled: boolean;
  /** the compliance reminders: cron (Moscow time) and whether a node runs them at its start (not in tests by default) */
  reminders: { cron: string; atStart: boolean };
  /** the EIS connector (modules/eis-sync, docs/eis-sync.md) */
  eis: {
    endpoint: string;
    namespace: string;
    tokenHeader: string;
    syncCron: string;
    minIntervalMs: number;
    blockPauseMs: number;
    notFoundGraceDays: number;
  };
  webDistDir: string | null;
  /** serve the web build's source maps (*.map); off: they answer 404 */
  webSourceMaps: boolean;
  support: { phones: string[]; email: string; partnerLinks: { title: string; url: string }[] };
  analytics: { yandexMetrikaId: string | null; sentryDsn: string | null };
  sofficePath: string | null;
  /** DOCX -> PDF conversions at a time on this node (each a LibreOffice process with its own profile) */
  pdfConversions: number;
  /** one conversion's time; then its LibreOffice processes are killed */
  pdfTimeoutMs: number;
  /** Key (64 hex digits) of secrets kept in the database; null: a key file in dataDir. */
  secretsKey: string | null;
  /** Prefix of every OCDS `ocid` the exports write (a registered prefix for real publication). */
  ocdsOcidPrefix: string;
}>;

export class ConfigError extends Error {}

/** Parses the environment once; throws listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = Env.safeParse(clean);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return Object.freeze({
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir,
    filesDir: path.resolve(e.FILES_DIR ?? path.join(dataDir, 'files')),
    redisUrl: e.REDIS_URL ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    recentFilesBytes: e.RECENT_FILES_MB * 1024 * 1024,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    session: { idleMs: e.SESSION_IDLE_HOURS * 3600_000, maxMs: e.SESSION_MAX_DAYS * 86400_000 },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
      globalMaxFailures: e.LOGIN_GLOBAL_MAX_FAILURES,
      knownAddressMs: e.LOGIN_KNOWN_ADDRESS_DAYS * 86400_000,
    },
    emailCode: {
      ttlMs: e.EMAIL_CODE_TTL_MINUTES * 60_000,
      loginTtlMs: e.EMAIL_CODE_LOGIN_TTL_MINUTES * 60_000,
      maxAttempts: e.EMAIL_CODE_MAX_ATTEMPTS,
      resendMs: e.EMAIL_CODE_RESEND_SECONDS * 1000,
      perSocket: e.EMAIL_CODE_SOCKET_MAX,
      perAddressHourly: e.EMAIL_CODE_ADDRESS_HOURLY_MAX,
      hourly: e.EMAIL_CODE_HOURLY_MAX,
    },
    jobsEnabled: e.JOBS_ENABLED,
    reminders: { cron: e.REMINDER_CRON, atStart: e.REMINDERS_AT_START ?? e.NODE_ENV !== 'test' },
    eis: {
      endpoint: e.EIS_ENDPOINT,
      namespace: e.EIS_NAMESPACE,
      tokenHeader: e.EIS_TOKEN_HEADER,
      syncCron: e.EIS_SYNC_CRON,
      minIntervalMs: e.EIS_MIN_INTERVAL_MS,
      blockPauseMs: e.EIS_BLOCK_PAUSE_MS,
      notFoundGraceDays: e.EIS_NOT_FOUND_GRACE_DAYS,
    },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : null,
    webSourceMaps: e.WEB_SOURCE_MAPS,
    support: { phones: e.SUPPORT_PHONES, email: e.SUPPORT_EMAIL, partnerLinks: e.PARTNER_LINKS },
    analytics: { yandexMetrikaId: e.YANDEX_METRIKA_ID ?? null, sentryDsn: e.SENTRY_DSN ?? null },
    sofficePath: e.SOFFICE_PATH ?? null,
    pdfConversions: e.PDF_CONVERSIONS,
    pdfTimeoutMs: e.PDF_TIMEOUT_MS,
    secretsKey: e.SECRETS_KEY ?? null,
    ocdsOcidPrefix: e.OCDS_OCID_PREFIX,
  });
}
