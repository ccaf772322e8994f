import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { ErrorCode } from '@zakupki/shared';
import { Piscina } from 'piscina';
import { appError } from '../lib/app-error.js';
import { ParseError } from '../lib/parse-error.js';
import type { ZipEntry, ZipLimits } from '../lib/zip.js';
import type { PARSERS, ParseOutcome, Parsers, ParseTask } from './parse-worker.js';

export type { Parsers };

/**
 * XML documents, XLSX workbooks, ZIP archives and bank statements' text are parsed in a small
 * pool of worker threads, never on the event loop: a large
 * or hostile upload (hundreds of thousands of attributes, deep nesting) then delays nobody's
 * request. The pool is bounded in threads, in queued files and in each thread's heap; a file that
 * would need more heap is refused with a message instead of taking the server's memory.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Heap of one parsing thread: a 20 MB EIS export needs about a quarter of it. */
export const PARSE_HEAP_MB = 768;

let pool: Piscina | null = null;

/**
 * Piscina's `filename` and `execArgv` for the worker module `name` beside the module at `base`
 * (its `import.meta.url`): the parse worker here, the template worker of procurement-rules.
 */
export function workerFile(
  base: string = import.meta.url,
  name = 'parse-worker',
): { filename: string; execArgv: string[] } {
  // the same extension as the calling file: .ts when the server runs from source (through tsx,
  // which the thread must load too), .js when it runs compiled
  const ext = path.extname(new URL(base).pathname);
  const filename = new URL(`./${name}${ext}`, base).href;
  // a thread refuses the process's V8 heap flags (`--max-semi-space-size` of
  // scripts/server-node-flags.json: ERR_WORKER_INVALID_EXEC_ARGV); its heap is `resourceLimits`
  const inherited = process.execArgv.filter((a) => !/^--max-[a-z-]+-size/.test(a));
  const hasTsx = inherited.some((a) => a.includes('tsx'));
  return {
    filename,
    execArgv: ext === '.ts' && !hasTsx ? [...inherited, '--import', 'tsx'] : inherited,
  };
}

function thePool(): Piscina {
  pool ??= new Piscina({
    ...workerFile(),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
  });
  return pool;
}

/**
 * The pool's runner of one module's parser table, the module `name` (its `*.parsers.ts`, whose
 * default export `workerOf(PARSERS)` the thread loads as its worker file) beside `base` (that
 * module's `import.meta.url`). By name, because in the compiled server every module's
 * `import.meta.url` is the bundle's: there the table is its own entry of the build
 * (scripts/server-build.mjs) beside the bundle. Refusals come back as ParseError or AppError.
 */
export function offThread<T extends Parsers>(base: string, name: string) {
  const { filename } = workerFile(base, name);
  return <P extends keyof T & string>(
    parser: P,
    data: Buffer,
    arg: Parameters<T[P]>[1],
  ): Promise<Awaited<ReturnType<T[P]>>> => runInPool(filename, { parser, data, arg });
}

async function runInPool<R>(filename: string, task: ParseTask): Promise<R> {
  let outcome: ParseOutcome;
  try {
    outcome = await thePool().run(task, { filename });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ParseError(`Файл слишком сложен для разбора: не хватило ${PARSE_HEAP_MB} МБ памяти`);
    throw err;
  }
  if ('refused' in outcome) throw new ParseError(outcome.refused);
  if ('appError' in outcome) {
    const e = outcome.appError;
    throw appError(e.code as ErrorCode, e.message, e.details);
  }
  return outcome.ok as R;
}

const unzip = offThread<typeof PARSERS>(import.meta.url, 'parse-worker');

/**
 * The files of an uploaded ZIP, inflated in the pool under lib/zip's limits: inflating hundreds of
 * megabytes (and checking their CRC) is CPU work that would stall every request for seconds.
 */
export async function unzipOffThread(data: Buffer, limits: Partial<ZipLimits> = {}): Promise<ZipEntry[]> {
  const files = await unzip('zip', data, limits);
  // a Buffer crosses the thread as a plain Uint8Array: the same bytes, viewed as a Buffer again
  return files.map((f) => ({
    name: f.name,
    data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength),
  }));
}

/** Ends the threads (the app's close). */
export async function closeParsePool() {
  const p = pool;
  pool = null;
  await p?.destroy();
}
