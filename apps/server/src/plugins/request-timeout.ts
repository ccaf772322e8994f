import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newRequestScope, type RequestScope, runInScope, timedOut } from '../lib/request-scope.js';

/**
 * A request over its time budget (REQUEST_TIMEOUT_MS) answers 504 instead of hanging, and is
 * cancelled: its scope (lib/request-scope.ts) is aborted, so the database refuses its further
 * statements and its open transaction rolls back instead of committing. A commit or write already
 * under way is waited for before the 504 goes out: no write lands after the 504.
 *
 * The budget covers producing the answer: once a payload is handed to onSend (a stream too, before
 * its first byte) the timer stops, so a long download is never cut or overwritten.
 */
export function registerRequestTimeout(app: FastifyInstance) {
  const scopes = new WeakMap<
    FastifyRequest,
    { scope: RequestScope; resource: AsyncResource; timer: NodeJS.Timeout }
  >();

  app.addHook('onSend', async (req) => {
    clearTimeout(scopes.get(req)?.timer);
  });

  app.addHook('onRequest', (req, reply, done) => {
    const scope = newRequestScope();
    const answer = () => {
      // a response that has started (or been sent) is left to finish
      if (reply.sent || reply.raw.headersSent) return;
      void reply
        .code(504)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'timeout', message: timedOut().message } });
    };
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      req.log.warn({ url: req.url }, 'request timed out');
      scope.controller.abort();
      // a commit or write under way: the 504 waits for it to end
      if (scope.busy > 0) scope.onIdle = answer;
      else answer();
    }, app.deps.config.requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
    reply.raw.once('finish', () => clearTimeout(timer));
    runInScope(scope, () => {
      const resource = new AsyncResource('zakupki-request');
      scopes.set(req, { scope, resource, timer });
      done();
    });
  });

  // the body is parsed in the request stream's context, not the scope's: the hooks after it and
  // the handler are brought back into the scope (as @fastify/request-context does)
  app.addHook('preValidation', (req, _reply, done) => {
    const s = scopes.get(req);
    if (s) s.resource.runInAsyncScope(done, req.raw);
    else done();
  });
}
