import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { ParseError } from '../lib/parse-error.js';
import { CLASSIFIERS, type Classifier } from '../modules/classifiers/classifiers.parser.js';
import { loadClassifier } from '../modules/classifiers/classifiers.service.js';

/**
 * Loads a newer official release of a classifier into the configured database, without a
 * release of the product (docs/operations.md):
 *   npm run classifiers:load -- --classifier okpd2 --file okpd_table.tsv --release 2026-09-24 \
 *     --source 'Росстат, OKPD2.rar от 24.09.2026'
 * Layouts: ОКПД2 `code<TAB>name` (UTF-8), ОКВЭД2 Rosstat open data `"Раздел";"Код";"Наименование"`
 * (windows-1251), ОКЕИ `Code,Name,SymbolRu,SymbolEn,AlphaRu,AlphaEn,GroupId`; gzip is accepted.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      classifier: { type: 'string' },
      file: { type: 'string' },
      release: { type: 'string' },
      source: { type: 'string', default: 'загружено администратором' },
      force: { type: 'boolean', default: false },
    },
  });
  const fail = (m: string): never => {
    console.error(m);
    process.exit(1);
  };
  const classifier = values.classifier as Classifier;
  if (!CLASSIFIERS.includes(classifier)) fail(`--classifier: один из ${CLASSIFIERS.join(', ')}`);
  if (!values.file) fail('--file: путь к файлу классификатора');
  if (!values.release) fail('--release: дата редакции, ГГГГ-ММ-ДД');
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  try {
    const r = await loadClassifier({ db: database.db }, classifier, readFileSync(values.file!), {
      release: values.release!,
      source: values.source!,
      force: values.force,
    });
    console.log(
      r.loaded
        ? `${classifier}: загружено кодов ${r.rows} (редакция ${values.release})`
        : `${classifier}: не загружено (${r.reason === 'same' ? 'этот файл уже загружен' : `загружена более новая редакция: ${r.reason?.slice(6)}; --force, чтобы заменить`})`,
    );
  } catch (err) {
    if (err instanceof ParseError) fail(`Файл не принят: ${err.message}`);
    throw err;
  } finally {
    await database.close();
  }
}

void main();
