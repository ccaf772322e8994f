import { offThread, type Parsers } from '../../kernel/parse-pool.js';
import { workerOf } from '../../kernel/parse-worker.js';
import { ParseError } from '../../lib/parse-error.js';
import { isZip, readZipSafe } from '../../lib/zip.js';
import { gunzipIfNeeded } from '../classifiers/classifiers.parser.js';
import { latestByNumber, type RnpLaw, type RnpRow } from './rnp.policy.js';
import { parseRnpCsv } from './rnp-csv.js';
import { parseRnpXml } from './rnp-xml.js';

export type RnpFormat = 'xml' | 'csv';
export type ParsedRnp = { format: RnpFormat; rows: RnpRow[] };

/** XML by its first character, CSV otherwise. */
const isXml = (data: Buffer) => /^(\uFEFF|\xEF\xBB\xBF)?\s*</.test(data.subarray(0, 64).toString('latin1'));

function parseOne(data: Buffer, law: RnpLaw | null, where?: string): ParsedRnp {
  try {
    return isXml(data)
      ? { format: 'xml', rows: parseRnpXml(data, law) }
      : { format: 'csv', rows: parseRnpCsv(data, law) };
  } catch (err) {
    if (where && err instanceof ParseError) throw new ParseError(`${where}: ${err.message}`);
    throw err;
  }
}

/**
 * A register file: one XML export, one CSV, or a ZIP of XML exports (as the EIS publishes them by
 * period), gzip allowed. All rows or a refusal naming the record; one entry per registry number.
 */
export async function parseRnpFile(data: Buffer, law: RnpLaw | null): Promise<ParsedRnp> {
  const plain = gunzipIfNeeded(data);
  if (!isZip(plain)) {
    const one = parseOne(plain, law);
    return { format: one.format, rows: latestByNumber(one.rows) };
  }
  const entries = (await readZipSafe(plain)).filter((e) => /\.(xml|csv)$/i.test(e.name));
  if (entries.length === 0) throw new ParseError('В архиве нет файлов XML или CSV');
  const parsed = entries
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((e) => parseOne(e.data, law, `Файл «${e.name}» в архиве`));
  const formats = new Set(parsed.map((p) => p.format));
  if (formats.size > 1) throw new ParseError('В архиве и XML, и CSV: загрузите файлы одного формата');
  return { format: parsed[0].format, rows: latestByNumber(parsed.flatMap((p) => p.rows)) };
}

/** The register's parser, run in the parse pool's threads (kernel/parse-pool.ts). */
export const PARSERS = {
  rnp: (buf: Buffer, law: RnpLaw | null) => parseRnpFile(buf, law),
} satisfies Parsers;

/** Reads a register file off the event loop. */
export const parseOffThread = offThread<typeof PARSERS>(import.meta.url, 'rnp.parsers');

/** The worker thread's handler of these parsers. */
export default workerOf(PARSERS);
