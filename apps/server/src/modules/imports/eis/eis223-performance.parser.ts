import type {
  EisExecution,
  EisExecutionDoc,
  EisExecutionStage,
  EisPayment,
  EisPenalty,
  EisWarning,
} from '../../../kernel/eis/eis.types.js';
import { child, type XmlNode } from '../../../lib/xml.js';
import {
  bool,
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
 * 223-FZ `performanceContract` packet (сведения об исполнении договора): one record per
 * `body/item/performanceContractData`. Each `positions/position` becomes a stage. Older schemas
 * (TFF-7.5) put the payment fields (paymentDate, price, rubPrice, prepaid) on the position itself;
 * newer ones (12.x) list them under `paymentInfos/paymentInfo`. Both are read.
 */
export function parseEis223Performance(root: XmlNode, fileName: string): EisExecution[] {
  const schemaVersion = schemaVersion223(root);
  return packetItems(root, 'performanceContractData').map(({ index, path, data }) => {
    const warnings: EisWarning[] = [];
    const guid = str(data, 'guid');
    const registrationNumber = str(data, 'registrationNumber');
    if (!guid && !registrationNumber) fail(path, 'нет registrationNumber и guid');
    const contractInfo = child(data, 'contractInfo');
    const contractRegNumber = str(data, 'contractRegNumber');
    const contractGuid = str(contractInfo, 'guid');
    if (!contractRegNumber && !contractGuid) fail(path, 'нет contractRegNumber и contractInfo/guid');

    const positionsPath = join(path, 'positions');
    const positionsNode = child(data, 'positions');
    const stageEndDate = date(data, 'completionStageEndDate', path);
    const penaltyInfo = str(data, 'penaltyInfo');
    const penalties: EisPenalty[] = penaltyInfo
      ? [
          {
            kind: 'penaltyInfo',
            party: null,
            penaltyType: null,
            reasonCode: null,
            reason: penaltyInfo,
            amount: null,
            currencyCode: null,
            document: null,
          },
        ]
      : [];

    return {
      kind: 'execution',
      source: '223',
      documentType: 'eis223.performanceContract',
      fileName,
      schemaVersion,
      itemIndex: index,
      guid,
      registrationNumber,
      contractRegNumber,
      contractGuid,
      contractNumber: str(contractInfo, 'name'),
      contractDate: date(contractInfo, 'contractDate', join(path, 'contractInfo')),
      eisId: null,
      version: int(data, 'version', path),
      status: str(data, 'status'),
      createDateTime: dateTime(data, 'createDateTime', path),
      publicationDate: dateTime(data, 'publicationDate', path),
      url: strOf(data, 'urlEIS', 'urlOOS'),
      customer: organization223(child(data, 'customer'), join(path, 'customer'), warnings),
      supplierName: str(contractInfo, 'supplierName'),
      completed: bool(data, 'completed', path),
      endedByExpiry: bool(data, 'termination', path),
      total: money(positionsNode, 'total', positionsPath),
      stages: list(positionsNode, 'position').map((p, i) =>
        stage(p, join(positionsPath, `position[${i + 1}]`), stageEndDate),
      ),
      termination: null,
      hasPenalty: bool(data, 'hasPenalty', path),
      penalties,
      warnings,
    };
  });
}

function stage(node: XmlNode, path: string, endDate: string | null): EisExecutionStage {
  const infos = list(child(node, 'paymentInfos'), 'paymentInfo');
  const payments = infos.length
    ? infos.map((p, i) => payment(p, join(path, `paymentInfos/paymentInfo[${i + 1}]`)))
    : str(node, 'paymentDate') || str(node, 'price')
      ? [payment(node, path)]
      : [];
  return {
    ordinalNumber: int(node, 'ordinal', path),
    endDate,
    isFinal: null,
    payments,
    docs: list(child(node, 'docs'), 'doc').map((d, i) => doc(d, join(path, `docs/doc[${i + 1}]`))),
    deliveries: [],
  };
}

function payment(node: XmlNode, path: string): EisPayment {
  return {
    ordinalNumber: int(node, 'ordinal', path),
    paymentDate: date(node, 'paymentDate', path),
    price: money(node, 'price', path),
    rubPrice: money(node, 'rubPrice', path),
    currencyCode: strAt(node, 'currency', 'code'),
    vat: null,
    prepaid: bool(node, 'prepaid', path),
    document: null,
  };
}

function doc(node: XmlNode, path: string): EisExecutionDoc {
  return {
    ordinalNumber: int(node, 'ordinal', path),
    code: str(node, 'code'),
    name: str(node, 'name'),
    number: str(node, 'number'),
    date: date(node, 'date', path),
    positionName: strAt(node, 'contractPosition', 'name'),
    okpd2Code: strAt(node, 'contractPosition', 'okpd2', 'code'),
    okeiCode: strAt(node, 'okei', 'code'),
    okeiName: strAt(node, 'okei', 'name'),
    qty: decimal(node, 'qty', path),
    unitPrice: decimal(node, 'unitPrice', path),
    sum: money(node, 'totalRub', path),
  };
}
