import type { EisOrganization, EisWarning } from './eis.types.js';

/**
 * Records of 223-FZ procurement notices (`purchaseNotice*`) and protocols (`purchaseProtocol*`)
 * read from EIS exports. Same conventions as eis.types.ts: null for absent data, ISO dates,
 * decimal strings for money and quantities.
 */

/**
 * The procurement method as the law names it, read from the root element (`purchaseNoticeZK` is
 * a quotation request) and the method's name (`purchaseCodeName`), never from the customer's own
 * numeric method code, which each customer numbers as it likes.
 */
export const PROCUREMENT_METHOD_KINDS = [
  'competition',
  'auction',
  'quotation_request',
  'proposal_request',
  'single_supplier',
  'other',
] as const;
export type ProcurementMethodKind = (typeof PROCUREMENT_METHOD_KINDS)[number];

/** A lot's link to the position of the customer's procurement plan (`lotPlanInfo`). */
export type EisLotPlanInfo = {
  planRegistrationNumber: string | null;
  planGuid: string | null;
  positionNumber: number | null;
  positionGuid: string | null;
};

export type EisNoticeItem = {
  ordinalNumber: number | null;
  okpd2Code: string | null;
  okpd2Name: string | null;
  /** ОКДП of files written before ОКПД2. */
  okdpCode: string | null;
  okved2Code: string | null;
  okeiCode: string | null;
  okeiName: string | null;
  qty: string | null;
  additionalInfo: string | null;
};

export type EisNoticeLot = {
  ordinalNumber: number | null;
  guid: string | null;
  subject: string | null;
  currencyCode: string | null;
  initialSum: string | null;
  smeOnly: boolean | null;
  /** `cancelled`: the lot was cancelled in the EIS (TFF 5+); null when the form does not say */
  cancelled: boolean | null;
  planInfo: EisLotPlanInfo | null;
  items: EisNoticeItem[];
};

export type EisNotice = {
  kind: 'notice';
  documentType: 'eis223.purchaseNotice';
  /** Root element: `purchaseNotice`, `purchaseNoticeZK`, `purchaseNoticeAE`, … */
  form: string;
  source: '223';
  fileName: string;
  path: string;
  schemaVersion: string | null;
  guid: string | null;
  registrationNumber: string;
  version: number;
  status: string | null;
  name: string | null;
  methodName: string | null;
  methodKind: ProcurementMethodKind;
  electronic: boolean;
  customer: (EisOrganization & { inn: string }) | null;
  placer: EisOrganization | null;
  publishedAt: string | null;
  plannedPublicationDate: string | null;
  bidsDeadline: string | null;
  examinationAt: string | null;
  summingUpAt: string | null;
  platformName: string | null;
  platformUrl: string | null;
  url: string | null;
  lots: EisNoticeLot[];
  warnings: EisWarning[];
};

export type EisProtocolApplication = {
  number: string | null;
  supplierName: string | null;
  supplierInn: string | null;
  supplierKpp: string | null;
  price: string | null;
  /** The application's place or acceptance as the protocol writes it. */
  accepted: string | null;
  winner: boolean;
  /** `applicationPlace` (a number) or the raw `winnerIndication` code (Types.xsd: F, S, T, B, N; W, F, S) */
  place: string | null;
  /** when the application was received (`applicationDate`) */
  receivedAt: string | null;
  supplierAddress: string | null;
};

export type EisProtocolLot = {
  ordinalNumber: number | null;
  subject: string | null;
  currencyCode: string | null;
  initialSum: string | null;
  applications: EisProtocolApplication[];
};

export type EisProtocol = {
  kind: 'protocol';
  documentType: 'eis223.purchaseProtocol';
  /** Root element: `purchaseProtocol`, `purchaseProtocolPAEP`, … */
  form: string;
  source: '223';
  fileName: string;
  path: string;
  schemaVersion: string | null;
  guid: string | null;
  /** `<notice number>-<protocol ordinal>`, e.g. 31704712239-01. */
  registrationNumber: string;
  noticeNumber: string;
  version: number;
  status: string | null;
  typeName: string | null;
  methodName: string | null;
  methodKind: ProcurementMethodKind;
  customer: EisOrganization | null;
  signedOn: string | null;
  procedureAt: string | null;
  publishedAt: string | null;
  lots: EisProtocolLot[];
  warnings: EisWarning[];
};
