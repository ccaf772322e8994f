import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { timedOut as timeoutError } from './app-error.js';

/**
 * The scope of one HTTP request, carried through its async work by AsyncLocalStorage (set by
 * plugins/request-timeout.ts): a request that has run past REQUEST_TIMEOUT_MS is aborted, and from
 * then on the database refuses its statements and its transactions do not commit, so nothing it
 * started is written after it has answered 504.
 *
 * - every statement Drizzle runs for an aborted request is refused (`requestQueryGuard`, the
 *   Drizzle logger of db/client.ts, which Drizzle calls before each statement); only the `begin`
 *   and `rollback` a transaction needs to end cleanly pass;
 * - `db.transaction` (`guardTransactions`) checks the signal once the work is done and rolls back
 *   instead of committing;
 * - a commit (or a write outside a transaction, counted by the pool: `countWrite`) that is already
 *   on its way when the time runs out is waited for before the 504 is sent, so the 504 never comes
 *   before a write that then lands;
 * - code that works without the database (parsing, a loop) may call `throwIfTimedOut()`.
 */
export type RequestScope = {
  controller: AbortController;
  /** commits and writes under way */
  busy: number;
  /** called when `busy` drops to 0 (the timeout waiting to answer) */
  onIdle: (() => void) | null;
};

const storage = new AsyncLocalStorage<RequestScope>();

export function newRequestScope(): RequestScope {
  return { controller: new AbortController(), busy: 0, onIdle: null };
}

/** Runs `fn` (the rest of the request's hooks and its handler) inside the scope. */
export function runInScope<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export const currentScope = (): RequestScope | undefined => storage.getStore();

/** The signal of the current request: aborted when it ran out of time. */
export const requestSignal = (): AbortSignal | undefined => currentScope()?.controller.signal;

export const timedOut = () => timeoutError('Время ожидания ответа истекло. Попробуйте позже');

/** Throws the request's timeout when it has run out of time (for work that is not SQL). */
export function throwIfTimedOut() {
  if (currentScope()?.controller.signal.aborted) throw timedOut();
}

function enter(scope: RequestScope | undefined) {
  if (scope) scope.busy++;
}
function leave(scope: RequestScope | undefined) {
  if (!scope) return;
  scope.busy--;
  if (scope.busy === 0 && scope.onIdle) {
    const idle = scope.onIdle;
    scope.onIdle = null;
    idle();
  }
}

/** Statements that end a transaction cleanly, allowed even for an aborted request. */
const ENDING = /^\s*(begin|rollback)\b/i;

/** Drizzle's logger, used as the hook Drizzle calls before every statement it sends. */
export const requestQueryGuard: Logger = {
  logQuery(query: string) {
    if (currentScope()?.controller.signal.aborted && !ENDING.test(query)) throw timedOut();
  },
};

/** A statement that may write (anything but a plain select) sent outside a transaction. */
const READ_ONLY = /^\s*(select|show)\b/i;

/**
 * Wraps a pool's `query` (node-postgres): a write of a request counts as under way until the
 * server has answered it.
 */
export function countWrites<Q extends (...args: never[]) => Promise<unknown>>(query: Q): Q {
  return function (this: unknown, ...args: Parameters<Q>) {
    const first = args[0] as unknown;
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    const scope = typeof text === 'string' && !READ_ONLY.test(text) ? currentScope() : undefined;
    // a callback-style call is left alone (pg-boss and the pool itself use promises)
    if (!scope || typeof args[args.length - 1] === 'function') return query.apply(this, args);
    enter(scope);
    return (query.apply(this, args) as Promise<unknown>).finally(() => leave(scope));
  } as Q;
}

/**
 * Makes `db.transaction` roll back instead of committing for a request that ran out of time, and
 * counts a commit as under way until it has ended.
 */
export function guardTransactions(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (
    fn: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const scope = currentScope();
    if (!scope) return transaction(fn, config);
    if (scope.controller.signal.aborted) throw timedOut();
    let committing = false;
    try {
      return await transaction(async (tx) => {
        const result = await fn(tx);
        if (scope.controller.signal.aborted) throw timedOut();
        committing = true;
        enter(scope);
        return result;
      }, config);
    } finally {
      if (committing) leave(scope);
    }
  }) as Db['transaction'];
  return db;
}
