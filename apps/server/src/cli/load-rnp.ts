import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { closeParsePool } from '../kernel/parse-pool.js';
import { AppError } from '../lib/app-error.js';
import { lawOf } from '../modules/rnp/rnp.policy.js';
import { loadRnp } from '../modules/rnp/rnp.service.js';

/**
 * Replaces the register of unfair suppliers (РНП) in the configured database with an open-data
 * file (docs/rnp.md, docs/operations.md):
 *   npm run rnp:load -- rnp.csv [--law 44-fz|223-fz] [--source 'ЕИС, выгрузка от 01.11.2026']
 * The EIS XML export (one file or a ZIP of them) or the CSV layout of docs/rnp.md. The same file
 * again writes nothing; a bad file is refused naming the record and column, and nothing is written.
 */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      law: { type: 'string' },
      source: { type: 'string' },
    },
  });
  const fail = (m: string): never => {
    console.error(m);
    process.exit(1);
  };
  const file = values.file ?? positionals[0] ?? fail('Укажите файл реестра: npm run rnp:load -- <файл>');
  const law = values.law ? (lawOf(values.law) ?? fail('--law: 44-fz или 223-fz')) : null;
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  try {
    const name = path.basename(file);
    const r = await loadRnp(
      { db: database.db },
      null,
      { name, data: readFileSync(file) },
      {
        source: values.source ?? `загружено из файла ${name}`,
        law,
      },
    );
    console.log(
      r.loaded
        ? `РНП: загружено записей ${r.rows} из «${name}»`
        : `РНП: не загружено — этот файл уже загружен (записей в реестре: ${r.rows})`,
    );
  } catch (err) {
    if (err instanceof AppError) fail(err.message);
    throw err;
  } finally {
    await closeParsePool();
    await database.close();
  }
}

void main();
