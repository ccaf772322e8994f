import type {
  EisPlan,
  EisPlanItem,
  EisPlanLongTermVolume,
  EisPlanRow,
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

/** Sections of purchasePlanData that hold positions, and what being in each one means. */
const SECTIONS = [
  { list: 'purchasePlanItems', item: 'purchasePlanItem', smeOnly: false, innovation: false },
  { list: 'purchasePlanItemsSMB', item: 'purchasePlanItem', smeOnly: true, innovation: false },
  { list: 'innovationPlanItems', item: 'innovationPlanItem', smeOnly: false, innovation: true },
  { list: 'innovationPlanItemsSMB', item: 'innovationPlanItem', smeOnly: true, innovation: true },
] as const;

/**
 * 223-FZ `purchasePlan` packet (namespace http://zakupki.gov.ru/223fz/purchasePlan/1): one
 * record per `body/item/purchasePlanData` with every position of the plan and innovation plan.
 * Positions of the SME section (`purchasePlanItemsSMB`) that repeat a position of the main list
 * (same guid, as real files do) are merged into it with `isSmeOnly: true`; SME-section positions
 * absent from the main list are added. Position numbers are not unique (long-term positions
 * carried over from the previous plan keep their numbers): the guid is the key.
 */
export function parseEis223Plans(root: XmlNode, fileName: string): EisPlan[] {
  const schemaVersion = schemaVersion223(root);
  return packetItems(root, 'purchasePlanData').map(({ index, path, data }) => {
    const warnings: EisWarning[] = [];
    const guid = str(data, 'guid');
    const registrationNumber = str(data, 'registrationNumber');
    if (!guid && !registrationNumber) fail(path, 'нет registrationNumber и guid');

    const items: EisPlanItem[] = [];
    const byGuid = new Map<string, EisPlanItem>();
    for (const section of SECTIONS) {
      const sectionPath = join(path, section.list);
      list(child(data, section.list), section.item).forEach((node, i) => {
        const item = planItem(node, join(sectionPath, `${section.item}[${i + 1}]`), section, warnings);
        // The SME section repeats positions of the main list (same guid): mark, do not duplicate.
        const known = section.smeOnly && item.guid ? byGuid.get(item.guid) : undefined;
        if (known) {
          known.isSmeOnly = true;
          return;
        }
        items.push(item);
        if (item.guid && !byGuid.has(item.guid)) byGuid.set(item.guid, item);
      });
    }

    return {
      kind: 'plan',
      source: '223',
      documentType: 'eis223.purchasePlan',
      fileName,
      schemaVersion,
      itemIndex: index,
      guid,
      registrationNumber,
      version: int(data, 'version', path),
      planType: str(data, 'planType'),
      startDate: date(data, 'startDate', path),
      endDate: date(data, 'endDate', path),
      approveDate: date(data, 'approveDate', path),
      createDateTime: dateTime(data, 'createDateTime', path),
      publicationDate: dateTime(data, 'publicationDateTime', path),
      url: strOf(data, 'urlEIS', 'urlOOS'),
      customer:
        organization223(child(data, 'customer'), join(path, 'customer'), warnings) ??
        organization223(child(data, 'placer'), join(path, 'placer'), warnings),
      annualVolume: money(data, 'annualVolume', path),
      volumeSmb: money(data, 'volumeSMB', path),
      status: str(data, 'status'),
      name: str(data, 'name'),
      additionalInfo: str(data, 'additionalInfo'),
      modificationDescription: str(data, 'modificationDescription'),
      reportingYear: int(data, 'reportingYear', path),
      excludeVolume: money(data, 'excludeVolume', path),
      percentSmb: decimal(data, 'percentSMB', path),
      flags: planFlags(data, path),
      items,
      warnings,
    };
  });
}

const PLAN_FLAGS = [
  'isDigitForm',
  'summSizeCh15',
  'isImportedFromVSRZ',
  'smbPartitionChanged',
  'annualVolumeSMBLess20Percent',
  'useNewClassifiers',
] as const;

function planFlags(data: XmlNode, path: string): Record<string, boolean> {
  const flags: Record<string, boolean> = {};
  for (const name of PLAN_FLAGS) {
    const v = bool(data, name, path);
    if (v !== null) flags[name] = v;
  }
  return flags;
}

function longTerm(node: XmlNode | undefined, path: string): EisPlanLongTermVolume | null {
  if (!node) return null;
  return {
    volume: money(node, 'volume', path),
    volumeRub: money(node, 'volumeRub', path),
    currency: strAt(node, 'currency', 'code'),
    details: list(child(node, 'details'), 'longTermVolumeDetail').map((d, i) => {
      const p = join(path, `details/longTermVolumeDetail[${i + 1}]`);
      const year = int(d, 'year', p);
      if (year === null) fail(p, 'нет year');
      return { year, sum: money(d, 'summ', p), sumRub: money(d, 'summRub', p) };
    }),
  };
}

function planItem(
  node: XmlNode,
  path: string,
  section: { smeOnly: boolean; innovation: boolean },
  warnings: EisWarning[],
): EisPlanItem {
  const guid = str(node, 'guid');
  const ordinalNumber = int(node, 'ordinalNumber', path);
  if (!guid && ordinalNumber === null) fail(path, 'нет guid и ordinalNumber');
  const rowsNode = child(node, 'purchasePlanDataItemRows') ?? child(node, 'innovationPlanDataItemRows');
  const rowsPath = join(path, section.innovation ? 'innovationPlanDataItemRows' : 'purchasePlanDataItemRows');
  const rowName = section.innovation ? 'innovationPlanRowItem' : 'purchasePlanRowItem';
  return {
    guid,
    ordinalNumber,
    contractSubject: str(node, 'contractSubject'),
    status: str(node, 'status'),
    maximumContractPrice: money(node, 'maximumContractPrice', path),
    currency: strAt(node, 'currency', 'code'),
    purchasePeriodYear: int(node, 'purchasePeriodYear', path),
    purchasePeriodQuarter: int(node, 'purchasePeriodQuarter', path),
    purchasePeriodMonth: int(node, 'purchasePeriodMonth', path),
    purchasePlannedDate: date(node, 'purchasePlannedDate', path),
    contractEndDate: date(node, 'contractEndDate', path),
    purchaseMethodCode: str(node, 'purchaseMethodCode'),
    purchaseMethodName: str(node, 'purchaseMethodName'),
    isElectronic: bool(node, 'isElectronic', path),
    isSmeOnly: section.smeOnly,
    isInnovation: section.innovation,
    isLongTerm: bool(node, 'longTerm', path),
    cancellationReason: str(node, 'cancellationReason'),
    modificationDescription: str(node, 'modificationDescription'),
    additionalInfo: str(node, 'additionalInfo'),
    changedGoodsAndDates: bool(node, 'changedGWSAndDates', path),
    changedPriceOver10Percent: bool(node, 'changedNMSKMoreTenPercent', path),
    otherChanges: bool(node, 'otherChanges', path),
    isPurchasePlaced: bool(node, 'isPurchasePlaced', path),
    maximumContractPriceRub: money(node, 'maximumContractPriceRub', path),
    exchangeRate: decimal(node, 'exchangeRate', path),
    okato: str(node, 'okato'),
    region: str(node, 'region'),
    purchaseCategory: str(node, 'purchaseCategory'),
    isExcludedFromSme: bool(node, section.innovation ? 'ignoredPurchase' : 'isPurchaseIgnored', path),
    innovationEquivalent: bool(node, 'innovationEquivalent', path),
    plannedAfterSecondYear: bool(node, 'plannedAfterSecondYear', path),
    customer: organization223(child(node, 'planItemCustomer'), join(path, 'planItemCustomer'), warnings),
    initialPositionGuid: strAt(node, 'initialPositionData', 'initialPositionGuid'),
    initialPlanGuid: strAt(node, 'initialPositionData', 'initialPlanGuid'),
    longTermVolumes: longTerm(child(node, 'longTermVolumes'), join(path, 'longTermVolumes')),
    longTermSmeVolumes: longTerm(child(node, 'longTermSMBVolumes'), join(path, 'longTermSMBVolumes')),
    rows: list(rowsNode, rowName).map((r, i) => row(r, join(rowsPath, `${rowName}[${i + 1}]`))),
  };
}

function row(node: XmlNode, path: string): EisPlanRow {
  return {
    ordinalNumber: int(node, 'ordinalNumber', path),
    okpd2Code: strAt(node, 'okpd2', 'code'),
    okpd2Name: strAt(node, 'okpd2', 'name'),
    okved2Code: strAt(node, 'okved2', 'code'),
    okved2Name: strAt(node, 'okved2', 'name'),
    okeiCode: strAt(node, 'okei', 'code'),
    okeiName: strAt(node, 'okei', 'name'),
    qty: decimal(node, 'qty', path),
    qtyUndefined: bool(node, 'impossibleToDetermineAttr', path),
    okato: str(node, 'okato'),
    region: str(node, 'region'),
    additionalInfo: str(node, 'additionalInfo'),
  };
}
