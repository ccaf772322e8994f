import type { CatalogDescriptor } from '@zakupki/shared';
import { offThread, type Parsers } from '../../kernel/parse-pool.js';
import { workerOf } from '../../kernel/parse-worker.js';
import { packRows, readCatalogXlsx } from './catalogs.xlsx.js';

/** The catalogues' parser, run in the parse pool's threads (kernel/parse-pool.ts). */
export const PARSERS = {
  'catalog-xlsx': async (buf: Buffer, d: CatalogDescriptor) => packRows(await readCatalogXlsx(buf, d)),
} satisfies Parsers;

/** Reads an uploaded catalogue workbook off the event loop. */
export const parseOffThread = offThread<typeof PARSERS>(import.meta.url, 'catalogs.parsers');

/** The worker thread's handler of these parsers. */
export default workerOf(PARSERS);
