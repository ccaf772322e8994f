import { seedCatalogs } from '../../modules/catalogs/seed/catalogs.seed.js';
import type { Db } from '../client.js';

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
