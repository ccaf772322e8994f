import { contractRoutes } from '@zakupki/shared';
import { describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../../test/harness.js';

const t = testAppForFile();

/** The SQL texts the pool runs while `run` does. */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const pool = t.app.deps.database.pool;
  if (!pool) throw new Error('the test needs PostgreSQL (TEST_DATABASE_URL)');
  const texts: string[] = [];
  const original = pool.query.bind(pool);
  const spy = vi.spyOn(pool, 'query').mockImplementation(((q: unknown, ...rest: unknown[]) => {
    texts.push(typeof q === 'string' ? q : (q as { text: string }).text);
    return (original as (...a: unknown[]) => unknown)(q, ...rest);
  }) as never);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return texts;
}

describe('the session and the company of a company route', () => {
  it('are read in one statement; the gate still refuses a company the caller is not of', async () => {
    const own = t.ids.companies.client1;
    const list = (company_id: number) =>
      t.call(contractRoutes.list, { params: { company_id }, query: { limit: 5 }, as: 'client' });
    await list(own); // the login of the harness is not counted
    const texts = await statementsOf(async () => expect((await list(own)).status).toBe(200));
    const lookups = texts.filter((s) => s.includes('"company_members"'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]).toContain('"sessions"');
    expect(texts.filter((s) => s.includes('"sessions"'))).toHaveLength(1);
    const foreign = await list(t.ids.companies.client2);
    expect(foreign.status).toBe(404);
    const missing = await list(99_999_999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(foreign.body);
  });
});
