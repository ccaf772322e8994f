import { asc, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseForFile } from '../../test/harness.js';
import { countOf, mapPage, offsetOf, onPage, paged, pageResult } from './paging.js';
import { users } from './schema/index.js';

const t = testDatabaseForFile({ migrated: true });

describe('paging', () => {
  it.each([
    [{ page: 1, limit: 10 }, 0],
    [{ page: 2, limit: 10 }, 10],
    [{ page: 3, limit: 25 }, 50],
  ])('offsetOf(%o) = %i', (q, offset) => {
    expect(offsetOf(q)).toBe(offset);
  });

  it('reads one page and the total of the whole list, and presents the rows', async () => {
    const { db } = t.database;
    await db.insert(users).values(
      Array.from({ length: 7 }, (_, i) => ({
        login: `p${i}@paging.test`,
        title: `П${i}`,
        role: 'admin' as const,
        passwordHash: 'x',
      })),
    );
    const where = like(users.login, '%@paging.test');
    const list = (page: number) =>
      paged(
        { page, limit: 3 },
        onPage(db.select({ login: users.login }).from(users).where(where).orderBy(asc(users.login)), {
          page,
          limit: 3,
        }),
        countOf(db, users, where),
      );
    expect(await list(1)).toEqual({
      items: [{ login: 'p0@paging.test' }, { login: 'p1@paging.test' }, { login: 'p2@paging.test' }],
      total: 7,
      page: 1,
      limit: 3,
    });
    const last = await list(3);
    expect(last.items).toEqual([{ login: 'p6@paging.test' }]);
    expect(mapPage(last, (r) => r.login.slice(0, 2))).toEqual({ items: ['p6'], total: 7, page: 3, limit: 3 });
    expect((await list(4)).items).toEqual([]);
    expect(await countOf(db, users, like(users.login, 'nobody%'))).toBe(0);
    expect(pageResult(['a'], 1, { page: 1, limit: 10 })).toEqual({
      items: ['a'],
      total: 1,
      page: 1,
      limit: 10,
    });
  });
});
