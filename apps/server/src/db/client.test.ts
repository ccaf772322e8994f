import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../test/harness.js';

/** Sessions compress with lz4 where the server has it, on every connection of the pool. */
const t = testDatabaseForFile();

describe('openDatabase on PostgreSQL', () => {
  it('sets lz4 on the first connection and on every one the pool opens later, each before it is handed out', async (ctx) => {
    const pool = t.database.pool;
    if (!pool) return ctx.skip();
    const [{ has }] = await t.database.query<{ has: boolean }>(
      `select 'lz4' = any(enumvals) as has from pg_settings where name = 'default_toast_compression'`,
    );
    if (!has) return ctx.skip();
    // several connections at once: the kept first one and new ones
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    try {
      for (const c of clients) {
        const { rows } = await c.query<{ v: string }>(
          `select current_setting('default_toast_compression') as v`,
        );
        expect(rows[0].v).toBe('lz4');
      }
    } finally {
      for (const c of clients) c.release();
    }
  });
});
