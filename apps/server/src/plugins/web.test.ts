import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test/harness.js';
import { IMMUTABLE, REVALIDATE, registerCompression, registerWeb } from './web.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'zk-web-'));
// a hashed bundle with the copies scripts/precompress.mjs makes, one without, its source map
const BUNDLE = `console.log(${JSON.stringify('закупки '.repeat(400))});`;
const PLAIN = `export const x = ${JSON.stringify('contract '.repeat(300))};`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="ru"><div id="root"></div></html>',
);
fs.writeFileSync(path.join(dist, 'assets/app.js'), 'console.log(1)');
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js'), BUNDLE);
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js.br'), zlib.brotliCompressSync(BUNDLE));
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js.gz'), zlib.gzipSync(BUNDLE, { level: 9 }));
fs.writeFileSync(path.join(dist, 'assets/lazy-Ef34Gh.js'), PLAIN);
fs.writeFileSync(path.join(dist, 'assets/index-Ab12Cd.js.map'), '{"version":3,"sources":[]}');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const t = testAppForFile({ WEB_DIST_DIR: dist }, { web: true });
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

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

describe('caching', () => {
  it('hashed assets are immutable for a year; index.html is revalidated; other files for an hour', async () => {
    for (const url of ['/assets/index-Ab12Cd.js', '/assets/lazy-Ef34Gh.js'])
      expect((await get(url, 'br')).headers['cache-control'], url).toBe(IMMUTABLE);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/login', '/contracts/register', '/index.html']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe(REVALIDATE);
    }
    expect(REVALIDATE).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('compression', () => {
  it('sends the brotli or gzip copy made at build time, as the browser accepts', async () => {
    const br = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers['content-type'])).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.equals(fs.readFileSync(path.join(dist, 'assets/index-Ab12Cd.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);

    const gz = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await get('/assets/index-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('compresses a file without a copy and API JSON on the fly; small answers stay as they are', async () => {
    const lazy = await get('/assets/lazy-Ef34Gh.js', 'br');
    expect(lazy.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(lazy.rawPayload).toString()).toBe(PLAIN);

    const openapi = await get('/api/docs/json', 'gzip, br');
    expect(openapi.statusCode).toBe(200);
    expect(openapi.headers['content-encoding']).toBe('br');
    const json = zlib.brotliDecompressSync(openapi.rawPayload);
    expect(JSON.parse(json.toString()).openapi).toMatch(/^3\./);
    expect(openapi.rawPayload.length).toBeLessThan(json.length / 4);

    const gz = await get('/api/docs/json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const health = await get('/api/health', 'br');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });
});

describe('source maps', () => {
  it('answer 404 unless WEB_SOURCE_MAPS is on', async () => {
    const off = await get('/assets/index-Ab12Cd.js.map');
    expect(off.statusCode).toBe(404);
    expect(off.json().error.code).toBe('not_found');

    const app = Fastify();
    await registerCompression(app);
    await registerWeb(app, dist, { indexHtml: null }, { sourceMaps: true });
    const on = await app.inject({ method: 'GET', url: '/assets/index-Ab12Cd.js.map' });
    await app.close();
    expect(on.statusCode).toBe(200);
    expect(on.json().version).toBe(3);
  });
});
