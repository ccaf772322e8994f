import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, datasetCopy } from './bench-db.js';
import { memory, phasesLine, timedImport, timeline } from './import-api.js';
import { fmt, kb, loadAverage, login, mb, startServer } from './lib.js';
import { UPD_TEMPLATE, updArchive } from './upd-files.js';

const FILES = Number(process.env.BENCH_UPD_FILES ?? 1000);
const GOAL_SECONDS = 20;

/**
 * 1 000 УПД files (made from a real 5.03 sample) in one ZIP archive imported through the API into
 * the company with the generated register (issue #5 item 6): time from the start of the upload to
 * the run being done, and the server's peak memory. Goal: ≤ 20 s (issue 27).
 */
export async function importUpdBench(): Promise<string> {
  const ds = await datasetCopy('upd');
  const archive = await updArchive(ds.url, ds.companyId, FILES);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-upd-'));
  const server = await startServer({ DATABASE_URL: ds.url, DATA_DIR: dataDir });
  try {
    const token = await login(server.base);
    const loadBefore = loadAverage();
    const t = await timedImport(
      server.base,
      token,
      ds.companyId,
      'upd',
      [{ name: 'upd.zip', data: archive.zip, contentType: 'application/zip' }],
      server.child.pid!,
    );
    const loadAfter = loadAverage();
    // the server logs the run's steps right after it commits: the poll may see `done` first
    for (let i = 0; i < 40 && server.importPhases.length === 0; i++)
      await new Promise((r) => setTimeout(r, 50));
    if (t.run.status !== 'done') throw new Error(`УПД import failed: ${t.run.error}`);
    const r = t.run.result as {
      created: number;
      duplicates: number;
      without_contract: number;
      documents: unknown[];
    };
    const [mapping] = await adminQuery<{ lines: number; proposed: number; confidence: string }>(
      `select count(*)::int as lines, count(m.contract_item_id)::int as proposed,
         coalesce(round(avg(m.confidence), 2), 0)::text as confidence
       from upd_lines l join upd_documents d on d.id = l.document_id
       left join upd_line_mappings m on m.upd_line_id = l.id where d.company_id = ${ds.companyId}`,
      ds.url,
    );
    return [
      '## УПД import',
      '',
      `${archive.files} УПД 5.03 made from the real \`${UPD_TEMPLATE}\` (windows-1251), ${archive.lines} lines, ` +
        `${mb(archive.bytes)} of XML in one ZIP of ${kb(archive.zip.length)}; each names its contract (ОснПер) ` +
        `in the register of ${ds.stats.contracts} contracts; load average before ${loadBefore}, after ${loadAfter}.`,
      '',
      '| files | time, upload → done | goal ≤ 20 s | server RSS: before → peak (VmHWM) | created | without contract | lines with a proposed specification item (mean confidence) |',
      '|---|---|---|---|---|---|---|',
      `| ${r.documents.length} | **${fmt(t.seconds)} s** | ${t.seconds <= GOAL_SECONDS ? 'met' : 'NOT met'} | ${memory(t)} | ` +
        `${r.created} | ${r.without_contract} | ${mapping.proposed} of ${mapping.lines} (${mapping.confidence}) |`,
      '',
      `Timeline: ${timeline(t)} (10 % when the run starts, 20 % once the archive is read and unpacked, ` +
        '40 % once every file is parsed; the rest — finding the contracts, storing the documents and ' +
        'proposing the line mapping — set-wise, 100 files to a transaction and a statement per step, file by file only for a chunk that fails).',
      '',
      `Steps as the server logged them (wall time, and the server process's CPU time in it): ${phasesLine(server.importPhases.at(-1))}.`,
      '',
    ].join('\n');
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
