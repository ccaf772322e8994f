import type {
  EisContract,
  EisContractPosition,
  EisOrganization,
  EisPurchaseInfo,
  EisSupplier,
  EisWarning,
} from '../../../kernel/eis/eis.types.js';
import { child, type XmlNode } from '../../../lib/xml.js';
import {
  checkRequisites,
  date,
  dateTime,
  decimal,
  fail,
  int,
  join,
  list,
  money,
  str,
  strAt,
  strOf,
} from './eis-values.js';

/**
 * 44-FZ `export/contract` (namespace http://zakupki.gov.ru/oos/export/1), schemeVersion 6.x–7.x
 * and the older flat layout (supplier inn/organizationName, price at the top level).
 * `path` is the element path for messages, such as `export/contract[1]`.
 */
export function parseEis44Contract(
  node: XmlNode,
  fileName: string,
  path: string,
  index: number,
): EisContract {
  const warnings: EisWarning[] = [];
  const regNum = str(node, 'regNum');
  if (!regNum) fail(path, 'нет regNum (реестровый номер контракта)');

  const customer = organization44(child(node, 'customer'), join(path, 'customer'), warnings);
  if (!customer?.inn) fail(join(path, 'customer'), 'нет inn (ИНН заказчика)');
  const contractDate = date(node, 'signDate', path) ?? fail(path, 'нет signDate (дата заключения)');
  const priceInfo = child(node, 'priceInfo');
  const price =
    money(priceInfo, 'price', join(path, 'priceInfo')) ??
    money(node, 'price', path) ??
    fail(path, 'нет priceInfo/price (цена контракта)');
  const period = child(node, 'executionPeriod');

  return {
    kind: 'contract',
    source: '44',
    documentType: 'eis44.contract',
    fileName,
    schemaVersion: str(node, '@schemeVersion'),
    itemIndex: index,
    guid: null,
    registrationNumber: regNum,
    contractRegNumber: regNum,
    eisId: str(node, 'id'),
    version: int(node, 'versionNumber', path),
    status: str(node, 'currentContractStage'),
    createDateTime: null,
    publicationDate: dateTime(node, 'publishDate', path),
    url: str(node, 'href'),
    customer: { ...customer, inn: customer.inn },
    suppliers: list(child(node, 'suppliers'), 'supplier').map((s, i) =>
      supplier44(s, join(path, `suppliers/supplier[${i + 1}]`), warnings),
    ),
    number: str(node, 'number'),
    contractDate,
    startExecutionDate: date(period, 'startDate', join(path, 'executionPeriod')),
    endExecutionDate: date(period, 'endDate', join(path, 'executionPeriod')),
    price,
    rubPrice: money(priceInfo, 'priceRUR', join(path, 'priceInfo')),
    currencyCode: strAt(priceInfo, 'currency', 'code') ?? strAt(node, 'currency', 'code'),
    subject: strOf(node, 'contractSubject', 'subject'),
    purchase: purchaseInfo44(child(node, 'foundation')),
    planPositionNumber: null,
    positions: list(child(node, 'products'), 'product').map((p, i) =>
      product(p, join(path, `products/product[${i + 1}]`), i + 1),
    ),
    warnings,
  };
}

function organization44(
  node: XmlNode | undefined,
  path: string,
  warnings: EisWarning[],
): EisOrganization | null {
  if (!node) return null;
  const org: EisOrganization = {
    fullName: str(node, 'fullName'),
    shortName: str(node, 'shortName'),
    inn: strOf(node, 'inn', 'INN'),
    kpp: strOf(node, 'kpp', 'KPP'),
    ogrn: strOf(node, 'ogrn', 'OGRN'),
    regNum: str(node, 'regNum'),
  };
  checkRequisites(org, path, warnings);
  return org;
}

/** Supplier kinds of the 44-FZ schemas; the first one present wins. */
const SUPPLIER_KINDS = [
  { name: 'legalEntityRF', individual: false, foreign: false },
  { name: 'individualPersonRF', individual: true, foreign: false },
  { name: 'legalEntityForeignState', individual: false, foreign: true },
  { name: 'individualPersonForeignState', individual: true, foreign: true },
] as const;

function supplier44(node: XmlNode, path: string, warnings: EisWarning[]): EisSupplier {
  const kind = SUPPLIER_KINDS.find((k) => child(node, k.name));
  const holder = kind ? (child(node, kind.name) as XmlNode) : node;
  const info = child(holder, 'EGRULInfo') ?? child(holder, 'EGRIPInfo') ?? holder;
  const person = [strOf(info, 'lastName'), strOf(info, 'firstName'), strOf(info, 'middleName')]
    .filter(Boolean)
    .join(' ');
  const result: EisSupplier = {
    name: strOf(info, 'fullName', 'organizationName', 'shortName') ?? (person || null),
    inn: strOf(info, 'INN', 'inn'),
    kpp: strOf(info, 'KPP', 'kpp'),
    isSme: null,
    isIndividual: kind ? kind.individual : null,
    isForeign: kind ? kind.foreign : null,
  };
  if (!result.isForeign) checkRequisites(result, kind ? join(path, kind.name) : path, warnings);
  return result;
}

function purchaseInfo44(foundation: XmlNode | undefined): EisPurchaseInfo | null {
  if (!foundation) return null;
  const order =
    child(child(foundation, 'fcsOrder'), 'order') ??
    child(child(foundation, 'oosOrder'), 'order') ??
    child(foundation, 'order') ??
    child(foundation, 'notOosOrder');
  if (!order) return null;
  const info: EisPurchaseInfo = {
    noticeNumber: str(order, 'notificationNumber'),
    lotNumber: str(order, 'lotNumber'),
    methodCode: strOf(order, 'placing', 'placingWayCode'),
    methodName: strAt(order, 'placingWay', 'name'),
  };
  return Object.values(info).every((v) => v === null) ? null : info;
}

function product(node: XmlNode, path: string, ordinal: number): EisContractPosition {
  const okdp = child(node, 'OKPD') ?? child(node, 'OKDP');
  const okei = child(node, 'OKEI');
  return {
    ordinalNumber: ordinal,
    name: str(node, 'name'),
    okpd2Code: strAt(node, 'OKPD2', 'code'),
    okpd2Name: strAt(node, 'OKPD2', 'name'),
    okdpCode: str(okdp, 'code'),
    okdpName: str(okdp, 'name'),
    okeiCode: str(okei, 'code'),
    okeiName: strOf(okei, 'fullName', 'name', 'nationalCode'),
    qty: decimal(node, 'quantity', path),
    price: decimal(node, 'price', path),
    sum: money(node, 'sum', path),
  };
}
