import type {
  BankAccountBalance,
  BankBudgetFields,
  BankDocument,
  BankFileEncoding,
  BankParty,
  BankStatement,
  BankStatementHeader,
} from './bank.types.js';
import { decodeBankFile } from './bank-decode.js';
import { BankParseError, codeOrNull, orNull, parseAmount, parseDate, parseTime } from './bank-values.js';

export { BankParseError } from './bank-values.js';

/** Keys of one section with the line each came from. */
type Fields = { values: Record<string, string>; lines: Record<string, number> };

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
  const decoded = decodeBankFile(buf);
  const { lines } = decoded;
  const warnings: string[] = [];
  const header = newFields();
  const accounts: string[] = [];
  const documentKinds: string[] = [];
  const rawBalances: { start: number; fields: Fields }[] = [];
  // a document is built as soon as its section closes, so its parsed fields (with their line
  // numbers) do not all stay alive until the end of a 50 000-document file; its warnings and the
  // first error keep the order of building them after the whole file was read (the file's own
  // errors first, then the header's, then the documents' in order)
  const documents: BankDocument[] = [];
  const documentWarnings: string[] = [];
  const untyped: { index: number; start: number; fields: Fields; warnings: string[] }[] = [];
  let documentError: unknown = null;
  let documentErrorAt = Number.POSITIVE_INFINITY;
  const closeDocument = (d: { start: number; kind: string | null; fields: Fields }) => {
    if (documentError) return;
    const index = documents.length;
    try {
      if (d.kind) {
        documents.push(buildDocument(d.fields, d.start, d.kind, documentWarnings));
      } else {
        // the kind then comes from the header's Документ= lines, known only at the end
        documents.push(null as unknown as BankDocument);
        untyped.push({ index, start: d.start, fields: d.fields, warnings: [] });
        documentWarnings.push(`\u0000${untyped.length - 1}`);
      }
    } catch (err) {
      documentError = err;
      documentErrorAt = index;
    }
  };
  let state: State = { at: 'header' };
  let strayLines = 0;
  let lastKey: string | null = null;
  let lastLineNo = 0;

  for (let i = 1; i < lines.length; i++) {
    const lineNo = i + 1;
    // A BOM repeated by concatenation and the DOS end-of-file mark (Ctrl+Z) are not content.
    const line = lines[i]
      .replace(/^\uFEFF/, '')
      .replaceAll('\u001a', '')
      .trim();
    if (line === '') continue;
    if (state.at === 'end') {
      warnings.push(`Текст после строки КонецФайла (начиная со строки ${lineNo}) пропущен`);
      break;
    }
    const eq = line.indexOf('=');
    const key = eq === -1 ? line : line.slice(0, eq).trim();
    const value = eq === -1 ? '' : line.slice(eq + 1).trim();

    if (key === SECTION_NAMES.balance || key === SECTION_NAMES.document) {
      ensureNoOpenSection(state, lineNo);
      lastKey = null;
      state =
        key === SECTION_NAMES.balance
          ? { at: 'balance', start: lineNo, fields: newFields() }
          : { at: 'document', start: lineNo, kind: value || null, fields: newFields() };
      continue;
    }
    if (key === SECTION_ENDS.balance || key === SECTION_ENDS.document) {
      const expected = state.at === 'balance' || state.at === 'document' ? SECTION_ENDS[state.at] : null;
      if (expected !== key) {
        throw new BankParseError(
          lineNo,
          `${key} без открытой секции ${key === SECTION_ENDS.balance ? SECTION_NAMES.balance : SECTION_NAMES.document}`,
        );
      }
      if (state.at === 'balance') rawBalances.push(state);
      if (state.at === 'document') closeDocument(state);
      state = { at: 'header' };
      lastKey = null;
      continue;
    }
    if (key === 'КонецФайла') {
      ensureNoOpenSection(state, lineNo);
      lastKey = null;
      state = { at: 'end' };
      continue;
    }
    if (eq === -1 || key === '') {
      const fields = state.at === 'balance' || state.at === 'document' ? state.fields : header;
      if (eq === -1 && lastKey?.startsWith('НазначениеПлатежа') && fields.lines[lastKey] === lastLineNo) {
        // A value broken over two lines (seen in purposes): glue the continuation to it.
        fields.values[lastKey] = `${fields.values[lastKey]} ${line}`.trim();
        fields.lines[lastKey] = lineNo;
        lastLineNo = lineNo;
        warnings.push(`Строка ${lineNo} без «=» присоединена к значению ${lastKey} из предыдущей строки`);
      } else {
        strayLines++;
        if (strayLines > MAX_STRAY_LINES) {
          throw new BankParseError(
            lineNo,
            'слишком много строк не в формате «ключ=значение»: файл повреждён или не является выпиской 1С',
          );
        }
        warnings.push(`Строка ${lineNo} не похожа на «ключ=значение» и пропущена: «${line.slice(0, 60)}»`);
      }
      continue;
    }
    lastKey = key;
    lastLineNo = lineNo;
    if (state.at === 'balance' || state.at === 'document') {
      setField(state.fields, key, value, lineNo);
    } else if (key === 'РасчСчет') {
      if (value) accounts.push(value);
    } else if (key === 'Документ') {
      if (value && !documentKinds.includes(value)) documentKinds.push(value);
    } else {
      setField(header, key, value, lineNo);
    }
  }

  if (state.at === 'balance' || state.at === 'document') {
    throw new BankParseError(
      state.start,
      `секция ${SECTION_NAMES[state.at]} не закрыта (нет ${SECTION_ENDS[state.at]} до конца файла)`,
    );
  }
  if (state.at !== 'end') {
    throw new BankParseError(lines.length, 'файл оборван: нет строки КонецФайла');
  }

  const head = buildHeader(header, accounts, documentKinds, decoded, warnings);
  const defaultKind = documentKinds.length === 1 ? documentKinds[0] : null;
  // an untyped document before the one that failed may fail first: the earliest error wins
  for (const u of untyped) {
    if (u.index > documentErrorAt) break;
    try {
      documents[u.index] = buildDocument(u.fields, u.start, defaultKind, u.warnings);
    } catch (err) {
      documentError = err;
      break;
    }
  }
  if (documentError) throw documentError;
  // warnings of the untyped documents in their place (a marker holds it)
  for (const w of documentWarnings) {
    if (w.startsWith('\u0000')) warnings.push(...untyped[Number(w.slice(1))].warnings);
    else warnings.push(w);
  }
  const balances = rawBalances.map((b) => buildBalance(b.fields, b.start));
  return { fileName, header: head, balances, documents, warnings };
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

function newFields(): Fields {
  return { values: {}, lines: {} };
}

function setField(fields: Fields, key: string, value: string, lineNo: number): void {
  fields.values[key] = value;
  fields.lines[key] = lineNo;
}

function ensureNoOpenSection(state: State, lineNo: number): void {
  if (state.at === 'balance' || state.at === 'document') {
    throw new BankParseError(
      lineNo,
      `секция ${SECTION_NAMES[state.at]}, начатая в строке ${state.start}, не закрыта (нет ${SECTION_ENDS[state.at]})`,
    );
  }
}

function dateField(fields: Fields, key: string): string | null {
  const value = fields.values[key];
  return value === undefined ? null : parseDate(value, fields.lines[key]);
}

function amountField(fields: Fields, key: string, allowNegative = false): string | null {
  const value = fields.values[key];
  return value ? parseAmount(value, fields.lines[key], allowNegative) : null;
}

const DECLARED: Record<string, BankFileEncoding> = { windows: 'windows-1251', dos: 'cp866' };

function buildHeader(
  fields: Fields,
  accounts: string[],
  documentKinds: string[],
  decoded: ReturnType<typeof decodeBankFile>,
  warnings: string[],
): BankStatementHeader {
  const v = fields.values;
  const encodingDeclared = orNull(v.Кодировка);
  const declared = encodingDeclared ? DECLARED[encodingDeclared.toLowerCase()] : undefined;
  const encodingDetected = decoded.encoding;
  if (encodingDeclared && declared !== encodingDetected) {
    warnings.push(
      `В заголовке указана кодировка «${encodingDeclared}», фактически файл в кодировке ${encodingDetected}`,
    );
  }
  if (decoded.mixedEncodingLines.length > 0) {
    warnings.push(
      `Строки ${decoded.mixedEncodingLines.join(', ')} записаны в UTF-8, остальной файл в ${encodingDetected}`,
    );
  }
  const createdDate = dateField(fields, 'ДатаСоздания');
  const createdTime = parseTime(v.ВремяСоздания ?? '');
  return {
    formatVersion: orNull(v.ВерсияФормата),
    encodingDeclared,
    encodingDetected,
    mixedEncodingLines: decoded.mixedEncodingLines,
    sender: orNull(v.Отправитель),
    receiver: orNull(v.Получатель),
    createdAt: createdDate && createdTime ? `${createdDate}T${createdTime}` : createdDate,
    dateFrom: dateField(fields, 'ДатаНачала'),
    dateTo: dateField(fields, 'ДатаКонца'),
    accounts,
    documentKinds,
  };
}

function buildBalance(fields: Fields, start: number): BankAccountBalance {
  return {
    account: fields.values.РасчСчет ?? '',
    dateFrom: dateField(fields, 'ДатаНачала'),
    dateTo: dateField(fields, 'ДатаКонца'),
    openingBalance: amountField(fields, 'НачальныйОстаток', true),
    totalCredited: amountField(fields, 'ВсегоПоступило'),
    totalDebited: amountField(fields, 'ВсегоСписано'),
    closingBalance: amountField(fields, 'КонечныйОстаток', true),
    lineNo: start,
  };
}

const BUDGET_KEYS: Record<keyof BankBudgetFields, string> = {
  payerStatus: 'СтатусСоставителя',
  kbk: 'ПоказательКБК',
  okato: 'ОКАТО',
  basis: 'ПоказательОснования',
  period: 'ПоказательПериода',
  docNumber: 'ПоказательНомера',
  docDate: 'ПоказательДаты',
  type: 'ПоказательТипа',
};

function buildDocument(fields: Fields, start: number, kind: string | null, warnings: string[]): BankDocument {
  const v = fields.values;
  if (!v.Сумма) throw new BankParseError(fields.lines.Сумма ?? start, 'в документе нет суммы (Сумма)');
  const date = dateField(fields, 'Дата');
  if (!date) throw new BankParseError(fields.lines.Дата ?? start, 'в документе нет даты (Дата)');
  if (!v.Номер) warnings.push(`Документ в строке ${start} без номера`);
  if (!kind) warnings.push(`Документ в строке ${start}: вид документа не указан`);
  const lines = [1, 2, 3, 4, 5, 6].map((n) => v[`НазначениеПлатежа${n}`] ?? '').filter((s) => s !== '');
  return {
    kind,
    number: v.Номер ?? '',
    date,
    amount: parseAmount(v.Сумма, fields.lines.Сумма),
    dateDebited: dateField(fields, 'ДатаСписано'),
    dateCredited: dateField(fields, 'ДатаПоступило'),
    payer: party(v, 'Плательщик'),
    payee: party(v, 'Получатель'),
    purpose: v.НазначениеПлатежа || lines.join(' '),
    paymentType: orNull(v.ВидПлатежа),
    operationType: orNull(v.ВидОплаты),
    priority: orNull(v.Очередность),
    uin: codeOrNull(v.Код),
    budget: budget(v),
    lineNo: start,
    raw: v,
  };
}

function partyKeys(prefix: 'Плательщик' | 'Получатель') {
  return {
    combined: prefix,
    name: `${prefix}1`,
    inn: `${prefix}ИНН`,
    kpp: `${prefix}КПП`,
    account: `${prefix}Счет`,
    settlementAccount: `${prefix}РасчСчет`,
    bik: `${prefix}БИК`,
    bank: `${prefix}Банк1`,
    bankCity: `${prefix}Банк2`,
    corrAccount: `${prefix}Корсчет`,
  };
}

const PARTY_KEYS = { Плательщик: partyKeys('Плательщик'), Получатель: partyKeys('Получатель') };
const INN_PREFIX = /^(?:ИНН\s*)?\d{10,12}(?:\s*[,;]\s*|\s+)(?=\S)/i;

function party(v: Record<string, string>, prefix: 'Плательщик' | 'Получатель'): BankParty {
  const k = PARTY_KEYS[prefix];
  const combined = v[k.combined];
  return {
    name: orNull(v[k.name]) ?? (combined ? orNull(combined.replace(INN_PREFIX, '')) : null),
    inn: codeOrNull(v[k.inn]),
    kpp: codeOrNull(v[k.kpp]),
    account: orNull(v[k.account]) ?? orNull(v[k.settlementAccount]),
    settlementAccount: orNull(v[k.settlementAccount]),
    bik: orNull(v[k.bik]),
    bank: orNull(v[k.bank]),
    bankCity: orNull(v[k.bankCity]),
    corrAccount: orNull(v[k.corrAccount]),
  };
}

function budget(v: Record<string, string>): BankBudgetFields | null {
  const entries = Object.entries(BUDGET_KEYS) as [keyof BankBudgetFields, string][];
  if (!entries.some(([, key]) => codeOrNull(v[key]) !== null)) return null;
  const out = {} as BankBudgetFields;
  for (const [field, key] of entries) out[field] = orNull(v[key]);
  return out;
}
