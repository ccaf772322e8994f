import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's content-hashed files: a new build gives them new names, so browsers keep them for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: the browser asks again each time (304 when unchanged). */
export const REVALIDATE = 'no-cache';
/** Other files of the build (favicon and the like): their names do not change with their content. */
const SHORT = 'public, max-age=3600';

/**
 * Compression of every answer worth it, API JSON included: brotli or gzip as the browser accepts,
 * from 1 KB up (smaller answers gain less than the headers). Answers made per request use brotli
 * at quality 4, about as fast as gzip's default and smaller; the web build's files are compressed
 * once at build time at the highest levels (scripts/precompress.mjs) and sent as they are.
 * Compressed content types only (mime-db's list: JSON, text, JS, SVG…): ZIP, XLSX or PDF downloads
 * go out untouched. Registered before the routes, whose answers it then covers.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

/** Cache-Control of a file of the web build, by its path inside the build. */
export function cacheControlFor(relativePath: string): string {
  const p = relativePath.split(path.sep).join('/');
  if (p.startsWith('assets/')) return IMMUTABLE;
  if (p === 'index.html') return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built web app from the same origin; unknown non-API paths get index.html (SPA routes,
 * the not-found handler). Source maps (*.map) answer 404 unless `sourceMaps` (WEB_SOURCE_MAPS).
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string,
  spa: SpaHolder,
  opts: { sourceMaps: boolean },
) {
  const index = path.join(distDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn({ distDir }, 'web build not found: only the API is served (run npm run build)');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    // the .br / .gz copies made at build time, chosen by Accept-Encoding
    preCompressed: true,
    // Cache-Control is set below, by path
    cacheControl: false,
    allowedPath: (pathName) => opts.sourceMaps || !pathName.endsWith('.map'),
    setHeaders(res, filePath) {
      const original = filePath.replace(/\.(br|gz)$/, '');
      res.setHeader('cache-control', cacheControlFor(path.relative(distDir, original)));
      // the answer depends on Accept-Encoding (a compressed copy, or compression on the fly)
      res.setHeader('vary', 'accept-encoding');
    },
  });
  spa.indexHtml = fs.readFileSync(index, 'utf8');
}

/** Holds the built index.html; the not-found handler answers SPA routes with it. */
export type SpaHolder = { indexHtml: string | null };

/** index.html for GET requests of client-side routes; null when the request is not one. */
export function spaPage(spa: SpaHolder, method: string, rawUrl: string): string | null {
  if (!spa.indexHtml || method !== 'GET') return null;
  const url = rawUrl.split('?')[0];
  if (url.startsWith('/api') || url.startsWith('/socket.io')) return null;
  if (/\.[a-z0-9]+$/i.test(url)) return null;
  return spa.indexHtml;
}
