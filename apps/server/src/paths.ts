import path from 'node:path';

/**
 * The server's folder (apps/server), found from this module: src/paths.ts when run from source
 * (tsx, tests), dist/main.js when bundled (scripts/server-build.mjs), both one level below it.
 * Files the server reads at run time that live outside its code are found from here.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** Drizzle's SQL migrations, applied at start. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/** The built web app served from the same origin (WEB_DIST_DIR overrides it). */
export const DEFAULT_WEB_DIST = path.join(SERVER_DIR, '../web/dist');

/** The complete ОКПД2, ОКЕИ and ОКВЭД2 shipped with the server (modules/classifiers). */
export const CLASSIFIERS_DATA_DIR = path.join(SERVER_DIR, 'src/modules/classifiers/data');
