import type { ChildProcess } from 'node:child_process';
import { procurementRuleRoutes as r } from '@zakupki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo/demo.seed.js';
import { buildDocx } from '../src/kernel/docx-builder.js';
import { seedCatalogs } from '../src/modules/catalogs/seed/catalogs.seed.js';
import { testDatabaseForFile } from './harness.js';
import { call, freePort, login, startNode, stopNode } from './processes.js';
import { cpuDuring, peakRssMb } from './thread-cpu.js';
import { inflatingDocx, manyPartsDocx } from './zip-bombs.js';

/**
 * Hostile DOCX templates against a real server process (issue 26 items 1–2): deeply nested loops,
 * archives that inflate to hundreds of megabytes or a gigabyte, twenty thousand parts, a 50 MB
 * file. Each is refused naming its limit, the templates are read on the template pool's threads
 * (CPU time per thread, test/thread-cpu.ts, as in bombs.test.ts: not a delay, which depends on the
 * machine's load) and the server's memory stays bounded.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL, like bombs.test.ts.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const nested = (depth: number) =>
  buildDocx('Вложенность', [`${'{#items}'.repeat(depth)}{item.name}${'{/items}'.repeat(depth)}`]);

describe.skipIf(!enabled)('no template stalls the server', () => {
  const db = testDatabaseForFile({ migrated: true });
  let node: ChildProcess;
  let port = 0;
  let token = '';
  let url = '';

  beforeAll(async () => {
    await seedCatalogs(db.database.db);
    const companyId = (await seedDemo(db.database.db, { procurements: 'none' }))!.companies.client1;
    port = await freePort();
    node = await startNode(port, { DATABASE_URL: db.url!, REDIS_URL: process.env.TEST_REDIS_URL });
    token = (await login(port, 'specialist@demo.local')).token;
    const rules = await call(port, r.list, { params: { company_id: companyId }, token });
    expect(rules.status, JSON.stringify(rules.body)).toBe(200);
    const rule = rules.body.items[0];
    const versions = await call(port, r.versions, {
      params: { company_id: companyId, rule_id: rule.id },
      token,
    });
    const draft = await call(port, r.newDraft, {
      params: { company_id: companyId, rule_id: rule.id, version_id: versions.body.items[0].id },
      token,
    });
    expect(draft.status).toBe(201);
    const p = { company_id: companyId, rule_id: rule.id, version_id: draft.body.id };
    const docs = await call(port, r.documentsRules, { params: p, token });
    url = `/api/companies/${companyId}/procurement_rules/${rule.id}/versions/${draft.body.id}/documents_rules/${docs.body.items[0].id}/template`;
  }, 120_000);

  afterAll(async () => {
    if (node) await stopNode(node);
  });

  async function upload(name: string, data: Buffer) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: DOCX }), name);
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { error: { message: string } } };
  }

  it('nested, inflating, many-part and oversized templates are refused naming the limit; read off the main thread', async () => {
    const cases: [string, Buffer, number, RegExp][] = [
      ['12 уровней.docx', nested(12), 400, /глубже 8 уровней \(ограничение шаблона\)/],
      ['3000 уровней.docx', nested(3000), 400, /глубже 8 уровней \(ограничение шаблона\)/],
      ['1 ГБ.docx', await inflatingDocx(1024), 400, /^Шаблон «1 ГБ\.docx» не принят: Файл DOCX не принят: /],
      ['300 МБ.docx', await inflatingDocx(300), 400, /сжат подозрительно сильно/],
      ['20000 частей.docx', manyPartsDocx(20_000), 400, /в архиве слишком много файлов: больше 1000/],
      ['50 МБ.docx', Buffer.alloc(50 * 1024 * 1024, 0x41), 413, /файл больше 20 МБ \(ограничение шаблона\)/],
    ];
    // this process built every file before: CPU time is counted on the server's threads
    const { main, off } = await cpuDuring(node.pid!, async () => {
      for (const [name, data, status, message] of cases) {
        const res = await upload(name, data);
        expect(res.status, name).toBe(status);
        expect(res.body.error.message, name).toMatch(message);
      }
    });
    console.info(
      `[template bombs] CPU ${main} ms on the main thread, ${off} ms on other threads; peak RSS ${peakRssMb(node.pid!)} MB`,
    );
    // the archives are inflated up to their limits and the tags counted off the event loop
    expect(off).toBeGreaterThan(2 * main);
    expect(peakRssMb(node.pid!)).toBeLessThan(1024);
  }, 180_000);
});
