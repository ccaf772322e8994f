import { offThread, type Parsers } from '../../kernel/parse-pool.js';
import { workerOf } from '../../kernel/parse-worker.js';
import { statementRows } from './bank/statement-rows.js';
import { parseEisFile } from './eis/eis.parser.js';
import { parseUpd } from './upd/upd.parser.js';

/** The imports' parsers, run in the parse pool's threads (kernel/parse-pool.ts). */
export const PARSERS = {
  upd: (buf: Buffer, name: string) => parseUpd(buf, name),
  eis: (buf: Buffer, name: string) => parseEisFile(buf, name),
  bank: statementRows,
} satisfies Parsers;

/** Parses an uploaded file off the event loop with one of the imports' parsers. */
export const parseOffThread = offThread<typeof PARSERS>(import.meta.url, 'imports.parsers');

/** The worker thread's handler of these parsers. */
export default workerOf(PARSERS);
