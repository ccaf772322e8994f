import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { rnpRoutes } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { buildZip } from '../../../test/zip-bombs.js';
import { rowsOf } from '../../db/bulk.js';
import { multipart } from '../imports/import-uploads.factories.js';
import { findInRnp, loadRnp, matchInRnp, rnpStatus } from './rnp.service.js';

const t = testAppForFile();
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/rnp');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function upload(name: string, data: Buffer, as = 'admin', fields: Record<string, string> = {}) {
  const body = multipart([{ name, data }], fields);
  return t.req('POST', rnpRoutes.load.path, {
    token: await t.login(as),
    body: body.payload,
    headers: body.headers,
  });
}
const entries = async () =>
  rowsOf<Record<string, string | null>>(
    t.app.deps.db,
    sql`select registry_number, law, inn, kpp, name, included_on::text, excluded_on::text, customer_name,
          customer_inn, purchase_number, reason from rnp_entries order by law, registry_number`,
  );
const lastWrites = async () =>
  (
    await rowsOf<{ v: string }>(
      t.app.deps.db,
      sql`select string_agg(xmin::text, ',' order by id) as v from rnp_entries`,
    )
  )[0].v;
const lookup = (inn: string, on: string, kpp?: string) =>
  t.call(rnpRoutes.lookup, { query: { inn, on, ...(kpp ? { kpp } : {}) }, as: 'specialist' });

describe('before any load', () => {
  it('the status says the register is not loaded, and a check says it was not made', async () => {
    const r = await t.call(rnpRoutes.status, { as: 'operator' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ loaded: false, load: null });
    expect(await rnpStatus(t.app.deps)).toEqual({ loaded: false, load: null });
    expect(await findInRnp(t.app.deps, [{ inn: '7701000019' }], '2026-06-01')).toEqual({
      checked: false,
      loadedAt: null,
      hits: [],
    });
    expect(
      await matchInRnp(t.app.deps, sql`select '7701000019' as inn, date '2026-06-01' as on_date`),
    ).toEqual({
      checked: false,
      loadedAt: null,
      hits: [],
    });
    const l = await lookup('7701000019', '2026-06-01');
    expect(l.body).toMatchObject({ checked: false, items: [] });
  });
});

describe('permissions', () => {
  it('a client reads neither the state nor the entries; only the admin loads', async () => {
    expect((await t.call(rnpRoutes.status, { as: 'client' })).status).toBe(403);
    expect((await t.call(rnpRoutes.lookup, { query: { inn: '7701000019' }, as: 'client' })).status).toBe(403);
    const csv = fixture('rnp.csv');
    for (const who of ['client', 'specialist', 'operator']) {
      const r = await upload('rnp.csv', csv, who);
      expect(r.status, who).toBe(403);
    }
    expect((await rnpStatus(t.app.deps)).loaded).toBe(false);
    expect((await t.req('GET', rnpRoutes.status.path)).status).toBe(401);
  });
});

describe('loading the CSV open-data layout', () => {
  it('loads every row, records the load, and a lookup by ИНН tells in force from expired', async () => {
    const csv = fixture('rnp.csv');
    const r = await upload('rnp.csv', csv);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ loaded: true, rows: 3 });
    const status = await t.call(rnpRoutes.status, { as: 'specialist' });
    expect(status.body).toMatchObject({
      loaded: true,
      load: { file_name: 'rnp.csv', format: 'csv', sha256: sha(csv), rows: 3 },
    });
    // ordered by law, then number: 223-fz first
    expect(await entries()).toEqual([
      expect.objectContaining({ registry_number: '2260000042', law: '223-fz', excluded_on: null }),
      {
        registry_number: '23000777',
        law: '44-fz',
        inn: '770400000111',
        kpp: null,
        name: 'Иванов Пётр Сергеевич',
        included_on: '2023-01-15',
        excluded_on: '2025-01-15',
        customer_name: 'МКУ «Служба заказчика»',
        customer_inn: '7710000047',
        purchase_number: null,
        reason: 'Уклонение',
      },
      expect.objectContaining({ registry_number: '25000101', inn: '7701000019', name: 'ООО "Ромашка"' }),
    ]);
    // excluded on 2027-03-10: counts the day before, no longer on that day
    expect((await lookup('7701000019', '2027-03-09', '770101001')).body.items).toMatchObject([
      { registry_number: '25000101', in_force: true, kpp_matches: true },
    ]);
    expect((await lookup('7701000019', '2027-03-10', '770102001')).body.items).toMatchObject([
      { in_force: false, kpp_matches: false },
    ]);
    // not yet included
    expect((await lookup('7701000019', '2025-03-09')).body.items[0].in_force).toBe(false);
    expect((await lookup('770400000111', '2026-06-01')).body).toMatchObject({
      checked: true,
      items: [{ registry_number: '23000777', in_force: false, kpp_matches: null }],
    });
    expect((await lookup('5402000024', '2026-06-01')).body).toMatchObject({ checked: true, items: [] });
  });

  it('findInRnp returns only the entries in force on the date, for each participant', async () => {
    const found = await findInRnp(
      t.app.deps,
      [
        { inn: '7701000019', kpp: '770101001' },
        { inn: '770400000111' },
        { inn: '6603000033' },
        { inn: '5402000024' },
      ],
      '2026-06-01',
    );
    expect(found.checked).toBe(true);
    expect(found.hits.map((h) => [h.inn, h.entry.registryNumber, h.kppMatches])).toEqual([
      ['7701000019', '25000101', true],
      ['6603000033', '2260000042', null],
    ]);
  });

  it('matchInRnp matches a query’s rows, each on its own date, in one statement', async () => {
    // rows as another module's query gives them: ИНН and date, plus its own columns given back
    const subjects = sql`select * from (values
        (1, '7701000019', date '2027-03-09'), (2, '7701000019', date '2027-03-10'),
        (3, '7701000019', date '2025-03-09'), (4, '6603000033', date '2026-02-01'),
        (5, '5402000024', date '2026-06-01')) v(key, inn, on_date)`;
    const found = await matchInRnp<{ key: number; on_date: string }>(t.app.deps, subjects);
    expect(found.checked).toBe(true);
    // 1: the day before the exclusion; 2: excluded that day; 3: before inclusion; 4: from inclusion on; 5: absent
    expect(found.hits.map((h) => [h.subject.key, h.subject.on_date, h.entry.registryNumber])).toEqual([
      [4, '2026-02-01', '2260000042'],
      [1, '2027-03-09', '25000101'],
    ]);
    expect(found.hits[1].entry).toMatchObject({ includedOn: '2025-03-10', excludedOn: '2027-03-10' });
  });

  it('the same file again writes nothing', async () => {
    const before = await lastWrites();
    const r = await upload('again.csv', fixture('rnp.csv'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ loaded: false, reason: 'same', rows: 3 });
    expect(await lastWrites()).toBe(before);
    expect((await rnpStatus(t.app.deps)).load?.file_name).toBe('rnp.csv');
  });

  it('a windows-1251 file with a comma and the law chosen at upload is read', async () => {
    const text =
      'ИНН,Наименование,Дата включения,Номер реестровой записи\r\n6603000033,ООО «Вектор»,2026-02-01,77\r\n';
    const r = await upload('cp1251.csv', iconv.encode(text, 'win1251'), 'admin', { law: '223-fz' });
    expect(r.status).toBe(200);
    expect(await entries()).toEqual([
      expect.objectContaining({
        registry_number: '77',
        law: '223-fz',
        name: 'ООО «Вектор»',
        included_on: '2026-02-01',
      }),
    ]);
  });
});

describe('loading the EIS XML export', () => {
  it('44-ФЗ: namespaced records, a legal entity and an individual, the exclusion date below exclude', async () => {
    const xml = fixture('rnp-44fz.xml');
    const r = await loadRnp(t.app.deps, null, { name: 'rnp-44fz.xml', data: xml }, { source: 'тест' });
    expect(r).toMatchObject({ loaded: true, rows: 2, status: { load: { format: 'xml', sha256: sha(xml) } } });
    expect(await entries()).toEqual([
      {
        registry_number: '23000777',
        law: '44-fz',
        inn: '770400000111',
        kpp: null,
        name: 'Иванов Пётр Сергеевич',
        included_on: '2023-01-15',
        excluded_on: '2025-01-15',
        customer_name: 'МКУ «Служба заказчика»',
        customer_inn: '7710000047',
        purchase_number: null,
        reason: 'WINNER_DEVIATION',
      },
      {
        registry_number: '25000101',
        law: '44-fz',
        inn: '7701000019',
        kpp: '770101001',
        name: 'ООО «Ромашка»',
        included_on: '2025-03-10',
        excluded_on: '2027-03-10',
        customer_name: 'ГБУ «Городская поликлиника № 1»',
        customer_inn: '7710000047',
        purchase_number: '0373100000125000001',
        reason: 'CANCEL_CONTRACT',
      },
    ]);
  });

  it('223-ФЗ: the law from the namespace, the dates and supplier of unfairSupplierData', async () => {
    const r = await upload('rnp-223fz.xml', fixture('rnp-223fz.xml'));
    expect(r.status).toBe(200);
    expect(await entries()).toEqual([
      {
        registry_number: '2260000042',
        law: '223-fz',
        inn: '6603000033',
        kpp: '660301001',
        name: 'ООО «Вектор»',
        included_on: '2026-02-01',
        excluded_on: '2028-02-01',
        customer_name: 'АО «Энергосбыт»',
        customer_inn: '5402000024',
        purchase_number: '32614000001',
        reason: 'Уклонение от заключения договора',
      },
    ]);
  });
});

describe('a ZIP of XML exports', () => {
  it('reads every XML of the archive as one register, and the upload is audited', async () => {
    const zip = buildZip([
      { name: '44/rnp-44fz.xml', data: fixture('rnp-44fz.xml') },
      { name: '223/rnp-223fz.xml', data: fixture('rnp-223fz.xml') },
      { name: 'readme.txt', data: Buffer.from('не реестр') },
    ]);
    const r = await upload('rnp.zip', zip);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      loaded: true,
      rows: 3,
      status: { load: { format: 'xml', file_name: 'rnp.zip' } },
    });
    expect((await entries()).map((e) => `${e.law} ${e.registry_number}`)).toEqual([
      '223-fz 2260000042',
      '44-fz 23000777',
      '44-fz 25000101',
    ]);
    const [entry] = await rowsOf<{ action: string; after: { file_name: string; rows: number } }>(
      t.app.deps.db,
      sql`select action, after from audit_log where entity = 'rnp' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'import', after: { file_name: 'rnp.zip', rows: 3 } });
  });
});

describe('a bad file is refused, naming the problem, and nothing is written', () => {
  const refused = async (name: string, data: Buffer, fields: Record<string, string> = {}) => {
    const before = { status: await rnpStatus(t.app.deps), writes: await lastWrites() };
    const r = await upload(name, data, 'admin', fields);
    expect(r.status).toBe(400);
    expect(errorOf(r).code).toBe('invalid_file');
    expect(await rnpStatus(t.app.deps)).toEqual(before.status);
    expect(await lastWrites()).toBe(before.writes);
    return errorOf(r).message;
  };

  it('an ИНН with a wrong check digit names its line and column', async () => {
    const text = fixture('rnp.csv').toString('utf8').replace('6603000033;', '6603000034;');
    expect(await refused('bad.csv', Buffer.from(text))).toBe(
      'Файл «bad.csv» не принят: столбец «ИНН»: «6603000034» — неверная контрольная сумма (строка 4)',
    );
  });

  it('a NUL byte (not a text file) names its line', async () => {
    const text = fixture('rnp.csv').toString('utf8').replace('Иванов', 'Ива\u0000нов');
    expect(await refused('nul.csv', Buffer.from(text))).toBe(
      'Файл «nul.csv» не принят: В файле есть нулевой байт: это не текст CSV или файл повреждён (строка 3)',
    );
  });

  it('a missing column is named, with the columns found', async () => {
    expect(await refused('bad.csv', Buffer.from('ИНН;Наименование\n7701000019;ООО\n'))).toContain(
      'В заголовке нет столбца «Номер реестровой записи», «Дата включения»; найдены: «ИНН», «Наименование» (строка 1)',
    );
  });

  it('a CSV that names no law, loaded without one', async () => {
    const text = 'Номер реестровой записи;ИНН;Наименование;Дата включения\n1;7701000019;ООО;01.02.2026\n';
    expect(await refused('nolaw.csv', Buffer.from(text))).toContain('столбец «Закон»: не указан закон');
    expect(await refused('nolaw.csv', Buffer.from(text), { law: '94-fz' })).toBe(
      'Закон «94-fz»: ожидается 44-fz или 223-fz',
    );
  });

  it('an XML date that is not a date names the record and element', async () => {
    const xml = fixture('rnp-44fz.xml').toString('utf8').replace('2027-03-10', '2027-13-10');
    expect(await refused('bad.xml', Buffer.from(xml))).toBe(
      'Файл «bad.xml» не принят: элемент excludeDate (дата исключения): «2027-13-10» — не дата (ДД.ММ.ГГГГ или ГГГГ-ММ-ДД) (запись 1, реестровый номер 25000101)',
    );
  });

  it('an XML with no register record, and a broken XML', async () => {
    expect(
      await refused('other.xml', Buffer.from('<?xml version="1.0"?><contract><id>1</id></contract>')),
    ).toContain('В XML нет ни одной записи реестра');
    expect(await refused('broken.xml', Buffer.from('<?xml version="1.0"?><export><a></export>'))).toContain(
      'Повреждённый XML',
    );
  });
});
