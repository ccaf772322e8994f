import { ParseError } from '../../lib/parse-error.js';
import { parseEisFile } from './eis/eis.parser.js';
import { parseUpd } from './upd/upd.parser.js';

/** The parsers a worker thread of parse-pool.ts runs. */
const PARSERS = { upd: parseUpd, eis: parseEisFile } as const;
export type ParserName = keyof typeof PARSERS;

export type ParseTask = { parser: ParserName; data: Uint8Array; name: string };
export type ParseOutcome = { ok: unknown } | { refused: string };

/** Runs in a worker thread: a file that does not parse comes back as its Russian message. */
export default function parse(task: ParseTask): ParseOutcome {
  const buf = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  try {
    return { ok: PARSERS[task.parser](buf, task.name) };
  } catch (err) {
    if (err instanceof ParseError) return { refused: err.message };
    throw err;
  }
}
