import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { catalogRoutes, importRoutes } from '@zakupki/shared';
import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { peakRssMb, probe } from './event-loop-probe.js';
import { testDatabaseForFile } from './harness.js';
import { call, freePort, login, sleep, startNode, stopNode } from './processes.js';
import { attributeBomb, nestingBomb, wideDocument } from './xml-bombs.js';

/**
 * Hostile uploads against a real server process: an XML with 900 000 attributes, one nested
 * 500 000 levels deep, an XLSX whose sheet inflates hundreds of times, and a 150 000-row catalogue
 * workbook. Each is refused (or taken as a job) with a Russian message while the server keeps
 * answering: its event loop, asked every 250 ms, is never held 200 ms by its own work (time its
 * main thread spent waiting for a CPU does not count); peak memory stays bounded. Needs TEST_DATABASE_URL and TEST_REDIS_URL, like the
 * cluster test.
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

/**
 * CPU time (ms) a server process has spent: in all (every thread, ended ones included: Linux
 * `/proc/<pid>/stat`) and on its main thread (its thread id is the pid), user and system.
 */
function cpuMs(pid: number): { all: number; main: number } {
  const ms = (file: string) => {
    const stat = readFileSync(file, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10; // utime + stime, in ticks of 1/100 s
  };
  return { all: ms(`/proc/${pid}/stat`), main: ms(`/proc/${pid}/task/${pid}/stat`) };
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

  it('XML bombs are refused naming the limit; the event loop stays free', async () => {
    const cases: [string, string, RegExp][] = [
      [
        'attributes.xml',
        attributeBomb(),
        /У элемента больше 256 атрибутов.*\(строка 3, элемент <Документ>\)/,
      ],
      ['nesting.xml', nestingBomb(), /Вложенность элементов XML глубже 64 уровней/],
    ];
    // the probe times the server: this process builds nothing meanwhile
    const stop = probe(port, node.pid!);
    for (const [name, xml, message] of cases) {
      const run = await importFailure('upd', name, xml);
      expect(run.error).toMatch(message);
    }
    const { worst, own } = await stop();
    console.info(
      `[bombs] XML: event-loop delay at worst ${Math.round(worst)} ms (${Math.round(own)} ms not waiting for a CPU), peak RSS ${peakRssMb(node.pid!)} MB`,
    );
    expect(own).toBeLessThan(200);
    expect(peakRssMb(node.pid!)).toBeLessThan(1024);
  }, 120_000);

  it('the same bombs as an EIS plan are parsed off the main thread (issue 26 item 6)', async () => {
    // The bombs are refused as on the UPD path.
    const nested = await importFailure('eis-plans', 'plan-nesting.xml', nestingBomb());
    expect(nested.error).toMatch(/Вложенность элементов XML глубже 64 уровней/);
    const bomb = await importFailure('eis-plans', 'plan-attributes.xml', attributeBomb());
    expect(bomb.error).toMatch(/У элемента больше 256 атрибутов.*\(строка 3, элемент <Документ>\)/);
    // Where the parsing runs is asserted by its mechanism, not by a delay that depends on the
    // machine's load: CPU time is counted per thread, so a document the parser must read whole
    // (800 000 attributes within the limits) shows its work on the parse pool's threads; the main
    // thread (the event loop) only receives the file, stores it and records the refusal.
    const before = cpuMs(node.pid!);
    const wide = await importFailure('eis-plans', 'plan-wide.xml', wideDocument());
    expect(wide.error).toMatch(/Неизвестный тип документа ЕИС: Файл/);
    const after = cpuMs(node.pid!);
    const main = after.main - before.main;
    const off = after.all - after.main - (before.all - before.main);
    console.info(`[bombs] plan: CPU ${main} ms on the main thread, ${off} ms on other threads`);
    expect(off).toBeGreaterThan(2 * main);
  }, 300_000);

  it('an XLSX bomb is refused as such; a 150 000-row catalogue is a job, not a 504', async () => {
    const row = '<row><c t="inlineStr"><is><t>1</t></is></c><c t="inlineStr"><is><t>Бомба</t></is></c></row>';
    const bomb = await workbookWithSheet(
      `<worksheet><sheetData>${row.repeat(1_500_000)}</sheetData></worksheet>`,
    );
    const stop = probe(port, node.pid!);
    const refused = await postFile(port, token, '/api/catalogs/generic/6/import', 'bomb.xlsx', bomb, XLSX);
    expect(refused.status).toBe(202);
    const run = await until(() =>
      call(port, catalogRoutes.importRun, { params: { id: refused.body.import_id }, token }).then(
        (r) => r.body,
      ),
    );
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/^Файл XLSX не принят: .*(похоже на зип-бомбу|слишком велик после распаковки)/);
    const { worst, own } = await stop();
    console.info(
      `[bombs] XLSX ${bomb.length} bytes: event-loop delay at worst ${Math.round(worst)} ms (${Math.round(own)} ms not waiting for a CPU), peak RSS ${peakRssMb(node.pid!)} MB`,
    );
    expect(own).toBeLessThan(200);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Лист1');
    ws.addRow(['Код', 'Наименование']);
    for (let i = 1; i <= 150_000; i++) ws.addRow([String(100_000 + i), `Запись ${i}`]);
    const big = Buffer.from(await wb.xlsx.writeBuffer());
    const started = Date.now();
    const r = await postFile(port, token, '/api/catalogs/generic/6/import', 'big.xlsx', big, XLSX);
    expect(r.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(10_000);
    // the job works on it: the run moves, the server answers meanwhile
    const watch = probe(port, node.pid!);
    let seen = 0;
    for (let i = 0; i < 100 && seen < 40; i++) {
      const got = await call(port, catalogRoutes.importRun, { params: { id: r.body.import_id }, token });
      expect(got.status).toBe(200);
      seen = got.body.progress;
      await sleep(300);
    }
    expect(seen).toBeGreaterThanOrEqual(40);
    const { worst: slowest, own: slowestOwn } = await watch();
    console.info(
      `[bombs] 150 000 rows: 202 in ${Date.now() - started} ms; event-loop delay at worst while read ${Math.round(slowest)} ms (${Math.round(slowestOwn)} ms not waiting for a CPU)`,
    );
    // not a bomb: its 150 000 rows are checked in slices, but the heap they fill has its GC pauses
    // (0.4 s measured on a machine with load average 22); before, one step held the loop 2.4 s
    expect(slowestOwn).toBeLessThan(1000);
  }, 180_000);
});
