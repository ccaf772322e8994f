import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { workerFile } from '../../../kernel/parse-pool.js';
import { ParseError } from '../../../lib/parse-error.js';
import { TEMPLATE_LIMITS } from './template-limits.policy.js';
import type { TemplateOutcome, TemplateTask } from './template-worker.js';

/**
 * DOCX templates are read (upload) and filled (preview, generation) in their own worker thread,
 * never on the event loop, and under a time budget: a render that takes longer is ended by
 * terminating its thread (Piscina aborts a running task so, and starts a fresh thread for the
 * next one), and the caller gets a Russian message. A pool of its own, so a killed template
 * thread never takes an import's parse with it.
 */
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

let pool: Piscina | null = null;

function thePool(): Piscina {
  pool ??= new Piscina({
    ...workerFile(import.meta.url, 'template-worker'),
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: TEMPLATE_LIMITS.heapMb },
  });
  return pool;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10}`.replace('.', ',');

async function runTask(task: TemplateTask, budgetMs: number): Promise<TemplateOutcome> {
  let outcome: TemplateOutcome;
  try {
    outcome = await thePool().run(task, {
      signal: AbortSignal.timeout(budgetMs),
      transferList: [task.docx.buffer as ArrayBuffer],
    });
  } catch (err) {
    const e = err as { name?: string; code?: string };
    if (e.name === 'AbortError')
      throw new ParseError(
        `Шаблон не обработан за ${seconds(budgetMs)} с (ограничение времени): упростите вложенные циклы шаблона`,
      );
    if (e.code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw new ParseError(
        `Шаблон слишком сложен: не хватило ${TEMPLATE_LIMITS.heapMb} МБ памяти (ограничение шаблона)`,
      );
    throw err;
  }
  if ('refused' in outcome) throw new ParseError(outcome.refused);
  if ('failed' in outcome) throw new Error(outcome.failed);
  return outcome;
}

/** A copy the task may transfer to the thread: the caller's buffer may be a view of a larger one. */
const own = (content: Buffer) => new Uint8Array(content);

/** The tags of an uploaded template (ParseError: not a DOCX, a limit passed, out of time). */
export async function readTemplateOffThread(
  content: Buffer,
  budgetMs: number = TEMPLATE_LIMITS.renderMs,
): Promise<{ tags: string[]; malformed: string[] }> {
  const out = await runTask({ op: 'read', docx: own(content) }, budgetMs);
  if (!('tags' in out)) throw new Error('template thread: unexpected answer');
  return out;
}

/** A template filled with data, as DOCX bytes (ParseError: a limit passed, out of time). */
export async function fillTemplateOffThread(
  content: Buffer,
  data: Record<string, unknown>,
  budgetMs: number = TEMPLATE_LIMITS.renderMs,
): Promise<Buffer> {
  const out = await runTask({ op: 'fill', docx: own(content), data }, budgetMs);
  if (!('docx' in out)) throw new Error('template thread: unexpected answer');
  return Buffer.from(out.docx.buffer, out.docx.byteOffset, out.docx.byteLength);
}

/** Ends the threads (the app's close). */
export async function closeTemplatePool() {
  const p = pool;
  pool = null;
  await p?.destroy();
}
