import { threadId } from 'node:worker_threads';
import { ParseError } from '../../../lib/parse-error.js';
import type { BankDocument, BankParty } from './bank.types.js';
import { BankExchangeReader, paymentNaturalKey } from './bank-1c.parser.js';
import { registryNumbersIn } from './purpose-references.js';

/**
 * A bank statement read in a thread of the parse pool (imports.parsers.ts), never on the event
 * loop (a statement may be one 5 MB line): its decoded text is read a block at a time, each
 * document is classified by direction as its section closes, and the company's outgoing payment
 * orders become rows of PostgreSQL's COPY text format for the import's staging table
 * (payments-staging.ts), with what the matching in SQL needs of the purpose. Only the rows, the
 * counts and the warnings go back to the main thread: no document object crosses it.
 */

/** The staging table's columns, in the order of the COPY rows. */
export const STAGED_COLUMNS = [
  'ord',
  'file_name',
  'natural_key',
  'kind',
  'number',
  'date',
  'amount',
  'date_debited',
  'date_credited',
  'payer_name',
  'payer_inn',
  'payer_kpp',
  'payer_account',
  'payer_bik',
  'payer_bank',
  'payee_name',
  'payee_inn',
  'payee_kpp',
  'payee_account',
  'payee_bik',
  'payee_bank',
  'purpose',
  'payment_type',
  'operation_type',
  'priority',
  'uin',
  'budget',
  'purpose_compact',
  'grams',
  'registry_keys',
] as const;

export type StatementRows = {
  /** COPY text rows (UTF-8) of the outgoing orders, numbered (`ord`) from 1 in file order. */
  copy: Uint8Array;
  documents: number;
  outgoing: number;
  incoming: number;
  /** Neither side is the company, or both are (`internal`). */
  other: number;
  internal: number;
  warnings: string[];
  /** The thread that read the file (0 is the main thread). */
  threadId: number;
};

export type StatementRowsArg = {
  name: string;
  accounts: string[];
  inns: string[];
};

const isOurs = (p: BankParty, accounts: Set<string>, inns: Set<string>) =>
  (p.account !== null && accounts.has(p.account)) ||
  (p.settlementAccount !== null && accounts.has(p.settlementAccount)) ||
  (p.inn !== null && inns.has(p.inn));

/** Lines read before the documents read so far are turned into rows (about 500 orders). */
const LINES_PER_PART = 20_000;

/** Reads one statement file into staging rows; a file that does not parse throws its ParseError, named by the file. */
export function statementRows(buf: Buffer, arg: StatementRowsArg): StatementRows {
  try {
    return readRows(buf, arg);
  } catch (err) {
    if (err instanceof ParseError) throw new ParseError(`файл «${arg.name}»: ${err.message}`);
    throw err;
  }
}

function readRows(buf: Buffer, arg: StatementRowsArg): StatementRows {
  const accounts = new Set(arg.accounts);
  const inns = new Set(arg.inns);
  const out: StatementRows = {
    copy: new Uint8Array(),
    documents: 0,
    outgoing: 0,
    incoming: 0,
    other: 0,
    internal: 0,
    warnings: [],
    threadId,
  };
  const parts: Buffer[] = [];
  let ord = 1;
  const classify = (docs: BankDocument[]) => {
    let text = '';
    for (const doc of docs) {
      out.documents++;
      const payer = isOurs(doc.payer, accounts, inns);
      const payee = isOurs(doc.payee, accounts, inns);
      if (payer && !payee) {
        out.outgoing++;
        text += copyRow(ord++, arg.name, doc);
      } else if (payee && !payer) out.incoming++;
      else {
        out.other++;
        if (payer && payee) out.internal++;
      }
    }
    if (text) parts.push(Buffer.from(text, 'utf8'));
  };
  const reader = new BankExchangeReader(buf, arg.name);
  while (reader.read(LINES_PER_PART)) classify(reader.take());
  const statement = reader.finish();
  classify(reader.take());
  for (const w of statement.warnings) out.warnings.push(`${arg.name}: ${w}`);
  out.copy = Buffer.concat(parts);
  return out;
}

/** A value of COPY's text format: `\N` for null, the format's escapes for the rest. */
function field(v: string | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  // NUL cannot be stored in a text column at all
  return v.replace(/[\\\t\n\r\0]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '',
  );
}

const blank = (v: string | null) => (v ? v : null);

function copyRow(ord: number, fileName: string, d: BankDocument): string {
  const { compact, starts } = purposeStarts(d.purpose);
  // the first three characters of what may be a contract number, each once
  const grams = new Set<string>();
  for (const p of starts) if (p + 2 <= compact.length) grams.add(compact.slice(p - 1, p + 2));
  const registry = [...new Set(registryNumbersIn(d.purpose).map((n) => n.slice(0, 19)))];
  const values = [
    String(ord),
    fileName,
    paymentNaturalKey(d),
    d.kind,
    d.number,
    d.date,
    d.amount,
    d.dateDebited,
    d.dateCredited,
    d.payer.name,
    blank(d.payer.inn),
    d.payer.kpp,
    d.payer.account,
    d.payer.bik,
    d.payer.bank,
    d.payee.name,
    blank(d.payee.inn),
    d.payee.kpp,
    d.payee.account,
    d.payee.bik,
    d.payee.bank,
    d.purpose,
    d.paymentType,
    d.operationType,
    d.priority,
    d.uin,
    d.budget ? JSON.stringify(d.budget) : null,
    compact,
    `{${[...grams].map((g) => `"${g.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`,
    `{${registry.join(',')}}`,
  ];
  return `${values.map(field).join('\t')}\n`;
}

const SPACE = /\s/;
/** What may not stand right before a contract number (purpose-references.ts, BAD_BEFORE). */
const WORD_CHAR = /[\p{L}\p{N}/\\-]/u;
const DIGIT = /\p{N}/u;

/** `/\s/` of one character, without the expression for the usual ones. */
const isSpace = (c: number, s: string) => (c === 32 ? true : c < 128 ? c >= 9 && c <= 13 : SPACE.test(s));
/** `WORD_CHAR` of one character: ASCII letters and digits, «/», «\\», «-», А–я, else the expression. */
const isWordChar = (c: number, s: string) =>
  c < 128
    ? (c >= 48 && c <= 57) ||
      (c >= 65 && c <= 90) ||
      (c >= 97 && c <= 122) ||
      c === 47 ||
      c === 92 ||
      c === 45
    : (c >= 0x410 && c <= 0x44f) || WORD_CHAR.test(s);
const isDigit = (c: number, s: string) => (c >= 48 && c <= 57) || (c >= 128 && DIGIT.test(s));

/**
 * The purpose in the matcher's compact form (lower case, no white space) and the 1-based
 * positions in it where a contract number may begin: where the original text has a character
 * that is not white space and the characters before it do not glue it to a word or a number
 * (`findContractNumber` finds a number only there). Where lower-casing changed the length, every
 * position is given.
 */
export function purposeStarts(purpose: string): { compact: string; starts: number[] } {
  const compact = purpose.replace(/\s+/g, '').toLowerCase();
  const starts: number[] = [];
  let at = 0;
  for (let i = 0; i < purpose.length; i++) {
    if (isSpace(purpose.charCodeAt(i), purpose[i])) continue;
    at++;
    if (i === 0) {
      starts.push(at);
      continue;
    }
    const prev = purpose.charCodeAt(i - 1);
    const glued =
      isWordChar(prev, purpose[i - 1]) ||
      ((prev === 46 || prev === 44) && i > 1 && isDigit(purpose.charCodeAt(i - 2), purpose[i - 2]));
    if (!glued) starts.push(at);
  }
  if (at !== compact.length)
    return { compact, starts: Array.from({ length: compact.length }, (_, i) => i + 1) };
  return { compact, starts };
}
