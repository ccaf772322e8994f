import type {
  EisContract,
  EisContractPosition,
  EisPurchaseInfo,
  EisSupplier,
  EisWarning,
} from '../../../kernel/eis/eis.types.js';
import { child, type XmlNode } from '../../../lib/xml.js';
import {
  bool,
  checkRequisites,
  date,
  dateTime,
  decimal,
  fail,
  int,
  join,
  list,
  money,
  organization223,
  packetItems,
  schemaVersion223,
  str,
  strAt,
  strOf,
} from './eis-values.js';

/**
 * 223-FZ `contract` packet (namespace http://zakupki.gov.ru/223fz/contract/1): one record per
 * `body/item/contractData`. Handles TFF-3.5 … 12.2: `urlOOS` or `urlEIS`, ОКДП or ОКПД2 positions,
 * date-only or date-time `contractDate`, with or without `supplierInfo`.
 */
export function parseEis223Contracts(root: XmlNode, fileName: string): EisContract[] {
  const schemaVersion = schemaVersion223(root);
  return packetItems(root, 'contractData').map(({ index, path, data }) => {
    const warnings: EisWarning[] = [];
    const guid = str(data, 'guid');
    const registrationNumber = str(data, 'registrationNumber');
    if (!guid && !registrationNumber) fail(path, 'нет registrationNumber и guid');

    const customer = organization223(child(data, 'customer'), join(path, 'customer'), warnings);
    if (!customer?.inn) fail(join(path, 'customer/mainInfo'), 'нет inn (ИНН заказчика)');
    const contractDate = date(data, 'contractDate', path) ?? fail(path, 'нет contractDate (дата договора)');
    const price = money(data, 'price', path) ?? fail(path, 'нет price (цена договора)');

    return {
      kind: 'contract',
      source: '223',
      documentType: 'eis223.contract',
      fileName,
      schemaVersion,
      itemIndex: index,
      guid,
      registrationNumber,
      contractRegNumber: str(data, 'contractRegNumber'),
      eisId: null,
      version: int(data, 'version', path),
      status: str(data, 'status'),
      createDateTime: dateTime(data, 'createDateTime', path),
      publicationDate: dateTime(data, 'publicationDate', path),
      url: strOf(data, 'urlEIS', 'urlOOS'),
      customer: { ...customer, inn: customer.inn },
      suppliers: list(data, 'supplierInfo').map((s, i) =>
        supplier(s, join(path, `supplierInfo[${i + 1}]`), warnings),
      ),
      number: str(data, 'name'),
      contractDate,
      startExecutionDate: date(data, 'startExecutionDate', path),
      endExecutionDate: date(data, 'endExecutionDate', path),
      price,
      rubPrice: money(data, 'rubPrice', path),
      currencyCode: strAt(data, 'currency', 'code'),
      subject: str(data, 'subjectContract'),
      purchase: purchaseInfo(data),
      planPositionNumber: strAt(data, 'planPosition', 'positionNumber'),
      positions: positions(child(data, 'contractPositions'), join(path, 'contractPositions')),
      warnings,
    };
  });
}

function supplier(node: XmlNode, path: string, warnings: EisWarning[]): EisSupplier {
  const result: EisSupplier = {
    name: str(node, 'name'),
    inn: str(node, 'inn'),
    kpp: str(node, 'kpp'),
    isSme: bool(node, 'provider', path),
    isIndividual: bool(node, 'individual', path),
    isForeign: bool(node, 'nonResident', path),
  };
  if (!result.isForeign) checkRequisites(result, path, warnings);
  return result;
}

function purchaseInfo(data: XmlNode): EisPurchaseInfo | null {
  const info: EisPurchaseInfo = {
    noticeNumber: strAt(data, 'purchaseNoticeInfo', 'purchaseNoticeNumber'),
    lotNumber: str(data, 'lotNum'),
    methodCode: strAt(data, 'purchaseTypeInfo', 'code'),
    methodName: strAt(data, 'purchaseTypeInfo', 'name'),
  };
  return Object.values(info).every((v) => v === null) ? null : info;
}

function positions(list223: XmlNode | undefined, path: string): EisContractPosition[] {
  return list(list223, 'contractPosition').map((p, i) => {
    const at = join(path, `contractPosition[${i + 1}]`);
    const okdp = child(p, 'okdp') ?? child(p, 'okpd');
    return {
      ordinalNumber: int(p, 'ordinalNumber', at),
      name: str(p, 'name'),
      okpd2Code: strAt(p, 'okpd2', 'code'),
      okpd2Name: strAt(p, 'okpd2', 'name'),
      okdpCode: str(okdp, 'code'),
      okdpName: str(okdp, 'name'),
      okeiCode: strAt(p, 'okei', 'code'),
      okeiName: strAt(p, 'okei', 'name'),
      qty: decimal(p, 'qty', at),
      price: decimal(p, 'unitPrice', at),
      sum: null,
    };
  });
}
