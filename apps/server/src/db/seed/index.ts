import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { seedCatalogs } from '../../modules/catalogs/seed/catalogs.seed.js';
import type { Db } from '../client.js';
import { seedDemo } from './demo/demo.seed.js';

/**
 * Reference data that every installation needs (catalogues, tariffs, calendar). Runs on every
 * start: adds what is new, never overwrites an edit. Modules append their seeders here.
 */
export const referenceSeeders: { name: string; run: (db: Db) => Promise<void> }[] = [
  { name: 'catalogs', run: seedCatalogs },
];

export async function seedReference(db: Db) {
  for (const s of referenceSeeders) await s.run(db);
}

/**
 * What a start seeds: the reference data always, the demo companies and users when `SEED_DEMO`
 * is on (its default: on for the embedded database, off with `DATABASE_URL`) and the database
 * has no user yet — on PostgreSQL too when `SEED_DEMO=true` is set.
 */
export async function seedAtStart(db: Db, config: Pick<Config, 'seedDemo'>, log: FastifyBaseLogger) {
  await seedReference(db);
  if (!config.seedDemo) return false;
  const seeded = await seedDemo(db);
  if (seeded)
    log.info(
      'demo data seeded: logins admin@, specialist@, operator@, client@, client2@demo.local, password demo-password',
    );
  return seeded !== null;
}
