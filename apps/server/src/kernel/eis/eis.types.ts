import type { EisNotice, EisProtocol } from './eis223-procurement.types.js';

/**
 * Normalised records read from EIS (zakupki.gov.ru) XML exports, 223-FZ and 44-FZ.
 *
 * Conventions for every field:
 * - absent or empty optional data is `null` (lists are `[]`), never `undefined`;
 * - dates are ISO `YYYY-MM-DD`; date-times are full ISO in UTC (`2019-12-17T14:01:03.000Z`).
 *   EIS writes 223-FZ date-times without an offset in Moscow time, so such values are read as
 *   Moscow time (UTC+3; UTC+4 between 2011-03-27 and 2014-10-26);
 * - money and quantities are decimal strings with a dot, never floats: money carries at least two
 *   fraction digits (`'1750000.00'`), quantities and unit prices carry only the digits they need
 *   (`'102339.18129'`, `'816'`); exponents such as `1.518971519E7` are expanded;
 * - codes (ОКПД2, ОКЕИ, method codes, statuses) stay strings exactly as EIS wrote them.
 */

export type EisSource = '223' | '44';

/** The root element a record came from. */
export type EisDocumentType =
  | 'eis223.contract'
  | 'eis223.performanceContract'
  | 'eis223.purchasePlan'
  | 'eis223.purchaseNotice'
  | 'eis223.purchaseProtocol'
  | 'eis44.contract'
  | 'eis44.contractProcedure';

/** A problem that does not stop the import, such as a failed ИНН checksum. Russian text. */
export type EisWarning = { path: string; message: string };

export type EisOrganization = {
  fullName: string | null;
  shortName: string | null;
  inn: string | null;
  kpp: string | null;
  ogrn: string | null;
  /** 44-FZ registry code of the customer (`regNum`); null for 223-FZ. */
  regNum: string | null;
};

export type EisSupplier = {
  name: string | null;
  inn: string | null;
  kpp: string | null;
  /** 223-FZ `provider`: the supplier is a small or medium business (СМСП). Null when unknown. */
  isSme: boolean | null;
  /** Individual entrepreneur or natural person, when the file says so. */
  isIndividual: boolean | null;
  isForeign: boolean | null;
};

export type EisContractPosition = {
  ordinalNumber: number | null;
  name: string | null;
  okpd2Code: string | null;
  okpd2Name: string | null;
  /** Older classifiers (ОКДП, ОКПД), filled by files before the switch to ОКПД2. */
  okdpCode: string | null;
  okdpName: string | null;
  okeiCode: string | null;
  okeiName: string | null;
  qty: string | null;
  /** Unit price. */
  price: string | null;
  sum: string | null;
};

export type EisPurchaseInfo = {
  /** Notice number (223: purchaseNoticeNumber, 44: notificationNumber). */
  noticeNumber: string | null;
  lotNumber: string | null;
  /** Method code (223: purchaseTypeInfo/code, 44: placing). */
  methodCode: string | null;
  methodName: string | null;
};

export type EisContract = {
  kind: 'contract';
  source: EisSource;
  documentType: EisDocumentType;
  fileName: string;
  /** Integration schema version: `TFF-9.3` for 223-FZ, `schemeVersion` such as `7.0` for 44-FZ. */
  schemaVersion: string | null;
  /** 1-based index of the body item (223-FZ daily files hold many) or of the document in 44-FZ export. */
  itemIndex: number;
  guid: string | null;
  /**
   * Registration number of this record: 223-FZ `registrationNumber` (23 digits, the number of this
   * version of the contract information), 44-FZ `regNum` (19 digits, the contract's registry number).
   */
  registrationNumber: string | null;
  /** Registry number of the contract card (223-FZ `contractRegNumber`, 44-FZ `regNum`). */
  contractRegNumber: string | null;
  /** 44-FZ internal document id (`id`); null for 223-FZ. */
  eisId: string | null;
  version: number | null;
  /** 223-FZ status (P, F, I, M), 44-FZ `currentContractStage` (E, EC, ET, IN). */
  status: string | null;
  createDateTime: string | null;
  publicationDate: string | null;
  url: string | null;
  /** The customer's ИНН is required: it binds the contract to a company. */
  customer: EisOrganization & { inn: string };
  suppliers: EisSupplier[];
  /** Contract number as the parties wrote it (223: `name`, 44: `number`). */
  number: string | null;
  contractDate: string;
  startExecutionDate: string | null;
  endExecutionDate: string | null;
  price: string;
  rubPrice: string | null;
  currencyCode: string | null;
  subject: string | null;
  purchase: EisPurchaseInfo | null;
  planPositionNumber: string | null;
  positions: EisContractPosition[];
  warnings: EisWarning[];
};

export type EisDocumentRef = { name: string | null; number: string | null; date: string | null };

export type EisPayment = {
  ordinalNumber: number | null;
  paymentDate: string | null;
  price: string | null;
  rubPrice: string | null;
  currencyCode: string | null;
  /** VAT in the payment (44-FZ `paidVAT`). */
  vat: string | null;
  prepaid: boolean | null;
  /** Payment document (44-FZ `payDoc`). */
  document: EisDocumentRef | null;
};

/** A document of acceptance (накладная, акт) with the quantity it covers. */
export type EisExecutionDoc = {
  ordinalNumber: number | null;
  code: string | null;
  name: string | null;
  number: string | null;
  date: string | null;
  positionName: string | null;
  okpd2Code: string | null;
  okeiCode: string | null;
  okeiName: string | null;
  qty: string | null;
  unitPrice: string | null;
  sum: string | null;
};

/** Quantity delivered against a contract item (44-FZ `quantityContractSubject`). */
export type EisDelivery = {
  name: string | null;
  okpd2Code: string | null;
  okeiCode: string | null;
  okeiName: string | null;
  qty: string | null;
  /** Quantity of the item in the contract. */
  contractQty: string | null;
};

/** 223-FZ `positions/position`, 44-FZ `executions` block. */
export type EisExecutionStage = {
  ordinalNumber: number | null;
  endDate: string | null;
  isFinal: boolean | null;
  payments: EisPayment[];
  docs: EisExecutionDoc[];
  deliveries: EisDelivery[];
};

export type EisTermination = {
  date: string | null;
  reasonCode: string | null;
  reason: string | null;
  reasonInfo: string | null;
  /** Amount paid to the supplier by the day of termination. */
  paid: string | null;
  document: (EisDocumentRef & { code: string | null }) | null;
};

export type EisPenalty = {
  /** Source element: `penaltyAccrual`, `penalty`, … (`penaltyInfo` is 223-FZ free text). */
  kind: string;
  /** 44-FZ contract party the penalty is charged to: S supplier, C customer. */
  party: string | null;
  penaltyType: string | null;
  reasonCode: string | null;
  reason: string | null;
  amount: string | null;
  currencyCode: string | null;
  document: EisDocumentRef | null;
};

export type EisExecution = {
  kind: 'execution';
  source: EisSource;
  documentType: EisDocumentType;
  fileName: string;
  schemaVersion: string | null;
  itemIndex: number;
  guid: string | null;
  /** 223-FZ registrationNumber of the execution information; 44-FZ printForm/docRegNumber. */
  registrationNumber: string | null;
  contractRegNumber: string | null;
  /** 223-FZ contractInfo/guid: the contract information this execution belongs to. */
  contractGuid: string | null;
  contractNumber: string | null;
  contractDate: string | null;
  eisId: string | null;
  version: number | null;
  status: string | null;
  createDateTime: string | null;
  publicationDate: string | null;
  url: string | null;
  customer: EisOrganization | null;
  supplierName: string | null;
  completed: boolean | null;
  /** 223-FZ `termination`: obligations ended because the contract term expired. */
  endedByExpiry: boolean | null;
  total: string | null;
  stages: EisExecutionStage[];
  termination: EisTermination | null;
  hasPenalty: boolean | null;
  penalties: EisPenalty[];
  warnings: EisWarning[];
};

export type EisPlanRow = {
  ordinalNumber: number | null;
  okpd2Code: string | null;
  okpd2Name: string | null;
  okved2Code: string | null;
  okved2Name: string | null;
  okeiCode: string | null;
  okeiName: string | null;
  qty: string | null;
  /** `impossibleToDetermineAttr`: the quantity cannot be determined. */
  qtyUndefined: boolean | null;
  okato: string | null;
  region: string | null;
  additionalInfo: string | null;
};

/** `longTermVolumes` / `longTermSMBVolumes`: payments of a long-term contract by year. */
export type EisPlanLongTermVolume = {
  volume: string | null;
  volumeRub: string | null;
  currency: string | null;
  details: { year: number; sum: string | null; sumRub: string | null }[];
};

export type EisPlanItem = {
  /** The key of a position: ordinal numbers repeat across carried-over long-term positions. */
  guid: string | null;
  ordinalNumber: number | null;
  contractSubject: string | null;
  status: string | null;
  maximumContractPrice: string | null;
  currency: string | null;
  purchasePeriodYear: number | null;
  purchasePeriodQuarter: number | null;
  purchasePeriodMonth: number | null;
  purchasePlannedDate: string | null;
  contractEndDate: string | null;
  purchaseMethodCode: string | null;
  purchaseMethodName: string | null;
  isElectronic: boolean | null;
  /**
   * Listed in the SME section (`purchasePlanItemsSMB`, purchases whose participants are SMEs only).
   * Real files repeat such positions in the main list; they are merged into one item.
   */
  isSmeOnly: boolean;
  /** Position of an innovation plan (`innovationPlanItems`). */
  isInnovation: boolean;
  isLongTerm: boolean | null;
  /** `cancellationReason` of an annulled position: REJECT, INVALID, NOT_PERFORMED. */
  cancellationReason: string | null;
  modificationDescription: string | null;
  additionalInfo: string | null;
  /** Change flags of the position: `changedGWSAndDates`, `changedNMSKMoreTenPercent`, `otherChanges`. */
  changedGoodsAndDates: boolean | null;
  changedPriceOver10Percent: boolean | null;
  otherChanges: boolean | null;
  isPurchasePlaced: boolean | null;
  maximumContractPriceRub: string | null;
  exchangeRate: string | null;
  okato: string | null;
  region: string | null;
  /** `purchaseCategory` (ПП 1352 п. 7 category code). */
  purchaseCategory: string | null;
  /** `isPurchaseIgnored` / `ignoredPurchase`: excluded from the SME annual volume. */
  isExcludedFromSme: boolean | null;
  innovationEquivalent: boolean | null;
  plannedAfterSecondYear: boolean | null;
  /** `planItemCustomer`: the customer of the position (a branch or another customer of a joint plan). */
  customer: EisOrganization | null;
  /** `initialPositionData`: a position carried over from an earlier plan. */
  initialPositionGuid: string | null;
  initialPlanGuid: string | null;
  longTermVolumes: EisPlanLongTermVolume | null;
  longTermSmeVolumes: EisPlanLongTermVolume | null;
  rows: EisPlanRow[];
};

export type EisPlan = {
  kind: 'plan';
  source: '223';
  documentType: 'eis223.purchasePlan';
  fileName: string;
  schemaVersion: string | null;
  itemIndex: number;
  guid: string | null;
  registrationNumber: string | null;
  version: number | null;
  planType: string | null;
  startDate: string | null;
  endDate: string | null;
  approveDate: string | null;
  createDateTime: string | null;
  publicationDate: string | null;
  url: string | null;
  customer: EisOrganization | null;
  annualVolume: string | null;
  volumeSmb: string | null;
  /** `status`: P проект, M проект изменений, A утверждён (older schemas omit it). */
  status: string | null;
  name: string | null;
  additionalInfo: string | null;
  modificationDescription: string | null;
  reportingYear: number | null;
  excludeVolume: string | null;
  percentSmb: string | null;
  /** Plan flags: `isDigitForm`, `summSizeCh15`, `smbPartitionChanged`, `annualVolumeSMBLess20Percent`, `useNewClassifiers`. */
  flags: Record<string, boolean>;
  items: EisPlanItem[];
  warnings: EisWarning[];
};

export type EisDocument = EisContract | EisExecution | EisPlan | EisNotice | EisProtocol;

/** A customer of the importing company as an EIS document names it (id null: not in the catalogue). */
export type CustomerRef = { id: number | null; inn: string; kpp: string | null };
