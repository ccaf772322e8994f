import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { ParseError } from '../../lib/parse-error.js';
import type { EisDocument } from './eis/eis.types.js';
import type { ParseOutcome, ParserName, ParseTask } from './parse-worker.js';
import type { UpdDocument } from './upd/upd.types.js';

/**
 * XML documents are parsed in a small pool of worker threads, never on the event loop: a large
 * or hostile upload (hundreds of thousands of attributes, deep nesting) then delays nobody's
 * request. The pool is bounded in threads, in queued files and in each thread's heap; a file that
 * would need more heap is refused with a message instead of taking the server's memory.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** Heap of one parsing thread: a 20 MB EIS export needs about a quarter of it. */
export const PARSE_HEAP_MB = 768;

let pool: Piscina | null = null;

function workerFile(): { filename: string; execArgv: string[] } {
  // the same extension as this file: .ts when the server runs from source (through tsx, which the
  // thread must load too), .js when it runs compiled
  const ext = path.extname(new URL(import.meta.url).pathname);
  const filename = new URL(`./parse-worker${ext}`, import.meta.url).href;
  const hasTsx = process.execArgv.some((a) => a.includes('tsx'));
  return {
    filename,
    execArgv: ext === '.ts' && !hasTsx ? [...process.execArgv, '--import', 'tsx'] : process.execArgv,
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

async function run(parser: ParserName, data: Buffer, name: string): Promise<unknown> {
  const task: ParseTask = { parser, data, name };
  let outcome: ParseOutcome;
  try {
    outcome = await thePool().run(task);
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ParseError(`Файл слишком сложен для разбора: не хватило ${PARSE_HEAP_MB} МБ памяти`);
    throw err;
  }
  if ('refused' in outcome) throw new ParseError(outcome.refused);
  return outcome.ok;
}

export const parseUpdOffThread = (data: Buffer, name: string) =>
  run('upd', data, name) as Promise<UpdDocument>;
export const parseEisOffThread = (data: Buffer, name: string) =>
  run('eis', data, name) as Promise<EisDocument[]>;

/** Ends the threads (the app's close). */
export async function closeParsePool() {
  const p = pool;
  pool = null;
  await p?.destroy();
}
