import { companyRoutes, type ValidationIssue } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditCount, auditRows, errorOf, issuesOf } from './companies.factories.js';
import { eisPassword } from './eis-settings.service.js';

const t = testAppForFile({ SECRETS_KEY: '0123456789abcdef'.repeat(4) });
let companyId: number;
const PASSWORD = 'Секрет-ЕИС-2025!';
const THUMB = '3A9F1C0B5D7E2F4A6B8C0D1E2F3A4B5C6D7E8F90';
const eis = companyRoutes.eisSettings;

beforeAll(async () => {
  // the session first: its login audit entry must not count below
  await t.login('client');
  companyId = t.ids.companies.client1;
});

const stored = async () =>
  (
    await t.app.deps.database.query<{ eis_login: string; password_secret: string | null }>(
      'select eis_login, password_secret from company_eis_settings where company_id = $1',
      [companyId],
    )
  )[0];

describe('EIS settings of a company', () => {
  it('before anything is saved: not configured, every field null', async () => {
    const r = await t.call(eis.get, { params: { id: companyId }, as: 'client' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      company_id: companyId,
      configured: false,
      eis_login: null,
      certificate_thumbprint: null,
      password_set: false,
      updated_at: null,
    });
  });

  it('saves login, thumbprint (normalised) and the password, which never comes back', async () => {
    const pasted = THUMB.toLowerCase().replace(/(..)/g, '$1 ').trim();
    const r = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      body: { eis_login: ' energoset_223 ', certificate_thumbprint: pasted, password: PASSWORD },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      company_id: companyId,
      configured: true,
      eis_login: 'energoset_223',
      certificate_thumbprint: THUMB,
      password_set: true,
    });
    expect(Object.keys(r.body)).not.toContain('password');
    expect(JSON.stringify(r.body)).not.toContain(PASSWORD);
    const got = await t.call(eis.get, { params: { id: companyId }, as: 'client' });
    expect(got.body).toEqual(r.body);
    expect(JSON.stringify(got.body)).not.toContain(PASSWORD);

    // kept sealed in the database; the server can still open it for the EIS integration
    const row = await stored();
    expect(row.password_secret).toMatch(/^v1\./);
    expect(row.password_secret).not.toContain(PASSWORD);
    expect(await eisPassword(t.app.deps, companyId)).toBe(PASSWORD);

    const [entry] = await auditRows(t, { entity: 'eis_settings', entity_id: companyId });
    expect(entry).toMatchObject({
      user_id: t.ids.users['client@demo.local'],
      company_id: companyId,
      action: 'create',
      before: null,
      after: {
        eis_login: 'energoset_223',
        certificate_thumbprint: THUMB,
        password_set: true,
        password_changed: true,
      },
    });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
    expect(JSON.stringify(entry)).not.toContain(row.password_secret);
  });

  it('without a password keeps the stored one; the same values again write nothing', async () => {
    const sealed = (await stored()).password_secret;
    const r = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      body: { eis_login: 'energoset_main', certificate_thumbprint: THUMB, password: '' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ eis_login: 'energoset_main', password_set: true });
    expect((await stored()).password_secret).toBe(sealed);
    const entries = await auditRows(t, { entity: 'eis_settings', entity_id: companyId, action: 'update' });
    expect(entries.at(-1)).toMatchObject({
      before: { eis_login: 'energoset_223', password_set: true },
      after: { eis_login: 'energoset_main', password_set: true, password_changed: false },
    });

    const n = await auditCount(t);
    const same = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      body: { eis_login: 'energoset_main', certificate_thumbprint: THUMB },
    });
    expect(same.status).toBe(200);
    expect(await auditCount(t)).toBe(n);
  });

  it('a new password replaces the old one; clear_password forgets it', async () => {
    const sealed = (await stored()).password_secret;
    const r = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      body: { eis_login: 'energoset_main', certificate_thumbprint: THUMB, password: 'new-password' },
    });
    expect(r.body.password_set).toBe(true);
    expect((await stored()).password_secret).not.toBe(sealed);
    expect(await eisPassword(t.app.deps, companyId)).toBe('new-password');

    const cleared = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      body: { eis_login: 'energoset_main', certificate_thumbprint: THUMB, clear_password: true },
    });
    expect(cleared.body.password_set).toBe(false);
    expect((await stored()).password_secret).toBeNull();
    expect(await eisPassword(t.app.deps, companyId)).toBeNull();
    const entries = await auditRows(t, { entity: 'eis_settings', entity_id: companyId, action: 'update' });
    expect(entries.at(-1)?.after).toMatchObject({ password_set: false, password_changed: true });
  });

  it('checks the fields and answers the issues in Russian', async () => {
    const n = await auditCount(t);
    const r = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      invalidBody: {
        eis_login: 'логин с пробелом',
        certificate_thumbprint: 'ABC',
        password: 'x',
        clear_password: true,
      },
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('validation_failed');
    expect(issuesOf(r)).toEqual({
      'body.eis_login': 'Логин ЕИС: латинские буквы, цифры и знаки . _ - @',
      'body.certificate_thumbprint': 'Отпечаток сертификата: 40 шестнадцатеричных символов (0–9, A–F)',
      'body.password': 'Укажите новый пароль или удалите сохранённый, но не то и другое сразу',
    });
    const empty = await t.call(eis.update, {
      params: { id: companyId },
      as: 'client',
      invalidBody: { eis_login: ' ', certificate_thumbprint: '' },
    });
    expect(empty.status).toBe(400);
    const { issues } = errorOf(empty).details as { issues: ValidationIssue[] };
    expect(issues.map((i) => i.message)).toEqual(['Обязательное поле', 'Обязательное поле']);
    expect(await auditCount(t)).toBe(n);
  });

  it('needs the eis.settings permission in the company, for reading as well as writing', async () => {
    const clientId = t.ids.users['client@demo.local'];
    await t.app.deps.database.query(
      `update company_members set permissions = '["company.read"]'::jsonb where user_id = $1 and company_id = $2`,
      [clientId, companyId],
    );
    try {
      const get = await t.call(eis.get, { params: { id: companyId }, as: 'client' });
      expect(get.status).toBe(403);
      expect(errorOf(get).message).toBe('Недостаточно прав для этого действия в компании');
      const put = await t.call(eis.update, {
        params: { id: companyId },
        as: 'client',
        body: { eis_login: 'x', certificate_thumbprint: THUMB },
      });
      expect(put.status).toBe(403);
    } finally {
      await t.app.deps.database.query(
        'update company_members set permissions = null where user_id = $1 and company_id = $2',
        [clientId, companyId],
      );
    }
    // staff serving the company read and write them
    const op = await t.call(eis.get, { params: { id: companyId }, as: 'operator' });
    expect(op.status).toBe(200);
    expect(op.body).toMatchObject({ eis_login: 'energoset_main', password_set: false });
  });
});
