#!/usr/bin/env node
// node scripts/precompress.mjs <dir>: writes a brotli (.br, quality 11) and a gzip (.gz, level 9)
// copy beside every text file of a web build worth compressing, once at build time; the server
// sends them to browsers that accept them (@fastify/static `preCompressed`) instead of
// compressing the same bytes on every request at a lower level. Source maps are left alone
// (served only when WEB_SOURCE_MAPS is on, and then compressed on the fly).
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const dir = path.resolve(process.argv[2] ?? 'dist');
const files = fs
  .readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && TEXT.test(e.name))
  .map((e) => path.join(e.parentPath, e.name));
let before = 0;
let after = 0;
await Promise.all(
  files.map(async (file) => {
    const data = fs.readFileSync(file);
    if (data.length < MIN_BYTES) return;
    const [br, gz] = await Promise.all([
      brotli(data, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip(data, { level: 9 }),
    ]);
    // a compressed copy no smaller than the file would only cost the browser time
    if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
    before += data.length;
    after += Math.min(br.length, data.length);
  }),
);
console.log(
  `precompressed ${files.length} files in ${path.relative(process.cwd(), dir) || '.'}: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
