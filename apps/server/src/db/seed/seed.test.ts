import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { users } from '../schema/index.js';
import { seedAtStart } from './index.js';

const t = testDatabaseForFile({ migrated: true });
const log = { info: () => {} } as never;
const userCount = async () =>
  Number((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n);

describe('seeding at start', () => {
  it('SEED_DEMO defaults to on without DATABASE_URL and off with it', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.example/z' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db.example/z', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('SEED_DEMO=false seeds no demo user', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db.example/z' });
    expect(await seedAtStart(t.database.db, config, log)).toBe(false);
    expect(await userCount()).toBe(0);
  });

  it('SEED_DEMO=true with DATABASE_URL seeds an empty database once', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db.example/z', SEED_DEMO: 'true' });
    expect(await seedAtStart(t.database.db, config, log)).toBe(true);
    expect(await userCount()).toBe(5);
    // a database with users is left alone
    expect(await seedAtStart(t.database.db, config, log)).toBe(false);
    expect(await userCount()).toBe(5);
  });
});
