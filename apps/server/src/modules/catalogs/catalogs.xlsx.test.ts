import {
  type CatalogDescriptor,
  type CatalogImportResult,
  catalogByKey,
  catalogRoutes,
  systemRoutes,
} from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../test/harness.js';
import { type ItemPage, type Refused, screenCalls, screenOf } from './catalogs.factories.js';
import { XLSX_TYPE } from './catalogs.xlsx.js';

const t = testAppForFile();
const call = screenCalls(t);
const tok: Record<string, string> = {};
beforeAll(async () => {
  for (const r of ['admin', 'specialist', 'client']) tok[r] = await t.login(r);
});
const byKey = (k: string) => catalogByKey(k)!;
async function download(url: string, token: string): Promise<Buffer> {
  const r = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  expect(r.statusCode, r.body).toBe(200);
  expect(r.headers['content-type']).toBe(XLSX_TYPE);
  expect(String(r.headers['content-disposition'])).toMatch(
    /^attachment; filename="catalog-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
  );
  return r.rawPayload;
}

/** The outcome of an upload: the import's result, or its refusal with the errors by row. */
type Uploaded = { status: number; body: CatalogImportResult & Refused };

/**
 * Uploads a workbook (multipart: raw HTTP). Catalogue imports run as jobs (202): this follows the
 * run to its end and gives its outcome as the answer the import used to give inside the request —
 * the result (200), or the refusal with its errors by row (400 invalid_file) — so the cases below
 * read the same. Tariffs too.
 */
async function upload(url: string, token: string, file: Buffer, name = 'catalog.xlsx'): Promise<Uploaded> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), name);
  const r = await t.req<Uploaded['body'] & { import_id: number }>('POST', url, { token, body: form });
  if (r.status !== 202) return r;
  const run = await waitCatalogImport(r.body.import_id, token);
  if (run.status === 'done') return { ...r, status: 200, body: run.result as Uploaded['body'] };
  const refusal: Refused = {
    error: {
      code: 'invalid_file',
      message: run.error ?? '',
      details: { issues: [], errors: run.errors, usage: [] },
    },
  };
  return {
    ...r,
    status: 400,
    body: refusal as Uploaded['body'],
  };
}

async function waitCatalogImport(id: number, token: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const run = await t.call(catalogRoutes.importRun, { params: { id }, as: { token } });
    expect(run.status).toBe(200);
    if (run.body.status === 'done' || run.body.status === 'failed') return run.body;
    if (Date.now() > until) throw new Error(`catalogue import ${id} still ${run.body.status}`);
    await new Promise((res) => setTimeout(res, 50));
  }
}

async function sheetOf(buf: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ExcelJS.Buffer);
  return { wb, ws: wb.worksheets[0] };
}
const save = async (wb: ExcelJS.Workbook) => Buffer.from(await wb.xlsx.writeBuffer());
const header = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1);
const col = (ws: ExcelJS.Worksheet, title: string) => header(ws).indexOf(title) + 1;

/** How many entries a screen lists (archived too) with these filters. */
const count = async (d: CatalogDescriptor, query: Record<string, unknown> = {}, token = tok.specialist) => {
  const { r, params } = screenOf(d);
  const page = await call<ItemPage>(r.list, {
    params,
    query: { ...query, include_archived: 'true', limit: 1 },
    as: { token },
  });
  return page.body.total;
};

describe('XLSX export', () => {
  it('has Russian headers, the owner and archive columns, the list filters', async () => {
    const { ws } = await sheetOf(
      await download(
        `/api/catalogs/exec/1/export.xlsx?subject_type=2&q=${encodeURIComponent('график')}`,
        tok.specialist,
      ),
    );
    expect(header(ws)).toEqual(['Код', 'Наименование', 'Описание', 'Принадлежность', 'В архиве']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe(
      'В соответствии с календарным графиком выполнения работ (приложение к договору)',
    );
    expect(ws.getRow(2).getCell(4).value).toBe('Общая');
    const { ws: methods } = await sheetOf(
      await download('/api/catalogs/methods/export.xlsx?q=МСП', tok.specialist),
    );
    expect(header(methods).slice(3)).toEqual([
      'Форма способа закупки',
      'Конкурентный',
      'Только для субъектов МСП',
      'В электронной форме',
      'Закрытый способ',
      'Принадлежность',
      'В архиве',
    ]);
  });
});

describe('XLSX round trips change nothing', () => {
  // [name, screen, query of the export and import]
  const cases: [string, string, string][] = [
    ['places, company view (specialist)', 'exec_2', `company_id=COMPANY`],
    ['delivery terms', 'exec_1_1', 'subject_type=1'],
    ['methods', 'methods', ''],
    ['ensuring', 'ensuring', ''],
    ['goods', 'goods', ''],
    ['user fields', 'userfields', ''],
    ['ОКПД2', 'okpd2', ''],
    ['tariffs', 'tariffs', ''],
  ];
  for (const [name, key, rawQuery] of cases) {
    it(name, async () => {
      const { api } = byKey(key);
      const token = api.includes('tariffs') ? tok.admin : tok.specialist;
      const query = rawQuery.replace('COMPANY', String(t.ids.companies.client1));
      const d = byKey(key);
      const filters = Object.fromEntries(new URLSearchParams(query));
      if (query.startsWith('company_id'))
        await call(screenOf(d).r.create, {
          params: screenOf(d).params,
          body: { title: 'Склад «Энергосети» в Видном', company_id: t.ids.companies.client1 },
          as: { token },
        });
      const before = await count(d, filters, token);
      const file = await download(`${api}/export.xlsx${query ? `?${query}` : ''}`, token);
      const r = await upload(`${api}/import${query ? `?${query}` : ''}`, token, file);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ total: before, created: 0, updated: 0, unchanged: before });
      expect(await count(d, filters, token)).toBe(before);
    });
  }

  it("a client's own places: its export imports back unchanged", async () => {
    const q = `company_id=${t.ids.companies.client1}`;
    await t.call(catalogRoutes.exec.create, {
      params: { type: 2 },
      body: { title: 'Котельная №1', company_id: t.ids.companies.client1 },
      as: 'client',
    });
    const file = await download(`/api/catalogs/exec/2/export.xlsx?${q}`, tok.client);
    const r = await upload(`/api/catalogs/exec/2/import?${q}`, tok.client, file);
    expect(r.status).toBe(200);
    expect(r.body.created + r.body.updated).toBe(0);
  });
});

describe('XLSX import writes all rows or none', () => {
  it('creates and updates by code, audited, counts returned', async () => {
    const file = await download('/api/catalogs/generic/2/export.xlsx', tok.specialist);
    const { wb, ws } = await sheetOf(file);
    ws.getRow(2).getCell(col(ws, 'Наименование')).value =
      'Соответствие требованиям законодательства (изменено импортом)';
    ws.addRow(['', 'Наличие действующего сертификата ISO 27001', 'Для ИТ-закупок', 'Общая', 'Нет']);
    ws.addRow(['R-42', 'Отсутствие задолженности по зарплате', null, null, null]);
    const before = await count(byKey('generic_2'));
    const r = await upload('/api/catalogs/generic/2/import', tok.specialist, await save(wb));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ created: 2, updated: 1 });
    expect(await count(byKey('generic_2'))).toBe(before + 2);
    const iso = await t.call(catalogRoutes.generic.list, {
      params: { type: 2 },
      query: { q: '27001' },
      as: 'specialist',
    });
    expect(iso.body.items[0]).toMatchObject({ code: String(before + 1), description: 'Для ИТ-закупок' });
    const audit = await t.call(systemRoutes.audit, {
      query: { entity: 'catalog', entity_id: 'generic_2', action: 'import' },
      as: 'admin',
    });
    expect(audit.body.items[0].after).toMatchObject({ created: 2, updated: 1 });
  });

  it('a bad row refuses the whole file; every error names its row', async () => {
    const file = await download('/api/catalogs/ensuring/export.xlsx', tok.specialist);
    const { wb, ws } = await sheetOf(file);
    ws.addRow(['new_one', 'Новое обеспечение', null, 'Обеспечение заявки', 'Независимая гарантия', 1, 2]); // row 6: fine
    ws.addRow(['bad_title', null, null, 'Обеспечение заявки', 'Независимая гарантия', 1, 2]); // row 7
    ws.addRow(['bad_kind', 'Неизвестный вид', null, 'Залог', 'Независимая гарантия', null, null]); // row 8
    ws.addRow(['new_one', 'Повтор кода', null, 'Обеспечение заявки', 'Внесение денежных средств', 5, 1]); // row 9
    ws.getRow(2).getCell(col(ws, 'Наименование')).value = 'Переименовано, но не сохранится';
    const ensuring = () => t.call(catalogRoutes.ensuring.list, { query: { limit: 100 }, as: 'specialist' });
    const before = (await ensuring()).body;
    const r = await upload('/api/catalogs/ensuring/import', tok.specialist, await save(wb));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_file');
    const messages = r.body.error.details.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual([
      'Строка 7: не заполнено наименование',
      'Строка 8: «Вид обеспечения»: недопустимое значение «Залог»',
      'Строка 9: «Размер до, % НМЦД»: максимальный процент не может быть меньше минимального',
    ]);
    expect(r.body.error.message).toContain('ничего не изменено');
    expect((await ensuring()).body).toEqual(before);
  });

  it('repeated codes, global rows a client may not change, unknown ОКПД2', async () => {
    const q = `company_id=${t.ids.companies.client1}`;
    const file = await download(`/api/catalogs/exec/2/export.xlsx?${q}`, tok.client);
    const { wb, ws } = await sheetOf(file);
    ws.getRow(2).getCell(2).value = 'Клиент правит общую запись';
    ws.addRow(['900', 'Новая площадка', null, null, null]);
    ws.addRow(['900', 'Ещё раз тот же код', null, null, null]);
    const r = await upload(`/api/catalogs/exec/2/import?${q}`, tok.client, await save(wb));
    expect(r.status).toBe(400);
    const last = ws.rowCount;
    expect(r.body.error.details.errors).toEqual([
      { row: 2, message: 'Строка 2: общие записи справочника изменяют только администратор и специалисты' },
      { row: last, message: `Строка ${last}: код «900» уже встречается в строке ${last - 1}` },
    ]);

    const goods = await sheetOf(await download('/api/catalogs/goods/export.xlsx?q=Ноутбук', tok.specialist));
    goods.ws.getRow(2).getCell(col(goods.ws, 'Код ОКПД2')).value = '99.99.99.999';
    const g = await upload('/api/catalogs/goods/import', tok.specialist, await save(goods.wb));
    expect(g.body.error.details.errors[0].message).toBe(
      'Строка 2: код ОКПД2 «99.99.99.999» не найден в справочнике',
    );
  });

  it('refuses files that are not XLSX, lack a required column, or are missing', async () => {
    const notXlsx = await upload(
      '/api/catalogs/generic/6/import',
      tok.specialist,
      Buffer.from('Код;Наименование\n1;A'),
    );
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.error.message).toBe('Файл не является книгой Excel (XLSX)');

    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Лист1').addRow(['Код', 'Описание']);
    wb.worksheets[0].addRow(['1', 'без наименования']);
    const noTitle = await upload('/api/catalogs/generic/6/import', tok.specialist, await save(wb));
    expect(noTitle.body.error.message).toBe('В первой строке файла нет столбца «Наименование»');

    const none = await t.req('POST', '/api/catalogs/generic/6/import', {
      token: tok.specialist,
      body: new FormData(),
    }); // an empty multipart form: raw HTTP
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Прикрепите файл XLSX');
    const json = await t.call(catalogRoutes.generic.importXlsx, {
      params: { type: 6 },
      invalidBody: {},
      as: 'specialist',
    });
    expect(json.status).toBe(415);

    const client = await upload('/api/catalogs/methods/import', tok.client, Buffer.from('PK'));
    expect(client.status).toBe(403);
  });

  it('refuses a file over the upload limit with 413', async () => {
    const small = await createTestApp({ UPLOAD_LIMIT_BYTES: '2048' });
    try {
      const token = await small.login('specialist');
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(10_000)]), 'big.xlsx');
      const r = await small.req('POST', '/api/catalogs/generic/6/import', { token, body: form });
      expect(r.status).toBe(413);
      expect(r.body.error.code).toBe('payload_too_large');
    } finally {
      await small.close();
    }
  });
});
