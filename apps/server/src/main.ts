import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { seedAtStart } from './db/seed/index.js';
import { loadShippedClassifiers } from './modules/classifiers/classifiers.service.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // progress of a start (the first one migrates and seeds for half a minute): plain lines before
  // the logger exists, then log lines
  console.log('Opening the database and applying migrations…');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // the app closes only a database it opened itself: this one is closed by stop() below
  const app = await buildApp(config, { database });
  // A library may leave a promise of its own unhandled when the database connection is cut
  // (pg-boss marking a job failed while PostgreSQL is away): log it and stay up; the queue and the
  // pool recover when the database is back (test/outages.test.ts). A thrown exception still ends
  // the process.
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection (kept running)'));
  app.log.info('migrations applied; seeding reference data (and the demo data into an empty database)');
  await seedAtStart(app.deps.db, config, app.log);
  await app.listen({ host: config.host, port: config.port });
  void announceReady(app);
  // the full ОКПД2, ОКЕИ and ОКВЭД2 (kept apart from seedReference, which every test app runs),
  // after the server answers: the first start takes ~20 s to load them, a restart with the same
  // releases reads one row per classifier
  const started = performance.now();
  void loadShippedClassifiers(app.deps)
    .then((classifiers) =>
      app.log.info({ classifiers, ms: Math.round(performance.now() - started) }, 'classifiers checked'),
    )
    .catch((err) => app.log.error({ err }, 'classifiers not loaded'));

  // graceful shutdown: stop accepting, finish running requests, stop workers, close the database
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * "Server listening" comes before the server really answers (the web app's first reads, the
 * classifier load starting beside): one request to the login page through the network, and a
 * "ready" line when it is answered.
 */
async function announceReady(app: FastifyInstance) {
  const { address, port, family } = app.server.address() as AddressInfo;
  const host =
    address === '0.0.0.0' || address === '::' ? 'localhost' : family === 'IPv6' ? `[${address}]` : address;
  const url = `http://${host}:${port}`;
  try {
    const res = await fetch(`${url}/login`);
    await res.arrayBuffer();
    app.log.info({ url, status: res.status }, `ready: open ${url}`);
  } catch (err) {
    app.log.warn({ err }, 'the server does not answer its own request to /login');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
