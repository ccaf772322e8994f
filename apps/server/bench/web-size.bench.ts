import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { kb, startServer } from './lib.js';

const GOAL_KB = 250;

/** Bytes on the wire of one GET: the body as sent (not decoded), with its Content-Encoding. */
function transferred(url: string, acceptEncoding: string) {
  return new Promise<{ bytes: number; encoding: string }>((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'none') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * What the browser transfers for /login (issue #3: JS goal ≤ 250 KB). Chromium loads the page from
 * the running server and lists every response; each is fetched again from the server with the
 * Accept-Encoding Chromium sends and without any, and the bytes on the wire are counted, so the
 * figures are the server's real compressed answers, not an estimate.
 */
export async function webSizeBench(): Promise<string> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath))
    return '## What /login transfers\n\nSkipped: no Chromium at /usr/bin/chromium.\n';
  // the server serves the web app only once it is built; without it nothing would be measured
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../web/dist/index.html')))
    return '## What /login transfers\n\nSkipped: the web app is not built (run `npm run build` first).\n';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-bench-web-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: 'true' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  try {
    const page = await browser.newPage();
    const loaded = new Map<string, { type: string; acceptEncoding: string }>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      // GETs of this server; socket.io's handshake is a session, not a file to fetch again
      if (url.origin !== server.base || req.method() !== 'GET' || url.pathname.startsWith('/socket.io'))
        return;
      loaded.set(url.pathname + url.search, {
        type: req.resourceType(),
        acceptEncoding: req.headers()['accept-encoding'] ?? 'gzip, deflate, br, zstd',
      });
    });
    await page.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const scripts = [...loaded.values()].filter((r) => r.type === 'script');
    if (scripts.length === 0) throw new Error('/login loaded no script: is the web app built and served?');
    const rows: { path: string; type: string; encoding: string; wire: number; raw: number }[] = [];
    for (const [p, r] of loaded) {
      const wire = await transferred(`${server.base}${p}`, r.acceptEncoding);
      const raw = await transferred(`${server.base}${p}`, 'identity');
      rows.push({ path: p, type: r.type, encoding: wire.encoding, wire: wire.bytes, raw: raw.bytes });
    }
    rows.sort((a, b) => b.wire - a.wire);
    const sum = (xs: typeof rows, k: 'wire' | 'raw') => xs.reduce((a, r) => a + r[k], 0);
    const js = rows.filter((r) => r.type === 'script');
    const jsWire = sum(js, 'wire');
    return [
      '## What /login transfers',
      '',
      `Accept-Encoding as Chromium sends it (\`${scripts[0].acceptEncoding}\`); bytes of the response bodies on the wire.`,
      '',
      `JS: **${kb(jsWire)}** transferred (${kb(sum(js, 'raw'))} uncompressed; goal ≤ ${GOAL_KB} KB: ${jsWire / 1024 <= GOAL_KB ? 'met' : 'NOT met'}).`,
      `Everything /login loads: **${kb(sum(rows, 'wire'))}** (${kb(sum(rows, 'raw'))} uncompressed), ${rows.length} responses.`,
      '',
      '| path | type | encoding | transferred | uncompressed |',
      '|---|---|---|---|---|',
      ...rows.map((r) => `| \`${r.path}\` | ${r.type} | ${r.encoding} | ${kb(r.wire)} | ${kb(r.raw)} |`),
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
