import type { BankDocument, BankParty, BankStatement } from './bank.types.js';
import {
  buildBalance,
  buildDocument,
  buildHeader,
  type Fields,
  newFields,
  setField,
} from './bank-1c.sections.js';
import { type BankLines, type DecodedBankText, decodeBankFile } from './bank-decode.js';
import { BankParseError } from './bank-values.js';

export { BankParseError } from './bank-values.js';

type State =
  | { at: 'header' }
  | { at: 'balance'; start: number; fields: Fields }
  | { at: 'document'; start: number; kind: string | null; fields: Fields }
  | { at: 'end' };

/** Lines that are not `key=value` tolerated before the file is judged garbage. */
const MAX_STRAY_LINES = 100;

const SECTION_NAMES = { balance: 'СекцияРасчСчет', document: 'СекцияДокумент' } as const;
const SECTION_ENDS = { balance: 'КонецРасчСчет', document: 'КонецДокумента' } as const;

/**
 * Parses a 1CClientBankExchange file (statement from the bank or payment orders for it).
 * Tolerates what real files contain: a false `Кодировка`, UTF-8 lines in a windows-1251 body,
 * LF/CRLF mixed, empty lines anywhere, spaces around values, amounts without decimals, keys with
 * empty values, `СекцияДокумент` without a kind. Refuses, naming the line, a section that is not
 * closed, a missing `КонецФайла`, a malformed amount or date. All or nothing: it throws or returns
 * the whole statement.
 */
export function parseBankExchange(buf: Buffer, fileName: string): BankStatement {
  const reader = new BankExchangeReader(buf, fileName);
  while (reader.read(Number.POSITIVE_INFINITY));
  return reader.finish();
}

/**
 * The parser read a part at a time, so that a large statement's documents can be stored while the
 * rest of it is read (the bank-statement import). `read` goes on through the lines, `documents`
 * grows as sections close and `finish` ends it: the statement, or the error `parseBankExchange`
 * throws for this file (errors found by `read` are thrown at once and are the same too).
 */
export class BankExchangeReader {
  /**
   * The documents so far, in file order. A document whose section names no kind takes it from the
   * header's `Документ=` lines, known for sure only at the end: until `finish` it is a gap (null),
   * and so is everything after it in `ready`'s count.
   */
  readonly documents: (BankDocument | null)[] = [];
  private readonly lines: BankLines;
  private readonly decoded: DecodedBankText;
  private readonly warnings: string[] = [];
  private readonly header = newFields();
  private readonly accounts: string[] = [];
  private readonly documentKinds: string[] = [];
  private readonly rawBalances: { start: number; fields: Fields }[] = [];
  // a document is built as soon as its section closes, so its parsed fields (with their line
  // numbers) do not all stay alive until the end of a 50 000-document file; its warnings and the
  // first error keep the order of building them after the whole file was read (the file's own
  // errors first, then the header's, then the documents' in order)
  private readonly documentWarnings: string[] = [];
  private readonly untyped: { index: number; start: number; fields: Fields; warnings: string[] }[] = [];
  /** The untyped documents' warnings in their order, which the markers in `documentWarnings` name. */
  private readonly untypedWarnings: string[][] = [];
  private documentError: unknown = null;
  private documentErrorAt = Number.POSITIVE_INFINITY;
  private state: State = { at: 'header' };
  private strayLines = 0;
  private lastKey: string | null = null;
  private lastLineNo = 0;
  private done = false;
  /** Documents before this index were given out by `take`. */
  private taken = 0;

  constructor(
    /** the file, or its text decoded beforehand (in the parse pool: decodedBankText) */
    buf: Buffer | DecodedBankText,
    private readonly fileName: string,
  ) {
    this.decoded = Buffer.isBuffer(buf) ? decodeBankFile(buf) : buf;
    this.lines = this.decoded.lines;
    // line 1, the signature, is checked by the decoder
    this.lines.next();
  }

  /** Documents from the start that are complete: no gap before them. */
  get ready(): number {
    return this.untyped.length ? this.untyped[0].index : this.documents.length;
  }

  /**
   * The complete documents not given out before, in file order (those after a gap wait for
   * `finish`). Given out means let go: the finished statement has a null in their place.
   */
  take(): BankDocument[] {
    const end = this.ready;
    const out = this.documents.slice(this.taken, end) as BankDocument[];
    this.documents.fill(null, this.taken, end);
    this.taken = end;
    return out;
  }

  /** Share of the lines read, 0..1. */
  get progress(): number {
    return this.lines.progress;
  }

  /** Reads up to `maxLines` more lines; false once the file is read to its end. */
  read(maxLines: number): boolean {
    if (this.done) return false;
    const lines = this.lines;
    for (let n = 0; n < maxLines; n++) {
      const line = lines.next();
      if (line === null || !this.readLine(line, lines.count)) {
        this.done = true;
        return false;
      }
    }
    return true;
  }

  /** The whole statement once `read` returned false; throws the file's first error. */
  finish(): BankStatement {
    if (!this.done) throw new Error('BankExchangeReader.finish before the file was read');
    const { state, warnings, documents, untyped } = this;
    if (state.at === 'balance' || state.at === 'document') {
      throw new BankParseError(
        state.start,
        `секция ${SECTION_NAMES[state.at]} не закрыта (нет ${SECTION_ENDS[state.at]} до конца файла)`,
      );
    }
    if (state.at !== 'end') {
      throw new BankParseError(this.lines.count, 'файл оборван: нет строки КонецФайла');
    }

    const head = buildHeader(this.header, this.accounts, this.documentKinds, this.decoded, warnings);
    const defaultKind = this.documentKinds.length === 1 ? this.documentKinds[0] : null;
    // an untyped document before the one that failed may fail first: the earliest error wins
    for (const u of untyped) {
      if (u.index > this.documentErrorAt) break;
      try {
        documents[u.index] = buildDocument(u.fields, u.start, defaultKind, u.warnings);
      } catch (err) {
        this.documentError = err;
        break;
      }
    }
    if (this.documentError) throw this.documentError;
    untyped.length = 0;
    // warnings of the untyped documents in their place (a marker holds it)
    for (const w of this.documentWarnings) {
      if (w.startsWith('\u0000')) warnings.push(...this.untypedWarnings[Number(w.slice(1))]);
      else warnings.push(w);
    }
    const balances = this.rawBalances.map((b) => buildBalance(b.fields, b.start));
    return {
      fileName: this.fileName,
      header: head,
      balances,
      documents: documents as BankDocument[],
      warnings,
    };
  }

  /** One line; false when the file ends here (text after КонецФайла). */
  private readLine(raw: string, lineNo: number): boolean {
    // A BOM repeated by concatenation and the DOS end-of-file mark (Ctrl+Z) are not content.
    let line = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
    if (line.includes('\u001a')) line = line.replaceAll('\u001a', '');
    line = line.trim();
    if (line === '') return true;
    const state = this.state;
    if (state.at === 'end') {
      this.warnings.push(`Текст после строки КонецФайла (начиная со строки ${lineNo}) пропущен`);
      return false;
    }
    const eq = line.indexOf('=');
    const key = eq === -1 ? line : line.slice(0, eq).trim();
    const value = eq === -1 ? '' : line.slice(eq + 1).trim();

    if (key === SECTION_NAMES.balance || key === SECTION_NAMES.document) {
      ensureNoOpenSection(state, lineNo);
      this.lastKey = null;
      this.state =
        key === SECTION_NAMES.balance
          ? { at: 'balance', start: lineNo, fields: newFields() }
          : { at: 'document', start: lineNo, kind: value || null, fields: newFields() };
      return true;
    }
    if (key === SECTION_ENDS.balance || key === SECTION_ENDS.document) {
      const expected = state.at === 'balance' || state.at === 'document' ? SECTION_ENDS[state.at] : null;
      if (expected !== key) {
        throw new BankParseError(
          lineNo,
          `${key} без открытой секции ${key === SECTION_ENDS.balance ? SECTION_NAMES.balance : SECTION_NAMES.document}`,
        );
      }
      if (state.at === 'balance') this.rawBalances.push(state);
      if (state.at === 'document') this.closeDocument(state);
      this.state = { at: 'header' };
      this.lastKey = null;
      return true;
    }
    if (key === 'КонецФайла') {
      ensureNoOpenSection(state, lineNo);
      this.lastKey = null;
      this.state = { at: 'end' };
      return true;
    }
    if (eq === -1 || key === '') {
      this.strayLine(line, lineNo, eq === -1);
      return true;
    }
    this.lastKey = key;
    this.lastLineNo = lineNo;
    if (state.at === 'balance' || state.at === 'document') {
      setField(state.fields, key, value, lineNo);
    } else if (key === 'РасчСчет') {
      if (value) this.accounts.push(value);
    } else if (key === 'Документ') {
      if (value && !this.documentKinds.includes(value)) this.documentKinds.push(value);
    } else {
      setField(this.header, key, value, lineNo);
    }
    return true;
  }

  /** A line that is not `key=value`: the continuation of a purpose, or a stray line. */
  private strayLine(line: string, lineNo: number, noEquals: boolean) {
    const state = this.state;
    const fields = state.at === 'balance' || state.at === 'document' ? state.fields : this.header;
    const lastKey = this.lastKey;
    if (noEquals && lastKey?.startsWith('НазначениеПлатежа') && fields.lines[lastKey] === this.lastLineNo) {
      // A value broken over two lines (seen in purposes): glue the continuation to it.
      fields.values[lastKey] = `${fields.values[lastKey]} ${line}`.trim();
      fields.lines[lastKey] = lineNo;
      this.lastLineNo = lineNo;
      this.warnings.push(`Строка ${lineNo} без «=» присоединена к значению ${lastKey} из предыдущей строки`);
      return;
    }
    this.strayLines++;
    if (this.strayLines > MAX_STRAY_LINES) {
      throw new BankParseError(
        lineNo,
        'слишком много строк не в формате «ключ=значение»: файл повреждён или не является выпиской 1С',
      );
    }
    this.warnings.push(`Строка ${lineNo} не похожа на «ключ=значение» и пропущена: «${line.slice(0, 60)}»`);
  }

  private closeDocument(d: { start: number; kind: string | null; fields: Fields }) {
    if (this.documentError) return;
    const index = this.documents.length;
    try {
      if (d.kind) {
        this.documents.push(buildDocument(d.fields, d.start, d.kind, this.documentWarnings));
      } else {
        // the kind then comes from the header's Документ= lines, known only at the end
        this.documents.push(null);
        const warnings: string[] = [];
        this.untyped.push({ index, start: d.start, fields: d.fields, warnings });
        this.documentWarnings.push(`\u0000${this.untypedWarnings.length}`);
        this.untypedWarnings.push(warnings);
      }
    } catch (err) {
      this.documentError = err;
      this.documentErrorAt = index;
    }
  }
}

/**
 * Natural key of a payment for idempotent import: the same document in two statements (or the
 * same file twice) yields the same key. Leading zeros of the number are ignored.
 */
export function paymentNaturalKey(
  doc: Pick<BankDocument, 'number' | 'date' | 'amount'> & {
    payer: Pick<BankParty, 'account'>;
    payee: Pick<BankParty, 'account'>;
  },
): string {
  const number = doc.number.trim().replace(/^0+(?=.)/, '');
  return [number, doc.date, doc.amount, doc.payer.account ?? '', doc.payee.account ?? ''].join('|');
}

function ensureNoOpenSection(state: State, lineNo: number): void {
  if (state.at === 'balance' || state.at === 'document') {
    throw new BankParseError(
      lineNo,
      `секция ${SECTION_NAMES[state.at]}, начатая в строке ${state.start}, не закрыта (нет ${SECTION_ENDS[state.at]})`,
    );
  }
}
