/** Text encodings a 1CClientBankExchange file is found in. */
export type BankFileEncoding = 'utf-8' | 'windows-1251' | 'cp866' | 'koi8-r';

export type BankStatementHeader = {
  /** `ВерсияФормата`, e.g. '1.03'; null when absent. */
  formatVersion: string | null;
  /** `Кодировка` exactly as written (Windows, DOS, windows...), or null. Often false. */
  encodingDeclared: string | null;
  /** Encoding found from the bytes (the body's encoding if some lines differ, see `mixedEncodingLines`). */
  encodingDetected: BankFileEncoding;
  /** Line numbers (1-based) decoded as UTF-8 inside a single-byte file. */
  mixedEncodingLines: number[];
  sender: string | null;
  receiver: string | null;
  /** `ДатаСоздания` + `ВремяСоздания` as ISO ('2016-01-12' or '2016-01-12T10:03:13'), or null. */
  createdAt: string | null;
  dateFrom: string | null;
  dateTo: string | null;
  /** `РасчСчет` keys of the header, in file order. */
  accounts: string[];
  /** `Документ` keys of the header (kinds the file contains). */
  documentKinds: string[];
};

/** One `СекцияРасчСчет ... КонецРасчСчет`. Amounts are decimal strings with two decimals. */
export type BankAccountBalance = {
  account: string;
  dateFrom: string | null;
  dateTo: string | null;
  openingBalance: string | null;
  totalCredited: string | null;
  totalDebited: string | null;
  closingBalance: string | null;
  lineNo: number;
};

export type BankParty = {
  /** `Плательщик1` (the name line), else `Плательщик` without a leading 'ИНН …'. */
  name: string | null;
  inn: string | null;
  /** null when absent or written as '0'. */
  kpp: string | null;
  /** `ПлательщикСчет`, else `ПлательщикРасчСчет`. */
  account: string | null;
  /** `ПлательщикРасчСчет` as written (differs from `account` in indirect payments). */
  settlementAccount: string | null;
  bik: string | null;
  /** `ПлательщикБанк1`. */
  bank: string | null;
  /** `ПлательщикБанк2` (usually the city). */
  bankCity: string | null;
  corrAccount: string | null;
};

/** Budget (tax and treasury) fields; present only when at least one is non-empty. */
export type BankBudgetFields = {
  /** `СтатусСоставителя`. */
  payerStatus: string | null;
  /** `ПоказательКБК`. */
  kbk: string | null;
  /** `ОКАТО` (in fact ОКТМО since 2014). */
  okato: string | null;
  /** `ПоказательОснования`. */
  basis: string | null;
  /** `ПоказательПериода`. */
  period: string | null;
  /** `ПоказательНомера`. */
  docNumber: string | null;
  /** `ПоказательДаты`. */
  docDate: string | null;
  /** `ПоказательТипа`. */
  type: string | null;
};

export type BankDocument = {
  /**
   * `СекцияДокумент=<вид>` (Платежное поручение, Платежное требование, Банковский ордер...), else the
   * header's `Документ` when it names exactly one kind, else null.
   */
  kind: string | null;
  number: string;
  /** ISO date. */
  date: string;
  /** Decimal string with two decimals: '700.00'. */
  amount: string;
  dateDebited: string | null;
  dateCredited: string | null;
  payer: BankParty;
  payee: BankParty;
  /** `НазначениеПлатежа`, else `НазначениеПлатежа1..6` joined by spaces. */
  purpose: string;
  /** `ВидПлатежа` (электронно, почтой...). */
  paymentType: string | null;
  /** `ВидОплаты` (01 платёжное поручение, 17 банковский ордер...). */
  operationType: string | null;
  /** `Очередность`. */
  priority: string | null;
  /** `Код` (УИН); null when empty or '0'. */
  uin: string | null;
  budget: BankBudgetFields | null;
  /** Line where `СекцияДокумент` stands (1-based). */
  lineNo: number;
  /** Every key of the section with its value (trimmed); a repeated key keeps the last value. */
  raw: Record<string, string>;
};

export type BankStatement = {
  fileName: string;
  header: BankStatementHeader;
  balances: BankAccountBalance[];
  documents: BankDocument[];
  /** Russian notes about tolerated oddities (false `Кодировка`, unknown lines, text after КонецФайла). */
  warnings: string[];
};
