import { type FastifyInstance, LogController } from 'fastify';

/** Fastify's option that turns its own two lines a request off (see `registerRequestLog`). */
export const quietRequests = () => ({ logController: new LogController({ disableRequestLogging: true }) });

/**
 * One log line per request, when it is answered: method, URL, status and time (ms), with the
 * request id pino adds. Fastify's own logging writes two lines a request (received, answered);
 * the first adds nothing the second lacks. Health checks, asked every few seconds by load
 * balancers, are logged at debug.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    const entry = {
      method: req.method,
      url: req.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (req.routeOptions.url === '/api/health') req.log.debug(entry, 'request');
    else req.log.info(entry, 'request');
  });
}
