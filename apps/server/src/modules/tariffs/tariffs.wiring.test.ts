import { catalogRoutes, companyRoutes, userRoutes } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Res, testAppForFile } from '../../../test/harness.js';
import { tariffs } from '../../db/schema/index.js';
import { errorOf } from '../catalogs/catalogs.factories.js';

const t = testAppForFile();
describe('tariff limits are enforced by the users and customers APIs', () => {
  it('refuses a user and a customer over the «Базовый» limits and names the limit', async () => {
    const company = t.ids.companies.client2;
    const [basic] = await t.app.deps.db.select().from(tariffs).where(eq(tariffs.name, 'Базовый'));
    expect(
      (
        await t.call(catalogRoutes.tariffs.assign, {
          params: { id: company },
          body: { tariff_id: basic.id },
          as: 'admin',
        })
      ).status,
    ).toBe(200);

    const created: number[] = [];
    let refused: Res | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const r = await t.call(userRoutes.create, {
        as: 'admin',
        body: {
          login: `limit${i}@example.ru`,
          password: 'long-password-1',
          title: `Пользователь ${i}`,
          role: 'client',
          company_id: company,
        },
      });
      if (r.status === 201) created.push(r.body.id);
      else refused = r;
    }
    expect(refused?.status).toBe(409);
    expect(refused && errorOf(refused).code).toBe('tariff_limit');
    expect(refused && errorOf(refused).message).toMatch(/Базовый/);
    expect(created.length).toBeGreaterThan(0);

    let customerRefused: Res | null = null;
    const inns = ['7707083893', '7736207543', '7728168971', '7702070139', '7710140679'];
    for (const inn of inns) {
      const r = await t.call(companyRoutes.customers.create, {
        params: { id: company },
        body: { title: `Заказчик ${inn}`, inn },
        as: 'admin',
      });
      if (r.status !== 201) {
        customerRefused = r;
        break;
      }
    }
    expect(customerRefused?.status).toBe(409);
    expect(customerRefused && errorOf(customerRefused).code).toBe('tariff_limit');
  });
});
