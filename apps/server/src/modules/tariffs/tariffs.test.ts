import { catalogRoutes, systemRoutes, type TariffInput } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { testAppForFile } from '../../../test/harness.js';
import { customers, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ModuleDeclaration } from '../../plugins/module.js';
import { errorOf } from '../catalogs/catalogs.factories.js';
import { XLSX_TYPE } from '../catalogs/catalogs.xlsx.js';
import { MODULES } from '../index.js';
import { assertTariffAllows, moscowYearStart, type TariffCounter } from './tariffs.service.js';

/** The contracts module as declared, its counter of contracts a year replaced while a test sets one. */
let counting: TariffCounter | null = null;
const withCounter = (m: ModuleDeclaration): ModuleDeclaration => {
  const declared = m.tariffCounters?.contracts;
  if (!declared) return m;
  return {
    ...m,
    tariffCounters: { contracts: (db, companyId, since) => (counting ?? declared)(db, companyId, since) },
  };
};
const t = testAppForFile({}, { modules: MODULES.map(withCounter) });
const tr = catalogRoutes.tariffs;
const tok: Record<string, string> = {};
type Tariff = { id: number; code: string; name: string; max_users: number | null; companies_count: number };
let tariffs: Tariff[];
const tariff = (name: string) => tariffs.find((x) => x.name === name)!;

beforeAll(async () => {
  for (const r of ['admin', 'specialist', 'operator', 'client']) tok[r] = await t.login(r);
  tariffs = (await t.call(tr.list, { as: 'admin' })).body.items;
});
async function addUsers(companyId: number, n: number, prefix: string) {
  await t.app.deps.db.insert(users).values(
    Array.from({ length: n }, (_, i) => ({
      login: `${prefix}${i}@energoset.ru`,
      title: `Сотрудник ${prefix}${i}`,
      passwordHash: 'x',
      role: 'client' as const,
      companyId,
      status: 'active' as const,
    })),
  );
}

describe('tariffs catalogue (admin only)', () => {
  it('seeds the three tariffs with their limits, listed in the order they were added', () => {
    expect(tariffs.map((x) => [x.name, x.max_users])).toEqual([
      ['Базовый', 5],
      ['Профессиональный', 20],
      ['Корпоративный', null],
    ]);
    expect(tariff('Профессиональный')).toMatchObject({ max_companies: 5, max_contracts_per_year: 1000 });
    expect(tariff('Базовый')).toMatchObject({ price_per_month: '4900.00', companies_count: 0 });
  });

  it('refuses everyone but the admin, reading as well as writing', async () => {
    for (const role of ['specialist', 'operator', 'client']) {
      const as = { token: tok[role] };
      const list = await t.call(tr.list, { as });
      expect(list.status, role).toBe(403);
      expect(errorOf(list).message).toBe('Справочник «Тарифы» доступен только администратору');
      const one = await t.call(tr.get, { params: { id: tariffs[0].id }, as });
      expect(one.status).toBe(403);
      const create = await t.call(tr.create, { body: { code: 'x', name: 'X', price_per_month: '1' }, as });
      expect(create.status).toBe(403);
      const assign = await t.call(tr.assign, {
        params: { id: t.ids.companies.client1 },
        body: { tariff_id: tariffs[0].id },
        as,
      });
      expect(assign.status).toBe(403);
    }
  });

  it('admin creates, validates, updates, archives and deletes a tariff; every change audited', async () => {
    const bad = await t.call(tr.create, {
      invalidBody: { code: 'Start', name: '', max_users: 0, price_per_month: '-5' },
      as: 'admin',
    });
    expect(bad.status).toBe(400);
    expect(
      errorOf(bad)
        .details.issues.map((i) => i.path)
        .sort(),
    ).toEqual(['body.code', 'body.max_users', 'body.name', 'body.price_per_month']);
    const created = await t.call(tr.create, {
      body: { code: 'start', name: 'Стартовый', max_users: 2, max_companies: 1, price_per_month: '1 990,50' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ price_per_month: '1990.50', max_contracts_per_year: null });
    const dup = await t.call(tr.create, {
      body: { code: 'start2', name: 'стартовый', price_per_month: '1' },
      as: 'admin',
    });
    expect(dup.status).toBe(409);
    const put = await t.call(tr.update, {
      params: { id: created.body.id },
      body: { code: 'start', name: 'Стартовый', max_users: 3, price_per_month: '2490' },
      as: 'admin',
    });
    expect(put.body).toMatchObject({ max_users: 3, price_per_month: '2490.00' });
    const arch = await t.call(tr.archive, { params: { id: created.body.id }, as: 'admin' });
    expect(arch.body.archived_at).not.toBeNull();
    const assign = await t.call(tr.assign, {
      params: { id: t.ids.companies.client2 },
      body: { tariff_id: created.body.id },
      as: 'admin',
    });
    expect(assign.status).toBe(409);
    expect(errorOf(assign).message).toBe('Тариф «Стартовый» в архиве: назначить его нельзя');
    expect((await t.call(tr.remove, { params: { id: created.body.id }, as: 'admin' })).status).toBe(204);
    const audit = await t.call(systemRoutes.audit, {
      query: { entity: 'tariff', entity_id: String(created.body.id) },
      as: 'admin',
    });
    expect(audit.body.items.map((a) => a.action)).toEqual(['delete', 'archive', 'update', 'create']);
  });

  it('sorts by name and by price both ways; other keys are refused', async () => {
    const names = async (query: string) => {
      const r = await t.call(tr.list, { query: Object.fromEntries(new URLSearchParams(query)), as: 'admin' });
      expect(r.status, query).toBe(200);
      const seeded = ['Базовый', 'Профессиональный', 'Корпоративный'];
      return r.body.items.map((x) => x.name).filter((n) => seeded.includes(n));
    };
    expect(await names('sort=name')).toEqual(['Базовый', 'Корпоративный', 'Профессиональный']);
    expect(await names('sort=name&order=desc')).toEqual(['Профессиональный', 'Корпоративный', 'Базовый']);
    expect(await names('sort=price_per_month&order=desc')).toEqual([
      'Корпоративный',
      'Профессиональный',
      'Базовый',
    ]);
    const page = await t.call(tr.list, { query: { sort: 'name', limit: 1, page: 2 }, as: 'admin' });
    expect(page.body.items[0].name).toBe('Корпоративный');
    for (const bad of ['sort=title', 'sort=code', 'sort=name&order=up']) {
      const r = await t.call(tr.list, { query: Object.fromEntries(new URLSearchParams(bad)), as: 'admin' });
      expect(r.status, bad).toBe(400);
    }
  });
});

describe('tariff limits are enforced', () => {
  it('«Базовый» on a demo company: the sixth user is refused, naming the limit', async () => {
    const company = t.ids.companies.client1;
    const basic = tariff('Базовый');
    const r = await t.call(tr.assign, {
      params: { id: company },
      body: { tariff_id: basic.id },
      as: 'admin',
    });
    expect(r.status).toBe(200);
    expect(r.body.tariff?.name).toBe('Базовый');
    expect(r.body.usage).toContainEqual({ limit: 'users', used: 1, max: 5 });

    await addUsers(company, 4, 'limit');
    await expect(assertTariffAllows(t.app.deps, t.app.deps.db, company, 'users')).rejects.toThrow(AppError);
    const err = await assertTariffAllows(t.app.deps, t.app.deps.db, company, 'users').catch((e) => e);
    expect(err).toMatchObject({
      code: 'tariff_limit',
      status: 409,
      message: 'Достигнут лимит тарифа «Базовый»: пользователей не больше 5',
    });
    expect(err.details).toMatchObject({ limit: 'users', max: 5, used: 5 });

    // one customer organisation (the company itself) is the «Базовый» maximum
    const second = assertTariffAllows(t.app.deps, t.app.deps.db, company, 'companies');
    await expect(second).rejects.toThrow(
      'Достигнут лимит тарифа «Базовый»: организаций-заказчиков не больше 1',
    );

    // another company has no tariff: no limits
    await expect(
      assertTariffAllows(t.app.deps, t.app.deps.db, t.ids.companies.client2, 'users', 100),
    ).resolves.toBeUndefined();

    const audit = await t.call(systemRoutes.audit, {
      query: { entity: 'company', entity_id: String(company) },
      as: 'admin',
    });
    expect(audit.body.items[0]).toMatchObject({
      before: { tariff_id: null },
      after: { tariff_id: basic.id },
    });
  });

  it('contracts a year are counted by the counter the contracts module declares', async () => {
    const company = t.ids.companies.client1;
    const since: Date[] = [];
    expect(MODULES.filter((m) => m.tariffCounters?.contracts).map((m) => m.name)).toEqual(['contracts']);
    counting = async (_db, companyId, yearStart) => {
      since.push(yearStart);
      return companyId === company ? 100 : 0;
    };
    try {
      await expect(assertTariffAllows(t.app.deps, t.app.deps.db, company, 'contracts')).rejects.toThrow(
        'Достигнут лимит тарифа «Базовый»: договоров в год не больше 100',
      );
      expect(since[0].toISOString()).toBe(
        `${new Date(Date.now() + 3 * 3600_000).getUTCFullYear() - 1}-12-31T21:00:00.000Z`,
      );
      const usage = await t.call(tr.companyTariff, { params: { id: company }, as: 'admin' });
      expect(usage.body.usage).toContainEqual({ limit: 'contracts', used: 100, max: 100 });
    } finally {
      counting = null;
    }
    // the contracts module's own counter: the company added fewer than 100 contracts this year
    await expect(
      assertTariffAllows(t.app.deps, t.app.deps.db, company, 'contracts'),
    ).resolves.toBeUndefined();
    expect(moscowYearStart(new Date('2027-01-01T00:30:00+03:00')).toISOString()).toBe(
      '2026-12-31T21:00:00.000Z',
    );
  });

  it('a company over a limit cannot be moved to a smaller tariff; a larger one is fine', async () => {
    const company = t.ids.companies.client1;
    await addUsers(company, 2, 'over');
    await t.app.deps.db
      .insert(customers)
      .values({ companyId: company, title: 'ООО «Дочка»', inn: '7707083893' });
    const assign = (tariff_id: number | null) =>
      t.call(tr.assign, { params: { id: company }, body: { tariff_id }, as: 'admin' });
    const down = await assign(tariff('Базовый').id);
    // already on «Базовый»: unchanged, no check needed
    expect(down.status).toBe(200);
    const up = await assign(tariff('Профессиональный').id);
    expect(up.status).toBe(200);
    expect(up.body.usage).toContainEqual({ limit: 'users', used: 7, max: 20 });
    const back = await assign(tariff('Базовый').id);
    expect(back.status).toBe(409);
    expect(errorOf(back).code).toBe('tariff_limit');
    expect(errorOf(back).message).toBe(
      'Компания превышает лимит тарифа «Базовый»: пользователей 7, а допускается не больше 5',
    );
    const used = await t.call(tr.remove, { params: { id: tariff('Профессиональный').id }, as: 'admin' });
    expect(used.status).toBe(409);
    expect(errorOf(used).code).toBe('has_dependents');
    const off = await assign(null);
    expect(off.body.tariff).toBeNull();
    await expect(assertTariffAllows(t.app.deps, t.app.deps.db, company, 'users')).resolves.toBeUndefined();
    const missing = await assign(999999);
    expect(missing.status).toBe(404);
  });
});

describe('a tariff limit cannot go below what a company on it uses', () => {
  it('the form and the XLSX import are refused, naming the company; a limit it fits in is saved', async () => {
    const company = t.ids.companies.client2;
    const created = await t.call(tr.create, {
      body: { code: 'team', name: 'Командный', max_users: 10, max_companies: 5, price_per_month: '5000' },
      as: 'admin',
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const assign = await t.call(tr.assign, { params: { id: company }, body: { tariff_id: id }, as: 'admin' });
    expect(assign.status).toBe(200);
    await addUsers(company, 3, 'team');
    const used = assign.body.usage.find((u) => u.limit === 'users')!.used + 3;
    const body = (max_users: number | null): z.input<typeof TariffInput> => ({
      code: 'team',
      name: 'Командный',
      max_users,
      max_companies: 5,
      price_per_month: '5000',
    });
    const update = (max_users: number | null) =>
      t.call(tr.update, { params: { id }, body: body(max_users), as: 'admin' });
    const lower = await update(used - 1);
    expect(lower.status).toBe(409);
    expect(errorOf(lower)).toMatchObject({ code: 'tariff_limit' });
    expect(errorOf(lower).message).toMatch(
      new RegExp(
        `^Лимит тарифа «Командный» нельзя сделать меньше, чем уже использует компания «.+»: пользователей ${used}, а новый лимит — ${used - 1}$`,
      ),
    );
    expect(errorOf(lower).details).toMatchObject({
      limit: 'users',
      used,
      max: used - 1,
      company_id: company,
    });
    // nothing saved
    const kept = await t.call(tr.get, { params: { id }, as: 'admin' });
    expect(kept.body.max_users).toBe(10);
    // down to exactly what it uses, then no limit at all: both fine
    const exact = await update(used);
    expect(exact.status).toBe(200);
    expect(exact.body.max_users).toBe(used);
    const open = await update(null);
    expect(open.status).toBe(200);

    // the same through the XLSX import: the row is named and no tariff changes
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/catalogs/tariffs/export.xlsx',
      headers: { authorization: `Bearer ${tok.admin}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const titles = (ws.getRow(1).values as unknown[]).slice(1);
    const codeCol = titles.indexOf('Код') + 1;
    const usersCol = titles.indexOf('Пользователей не более') + 1;
    expect(codeCol).toBeGreaterThan(0);
    expect(usersCol).toBeGreaterThan(0);
    let row = 0;
    ws.eachRow((r, n) => {
      if (r.getCell(codeCol).value === 'team') row = n;
    });
    ws.getRow(row).getCell(usersCol).value = 1;
    const form = new FormData();
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    form.append('file', new Blob([new Uint8Array(data)], { type: XLSX_TYPE }), 'tariffs.xlsx');
    const r = await upload(tok.admin, form);
    // a job like every catalogue import: 202, then the run ends failed with the row named
    expect(r.status).toBe(202);
    const run = await waitRun(r.body.import_id, tok.admin);
    expect(run).toMatchObject({ status: 'failed', catalog: 'tariff', company_id: null });
    expect(run.error).toMatch(/^Файл не загружен, ничего не изменено\. Ошибок: 1\./);
    expect(run.errors).toEqual([
      {
        row,
        message: expect.stringMatching(
          /^.*Лимит тарифа «Командный» нельзя сделать меньше.*пользователей \d+, а новый лимит — 1$/,
        ),
      },
    ]);
    const after = await t.call(tr.get, { params: { id }, as: 'admin' });
    expect(after.body.max_users).toBeNull();
  });
});

async function waitRun(id: number, token: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const run = await t.call(catalogRoutes.importRun, { params: { id }, as: { token } });
    expect(run.status).toBe(200);
    if (run.body.status === 'done' || run.body.status === 'failed') return run.body;
    if (Date.now() > until) throw new Error(`tariffs import ${id} still ${run.body.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

/** A multipart upload: raw HTTP (the contract has no body schema for it). */
const uploadForm = (token: string, form: FormData) =>
  t.req<{ import_id: number }>('POST', '/api/catalogs/tariffs/import', { token, body: form });

const upload = async (token: string, data: Buffer | FormData, name = 'tariffs.xlsx') => {
  if (data instanceof FormData) return uploadForm(token, data);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: XLSX_TYPE }), name);
  return uploadForm(token, form);
};

describe('the tariffs XLSX import is a job', () => {
  it('adds and changes tariffs all at once, with a stored notice; the same file again changes nothing', async () => {
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/catalogs/tariffs/export.xlsx',
      headers: { authorization: `Bearer ${tok.admin}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    const titles = (ws.getRow(1).values as unknown[]).slice(1) as string[];
    const at = (title: string) => titles.indexOf(title) + 1;
    const row = ws.addRow([]);
    row.getCell(at('Код')).value = 'job-made';
    row.getCell(at('Наименование')).value = 'Из файла';
    row.getCell(at('Цена в месяц, ₽')).value = 1234;
    const data = Buffer.from(await wb.xlsx.writeBuffer());

    // only the admin may start it: the others are refused before anything is stored
    expect((await upload(tok.specialist, data)).status).toBe(403);

    const r = await upload(tok.admin, data);
    expect(r.status).toBe(202);
    expect(r.body).toEqual({ import_id: expect.any(Number) });
    const run = await waitRun(r.body.import_id, tok.admin);
    expect(run).toMatchObject({
      status: 'done',
      progress: 100,
      catalog: 'tariff',
      file_name: 'tariffs.xlsx',
    });
    expect(run.result).toMatchObject({ created: 1, updated: 0 });
    const list = await t.call(tr.list, { query: { q: 'job-made' }, as: 'admin' });
    expect(list.body.items).toMatchObject([
      { code: 'job-made', name: 'Из файла', price_per_month: '1234.00' },
    ]);
    const notices = await t.call(systemRoutes.notifications, { as: 'admin' });
    expect(notices.body.items).toContainEqual(
      expect.objectContaining({ status: 'success', header: 'Справочник «Тарифы» загружен' }),
    );
    // the same file again changes nothing
    const again = await waitRun((await upload(tok.admin, data)).body.import_id, tok.admin);
    expect(again.result).toMatchObject({ created: 0, updated: 0 });
  });

  it('a file that is not a workbook, or one with a DOCTYPE, is refused in Russian', async () => {
    const junk = await upload(tok.admin, Buffer.from('not a workbook'));
    expect(junk.status).toBe(400);
    expect(errorOf(junk).message).toBe('Файл не является книгой Excel (XLSX)');

    const file = await t.app.inject({
      method: 'GET',
      url: '/api/catalogs/tariffs/export.xlsx',
      headers: { authorization: `Bearer ${tok.admin}` },
    });
    const parts = unzipSync(new Uint8Array(file.rawPayload));
    const sheet = Buffer.from(parts['xl/worksheets/sheet1.xml']).toString('utf8');
    parts['xl/worksheets/sheet1.xml'] = new TextEncoder().encode(
      sheet.replace('?>', '?><!DOCTYPE x [<!ENTITY a "aaaaaaaa">]>'),
    );
    const r = await upload(tok.admin, Buffer.from(zipSync(parts)));
    expect(r.status).toBe(202);
    const run = await waitRun(r.body.import_id, tok.admin);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'Файл XLSX содержит объявление DOCTYPE или ENTITY (часть «xl/worksheets/sheet1.xml»): такие файлы не принимаются',
    );
  });
});
