import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { tariffs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('tariff limits are enforced by the users and customers APIs', () => {
  it('refuses a user and a customer over the «Базовый» limits and names the limit', async () => {
    const admin = await t.login('admin');
    const company = t.ids.companies.client2;
    const [basic] = await t.app.deps.db.select().from(tariffs).where(eq(tariffs.name, 'Базовый'));
    expect(
      (
        await t.req('PUT', `/api/companies/${company}/tariff`, {
          token: admin,
          body: { tariff_id: basic.id },
        })
      ).status,
    ).toBe(200);

    const created: number[] = [];
    let refused: { status: number; body: any } | null = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const r = await t.req('POST', '/api/users', {
        token: admin,
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
    expect(refused?.body.error.code).toBe('tariff_limit');
    expect(refused?.body.error.message).toMatch(/Базовый/);
    expect(created.length).toBeGreaterThan(0);

    let customerRefused: { status: number; body: any } | null = null;
    const inns = ['7707083893', '7736207543', '7728168971', '7702070139', '7710140679'];
    for (const inn of inns) {
      const r = await t.req('POST', `/api/companies/${company}/customers`, {
        token: admin,
        body: { title: `Заказчик ${inn}`, inn },
      });
      if (r.status !== 201) {
        customerRefused = r;
        break;
      }
    }
    expect(customerRefused?.status).toBe(409);
    expect(customerRefused?.body.error.code).toBe('tariff_limit');
  });
});
