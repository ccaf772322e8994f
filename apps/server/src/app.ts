import { hostname } from 'node:os';
import path from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { closeParsePool } from './kernel/parse-pool.js';
import { createPdfConverter } from './lib/pdf/pdf-converter.js';
import { killLeftoverGroups } from './lib/pdf/process-group.js';
import { compiledSerializerCompiler } from './lib/response-serializer.js';
import { RecentFiles } from './modules/files/recent-files.js';
import { MODULES, registerModules } from './modules/index.js';
import { Notifier } from './modules/notifications/notifications.service.js';
import { DEFAULT_WEB_DIST } from './paths.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { JobQueue } from './plugins/jobs.js';
import { collectDeclarations, type ModuleDeclaration } from './plugins/module.js';
import { registerOpenApi } from './plugins/openapi.js';
import { quietRequests, registerRequestLog } from './plugins/request-log.js';
import { stopHeartbeats } from './plugins/run-recovery.js';
import { Sockets } from './plugins/sockets.js';
import { registerCompression, registerWeb } from './plugins/web.js';
import type { AppDeps } from './types.js';

/** An upload no job of this process took within this time is read from the database. */
const RECENT_FILES_TTL_MS = 5 * 60_000;

export type BuildOptions = {
  /** an already open database (tests share one per file) */
  database?: Database;
  /** serve the web build (default: when it exists) */
  web?: boolean;
  /** run job workers in this process (default: config.jobsEnabled) */
  workers?: boolean;
  /** the declared modules (default: every module, `MODULES`; tests add a module of their own) */
  modules?: readonly ModuleDeclaration[];
  /** where the log lines go (default: stdout); tests read what the server logs */
  logStream?: { write: (line: string) => void };
};

/** Builds the whole application: used by main.ts and by every test. Call `app.ready()` or `listen()` next. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const database =
    opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    bodyLimit: config.bodyLimit,
    // the address the outermost trusted proxy saw: X-Forwarded-For entries left of it are the client's
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // one line a request, when it is answered (plugins/request-log.ts)
    ...quietRequests(),
    forceCloseConnections: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  // production writes responses through serializers compiled from their schemas; tests keep zod's,
  // which refuses a response off its schema (lib/response-serializer.ts)
  app.setSerializerCompiler(config.env === 'production' ? compiledSerializerCompiler : serializerCompiler);

  const sockets = new Sockets(app);
  // conversions a killed predecessor left running (docs/operations.md, «PDF (LibreOffice)»)
  const pdfGroups = path.join(config.dataDir, 'soffice-groups', hostname());
  const leftover = await killLeftoverGroups(pdfGroups, 'soffice');
  if (leftover.length) app.log.warn({ groups: leftover }, 'killed LibreOffice left by a previous run');
  const pdf = createPdfConverter({
    pidDir: pdfGroups,
    sofficePath: config.sofficePath,
    conversions: config.pdfConversions,
    timeoutMs: config.pdfTimeoutMs,
    log: app.log,
  });
  const modules = opts.modules ?? MODULES;
  const deps: AppDeps = {
    config,
    declared: collectDeclarations(modules),
    database,
    db: database.db,
    io: sockets.io,
    sockets,
    jobs: null as unknown as JobQueue,
    notifier: new Notifier(database.db, sockets.io),
    log: app.log,
    recentFiles: new RecentFiles({ budget: config.recentFilesBytes, ttlMs: RECENT_FILES_TTL_MS }),
    pdf,
  };
  deps.jobs = new JobQueue(database, () => deps);
  app.decorate('deps', deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://mc.yandex.ru', 'https://yastatic.net'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://mc.yandex.ru'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https://mc.yandex.ru', 'https:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length ? config.corsOrigins : false,
    credentials: true,
  });
  // the web app's session cookie (plugins/auth.ts); nothing is signed, the token is the secret
  await app.register(cookie);
  await registerCompression(app);
  const spa = { indexHtml: null as string | null };
  registerErrorHandling(app, spa);
  registerRequestLog(app);
  registerAuth(app);
  await registerOpenApi(app);

  await registerModules(app, modules);

  if (opts.web ?? true)
    await registerWeb(app, config.webDistDir ?? DEFAULT_WEB_DIST, spa, { sourceMaps: config.webSourceMaps });

  await sockets.attach(app, config.redisUrl);
  await deps.jobs.start(opts.workers ?? config.jobsEnabled);

  // sockets must close before the HTTP server, or close() waits for websocket clients forever
  app.addHook('preClose', async () => {
    await sockets.close();
  });
  app.addHook('onClose', async () => {
    await deps.jobs.stop();
    stopHeartbeats(deps);
    await closeParsePool();
    await pdf.close();
    if (!opts.database) await database.close();
  });
  return app;
}
