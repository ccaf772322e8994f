import type { EisWarning } from '../../../kernel/eis/eis.types.js';
import { procurementMethod } from '../../../kernel/eis/eis223-method.js';
import type {
  EisProtocol,
  EisProtocolApplication,
  EisProtocolLot,
} from '../../../kernel/eis/eis223-procurement.types.js';
import { child, type XmlNode } from '../../../lib/xml.js';
import {
  date,
  dateTime,
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
} from './eis-values.js';

/**
 * 223-FZ procurement protocol, every form (`purchaseProtocol`, `purchaseProtocolPAEP`, …,
 * matched by local name): one record per `body/item/<root>Data`, linked to its notice by
 * `purchaseInfo/purchaseNoticeNumber`, with the applications of each lot.
 */
export function parseEis223Protocols(root: XmlNode, rootName: string, fileName: string): EisProtocol[] {
  const schemaVersion = schemaVersion223(root);
  return packetItems(root, `${rootName}Data`).map(({ path, data }) => {
    const warnings: EisWarning[] = [];
    const info = child(data, 'purchaseInfo');
    const noticeNumber =
      str(info, 'purchaseNoticeNumber') ?? fail(join(path, 'purchaseInfo'), 'нет purchaseNoticeNumber');
    if (!/^\d{11}$/.test(noticeNumber))
      fail(join(path, 'purchaseInfo/purchaseNoticeNumber'), `неверный номер извещения «${noticeNumber}»`);
    const registrationNumber = str(data, 'registrationNumber') ?? fail(path, 'нет registrationNumber');
    const methodName = str(info, 'purchaseCodeName');
    const method = procurementMethod(rootName, 'purchaseProtocol', methodName, false);
    return {
      kind: 'protocol',
      documentType: 'eis223.purchaseProtocol',
      form: rootName,
      source: '223',
      fileName,
      path,
      schemaVersion,
      guid: str(data, 'guid'),
      registrationNumber,
      noticeNumber,
      version: int(data, 'version', path) ?? 1,
      status: str(data, 'status'),
      typeName: str(data, 'typeName'),
      methodName,
      methodKind: method.kind,
      customer: organization223(child(data, 'customer'), join(path, 'customer'), warnings),
      signedOn: date(data, 'protocolSignDate', path),
      procedureAt: dateTime(data, 'procedureDate', path),
      publishedAt: dateTime(data, 'publicationDateTime', path),
      lots: list(child(data, 'lotApplicationsList'), 'protocolLotApplications').map((node, i) =>
        protocolLot(node, join(path, `lotApplicationsList/protocolLotApplications[${i + 1}]`)),
      ),
      warnings,
    };
  });
}

/** A lot of the protocol: its data sits in `lot` (most forms) or on the element itself (PAEP). */
function protocolLot(node: XmlNode, path: string): EisProtocolLot {
  const lot = child(node, 'lot') ?? node;
  const lotPath = child(node, 'lot') ? join(path, 'lot') : path;
  return {
    ordinalNumber: int(lot, 'ordinalNumber', lotPath),
    subject: str(lot, 'subject'),
    currencyCode: strAt(lot, 'currency', 'code'),
    initialSum: money(lot, 'initialSum', lotPath),
    applications: lotWinners(
      list(node, 'application').map((a, i) => application(a, join(path, `application[${i + 1}]`))),
    ),
  };
}

/**
 * The winner of a lot by the codes of the official Types.xsd: `winnerIndication` F «Победитель»
 * (S, T, B, N: second, third, below third, not stated), or `winnerIndication3` W «Победитель»
 * where F means «предложивший цену победителя» — so in a lot that carries a W, only W wins;
 * `applicationPlace` 1; or `winner` true.
 */
function lotWinners(apps: EisProtocolApplication[]): EisProtocolApplication[] {
  const scheme3 = apps.some((a) => a.place === 'W');
  return apps.map((a) => ({
    ...a,
    winner: a.winner || a.place === '1' || a.place === 'W' || (!scheme3 && a.place === 'F'),
  }));
}

function application(node: XmlNode, path: string): EisProtocolApplication {
  const place = str(node, 'applicationPlace') ?? str(node, 'winnerIndication');
  return {
    number: str(node, 'applicationNumber'),
    supplierName: strAt(node, 'supplierInfo', 'name'),
    supplierInn: strAt(node, 'supplierInfo', 'inn'),
    supplierKpp: strAt(node, 'supplierInfo', 'kpp'),
    price: money(node, 'price', path) ?? money(node, 'lastPrice', path),
    accepted: str(node, 'accepted'),
    winner: str(node, 'winner') === 'true',
    place,
    receivedAt: str(node, 'applicationDate'),
    supplierAddress: strAt(node, 'supplierInfo', 'address'),
  };
}
