import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDocx } from '../src/kernel/docx-builder.js';
import { attributeBomb, nestingBomb, wideDocument } from '../test/xml-bombs.js';
import { inflatingDocx, manyPartsDocx } from '../test/zip-bombs.js';
import { demoDataset } from './bench-db.js';
import { timedImport } from './import-api.js';
import { fmt, loadAverage, login, startServer } from './lib.js';

const GOAL_MS = 200;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Hostile uploads against a running server (issue 26 items 1, 2 and 6): XML bombs and a document
 * that must be read whole as УПД and as an EIS plan, and templates nested 3 000 levels deep,
 * inflating to 1 GB or made of 20 000 parts. The tests assert where the work runs (CPU time per
 * thread, test/thread-cpu.ts); the event-loop delay the issue names as its goal (< 200 ms while
 * the worst file is handled) depends on the machine's load, so it is measured here.
 *
 * The delay is the server's own (`event_loop_delay_ms` of /api/health, the worst since the last
 * ask, polled every 100 ms), and beside it the same less the time the main thread waited for a
 * CPU in that window (Linux schedstat): what is left is the server holding its own loop.
 */
export async function hostileUploadsBench(): Promise<string> {
  const ds = await demoDataset('hostile');
  const companyId = ds.ids.companies.client1;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-hostile-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  const pid = server.child.pid!;
  try {
    const token = await login(server.base, 'specialist@demo.local');
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(url: string, init?: RequestInit): Promise<T> => {
      const res = await fetch(`${server.base}${url}`, { headers, ...init });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const rules = `/api/companies/${companyId}/procurement_rules`;
    const rule = (await get<{ items: { id: number }[] }>(rules)).items[0];
    const versions = await get<{ items: { id: number }[] }>(`${rules}/${rule.id}/versions`);
    const draft = await get<{ id: number }>(
      `${rules}/${rule.id}/versions/${versions.items[0].id}/new-draft`,
      { method: 'POST' },
    );
    const docs = await get<{ items: { id: number }[] }>(
      `${rules}/${rule.id}/versions/${draft.id}/documents_rules`,
    );
    const templateUrl = `${rules}/${rule.id}/versions/${draft.id}/documents_rules/${docs.items[0].id}/template`;

    const uploadTemplate = async (name: string, data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)], { type: DOCX }), name);
      const res = await fetch(`${server.base}${templateUrl}`, { method: 'POST', headers, body: form });
      return `${res.status} ${((await res.json()) as { error?: { message: string } }).error?.message ?? ''}`;
    };
    const importFile = async (kind: 'upd' | 'eis-plans', name: string, xml: string) => {
      const t = await timedImport(
        server.base,
        token,
        companyId,
        kind,
        [{ name, data: Buffer.from(xml), contentType: 'application/xml' }],
        pid,
      );
      return `${t.run.status} ${t.run.error ?? ''}`;
    };
    const nested = (depth: number) =>
      buildDocx('Вложенность', [`${'{#items}'.repeat(depth)}{item.name}${'{/items}'.repeat(depth)}`]);

    const cases: [string, () => Promise<string>][] = [
      ['УПД: 900 000 attributes', () => importFile('upd', 'attributes.xml', attributeBomb())],
      ['УПД: 500 000 levels', () => importFile('upd', 'nesting.xml', nestingBomb())],
      ['УПД: 100 000 elements read whole', () => importFile('upd', 'wide.xml', wideDocument())],
      ['EIS plan: 900 000 attributes', () => importFile('eis-plans', 'plan-attributes.xml', attributeBomb())],
      [
        'EIS plan: 100 000 elements read whole',
        () => importFile('eis-plans', 'plan-wide.xml', wideDocument()),
      ],
      ['template: 3 000 nested loops', () => uploadTemplate('3000.docx', nested(3000))],
      ['template: inflating to 1 GB', async () => uploadTemplate('1gb.docx', await inflatingDocx(1024))],
      ['template: 20 000 parts', () => uploadTemplate('parts.docx', manyPartsDocx(20_000))],
    ];
    const loadBefore = loadAverage();
    const rows: string[] = [];
    for (const [name, run] of cases) {
      const probe = delayProbe(server.base, pid);
      const started = performance.now();
      const outcome = await run();
      const seconds = (performance.now() - started) / 1000;
      const { worst, own } = await probe.stop();
      rows.push(
        `| ${name} | ${fmt(seconds)} s | ${worst} ms | **${Math.round(own)} ms** | ${own < GOAL_MS ? 'met' : 'NOT met'} | ${outcome.slice(0, 90).replace(/\|/g, '/')} |`,
      );
    }
    return [
      '## Hostile uploads: the event loop while they are refused',
      '',
      `The demo database; load average before ${loadBefore}, after ${loadAverage()}.`,
      '',
      '| file | upload → refusal | worst event-loop delay | less the run-queue wait | goal < 200 ms | outcome |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Nanoseconds the main thread (thread id = pid) has waited for a CPU (Linux schedstat). */
const runQueueWaitNs = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[1]);

/** Polls the server's own event-loop delay every 100 ms until stopped. */
function delayProbe(base: string, pid: number) {
  let worst = 0;
  let own = 0;
  let running = true;
  const health = async () =>
    ((await (await fetch(`${base}/api/health`)).json()) as { event_loop_delay_ms: number })
      .event_loop_delay_ms;
  const loop = (async () => {
    await health(); // a fresh window
    let waited = runQueueWaitNs(pid);
    while (running) {
      await new Promise((r) => setTimeout(r, 100));
      const delay = await health();
      const now = runQueueWaitNs(pid);
      worst = Math.max(worst, delay);
      own = Math.max(own, delay - (now - waited) / 1e6);
      waited = now;
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { worst, own };
    },
  };
}
