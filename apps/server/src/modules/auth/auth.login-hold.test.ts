import { authRoutes } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog, mailOutbox, notifications } from '../../db/schema/index.js';
import { DEMO_PASSWORD } from '../../db/seed/demo/demo.seed.js';

/** Small limits; addresses come from X-Forwarded-For (TRUST_PROXY), as behind a reverse proxy. */
const t = testAppForFile({
  TRUST_PROXY: 'true',
  LOGIN_MAX_FAILURES: '3',
  LOGIN_ADDRESS_MAX_FAILURES: '5',
  LOGIN_GLOBAL_MAX_FAILURES: '12',
});

const attempt = (login: string, password: string, ip: string) =>
  t.call(authRoutes.login, { body: { login, password }, headers: { 'x-forwarded-for': ip } });

describe('the global login hold raises an alarm to the admins', () => {
  it('once per hold: a notification and a letter to every active admin', async () => {
    const db = t.app.deps.db;
    const adminId = t.ids.users['admin@demo.local'];
    const held = async () => ({
      notices: (await db.select().from(notifications).where(eq(notifications.userId, adminId))).filter(
        (n) => n.header === 'Отражение подбора паролей',
      ).length,
      letters: (await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'admin@demo.local'))).filter(
        (m) => m.subject === 'Отражение подбора паролей',
      ).length,
      entries: (await db.select().from(auditLog).where(eq(auditLog.action, 'login_hold'))).length,
    });
    for (let i = 0; i < 11; i++)
      expect((await attempt(`spray${i}@spray.test`, 'Пароль-наугад-1', `100.64.2.${i + 1}`)).status).toBe(
        401,
      );
    // below the limit: no alarm
    expect(await held()).toEqual({ notices: 0, letters: 0, entries: 0 });
    // the failure that reaches the limit starts the hold
    expect((await attempt('spray11@spray.test', 'Пароль-наугад-1', '100.64.2.12')).status).toBe(401);
    expect(await held()).toEqual({ notices: 1, letters: 1, entries: 1 });
    const [letter] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'admin@demo.local'));
    expect(letter.body).toMatch(/12 неудачных попыток входа/);
    // the hold goes on: refusals raise nothing more
    for (let i = 0; i < 3; i++) {
      const r = await attempt('operator@demo.local', DEMO_PASSWORD, `100.64.3.${i + 1}`);
      expect(r.status).toBe(429);
    }
    expect(await held()).toEqual({ notices: 1, letters: 1, entries: 1 });
  });
});
