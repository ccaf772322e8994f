import { createHash } from 'node:crypto';
import { buildPath, fileRoutes, type ImportKind, importRoutes } from '@zakupki/shared';
import { sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  contractEvents,
  contracts,
  files,
  notifications,
  payments,
  updDocuments,
  updLines,
} from '../../db/schema/index.js';
import { errorOf, fixture, importAs, type UploadFile, uploadAs } from './import-uploads.factories.js';
import { addAccount, addCustomer } from './imports.factories.js';

const t = testAppForFile();
/** A second app whose uploads may hold 1 KB at most. */
const small = testAppForFile({ UPLOAD_LIMIT_BYTES: '1024' });
let company: number;

const UPD_970 = 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml';

beforeAll(async () => {
  company = t.ids.companies.client1;
  await addCustomer(t, company, '1234567894');
  await addCustomer(t, company, '0105018196');
  await addAccount(t, company, '12312312312312312');
});

const runImport = <K extends ImportKind>(kind: K, files: UploadFile[]) =>
  importAs(t, { company, kind, files, as: 'client' });
const upload = (
  kind: ImportKind,
  files: UploadFile[],
  fields?: Record<string, string>,
  as: 'client' | { token: string } = 'client',
) => uploadAs(t, { company, kind, files, fields, as });

/** Rows of every table an import writes to. */
async function written() {
  const db = t.app.deps.db;
  const count = async (
    table:
      | typeof contracts
      | typeof updDocuments
      | typeof updLines
      | typeof payments
      | typeof contractEvents
      | typeof files,
  ) => Number((await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n);
  return {
    contracts: await count(contracts),
    upd: await count(updDocuments),
    lines: await count(updLines),
    payments: await count(payments),
    events: await count(contractEvents),
    // a refused upload is not kept as a file
    files: await count(files),
  };
}

async function expectFailure(
  kind: ImportKind,
  files: { name: string; data: Buffer }[],
  message: RegExp | string,
) {
  const before = await written();
  const run = await runImport(kind, files);
  expect(run.status).toBe('failed');
  if (typeof message === 'string') expect(run.error).toBe(message);
  else expect(run.error).toMatch(message);
  expect(run.result).toBeNull();
  expect(run.file_ids).toEqual([]);
  expect(await written()).toEqual(before);
  // the run is marked failed in its transaction and its notice is written after it: under load the
  // test can read the run before the notice (CI, 2026-11-29), so the notice is awaited
  const notice = async () =>
    (await t.app.deps.db.select().from(notifications)).find(
      (n) => (n.payload as { import_id?: number }).import_id === run.id,
    );
  await expect.poll(notice, { timeout: 15_000 }).toMatchObject({ status: 'error', message: run.error });
  return run;
}

describe('broken files are refused with a clear error and write nothing', () => {
  it('a UTF-32 file and a NUL byte in an element name are refusals naming the problem, not internal errors', async () => {
    const xml = fixture('upd', UPD_970).toString('latin1');
    await expectFailure(
      'upd',
      [
        {
          name: 'wide.xml',
          data: iconv.encode('<?xml version="1.0" encoding="UTF-32"?><Файл/>', 'utf-32le'),
        },
      ],
      /^Не удалось обработать УПД: файл «wide\.xml»: Файл в кодировке UTF-32 не поддерживается/,
    );
    const at = xml.indexOf('<Файл') >= 0 ? xml.indexOf('<Файл') : xml.indexOf('<', 10);
    const withNul = Buffer.concat([
      Buffer.from(xml.slice(0, at + 2), 'latin1'),
      Buffer.from([0]),
      Buffer.from(xml.slice(at + 2), 'latin1'),
    ]);
    const run = await expectFailure(
      'upd',
      [{ name: 'nul.xml', data: withNul }],
      /^Не удалось обработать УПД: файл «nul\.xml»: В файле есть нулевой байт \(позиция \d+\)/,
    );
    expect(run.error).not.toMatch(/внутренняя ошибка/i);
  });

  it('a file name with NUL, U+202E and 10 000 characters is stored cleaned and bounded, never a 500', async () => {
    const name = `a\u0000${'я'.repeat(10_000)}\u202Efdp.xml`;
    // a file that is refused (the run ends before the next test counts what imports wrote, and
    // the УПД the other tests import stays new to them); its name as the upload stored it
    const run = await runImport('upd', [{ name, data: Buffer.from('не XML') }]);
    expect(run.status).toBe('failed');
    const [stored] = run.files.map((f: { file_name: string }) => f.file_name);
    expect(stored.includes('\u0000') || stored.includes('\u202E')).toBe(false);
    expect([...stored].length).toBeLessThanOrEqual(200);
    expect(stored.endsWith('я.xml')).toBe(true);
  });

  it('truncated XML names the line', async () => {
    const raw = fixture('upd', UPD_970);
    await expectFailure(
      'upd',
      [{ name: 'cut.xml', data: raw.subarray(0, Math.floor(raw.length / 2)) }],
      /^Не удалось обработать УПД: файл «cut\.xml»: Повреждённый XML: [а-яё][^A-Za-z]+ \(строка \d+, позиция \d+\)$/,
    );
  });

  it('one good and one broken file: the good one is imported, the broken one named, the run a warning', async () => {
    const raw = fixture('upd', UPD_970);
    const before = await written();
    const run = await runImport('upd', [
      { name: 'good.xml', data: raw },
      { name: 'bad.xml', data: raw.subarray(0, 500) },
    ]);
    expect(run.status).toBe('warning');
    expect(run.files).toEqual([
      { file_name: 'good.xml', status: 'done', error: null },
      {
        file_name: 'bad.xml',
        status: 'failed',
        error: expect.stringMatching(/^файл «bad\.xml»: Повреждённый XML/),
      },
    ]);
    expect(run.error).toMatch(
      /^Не загружены файлы \(1\): «bad\.xml» — Повреждённый XML: .+ \(строка 3, позиция \d+\)$/,
    );
    expect(run.result.created).toBe(1);
    expect(run.result.documents.map((d: { file_name: string }) => d.file_name)).toEqual(['good.xml']);
    const after = await written();
    expect(after.upd).toBe(before.upd + 1);
    const stored = await vi.waitFor(
      async () => {
        const found = (await t.app.deps.db.select().from(notifications)).find(
          (n) => (n.payload as { import_id?: number }).import_id === run.id,
        );
        if (!found) throw new Error('no notice yet');
        return found;
      },
      { timeout: 15_000 },
    );
    expect(stored.status).toBe('warning');
    expect(stored.message).toContain(run.error);
  });

  it('wrong encoding: UTF-8 bytes under a windows-1251 declaration, an unknown encoding', async () => {
    const text = iconv.decode(fixture('upd', UPD_970), 'windows-1251');
    await expectFailure(
      'upd',
      [{ name: 'utf8.xml', data: Buffer.from(text, 'utf8') }],
      'Не удалось обработать УПД: файл «utf8.xml»: Кодировка в заголовке XML (windows-1251) не совпадает с содержимым: файл записан в UTF-8',
    );
    await expectFailure(
      'eis-contracts',
      [{ name: 'enc.xml', data: Buffer.from('<?xml version="1.0" encoding="x-klingon-8"?><contract/>') }],
      'Не удалось загрузить сведения о договорах из ЕИС: файл «enc.xml»: Неизвестная кодировка XML: x-klingon-8',
    );
  });

  it('external entities and entity expansion are refused', async () => {
    const xxe = Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE Файл [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Файл ИдФайл="&xxe;"/>',
    );
    await expectFailure('upd', [{ name: 'xxe.xml', data: xxe }], /DOCTYPE или ENTITY/);
    const lol = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE lolz [<!ENTITY lol "lol">',
      ...Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
      ),
      ']>',
      '<contract><body>&lol9;</body></contract>',
    ].join('\n');
    await expectFailure('eis-contracts', [{ name: 'lol.xml', data: Buffer.from(lol) }], /DOCTYPE или ENTITY/);
  });

  it('a 50 MB file that is not XML', async () => {
    const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
    await expectFailure(
      'upd',
      [{ name: 'big.bin', data: big }],
      /^Не удалось обработать УПД: файл «big\.bin»: Файл слишком большой для XML-документа \(50 МБ\)$/,
    );
  }, 60_000);

  it('a ZIP bomb', async () => {
    const bomb = Buffer.from(zipSync({ 'bomb.xml': new Uint8Array(20 * 1024 * 1024) }, { level: 9 }));
    expect(bomb.length).toBeLessThan(100_000);
    await expectFailure(
      'upd',
      [{ name: 'bomb.zip', data: bomb }],
      /^Не удалось обработать УПД: Архив «bomb\.zip»: /,
    );
  });

  it('a bank statement cut short names the line; a binary file is not a statement', async () => {
    const raw = fixture('1c-bank', 'kilylabs__one_day.txt');
    await expectFailure(
      'payments',
      [{ name: 'cut.txt', data: raw.subarray(0, raw.length - 200) }],
      /^Не удалось загрузить банковскую выписку: файл «cut\.txt»: строка \d+: секция СекцияДокумент не закрыта/,
    );
    await expectFailure(
      'payments',
      [{ name: 'bin.txt', data: Buffer.alloc(1000, 0xff) }],
      'Не удалось загрузить банковскую выписку: файл «bin.txt»: Файл не является выгрузкой 1С (нет заголовка 1CClientBankExchange)',
    );
  });
});

/**
 * A statement large enough to be written in several chunks before its end is read (a bank
 * statement is read while it is stored), in windows-1251; `tail` replaces its last document.
 */
function bigStatement(documents: number, tail: string): Buffer {
  const doc = (n: number, amount: string) =>
    [
      'СекцияДокумент=Платежное поручение',
      `Номер=${n}`,
      'Дата=11.01.2016',
      `Сумма=${amount}`,
      'ПлательщикСчет=12312312312312312',
      'ПлательщикИНН=123123123123',
      'Плательщик1=ООО «Плательщик»',
      'ПолучательСчет=40702810900000000099',
      'ПолучательИНН=7704123450',
      'Получатель1=ООО «Поставщик»',
      `НазначениеПлатежа=Оплата по счёту ${n}`,
      'КонецДокумента',
    ].join('\r\n');
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'РасчСчет=12312312312312312',
  ];
  for (let n = 1; n < documents; n++) lines.push(doc(n, `${n}.00`));
  lines.push(tail.replace('<doc>', doc(documents, '12,34,56')));
  return iconv.encode(`${lines.join('\r\n')}\r\n`, 'win1251');
}

describe('a large statement is read while it is stored: an error near its end rolls back every chunk', () => {
  it.each([
    [
      'a malformed amount in the last document',
      '<doc>\r\nКонецФайла',
      /: строка \d+: некорректная сумма «12,34,56»$/,
    ],
    [
      'no КонецФайла after 3 000 documents',
      'СекцияДокумент=Платежное поручение',
      /: строка \d+: секция СекцияДокумент не закрыта/,
    ],
  ])('%s', async (_, tail, message) => {
    await expectFailure('payments', [{ name: 'big.txt', data: bigStatement(3001, tail) }], message);
  });
});

describe('upload checks', () => {
  it('a request that is not multipart, an empty upload, a wrong field or kind get 400 in Russian', async () => {
    const json = await t.call(importRoutes.start, {
      params: { company_id: company, kind: 'upd' },
      invalidBody: { file: 'x' },
      as: 'client',
    });
    expect(json.status).toBe(400);
    expect(errorOf(json).message).toBe('Загрузите файл: ожидается форма multipart/form-data с полем file');
    const empty = await upload('upd', [{ name: 'empty.xml', data: Buffer.alloc(0) }]);
    expect(empty.status).toBe(400);
    expect(errorOf(empty).message).toBe('Файл не загружен или пустой: выберите файл XML, TXT или архив ZIP');
    const wrongField = await uploadAs(t, {
      company,
      kind: 'upd',
      files: [{ name: 'a.xml', data: fixture('upd', UPD_970) }],
      fieldName: 'document',
      as: 'client',
    });
    expect(wrongField.status).toBe(400);
    // a kind that does not exist: deliberately outside the contract's kinds
    const kind = await upload('plans' as ImportKind, [{ name: 'a.xml', data: fixture('upd', UPD_970) }]);
    expect(kind.status).toBe(400);
    const dates = await upload('eis-contracts', [{ name: 'a.xml', data: fixture('upd', UPD_970) }], {
      date_from: '2020-05-01',
      date_to: '2020-01-01',
    });
    expect(dates.status).toBe(400);
    expect(errorOf(dates).details?.issues?.[0]).toEqual({
      path: 'body.date_to',
      message: 'Конец периода раньше его начала',
    });
    const noToken = await upload(
      'upd',
      [{ name: 'a.xml', data: fixture('upd', UPD_970) }],
      {},
      { token: '' },
    );
    expect(noToken.status).toBe(401);
  });

  it('an upload above the limit is refused with 413', async () => {
    const r = await uploadAs(small, {
      company: small.ids.companies.client1,
      kind: 'upd',
      files: [{ name: 'a.xml', data: Buffer.alloc(4096, 0x41) }],
      as: 'client',
    });
    expect(r.status).toBe(413);
  });
});

describe('stored uploads', () => {
  it('the uploaded file is served back to its company with its name', async () => {
    const raw = fixture('upd', UPD_970);
    const run = await runImport('upd', [{ name: 'Счёт 970.xml', data: raw }]);
    // the raw bytes and headers of the download: through inject, not the JSON of t.call
    const r = await t.app.inject({
      method: 'GET',
      url: buildPath(fileRoutes.get.path, { id: run.file_ids[0] }),
      headers: { authorization: `Bearer ${await t.login('client')}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.equals(raw)).toBe(true);
    expect(r.headers['content-type']).toBe('application/xml');
    expect(String(r.headers['content-disposition'])).toContain(
      "filename*=UTF-8''%D0%A1%D1%87%D1%91%D1%82%20970.xml",
    );
    // imported by an earlier test of this file, so this run found it a duplicate
    expect(run.result.documents[0].duplicate).toBe(true);
    const docs = await t.app.deps.db.select().from(updDocuments);
    expect(docs.some((d) => d.fileSha256 === createHash('sha256').update(raw).digest('hex'))).toBe(true);
  });
});
