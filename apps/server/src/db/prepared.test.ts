import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestDb, testDatabaseForFile } from '../../test/harness.js';
import { MAX_NAMED, namedByText, preparedOnce, statementName } from './prepared.js';
import { users } from './schema/index.js';

const t = testDatabaseForFile({ migrated: true });

const byLogin = (db: TestDb['database']['db']) =>
  preparedOnce(db, 'test-user-by-login', (d) =>
    d
      .select({ id: users.id, login: users.login })
      .from(users)
      .where(eq(users.login, sql.placeholder('login')))
      .prepare(''),
  );

describe('preparedOnce', () => {
  it('builds a statement once per database handle and key, and runs it with new values each time', async () => {
    const { db } = t.database;
    let builds = 0;
    const once = () => preparedOnce(db, 'counted', () => ++builds);
    expect([once(), once(), once()]).toEqual([1, 1, 1]);
    expect(preparedOnce(db, 'another', () => 'x')).toBe('x');

    expect(byLogin(db)).toBe(byLogin(db));
    expect(await byLogin(db).execute({ login: 'nobody@example.test' })).toEqual([]);
    await db.insert(users).values([
      { login: 'a@example.test', title: 'А', role: 'admin', passwordHash: 'x' },
      { login: 'b@example.test', title: 'Б', role: 'admin', passwordHash: 'x' },
    ]);
    expect((await byLogin(db).execute({ login: 'a@example.test' })).map((r) => r.login)).toEqual([
      'a@example.test',
    ]);
    expect((await byLogin(db).execute({ login: 'b@example.test' })).map((r) => r.login)).toEqual([
      'b@example.test',
    ]);
  });

  it('gives a transaction its own statement, which runs inside it', async () => {
    const { db } = t.database;
    await db
      .transaction(async (tx) => {
        expect(byLogin(tx)).not.toBe(byLogin(db));
        await tx
          .insert(users)
          .values({ login: 'tx@example.test', title: 'Т', role: 'admin', passwordHash: 'x' });
        expect(await byLogin(tx).execute({ login: 'tx@example.test' })).toHaveLength(1);
        tx.rollback();
      })
      .catch(() => {});
    expect(await byLogin(db).execute({ login: 'tx@example.test' })).toEqual([]);
  });
});

describe('namedByText', () => {
  it('runs a drizzle statement under its name, with its rows mapped as drizzle maps them', async () => {
    const { db } = t.database;
    const q = () =>
      db.select({ id: users.id, login: users.login }).from(users).where(eq(users.login, 'a@example.test'));
    const prepared = namedByText(q());
    const text = q().toSQL().sql;
    if (t.database.kind === 'postgres')
      expect((prepared as unknown as { queryConfig: { name: string } }).queryConfig.name).toBe(
        statementName(text),
      );
    expect(await prepared.execute()).toEqual(await q());
  });

  it('names a statement by the hash of its text, the same for the same text, at most MAX_NAMED names', () => {
    // the fields of drizzle's node-postgres prepared query that carry the name
    const fake = (text: string) => ({
      prepare: (name: string) => ({ queryString: text, queryConfig: { name }, rawQueryConfig: { name } }),
    });
    const nameOf = (text: string, named?: boolean) => {
      const p = namedByText(fake(text), named);
      expect(p.rawQueryConfig.name).toBe(p.queryConfig.name);
      return p.queryConfig.name;
    };
    expect(statementName('select 1')).toMatch(/^zk_[0-9a-f]{40}$/);
    expect(statementName('select 1')).toBe(statementName('select 1'));
    expect(statementName('select 2')).not.toBe(statementName('select 1'));
    expect(nameOf('select 1')).toBe(statementName('select 1'));
    expect(nameOf('select 1', false)).toBe('');
    for (let i = 2; i < MAX_NAMED; i++) expect(nameOf(`select ${i}`)).toBe(statementName(`select ${i}`));
    // past the cap (this file named one shape before) a new shape runs unnamed; the named keep their names
    expect(nameOf('select 0')).toBe('');
    expect(nameOf('select 1')).toBe(statementName('select 1'));
  });
});
