import type { ChildProcess } from 'node:child_process';
import { catalogRoutes, importRoutes } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { testDatabaseForFile } from './harness.js';
import { call, freePort, login, sleep, startNode, stopNode } from './processes.js';
import { cpuDuring, peakRssMb } from './thread-cpu.js';
import { attributeBomb, nestingBomb, wideDocument } from './xml-bombs.js';

/**
 * Hostile uploads against a real server process: an XML with 900 000 attributes, one nested
 * 500 000 levels deep, an XLSX whose sheet inflates hundreds of times, and a 150 000-row catalogue
 * workbook. Each is refused (or taken as a job) with a Russian message naming its limit, and the
 * parsing is shown off the event loop by its mechanism, not by a delay that depends on the
 * machine's load: CPU time is counted per thread (test/thread-cpu.ts), so a document the parser
 * must read whole shows its work on the parse pool's threads, not on the main thread. Peak memory
 * stays bounded. Needs TEST_DATABASE_URL and TEST_REDIS_URL, like the cluster test.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function postFile(port: number, token: string, url: string, name: string, data: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: r.status, body: (await r.json()) as { import_id: number } };
}

async function until<T extends { status: string }>(get: () => Promise<T>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (v.status === 'done' || v.status === 'failed') return v;
    if (Date.now() > end) throw new Error(`still ${v.status}`);
    await sleep(200);
  }
}

/** A workbook whose one sheet is `xml`, zipped at the highest compression. */
async function workbookWithSheet(xml: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Лист1').addRow(['Код', 'Наименование']);
  const parts = unzipSync(new Uint8Array(await wb.xlsx.writeBuffer()));
  parts['xl/worksheets/sheet1.xml'] = new TextEncoder().encode(xml);
  return Buffer.from(zipSync(parts, { level: 9 }));
}

describe.skipIf(!enabled)('no upload stalls the server', () => {
  const db = testDatabaseForFile({ migrated: true });
  let node: ChildProcess;
  let port = 0;
  let token = '';
  let companyId = 0;

  beforeAll(async () => {
    companyId = (await seedDemo(db.database.db, { procurements: 'none' }))!.companies.client1;
    port = await freePort();
    node = await startNode(port, { DATABASE_URL: db.url!, REDIS_URL: process.env.TEST_REDIS_URL });
    token = (await login(port, 'specialist@demo.local')).token;
  }, 120_000);

  afterAll(async () => {
    if (node) await stopNode(node);
  });

  const importRun = (id: number) =>
    call(port, importRoutes.get, { params: { company_id: companyId, import_id: id }, token }).then(
      (r) => r.body,
    );

  /** Uploads `xml` as an import of `kind` and waits (however loaded the machine) for its refusal. */
  async function importFailure(kind: string, name: string, xml: string) {
    const url = `/api/companies/${companyId}/imports/${kind}`;
    const r = await postFile(port, token, url, name, Buffer.from(xml), 'application/xml');
    expect(r.status).toBe(202);
    const run = await until(() => importRun(r.body.import_id), 240_000);
    expect(run.status).toBe('failed');
    return run;
  }

  it('XML bombs are refused naming the limit; a UPD is parsed off the main thread', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'attributes.xml',
        attributeBomb(),
        /У элемента больше 256 атрибутов.*\(строка 3, элемент <Документ>\)/,
      ],
      ['nesting.xml', nestingBomb(), /Вложенность элементов XML глубже 64 уровней/],
    ];
    for (const [name, xml, message] of cases) {
      const run = await importFailure('upd', name, xml);
      expect(run.error).toMatch(message);
    }
    // a document the parser must read whole (800 000 attributes within the limits) shows its
    // work on the parse pool's threads; the main thread only receives, stores and records it
    const xml = wideDocument();
    const {
      result: wide,
      main,
      off,
    } = await cpuDuring(node.pid!, () => importFailure('upd', 'wide.xml', xml));
    console.info(
      `[bombs] UPD: CPU ${main} ms on the main thread, ${off} ms on other threads; ${wide.error}; peak RSS ${peakRssMb(node.pid!)} MB`,
    );
    expect(wide.error).toMatch(
      /Не удалось обработать УПД: файл «wide\.xml»: Не найден атрибут Файл@ВерсФорм/,
    );
    expect(off).toBeGreaterThan(2 * main);
    expect(peakRssMb(node.pid!)).toBeLessThan(1024);
  }, 300_000);

  it('the same bombs as an EIS plan are parsed off the main thread (issue 26 item 6)', async () => {
    // The bombs are refused as on the UPD path.
    const nested = await importFailure('eis-plans', 'plan-nesting.xml', nestingBomb());
    expect(nested.error).toMatch(/Вложенность элементов XML глубже 64 уровней/);
    const bomb = await importFailure('eis-plans', 'plan-attributes.xml', attributeBomb());
    expect(bomb.error).toMatch(/У элемента больше 256 атрибутов.*\(строка 3, элемент <Документ>\)/);
    // as on the UPD path: the wide document's parsing is counted on the parse pool's threads
    const xml = wideDocument();
    const {
      result: wide,
      main,
      off,
    } = await cpuDuring(node.pid!, () => importFailure('eis-plans', 'plan-wide.xml', xml));
    expect(wide.error).toMatch(/Неизвестный тип документа ЕИС: Файл/);
    console.info(`[bombs] plan: CPU ${main} ms on the main thread, ${off} ms on other threads`);
    expect(off).toBeGreaterThan(2 * main);
  }, 300_000);

  it('an XLSX bomb is refused as such; a 150 000-row catalogue is a job, not a 504', async () => {
    const row = '<row><c t="inlineStr"><is><t>1</t></is></c><c t="inlineStr"><is><t>Бомба</t></is></c></row>';
    const bomb = await workbookWithSheet(
      `<worksheet><sheetData>${row.repeat(1_500_000)}</sheetData></worksheet>`,
    );
    // the archive is inflated (up to its limit) and refused on the parse pool's threads
    const {
      result: run,
      main,
      off,
    } = await cpuDuring(node.pid!, async () => {
      const refused = await postFile(port, token, '/api/catalogs/generic/6/import', 'bomb.xlsx', bomb, XLSX);
      expect(refused.status).toBe(202);
      return until(() =>
        call(port, catalogRoutes.importRun, { params: { id: refused.body.import_id }, token }).then(
          (r) => r.body,
        ),
      );
    });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^Файл XLSX не принят: .*(похоже на зип-бомбу|слишком велик после распаковки)/);
    console.info(
      `[bombs] XLSX ${bomb.length} bytes: CPU ${main} ms on the main thread, ${off} ms on other threads; peak RSS ${peakRssMb(node.pid!)} MB`,
    );
    expect(off).toBeGreaterThan(2 * main);
    expect(peakRssMb(node.pid!)).toBeLessThan(1024);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Лист1');
    ws.addRow(['Код', 'Наименование']);
    for (let i = 1; i <= 150_000; i++) ws.addRow([String(100_000 + i), `Запись ${i}`]);
    const big = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await postFile(port, token, '/api/catalogs/generic/6/import', 'big.xlsx', big, XLSX);
    expect(r.status).toBe(202);
    // the job works on it: the run moves, the server answers meanwhile
    let seen = 0;
    for (const end = Date.now() + 150_000; Date.now() < end && seen < 40; ) {
      const got = await call(port, catalogRoutes.importRun, { params: { id: r.body.import_id }, token });
      expect(got.status).toBe(200);
      seen = got.body.progress;
      await sleep(300);
    }
    expect(seen).toBeGreaterThanOrEqual(40);
  }, 300_000);
});
