import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-web-'));

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ru"><div id="root"></div></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
  t = await createTestApp({ WEB_DIST_DIR: dist }, { web: true });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('web app from the same origin', () => {
  it('serves index.html for client-side routes and the assets as files', async () => {
    for (const url of [
      '/',
      '/login',
      '/contracts/register?status=concluded',
      '/eisPlanItems/2190000123',
      '/files/12',
    ]) {
      const r = await t.req('GET', url);
      expect(r.status, url).toBe(200);
      expect(String(r.headers['content-type'])).toContain('text/html');
      expect(String(r.body)).toContain('<div id="root">');
    }
    const js = await t.req('GET', '/assets/app.js');
    expect(js.status).toBe(200);
    expect(String(js.headers['content-type'])).toContain('javascript');
  });

  it('keeps JSON 404s for the API and missing files', async () => {
    const api = await t.req('GET', '/api/unknown');
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe('not_found');
    expect((await t.req('GET', '/assets/missing.js')).status).toBe(404);
    expect((await t.req('POST', '/login')).status).toBe(404);
  });
});
