/**
 * The result of reading a seller's УПД (ON_NSCHFDOPPR / ON_SCHFDOPPR) or УКД (ON_KORSCHFDOPPR)
 * XML file, see docs/domain.md §3. Numbers are decimal strings, never floats.
 */

/** Money: exactly two decimals, optional leading minus, e.g. '2400000.00', '-15.50'. */
export type Money = string;
/** Quantity: plain decimal, no exponent, trailing zeros trimmed, e.g. '2376', '114.1', '0'. */
export type Quantity = string;
/** Unit price: at least two decimals, further significant decimals kept, e.g. '50.00', '0.12345'. */
export type Price = string;
/** Calendar date 'YYYY-MM-DD'. */
export type IsoDate = string;

/** `Документ@Функция` of an УПД. */
export type UpdFunction = 'СЧФ' | 'СЧФДОП' | 'ДОП' | 'СвРК' | 'СвЗК';
/** `Документ@Функция` of an УКД. */
export type UkdFunction = 'КСЧФ' | 'КСЧФДИС' | 'ДИС';

/** `НалСт`, normalised (spaces and letter case tidied, a bare '20' becomes '20%'). */
export type VatRate =
  | '0%'
  | '5%'
  | '7%'
  | '10%'
  | '18%'
  | '20%'
  | '22%'
  | '5/105'
  | '7/107'
  | '10/110'
  | '18/118'
  | '20/120'
  | '22/122'
  | 'без НДС'
  | 'НДС исчисляется налоговым агентом';

export type Party = {
  /** Organisation name; for an ИП 'ИП Фамилия Имя Отчество', for a person 'Фамилия Имя Отчество'. */
  name: string;
  /** Null only for a foreign party or a person without ИНН (shipper/consignee). */
  inn: string | null;
  kpp: string | null;
  /** ИП or natural person. */
  isIndividual: boolean;
};

/** Seller and buyer always carry an ИНН that passed the checksum. */
export type Counterparty = Party & { inn: string };

/** A referenced document: basis of the shipment (usually the contract), shipment document... */
export type DocRef = { name: string; number: string | null; date: IsoDate | null };

/** Correction (исправление) number and date; either may be '-' in the file, then null. */
export type Correction = { number: string | null; date: IsoDate | null };

export type Totals = { withoutVat: Money | null; vat: Money | null; withVat: Money | null };

type Header = {
  /** `Файл@ИдФайл`. */
  fileId: string;
  /** `Файл@ВерсФорм`: '5.01', '5.02', '5.03'. */
  formatVersion: string;
  /** `Документ@КНД`: 1115131 (820@/970@), 1115125 (155@), 1115127 (УКД 189@). */
  knd: string;
  /** `Документ@УИД` (5.02+), else null. */
  uid: string | null;
  /** Document number and date (НомерСчФ/НомерДок, НомерКСчФ). */
  number: string;
  date: IsoDate;
  /** ИспрСчФ / ИспрДок / ИспрКСчФ: this file corrects an earlier issue of the same document. */
  correction: Correction | null;
  /** ОКВ currency code, '643' (rouble) when the file does not say. */
  currencyCode: string;
  seller: Counterparty;
  buyer: Counterparty;
  /** `ДопСвФХЖ1@ИдГосКон`: government contract identifier. */
  govContractId: string | null;
  /** УПД: СвПродПер/СвПер/ОснПер; УКД: СодФХЖ3/ОснКор. Usually names the contract. */
  bases: DocRef[];
  /**
   * Russian notes on inconsistencies that do not stop the import (totals that differ from the
   * sum of lines, a malformed КПП, a shipper ИНН that fails the checksum...).
   */
  warnings: string[];
};

export type UpdLine = {
  /** `НомСтр`. */
  lineNo: number;
  /** `НаимТов`, or ХарактерТов / АртикулТов / КодТов when the name is absent; '' if none. */
  name: string;
  /** ОКЕИ code, e.g. '796'. */
  okei: string | null;
  /** `НаимЕдИзм` (on СведТов in 5.02+, on ДопСведТов in 5.01). */
  unitName: string | null;
  quantity: Quantity | null;
  price: Price | null;
  sumWithoutVat: Money | null;
  vatRate: VatRate;
  /** '0.00' when the file says «без НДС», null when it says '-' or nothing. */
  vatSum: Money | null;
  sumWithVat: Money | null;
  /** `ДопСведТов@КодТов`. */
  itemCode: string | null;
  /** `ДопСведТов@АртикулТов`. */
  article: string | null;
};

export type UpdInvoice = Header & {
  kind: 'upd';
  function: UpdFunction;
  /** ГрузОт; «он же» resolves to a copy of the seller. */
  shipper: Party | null;
  /** ГрузПолуч. */
  consignee: Party | null;
  /** ДокПодтвОтгр (5.01) / ДокПодтвОтгрНом (5.02+). */
  shipmentDocs: DocRef[];
  /** СвПРД: payment documents the invoice refers to (advance payments). */
  paymentDocs: { number: string | null; date: IsoDate | null }[];
  lines: UpdLine[];
  /** ВсегоОпл. */
  totals: Totals;
  /**
   * An invoice on an advance payment (счёт-фактура на аванс): function СЧФ whose every line has no
   * quantity and a calculated rate (20/120, 22/122...) or an advance name («Предварительная
   * оплата...»). It records money received before delivery, so it is never counted as an acceptance.
   */
  advance: boolean;
};

/** A value before and after the correction; delta = after − before (null if either is null). */
export type Change<T> = { before: T | null; after: T | null; delta: T | null };

export type UkdLine = {
  lineNo: number;
  name: string;
  okei: { before: string | null; after: string | null };
  quantity: Change<Quantity>;
  price: Change<Price>;
  sumWithoutVat: Change<Money>;
  vatRate: { before: VatRate; after: VatRate };
  vatSum: Change<Money>;
  sumWithVat: Change<Money>;
};

/** An invoice (УПД) the УКД corrects: `СвКСчФ/СчФ` with its own corrections. */
export type CorrectedInvoice = { number: string; date: IsoDate; corrections: Correction[] };

export type UkdDocument = Header & {
  kind: 'ukd';
  function: UkdFunction;
  invoices: CorrectedInvoice[];
  lines: UkdLine[];
  /** ВсегоУвел / ВсегоУм: totals of the increase and of the decrease, null when absent. */
  totals: { increase: Totals | null; decrease: Totals | null };
};

export type UpdDocument = UpdInvoice | UkdDocument;
