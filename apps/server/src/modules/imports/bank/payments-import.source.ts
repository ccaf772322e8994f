import { setImmediate as turn } from 'node:timers/promises';
import { RunFailure } from '../../../kernel/runs.js';
import { ParseError } from '../../../lib/parse-error.js';
import type { ImportEntry } from '../import-files.js';
import type { BankDocument, BankParty } from './bank.types.js';
import { BankExchangeReader, paymentNaturalKey } from './bank-1c.parser.js';
import type { Outgoing, OutgoingSource } from './payments-import.writer.js';

/** Lines read between two turns of the event loop (about 500 payment orders). */
const LINES_PER_TURN = 20_000;

const isOurs = (p: BankParty, accounts: Set<string>, inns: Set<string>) =>
  (p.account !== null && accounts.has(p.account)) ||
  (p.settlementAccount !== null && accounts.has(p.settlementAccount)) ||
  (p.inn !== null && inns.has(p.inn));

/** A parse error of one file of the upload, named by the file. */
function inFile<T>(name: string, read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ParseError) throw new ParseError(`файл «${name}»: ${err.message}`);
    throw err;
  }
}

/**
 * The company's outgoing payment orders of an upload's bank statements, read a part at a time so
 * that the writer stores one part while the next is read. Counts every document by direction as
 * it goes; once all are read, refuses an upload none of whose documents concern the company.
 * The files are decoded when the source is made (a file that is not a statement fails before
 * anything is written); a document or structure error further on fails the writer's transaction.
 */
export class StatementsSource implements OutgoingSource {
  documents = 0;
  outgoing = 0;
  incoming = 0;
  /** Neither side is the company, or both are (`internal`). */
  other = 0;
  internal = 0;
  readonly warnings: string[];
  private readonly files: { name: string; reader: BankExchangeReader }[];
  private current = 0;

  /**
   * The source of an upload. Each file's encoding is found now (a file that is not a statement
   * fails here); its text is decoded a block at a time as it is read (`BlockLines`), so a 45 MB
   * statement is never one 90 MB string, in this thread or in a worker's.
   */
  static async open(
    entries: ImportEntry[],
    company: { accounts: Set<string>; inns: Set<string> },
    warnings: string[],
    onProgress?: (share: number) => Promise<void>,
  ): Promise<StatementsSource> {
    return new StatementsSource(entries, company, warnings, onProgress);
  }

  constructor(
    entries: ImportEntry[],
    private readonly company: { accounts: Set<string>; inns: Set<string> },
    warnings: string[],
    /** Share of the upload read so far, 0..1, after each part. */
    private readonly onProgress: (share: number) => Promise<void> = async () => {},
  ) {
    this.warnings = [...warnings];
    this.files = entries.map((e) => ({
      name: e.name,
      reader: inFile(e.name, () => new BankExchangeReader(e.data, e.name)),
    }));
  }

  /**
   * Outgoing payments still to come, estimated from those met so far and the share of the upload
   * read; not known (infinite) before the first one.
   */
  left(): number {
    if (this.current >= this.files.length) return 0;
    const share = (this.current + this.files[this.current].reader.progress) / this.files.length;
    return this.outgoing > 0 ? (this.outgoing * (1 - share)) / share : Number.POSITIVE_INFINITY;
  }

  async next(max: number): Promise<Outgoing[] | null> {
    const out: Outgoing[] = [];
    while (out.length < max && this.current < this.files.length) {
      const { name, reader } = this.files[this.current];
      const more = inFile(name, () => reader.read(LINES_PER_TURN));
      if (!more) {
        const statement = inFile(name, () => reader.finish());
        this.classify(reader.take(), name, out);
        for (const w of statement.warnings) this.warnings.push(`${name}: ${w}`);
        this.current++;
        continue;
      }
      this.classify(reader.take(), name, out);
      // the part before is being stored meanwhile: its statements go on between these turns
      await turn();
    }
    if (this.current < this.files.length) {
      const { reader } = this.files[this.current];
      await this.onProgress((this.current + reader.progress) / this.files.length);
    }
    if (out.length > 0) return out;
    if (this.documents > 0 && this.outgoing === 0 && this.incoming === 0 && this.internal === 0) {
      throw new RunFailure(
        `ни один из документов выписки (${this.documents}) не относится к компании: плательщик и получатель не совпадают с её ИНН и расчётными счетами. Проверьте банковские реквизиты компании`,
      );
    }
    return null;
  }

  private classify(docs: BankDocument[], fileName: string, out: Outgoing[]) {
    const { accounts, inns } = this.company;
    for (const doc of docs) {
      this.documents++;
      const payer = isOurs(doc.payer, accounts, inns);
      const payee = isOurs(doc.payee, accounts, inns);
      if (payer && !payee) {
        this.outgoing++;
        out.push({ doc, fileName, key: paymentNaturalKey(doc) });
      } else if (payee && !payer) this.incoming++;
      else {
        this.other++;
        if (payer && payee) this.internal++;
      }
    }
  }
}
