import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
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
  const app = await buildApp(config);
  await seedAtStart(app.deps.db, config, app.log);
  await app.listen({ host: config.host, port: config.port });
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
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
