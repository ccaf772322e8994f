import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../../web/dist');

/** Serves the built web app from the same origin; unknown non-API paths get index.html (SPA routes). */
export async function registerWeb(app: FastifyInstance, distDir: string) {
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
  const html = fs.readFileSync(index, 'utf8');
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api') || url.startsWith('/socket.io') || req.method !== 'GET') {
      return sendError(reply, 404, {
        error: { code: 'not_found', message: `Маршрут не найден: ${req.method} ${url}` },
      });
    }
    if (/\.[a-z0-9]+$/i.test(url) && !url.startsWith('/files/')) {
      return sendError(reply, 404, { error: { code: 'not_found', message: 'Файл не найден' } });
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
