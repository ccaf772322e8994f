import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app from the same origin; unknown non-API paths get index.html (SPA routes). */
export async function registerWeb(app: FastifyInstance, distDir: string, spa: SpaHolder) {
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
    maxAge: '1h',
    immutable: false,
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
