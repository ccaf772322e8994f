import type { EisOutcomeName } from '@zakupki/shared';
import type { SoapAnswer } from './eis-soap.js';

/**
 * Every answer of the EIS read service named (docs/eis-sync.md, «Outcomes»). A run never treats
 * anything but `ok` and `noData` as success: each other outcome is a failure of its step, with
 * its Russian text, and `blockedToken` is an alarm besides.
 */
export type EisOutcome =
  | { kind: 'ok'; urls: string[] }
  | { kind: 'noData' }
  | { kind: 'errorInfo'; code: number; message: string }
  | { kind: 'blockedToken'; message: string }
  | { kind: 'downloadBlocked' }
  | { kind: 'tooEarly'; status: 425 | 424 }
  | { kind: 'fault'; message: string }
  | { kind: 'notReady' }
  | { kind: 'transport'; message: string }
  | { kind: 'httpError'; status: number }
  | { kind: 'unreadable'; message: string };

/** Every kind the classifier gives is a member of the shared list (a compile error otherwise). */
type Named<T extends EisOutcomeName> = T;
export type EisOutcomeKind = Named<EisOutcome['kind']>;

/** Every kind of answer once (a Record: a kind added to `EisOutcome` must be added here). */
const CALL_KINDS: Record<EisOutcomeKind, true> = {
  ok: true,
  noData: true,
  errorInfo: true,
  blockedToken: true,
  downloadBlocked: true,
  tooEarly: true,
  fault: true,
  notReady: true,
  transport: true,
  httpError: true,
  unreadable: true,
};
/** Every outcome kind of an answer, as a list (the test checks each is named in EIS_OUTCOMES). */
export const CALL_OUTCOMES = Object.keys(CALL_KINDS) as EisOutcomeKind[];

/**
 * The outcomes of a run that are not an answer of the EIS: a document the import refused, no
 * token, a run given up after its worker died too often. Members of the shared list too.
 */
export const RUN_OUTCOMES = {
  importFailed: 'importFailed',
  noToken: 'noToken',
  lost: 'lost',
} as const satisfies Record<string, EisOutcomeName>;

/** The errorInfo code of a blocked token («Организация с токеном … заблокирована»). */
export const BLOCKED_TOKEN_CODE = 34;
/** The errorInfo code of a request the service's schema refuses (element name or order). */
export const SCHEMA_ERROR_CODE = 28;

const BLOCK_BODY = /Скачивание архива[\s\S]*заблокировано/i;
const NOT_READY_BODY = /(не\s+готов|не\s+сформирован|формируется)/i;

/** Classifies the answer to a SOAP call (HTTP status and body). */
export function classifyCall(status: number, body: string, answer: () => SoapAnswer): EisOutcome {
  if (status === 425 || status === 424) return { kind: 'tooEarly', status };
  // a Fault comes with HTTP 500; anything else that is not 200 is a transport-level refusal
  if (status !== 200 && status !== 500) return { kind: 'httpError', status };
  if (BLOCK_BODY.test(body.slice(0, 2000))) return { kind: 'downloadBlocked' };
  const a = answer();
  switch (a.kind) {
    case 'archives':
      return { kind: 'ok', urls: a.urls };
    case 'noData':
      return { kind: 'noData' };
    case 'errorInfo':
      return a.code === BLOCKED_TOKEN_CODE
        ? { kind: 'blockedToken', message: a.message }
        : { kind: 'errorInfo', code: a.code, message: a.message };
    case 'fault':
      return { kind: 'fault', message: a.message };
    case 'unreadable':
      return status === 500 ? { kind: 'httpError', status } : { kind: 'unreadable', message: a.message };
  }
}

/** What a download gave: the archive's bytes, or a named outcome. */
export type DownloadOutcome = { kind: 'archive'; data: Buffer } | Exclude<EisOutcome, { kind: 'ok' }>;

const GZIP = [0x1f, 0x8b];
const ZIP = [0x50, 0x4b];

/** Classifies a downloaded archive by its status and magic bytes (a block answers 200 with text). */
export function classifyDownload(status: number, data: Buffer): DownloadOutcome {
  if (status === 425 || status === 424) return { kind: 'tooEarly', status };
  if (status === 404 || status === 202) return { kind: 'notReady' };
  if (status !== 200) return { kind: 'httpError', status };
  const magic = (m: number[]) => data.length >= 2 && data[0] === m[0] && data[1] === m[1];
  if (magic(GZIP) || magic(ZIP)) return { kind: 'archive', data };
  const head = data.subarray(0, 4000).toString('utf8');
  if (BLOCK_BODY.test(head)) return { kind: 'downloadBlocked' };
  if (NOT_READY_BODY.test(head)) return { kind: 'notReady' };
  return { kind: 'unreadable', message: 'ЕИС вернула не архив (ни ZIP, ни gzip)' };
}

/** Whether the step may be tried again later in the same run (after the documented pause). */
export function isRetryable(o: { kind: EisOutcomeKind }): boolean {
  return (
    o.kind === 'tooEarly' || o.kind === 'downloadBlocked' || o.kind === 'notReady' || o.kind === 'transport'
  );
}

/** Whether the outcome stops the whole run (nothing else can succeed with this token). */
export function stopsRun(o: EisOutcome | DownloadOutcome): boolean {
  return o.kind === 'blockedToken' || (o.kind === 'errorInfo' && o.code === SCHEMA_ERROR_CODE);
}

/** The pause before the next try: one second plus jitter; ten minutes after a block or 425/424. */
export function backoffMs(
  o: { kind: EisOutcomeKind },
  limits: { minIntervalMs: number; blockPauseMs: number },
  jitter: number,
): number {
  if (o.kind === 'downloadBlocked' || o.kind === 'tooEarly') return limits.blockPauseMs;
  return limits.minIntervalMs + Math.floor(jitter * limits.minIntervalMs * 0.5);
}

/** The outcome in Russian, as the run's error and the settings screen show it. */
export function outcomeText(o: EisOutcome | DownloadOutcome): string {
  switch (o.kind) {
    case 'ok':
      return 'получены ссылки на архивы';
    case 'archive':
      return 'архив получен';
    case 'noData':
      return 'нет данных за период';
    case 'errorInfo':
      return o.code === SCHEMA_ERROR_CODE
        ? `ЕИС отклонила запрос как не соответствующий схеме (код 28): ${o.message}`
        : `ЕИС вернула ошибку (код ${o.code}): ${o.message}`;
    case 'blockedToken':
      return `токен заблокирован в ЕИС (код 34): ${o.message}. Получите новый токен в личном кабинете ЕИС`;
    case 'downloadBlocked':
      return 'скачивание архива временно заблокировано ЕИС (около 10 минут)';
    case 'tooEarly':
      return `ЕИС просит повторить позже (HTTP ${o.status})`;
    case 'fault':
      return `ЕИС ответила ошибкой SOAP: ${o.message}`;
    case 'notReady':
      return 'архив в ЕИС ещё не сформирован';
    case 'transport':
      return `нет связи с ЕИС: ${o.message}`;
    case 'httpError':
      return `ЕИС ответила HTTP ${o.status}`;
    case 'unreadable':
      return `ответ ЕИС не удалось прочитать: ${o.message}`;
  }
}
