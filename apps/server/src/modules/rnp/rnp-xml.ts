import { ParseError } from '../../lib/parse-error.js';
import { decodeXml, parseXml, type XmlNode } from '../../lib/xml.js';
import { checkRow, type FieldNames, type RawRnpRow, type RnpLaw, type RnpRow } from './rnp.policy.js';

/**
 * The EIS export of the register (44-ФЗ `export/unfairSupplier`, 223-ФЗ `unfairSupplier`
 * documents), read by local names as the other EIS readers do (namespace prefixes dropped by
 * lib/xml.ts, names compared without case). A record is any element carrying a registry number
 * (`registryNum`, `registrationNumber`) and a supplier element with an ИНН below it; the element
 * names each field is looked for under are listed here and in docs/rnp.md.
 */
const NUMBER = ['registryNum', 'registrationNumber', 'registryNumber'];
const SUPPLIER = ['unfairSupplier', 'unfairSupplierData', 'supplier', 'participant', 'supplierInfo'];
const INN = ['inn', 'taxPayerCode', 'innUL', 'innFL'];
const KPP = ['kpp'];
const NAME = ['fullName', 'name', 'firmName', 'shortName'];
const INCLUDED = [
  'approveDate',
  'inclusionDate',
  'includeDate',
  'includeDT',
  'publishDate',
  'publicationDate',
];
const EXCLUDED = ['excludeDate', 'exclusionDate', 'plannedExcludeDate', 'expirationDate', 'excludeDT'];
const EXCLUDE_NODE = ['exclude', 'exclusion', 'excludeInfo'];
const CUSTOMER = ['customer', 'customerInfo', 'publisher'];
const PURCHASE = ['purchase', 'purchaseInfo', 'tender'];
const PURCHASE_NUMBER = ['purchaseNumber', 'notificationNumber', 'registrationNumber'];
const REASON = ['createReason', 'reason', 'approveReason', 'inclusionReason', 'reasonDescription'];

const ELEMENT_NAMES: FieldNames = {
  registryNumber: 'элемент registryNum',
  law: 'закон',
  inn: 'элемент unfairSupplier/inn',
  kpp: 'элемент unfairSupplier/kpp',
  name: 'элемент unfairSupplier/fullName',
  includedOn: 'элемент approveDate (дата включения)',
  excludedOn: 'элемент excludeDate (дата исключения)',
  customerName: 'элемент customer/fullName',
  customerInn: 'элемент customer/inn',
  purchaseNumber: 'элемент purchase/purchaseNumber',
  reason: 'элемент createReason',
};

const isNode = (v: unknown): v is XmlNode => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The child of `node` named by one of `names` (case ignored; the first of a repeated one). */
function child(node: XmlNode | undefined, names: readonly string[]): unknown {
  if (!node) return undefined;
  for (const n of names) {
    const k = Object.keys(node).find((key) => key.toLowerCase() === n.toLowerCase());
    if (k !== undefined) return Array.isArray(node[k]) ? (node[k] as unknown[])[0] : node[k];
  }
  return undefined;
}

/** The text of a child (an element with attributes keeps it as `#text`). */
function text(node: XmlNode | undefined, names: readonly string[]): string | null {
  const v = child(node, names);
  if (typeof v === 'string') return v;
  if (isNode(v) && typeof v['#text'] === 'string') return v['#text'];
  return null;
}
const nodeOf = (node: XmlNode | undefined, names: readonly string[]) => {
  const v = child(node, names);
  return isNode(v) ? v : undefined;
};

function supplierOf(node: XmlNode): XmlNode | undefined {
  const s = nodeOf(node, SUPPLIER);
  if (!s) return undefined;
  // a legal entity or an individual may sit one level lower (legalEntity, individualPerson, …)
  if (text(s, INN) !== null) return s;
  return Object.values(s).find((v): v is XmlNode => isNode(v) && text(v, INN) !== null) ?? s;
}

function personName(s: XmlNode | undefined): string | null {
  const parts = ['lastName', 'firstName', 'middleName'].map((n) => text(s, [n])).filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

function rawOf(record: XmlNode, supplier: XmlNode | undefined): RawRnpRow {
  const exclude = nodeOf(record, EXCLUDE_NODE);
  const customer = nodeOf(record, CUSTOMER);
  const purchase = nodeOf(record, PURCHASE);
  return {
    registryNumber: text(record, NUMBER),
    inn: text(supplier, INN),
    kpp: text(supplier, KPP),
    name: text(supplier, NAME) ?? personName(supplier),
    includedOn: text(record, INCLUDED),
    excludedOn: text(record, EXCLUDED) ?? text(exclude, EXCLUDED),
    customerName: text(customer, NAME),
    customerInn: text(customer, INN),
    purchaseNumber: text(purchase, PURCHASE_NUMBER) ?? text(record, ['purchaseNumber']),
    reason: text(record, REASON),
  };
}

/** Every record below `node`, in document order (a record's own children are not searched). */
function collect(node: unknown, out: RawRnpRow[]) {
  if (Array.isArray(node)) {
    for (const n of node) collect(n, out);
    return;
  }
  if (!isNode(node)) return;
  const supplier = text(node, NUMBER) !== null ? supplierOf(node) : undefined;
  if (supplier) {
    out.push(rawOf(node, supplier));
    return;
  }
  for (const [k, v] of Object.entries(node)) if (!k.startsWith('@') && k !== '#text') collect(v, out);
}

/** The law a document belongs to by its namespaces (223fz in the 223-ФЗ schemas, oos/fcs in 44-ФЗ). */
function lawOfDocument(xml: string): RnpLaw | null {
  const head = xml.slice(0, 4000);
  if (/zakupki\.gov\.ru\/223fz/i.test(head)) return '223-fz';
  if (/zakupki\.gov\.ru\/oos|fcsUnfairSupplier/i.test(head)) return '44-fz';
  return null;
}

export function parseRnpXml(data: Buffer, defaultLaw: RnpLaw | null): RnpRow[] {
  const xml = decodeXml(data);
  const raws: RawRnpRow[] = [];
  collect(parseXml(xml), raws);
  if (raws.length === 0)
    throw new ParseError(
      'В XML нет ни одной записи реестра: ожидаются документы unfairSupplier с registryNum и сведениями о поставщике (unfairSupplier/inn)',
    );
  const law = lawOfDocument(xml) ?? defaultLaw;
  return raws.map((raw, i) =>
    checkRow(
      raw,
      `запись ${i + 1}${raw.registryNumber ? `, реестровый номер ${raw.registryNumber}` : ''}`,
      ELEMENT_NAMES,
      law,
    ),
  );
}
