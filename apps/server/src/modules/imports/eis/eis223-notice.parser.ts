import type { EisWarning } from '../../../kernel/eis/eis.types.js';
import { procurementMethod } from '../../../kernel/eis/eis223-method.js';
import type {
  EisLotPlanInfo,
  EisNotice,
  EisNoticeItem,
  EisNoticeLot,
} from '../../../kernel/eis/eis223-procurement.types.js';
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
 * 223-FZ procurement notice, every form (`purchaseNotice`, `purchaseNoticeZK`, `…AE`, `…OK`, …,
 * matched by local name): one record per `body/item/<root>Data` with its lots, their items and
 * the plan position each lot comes from (`lotPlanInfo`).
 */
export function parseEis223Notices(root: XmlNode, rootName: string, fileName: string): EisNotice[] {
  const schemaVersion = schemaVersion223(root);
  return packetItems(root, `${rootName}Data`).map(({ path, data }) => {
    const warnings: EisWarning[] = [];
    const registrationNumber = str(data, 'registrationNumber') ?? fail(path, 'нет registrationNumber');
    if (!/^\d{11}$/.test(registrationNumber))
      fail(join(path, 'registrationNumber'), `неверный номер извещения «${registrationNumber}»`);
    const customer = organization223(child(data, 'customer'), join(path, 'customer'), warnings);
    if (!customer?.inn) fail(join(path, 'customer'), 'нет ИНН заказчика');
    const methodName = str(data, 'purchaseCodeName');
    const platform = child(data, 'electronicPlaceInfo');
    const method = procurementMethod(rootName, 'purchaseNotice', methodName, Boolean(platform));
    return {
      kind: 'notice',
      documentType: 'eis223.purchaseNotice',
      form: rootName,
      source: '223',
      fileName,
      path,
      schemaVersion,
      guid: str(data, 'guid'),
      registrationNumber,
      version: int(data, 'version', path) ?? 1,
      status: str(data, 'status'),
      name: str(data, 'name'),
      methodName,
      methodKind: method.kind,
      electronic: method.electronic,
      customer: { ...customer, inn: customer.inn },
      placer: organization223(child(data, 'placer'), join(path, 'placer'), warnings),
      publishedAt: dateTime(data, 'publicationDateTime', path),
      plannedPublicationDate: date(data, 'publicationPlannedDate', path),
      bidsDeadline: dateTime(data, 'submissionCloseDateTime', path),
      examinationAt:
        dateTime(data, 'quotationExaminationTime', path) ?? dateTime(data, 'examinationDateTime', path),
      summingUpAt: dateTime(data, 'summingupDateTime', path) ?? dateTime(data, 'summingUpDateTime', path),
      platformName: str(platform, 'name'),
      platformUrl: str(platform, 'url'),
      url: str(data, 'urlOOS'),
      lots: list(child(data, 'lots'), 'lot').map((lot, i) =>
        noticeLot(lot, join(path, `lots/lot[${i + 1}]`)),
      ),
      warnings,
    };
  });
}

/** A lot: TFF 5+ keeps its data in `lotData`; older forms put it on the lot itself. */
function noticeLot(lot: XmlNode, path: string): EisNoticeLot {
  const data = child(lot, 'lotData') ?? lot;
  const dataPath = child(lot, 'lotData') ? join(path, 'lotData') : path;
  return {
    ordinalNumber: int(lot, 'ordinalNumber', path),
    guid: str(lot, 'guid'),
    subject: str(data, 'subject'),
    currencyCode: strAt(data, 'currency', 'code'),
    initialSum: money(data, 'initialSum', dataPath),
    smeOnly: bool(data, 'forSmallOrMiddle', dataPath),
    cancelled: bool(lot, 'cancelled', path),
    planInfo: planInfo(child(lot, 'lotPlanInfo'), join(path, 'lotPlanInfo')),
    items: list(child(data, 'lotItems'), 'lotItem').map((item, i) =>
      noticeItem(item, join(dataPath, `lotItems/lotItem[${i + 1}]`)),
    ),
  };
}

function planInfo(node: XmlNode | undefined, path: string): EisLotPlanInfo | null {
  if (!node) return null;
  return {
    planRegistrationNumber: str(node, 'planRegistrationNumber'),
    planGuid: str(node, 'planGuid'),
    positionNumber: int(node, 'positionNumber', path),
    positionGuid: str(node, 'positionGuid'),
  };
}

function noticeItem(item: XmlNode, path: string): EisNoticeItem {
  return {
    ordinalNumber: int(item, 'ordinalNumber', path),
    okpd2Code: strAt(item, 'okpd2', 'code'),
    okpd2Name: strAt(item, 'okpd2', 'name'),
    okdpCode: strAt(item, 'okdp', 'code'),
    okved2Code: strOf(child(item, 'okved2'), 'code') ?? strAt(item, 'okved', 'code'),
    okeiCode: strAt(item, 'okei', 'code'),
    okeiName: strAt(item, 'okei', 'name'),
    qty: decimal(item, 'qty', path),
    additionalInfo: str(item, 'additionalInfo'),
  };
}
