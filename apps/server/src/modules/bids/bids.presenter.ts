import {
  BID_PROTOCOL_KIND_TITLES,
  type Bid,
  type BidProtocol,
  type BidRnpCheck,
  type LotContract,
  REJECTION_REASON_TITLES,
  type RejectionReason,
} from '@zakupki/shared';
import { EIS_RESULT_TITLES, eisResultOf, isRussianGoods } from './bids.policy.js';
import type { BidRow, LotContractRow, ProtocolListRow } from './bids.repository.js';

const trim = (v: string) => v.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
const money = (v: string) => {
  const [i, f = ''] = v.split('.');
  return `${i}.${(`${f}00`).slice(0, 2)}`;
};

export type BidParts = {
  lotNumber: number;
  items: {
    itemId: number;
    lineNo: number;
    name: string;
    quantity: string;
    unitPrice: string;
    amount: string;
  }[];
  files: { fileId: number; name: string; size: number }[];
  rnp: BidRnpCheck;
  /** whether the bid's lot carries a W code (winnerIndication3): then F is not the winner */
  scheme3: boolean;
};

/** A bid row with its parts → the API shape. */
export function toBid(b: BidRow, parts: BidParts): Bid {
  const eis = eisResultOf(b.eisWinnerCode, parts.scheme3 ? 'winnerIndication3' : 'winnerIndication');
  return {
    id: b.id,
    procurement_id: b.procurementId,
    lot_id: b.lotId,
    lot_number: parts.lotNumber,
    participant_inn: b.participantInn,
    participant_kpp: b.participantKpp,
    participant_name: b.participantName,
    participant_address: b.participantAddress,
    participant_is_sme: b.participantIsSme,
    received_at: b.receivedAt.toISOString(),
    price: money(b.price),
    country_code: b.countryCode,
    country_name: b.countryName,
    russian_goods: isRussianGoods(b.countryCode),
    items: parts.items.map((i) => ({
      item_id: i.itemId,
      line_no: i.lineNo,
      name: i.name,
      quantity: trim(i.quantity),
      unit_price: money(i.unitPrice),
      amount: money(i.amount),
    })),
    files: parts.files.map((f) => ({ file_id: f.fileId, name: f.name, size: f.size })),
    source: b.source,
    eis_protocol_id: b.eisProtocolId,
    eis_application_number: b.eisApplicationNumber,
    eis_place: b.eisPlace,
    eis_winner_code: b.eisWinnerCode,
    eis_result: eis.result ? (EIS_RESULT_TITLES[eis.result] ? eis.result : null) : null,
    admission: b.admission,
    rejection_reason: (b.rejectionReason as RejectionReason | null) ?? null,
    rejection_reason_title: b.rejectionReason
      ? (REJECTION_REASON_TITLES[b.rejectionReason as RejectionReason] ?? b.rejectionReason)
      : null,
    admission_comment: b.admissionComment,
    admission_decided_at: b.admissionDecidedAt?.toISOString() ?? null,
    rnp: parts.rnp,
    created_at: b.createdAt.toISOString(),
  };
}

/** The contract drawn from a lot's winner, as the lot's result shows it. */
export const toLotContract = (c: LotContractRow | undefined): LotContract | null =>
  c
    ? {
        contract_id: c.contractId,
        contract_number: c.contractNumber,
        protocol_id: c.protocolId,
        bid_id: c.bidId,
      }
    : null;

/** A protocol with the contracts drawn from it (a final one: one per lot with a winner). */
export function toBidProtocol(r: ProtocolListRow, drawn: LotContractRow[]): BidProtocol {
  const p = r.p;
  return {
    id: p.id,
    procurement_id: p.procurementId,
    kind: p.kind,
    title: BID_PROTOCOL_KIND_TITLES[p.kind],
    version: p.version,
    docx_file_id: p.docxFileId,
    file_name: r.fileName,
    documents_rule_id: p.documentsRuleId,
    signed_on: p.signedOn,
    procurement_protocol_id: p.procurementProtocolId,
    contracts: drawn
      .filter((c) => c.protocolId === p.id)
      .map((c) => ({
        lot_id: c.lotId,
        lot_number: c.lotNumber,
        contract_id: c.contractId,
        contract_number: c.contractNumber,
      })),
    created_at: p.createdAt.toISOString(),
  };
}
