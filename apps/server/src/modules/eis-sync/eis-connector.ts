import { gunzipSync } from 'node:zlib';
import { ParseError } from '../../lib/parse-error.js';
import { isZip, readZipSafe, type ZipEntry } from '../../lib/zip.js';
import {
  backoffMs,
  classifyCall,
  classifyDownload,
  type DownloadOutcome,
  type EisOutcome,
  isRetryable,
} from './eis-outcome.policy.js';
import { buildEnvelope, type EisRequest, readAnswer } from './eis-soap.js';

/** What the connector needs of configuration (config.eis). */
export type ConnectorSettings = {
  endpoint: string;
  namespace: string;
  tokenHeader: string;
  minIntervalMs: number;
  blockPauseMs: number;
};

/**
 * The one interface to the EIS read service: a call answers a named outcome, a download the
 * archive's bytes or a named outcome. Never throws for what the EIS or the network did.
 */
export type EisConnector = {
  call: (req: EisRequest) => Promise<EisOutcome>;
  download: (url: string) => Promise<DownloadOutcome>;
};

const CALL_TIMEOUT_MS = 60_000;
const DOWNLOAD_TIMEOUT_MS = 300_000;
/** Tries of one step that the EIS asks to repeat (block, 425/424, not ready, transport). */
const TRIES = 3;

const transportText = (err: unknown): string => {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'ЕИС не ответила вовремя';
  const code = e?.cause?.code;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'соединение с ЕИС разорвано';
  if (code === 'ECONNREFUSED') return 'ЕИС не принимает соединения';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'адрес ЕИС не найден';
  return e?.cause?.message ?? e?.message ?? 'ошибка сети';
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The connector over HTTP, with the pause between calls and the back-off the EIS documents. */
export function httpConnector(s: ConnectorSettings, token: string): EisConnector {
  let last = 0;
  /** one request a second plus jitter between any two calls of this connector */
  const pace = async () => {
    const wait = last + backoffMs({ kind: 'noData' }, s, Math.random()) - Date.now();
    if (wait > 0) await sleep(wait);
    last = Date.now();
  };
  const withRetries = async <T extends { kind: string }>(once: () => Promise<T>): Promise<T> => {
    let outcome = await once();
    for (let i = 1; i < TRIES && isRetryable(outcome as never); i++) {
      await sleep(backoffMs(outcome as never, s, Math.random()));
      outcome = await once();
    }
    return outcome;
  };
  const callOnce = async (req: EisRequest): Promise<EisOutcome> => {
    await pace();
    const { xml } = buildEnvelope(s, token, req);
    try {
      const res = await fetch(s.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""' },
        body: xml,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      const body = await res.text();
      return classifyCall(res.status, body, () => readAnswer(body));
    } catch (err) {
      return { kind: 'transport', message: transportText(err) };
    }
  };
  const downloadOnce = async (url: string): Promise<DownloadOutcome> => {
    await pace();
    try {
      const res = await fetch(url, {
        headers: { [s.tokenHeader]: token },
        signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
      return classifyDownload(res.status, Buffer.from(await res.arrayBuffer()));
    } catch (err) {
      return { kind: 'transport', message: transportText(err) };
    }
  };
  return {
    call: (req) => withRetries(() => callOnce(req)),
    download: (url) => withRetries(() => downloadOnce(url)),
  };
}

/** Upper bound of a gzip wrapper's inflated size (the ZIP inside then has its own limits). */
const MAX_GUNZIP_BYTES = 200 * 1024 * 1024;

/**
 * The XML documents of an archive: a ZIP, or a ZIP (or a lone XML) wrapped in gzip (magic bytes
 * `1f8b`), read with the zip-bomb limits of lib/zip.ts. Throws ParseError for a broken archive.
 */
export async function archiveDocuments(data: Buffer): Promise<ZipEntry[]> {
  let buf = data;
  if (buf.length >= 2 && buf[0] === 0x1f && buf[1] === 0x8b) {
    try {
      buf = gunzipSync(buf, { maxOutputLength: MAX_GUNZIP_BYTES });
    } catch {
      throw new ParseError('Архив ЕИС (gzip) повреждён или слишком велик');
    }
    if (!isZip(buf)) return [{ name: 'document.xml', data: buf }];
  }
  if (!isZip(buf)) throw new ParseError('Архив ЕИС не является ZIP-архивом');
  const entries = await readZipSafe(buf);
  return entries.filter((e) => e.name.toLowerCase().endsWith('.xml'));
}
