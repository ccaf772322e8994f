import type {
  BankAccountBalance,
  BankBudgetFields,
  BankDocument,
  BankFileEncoding,
  BankParty,
  BankStatementHeader,
} from './bank.types.js';
import type { DecodedBankText } from './bank-decode.js';
import { BankParseError, codeOrNull, orNull, parseAmount, parseDate, parseTime } from './bank-values.js';

/**
 * The sections of a 1CClientBankExchange file turned into values: the header, the account
 * balances and the documents, from their `key=value` lines (with the line each came from, named
 * in errors).
 */

/** Keys of one section with the line each came from. */
export type Fields = { values: Record<string, string>; lines: Record<string, number> };

export function newFields(): Fields {
  return { values: {}, lines: {} };
}

export function setField(fields: Fields, key: string, value: string, lineNo: number): void {
  fields.values[key] = value;
  fields.lines[key] = lineNo;
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

export function buildHeader(
  fields: Fields,
  accounts: string[],
  documentKinds: string[],
  decoded: Pick<DecodedBankText, 'encoding' | 'mixedEncodingLines'>,
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

export function buildBalance(fields: Fields, start: number): BankAccountBalance {
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

export function buildDocument(
  fields: Fields,
  start: number,
  kind: string | null,
  warnings: string[],
): BankDocument {
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
    amount: parseAmount(
      v.Сумма,
      fields.lines.Сумма,
      false,
      ` документа${v.Номер ? ` № ${v.Номер}` : ''} от ${v.Дата}`,
    ),
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
