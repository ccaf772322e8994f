import { AppError } from '../lib/app-error.js';
import { ParseError } from '../lib/parse-error.js';
import { readZipSafe, type ZipLimits } from '../lib/zip.js';

/**
 * The parsers of a file that a worker thread of parse-pool.ts runs: (file, argument) → plain data.
 * A module keeps its table in its own `*.parsers.ts`, whose default export (`workerOf(PARSERS)`)
 * is the worker file the pool's thread loads for its tasks, so the pool knows no domain module.
 */
// biome-ignore lint/suspicious/noExplicitAny: each parser declares its own argument
export type Parsers = Record<string, (buf: Buffer, arg: any) => unknown>;

export type ParseTask = { parser: string; data: Uint8Array; arg: unknown };
export type ParseOutcome =
  | { ok: unknown }
  | { refused: string }
  | { appError: { code: string; message: string; details?: unknown } };

/** The thread's handler of a parser table: a file that does not parse comes back as its Russian message. */
export function workerOf(parsers: Parsers) {
  return async function parse(task: ParseTask): Promise<ParseOutcome> {
    const buf = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
    try {
      const run = parsers[task.parser];
      if (!run) throw new Error(`No parser ${task.parser}`);
      return { ok: await run(buf, task.arg) };
    } catch (err) {
      if (err instanceof ParseError) return { refused: err.message };
      if (err instanceof AppError)
        return { appError: { code: err.code, message: err.message, details: err.details } };
      throw err;
    }
  };
}

/** The pool's own parser: an uploaded archive's files (as Uint8Array once cloned back). */
export const PARSERS = {
  zip: (buf: Buffer, limits: Partial<ZipLimits>) => readZipSafe(buf, limits),
} satisfies Parsers;

export default workerOf(PARSERS);
