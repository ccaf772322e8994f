import { randomUUID } from 'node:crypto';
import { formatRuDate } from '../calendar/iso-date.js';
import type { ContractBundle, ContractRow, ItemRow, Organisation } from './contract-bundle.repository.js';
import { ExportFailure } from './export-failure.js';
import { eisDateTime, el, leaf, nameGuid, renderXml, type XmlChild, type XmlElement } from './xml-writer.js';

/** A built EIS document: the XML, what was left out and why, its GUID and its file name. */
export type BuiltXml = { xml: string; warnings: string[]; guid: string; fileName: string };

/** Namespaces of the EIS 223-ФЗ documents: types is the default one, as in the files the EIS gives out. */
export const NS_TYPES = 'http://zakupki.gov.ru/223fz/types/1';
export const NS_CONTRACT = 'http://zakupki.gov.ru/223fz/contract/1';
/** Prefix of the contract namespace (`ns2`, like the EIS's own exports). */
export const C = 'ns2:';

/** ISO 4217 digital codes of the currencies a 223-ФЗ contract is usually priced in. */
const CURRENCY_DIGITS: Record<string, string> = {
  RUB: '643',
  USD: '840',
  EUR: '978',
  CNY: '156',
  GBP: '826',
  CHF: '756',
  JPY: '392',
  KZT: '398',
  BYN: '933',
  AMD: '051',
  KGS: '417',
  UZS: '860',
  AED: '784',
  INR: '356',
  TRY: '949',
};

/** `currency` (t:currencyType): letter and digital code. */
export function currencyElement(name: string, code: string): XmlElement {
  const digits = CURRENCY_DIGITS[code];
  if (!digits) {
    throw new ExportFailure(
      `Валюта договора ${code} не знакома выгрузке: для ЕИС нужен её цифровой код ОКВ. Поддерживаются: ${Object.keys(CURRENCY_DIGITS).join(', ')}`,
    );
  }
  return el(name, leaf('code', code), leaf('digitalCode', digits));
}

/** The GUID of the contract information: the EIS one, else a stable one made from our contract id. */
export const contractGuidOf = (c: ContractRow) => c.eisGuid ?? nameGuid(`contract:${c.companyId}:${c.id}`);

/** The GUID of a specification line, stable between exports of the contract and of its execution. */
export const positionGuidOf = (c: ContractRow, item: ItemRow) =>
  nameGuid(`position:${contractGuidOf(c)}:${item.lineNo}`);

/** The 23-digit registry number of a 223-ФЗ contract card, or null. */
export const regNumber23 = (c: ContractRow) =>
  c.eisRegistryNumber && /^\d{23}$/.test(c.eisRegistryNumber) ? c.eisRegistryNumber : null;

/** Describes a contract in messages: «договор № 15/2024 от 01.03.2024». */
export const contractTitle = (c: ContractRow) => `договор № ${c.number} от ${formatRuDate(c.contractDate)}`;

/** The EIS 223-ФЗ documents are for 223-ФЗ contracts only; `what` names the document in the message. */
export function require223(c: ContractRow, what: string): void {
  if (c.law !== '223') {
    throw new ExportFailure(
      `${what} в формате ЕИС 223-ФЗ строятся только для договоров по 223-ФЗ, а ${contractTitle(c)} — по ${c.law}-ФЗ`,
    );
  }
}

/** The file name of a document: `<kind>_<contract number>_<parts>.xml`, the number made file-safe. */
export function eisFileName(kind: string, c: ContractRow, ...parts: string[]): string {
  const safeNumber = c.number.replace(/[^\p{L}\p{N}._-]+/gu, '_');
  return `${kind}_${[safeNumber, ...parts].join('_')}.xml`;
}

/**
 * The customer as the documents write it. When the company buys for itself its own requisites fill
 * what the contract row does not keep: КПП, ОГРН and, with `withAddress`, the legal address.
 */
export function customerOf(b: ContractBundle, placer: Organisation, withAddress: boolean): Organisation {
  if (b.customer.inn !== placer.inn) return b.customer;
  return {
    ...b.customer,
    kpp: b.customer.kpp ?? placer.kpp,
    ogrn: placer.ogrn,
    ...(withAddress ? { address: placer.address } : {}),
  };
}

/**
 * `customer` / `placer` (t:customerInfoType). The schema requires ИНН and КПП; an organisation
 * without КПП cannot be written, so the export stops with the reason.
 */
export function organisationElement(name: string, org: Organisation, role: string): XmlElement {
  if (!org.kpp || !/^\d{9}$/.test(org.kpp)) {
    throw new ExportFailure(
      `У ${role} «${org.name}» (ИНН ${org.inn}) не указан КПП из 9 цифр: схема ЕИС требует КПП в сведениях (${name}/mainInfo/kpp)`,
    );
  }
  return el(
    `${C}${name}`,
    el(
      'mainInfo',
      leaf('fullName', org.name.slice(0, 1000)),
      leaf('inn', org.inn),
      leaf('kpp', org.kpp),
      org.ogrn && /^\d{13}$/.test(org.ogrn) ? leaf('ogrn', org.ogrn) : null,
      leaf('legalAddress', org.address?.slice(0, 2000)),
    ),
  );
}

/** Length limits of the schema checked before building, so the message names the field in words. */
export function checkLength(value: string | null, max: number, field: string): void {
  if (value && value.length > max) {
    throw new ExportFailure(`${field}: ${value.length} символов, а схема ЕИС допускает не более ${max}`);
  }
}

/** The opening of a document's data that both documents share: creation time, customer and placer. */
export function partiesElements(now: Date, customer: Organisation, placer: Organisation): XmlChild[] {
  return [
    leaf(`${C}createDateTime`, eisDateTime(now)),
    organisationElement('customer', customer, 'заказчика'),
    organisationElement('placer', placer, 'организации, размещающей сведения'),
  ];
}

/**
 * A whole 223-ФЗ document as text: the root `ns2:<kind>` with the namespaces, a `header` and one
 * body `item` holding `data` (each with a fresh GUID, as every upload to the EIS is a new package).
 */
export function renderEisDocument(kind: string, now: Date, data: XmlElement): string {
  return renderXml({
    name: `${C}${kind}`,
    attrs: { xmlns: NS_TYPES, 'xmlns:ns2': NS_CONTRACT },
    children: [
      el('header', leaf('guid', randomUUID()), leaf('createDateTime', eisDateTime(now))),
      el(`${C}body`, el(`${C}item`, leaf('guid', randomUUID()), data)),
    ],
  });
}
