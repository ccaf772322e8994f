import type { CatalogDescriptor } from '@zakupki/shared';
import { AppError } from '../../lib/app-error.js';
import { ParseError } from '../../lib/parse-error.js';
import { readZipSafe, type ZipLimits } from '../../lib/zip.js';
import { packRows, readCatalogXlsx } from '../catalogs/catalogs.xlsx.js';
import { parseEisFile } from './eis/eis.parser.js';
import { parseUpd } from './upd/upd.parser.js';

/** The parsers a worker thread of parse-pool.ts runs: (file, argument) → plain data. */
const PARSERS = {
  upd: (buf: Buffer, name: string) => parseUpd(buf, name),
  eis: (buf: Buffer, name: string) => parseEisFile(buf, name),
  'catalog-xlsx': async (buf: Buffer, d: CatalogDescriptor) => packRows(await readCatalogXlsx(buf, d)),
  /** an uploaded archive: its files (as Uint8Array once cloned back: see unzipOffThread) */
  zip: (buf: Buffer, limits: Partial<ZipLimits>) => readZipSafe(buf, limits),
} as const;
export type ParserName = keyof typeof PARSERS;
export type ParserArg<P extends ParserName> = Parameters<(typeof PARSERS)[P]>[1];
export type ParserResult<P extends ParserName> = Awaited<ReturnType<(typeof PARSERS)[P]>>;

export type ParseTask = { parser: ParserName; data: Uint8Array; arg: unknown };
export type ParseOutcome =
  | { ok: unknown }
  | { refused: string }
  | { appError: { code: string; message: string; details?: unknown } };

/** Runs in a worker thread: a file that does not parse comes back as its Russian message. */
export default async function parse(task: ParseTask): Promise<ParseOutcome> {
  const buf = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const run = PARSERS[task.parser] as (b: Buffer, a: unknown) => unknown;
    return { ok: await run(buf, task.arg) };
  } catch (err) {
    if (err instanceof ParseError) return { refused: err.message };
    if (err instanceof AppError)
      return { appError: { code: err.code, message: err.message, details: err.details } };
    throw err;
  }
}
