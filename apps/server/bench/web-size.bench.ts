import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { kb, startServer } from './lib.js';

const GOAL_KB = 250;

/** gzip size of every JS file the browser loads for /login (issue #3: goal ≤ 250 KB). */
export async function webSizeBench(): Promise<string> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromiumPath))
    return '## JS loaded by /login\n\nSkipped: no Chromium at /usr/bin/chromium.\n';
  // the server serves the web app only once it is built; without it nothing would be measured
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../web/dist/index.html')))
    return '## JS loaded by /login\n\nSkipped: the web app is not built (run `npm run build` first).\n';
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
    const scripts = new Map<string, number>();
    page.on('response', async (res) => {
      if (res.request().resourceType() !== 'script') return;
      const body = await res.body().catch(() => null);
      if (body) scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${server.base}/login`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    if (scripts.size === 0) throw new Error('/login loaded no script: is the web app built and served?');
    const rows = [...scripts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([p, s]) => `| \`${p}\` | ${kb(s)} |`);
    return [
      '## JS loaded by /login',
      '',
      `Total gzip: **${kb(total)}** (goal ≤ ${GOAL_KB} KB: ${total / 1024 <= GOAL_KB ? 'met' : 'NOT met'})`,
      '',
      '| file | gzip |',
      '|---|---|',
      ...rows,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
