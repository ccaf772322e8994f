import { AppError } from '../lib/app-error.js';
import { ParseError } from '../lib/parse-error.js';

/**
 * The parsers of a file that a worker thread of parse-pool.ts runs: (file, argument) → plain data.
 * A module keeps its table in its own `*.parsers.ts` (exported as `PARSERS`); the worker loads the
 * table the task names, so the pool knows no domain module.
 */
// biome-ignore lint/suspicious/noExplicitAny: each parser declares its own argument
export type Parsers = Record<string, (buf: Buffer, arg: any) => unknown>;

export type ParseTask = { module: string; parser: string; data: Uint8Array; arg: unknown };
export type ParseOutcome =
  | { ok: unknown }
  | { refused: string }
  | { appError: { code: string; message: string; details?: unknown } };

/** Runs in a worker thread: a file that does not parse comes back as its Russian message. */
export default async function parse(task: ParseTask): Promise<ParseOutcome> {
  const buf = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    const { PARSERS } = (await import(task.module)) as { PARSERS: Parsers };
    const run = PARSERS[task.parser];
    if (!run) throw new Error(`No parser ${task.parser} in ${task.module}`);
    return { ok: await run(buf, task.arg) };
  } catch (err) {
    if (err instanceof ParseError) return { refused: err.message };
    if (err instanceof AppError)
      return { appError: { code: err.code, message: err.message, details: err.details } };
    throw err;
  }
}
