import { z } from 'zod';
import { defineRoute } from '../contract.js';
import {
  BID_ADMISSIONS,
  BID_PROTOCOL_KINDS,
  BIDS_STAGES,
  BidAdmissionInput,
  BidContractInput,
  BidInput,
  BidProtocolInput,
  BidProtocolSignInput,
  BidScoresInput,
  BidUpdateInput,
  COMMISSION_ROLES,
  CommissionInput,
  EvaluationCriterion,
  REJECTION_REASONS,
  SINGLE_PARTICIPANT_RULES,
} from './bids-model.js';
import { CompanyParam } from './common.js';

/**
 * Participants, bids, admission, evaluation, protocols and the contract from the winner of a
 * procurement (docs/bids.md). Every route acts on a procurement of the company: a client reads
 * (`procurements.read`), a specialist writes (`procurements.write`).
 */

const id = z.number().int();

// ---------------------------------------------------------------- output

export const BidItemPrice = z.object({
  item_id: id,
  line_no: id,
  name: z.string(),
  quantity: z.string(),
  unit_price: z.string(),
  amount: z.string(),
});

export const BidFile = z.object({ file_id: id, name: z.string(), size: z.number().int() });

/** The РНП check of the participant: not made until the register is wired (docs/bids.md «РНП»). */
export const BidRnpCheck = z.object({
  checked: z.boolean(),
  /** found in the register on the day of the check */
  found: z.boolean().nullable().default(null),
  /** Russian, e.g. «Сведения включены в РНП 12.03.2026 (реестровый № …)» */
  message: z.string().nullable().default(null),
});
export type BidRnpCheck = z.infer<typeof BidRnpCheck>;

export const Bid = z.object({
  id,
  procurement_id: id,
  lot_id: id,
  lot_number: id,
  participant_inn: z.string(),
  participant_kpp: z.string().nullable(),
  participant_name: z.string(),
  participant_address: z.string().nullable(),
  participant_is_sme: z.boolean(),
  received_at: z.string(),
  price: z.string(),
  country_code: z.string().nullable(),
  country_name: z.string().nullable(),
  /** goods of Russian origin (country 643): the national-regime preference applies */
  russian_goods: z.boolean(),
  items: z.array(BidItemPrice),
  files: z.array(BidFile),
  source: z.enum(['manual', 'xlsx', 'eis']),
  eis_protocol_id: id.nullable(),
  eis_application_number: z.string().nullable(),
  eis_place: id.nullable(),
  /** the protocol's raw winnerIndication / applicationPlace code (Types.xsd) */
  eis_winner_code: z.string().nullable(),
  /** its reading: 'winner', 'second', 'third', 'below_third', 'winner_price', 'next_price', null */
  eis_result: z.string().nullable(),
  admission: z.enum(BID_ADMISSIONS),
  rejection_reason: z.enum(REJECTION_REASONS).nullable(),
  rejection_reason_title: z.string().nullable(),
  admission_comment: z.string().nullable(),
  admission_decided_at: z.string().nullable(),
  rnp: BidRnpCheck,
  created_at: z.string(),
});
export type Bid = z.infer<typeof Bid>;

/** One criterion's score of a bid with its inputs: every figure traceable (docs/bids.md «Formulas»). */
export const CriterionScore = z.object({
  code: z.string(),
  title: z.string(),
  weight: z.number(),
  kind: z.enum(['price', 'points']),
  /** price: the bid's evaluation price and the best one; points: each member's points and their mean */
  offer_price: z.string().nullable(),
  evaluation_price: z.string().nullable(),
  best_price: z.string().nullable(),
  member_points: z.array(z.object({ member_name: z.string(), points: z.number() })),
  mean_points: z.number().nullable(),
  /** the criterion's rating before the weight (0..100) and after it */
  rating: z.number().nullable(),
  score: z.number().nullable(),
  /** the formula with its figures, e.g. «1 000 000,00 / 1 200 000,00 × 100 × 0,60 = 50,00» */
  formula: z.string(),
});

export const BidEvaluation = z.object({
  bid_id: id,
  participant_name: z.string(),
  participant_inn: z.string(),
  received_at: z.string(),
  price: z.string(),
  evaluation_price: z.string(),
  preference_applied: z.boolean(),
  criteria: z.array(CriterionScore),
  total: z.number().nullable(),
  rank: id.nullable(),
  /** missing points of a member, a criterion without a score: the evaluation is not complete */
  incomplete: z.array(z.string()),
});

export const LotEvaluation = z.object({
  lot_id: id,
  /** 'score': by the criteria; 'price': auction or request for quotations (the method's kind, law) */
  ranking: z.enum(['score', 'price']),
  /** the criteria the evaluation applies; empty when it ranks by price (no criterion is scored) */
  criteria: z.array(EvaluationCriterion),
  national_preference_percent: z.number().nullable(),
  /** admitted bids, best first */
  bids: z.array(BidEvaluation),
  complete: z.boolean(),
  winner_bid_id: id.nullable(),
  /** 'none': no bid; 'no_admitted': every bid rejected; 'single': one admitted; 'competitive' */
  outcome: z.enum(['none', 'no_admitted', 'single', 'competitive']),
  /** Russian: why the lot fails or how a single participant is treated; null when competitive */
  outcome_note: z.string().nullable(),
});
export type LotEvaluation = z.infer<typeof LotEvaluation>;

/** The contract drawn from a lot's winner («Сформировать договор»): one per lot. */
export const LotContract = z.object({
  contract_id: id,
  contract_number: z.string(),
  /** the signed final protocol it was drawn from, and the winning bid */
  protocol_id: id.nullable(),
  bid_id: id.nullable(),
});
export type LotContract = z.infer<typeof LotContract>;

export const BidProtocol = z.object({
  id,
  procurement_id: id,
  kind: z.enum(BID_PROTOCOL_KINDS),
  title: z.string(),
  version: id,
  docx_file_id: id.nullable(),
  file_name: z.string().nullable(),
  /** the version's documents rule it was built from; null: the built-in template */
  documents_rule_id: id.nullable(),
  signed_on: z.string().nullable(),
  /** the procurement's protocol it was recorded as when signed (its placement duty) */
  procurement_protocol_id: id.nullable(),
  /** the contracts drawn from this (final) protocol, one per lot with a winner (docs/bids.md) */
  contracts: z.array(z.object({ lot_id: id, lot_number: id, contract_id: id, contract_number: z.string() })),
  created_at: z.string(),
});
export type BidProtocol = z.infer<typeof BidProtocol>;

export const ProcurementResults = z.object({
  procurement_id: id,
  procurement_status: z.string(),
  /** where the procurement stands for its bids: none `before` the notice, written while `open`, read when `closed` */
  bids_stage: z.enum(BIDS_STAGES),
  /** the procurement's status lets its bids, points, protocols and contracts be written */
  bids_open: z.boolean(),
  /** the caller may write them now: `bids_open` and the `procurements.write` permission */
  can_write: z.boolean(),
  /** `ranking` 'price': the method ranks by price alone (the law's method kind: an auction, a request for quotations) */
  method: z.object({ id, title: z.string(), ranking: z.enum(['score', 'price']) }),
  /** the evaluation settings in use and where they come from */
  settings: z.object({
    source: z.enum(['version', 'default']),
    rule_version_id: id.nullable(),
    criteria: z.array(EvaluationCriterion),
    national_preference_percent: z.number().nullable(),
    single_participant: z.enum(SINGLE_PARTICIPANT_RULES),
  }),
  commission: z.array(z.object({ name: z.string(), role: z.enum(COMMISSION_ROLES) })),
  lots: z.array(
    z.object({
      id,
      number: id,
      subject: z.string(),
      nmcd: z.string(),
      items: z.array(
        z.object({ id, line_no: id, name: z.string(), quantity: z.string(), unit_price: z.string() }),
      ),
      bids: z.array(Bid),
      /** the contract drawn from the lot's winner; null: none yet */
      contract: LotContract.nullable(),
      evaluation: LotEvaluation,
    }),
  ),
  protocols: z.array(BidProtocol),
  /** protocols of an imported EIS procurement whose applications are not yet taken as bids */
  eis_applications_pending: z.number().int(),
});
export type ProcurementResults = z.infer<typeof ProcurementResults>;

export const BidUploadResult = z.object({
  created: z.number().int(),
  bids: z.array(Bid),
});

export const EisBidsResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  skipped: z.array(z.string()),
});

// ---------------------------------------------------------------- routes

const base = '/api/companies/:company_id/procurements/:id';
const P = CompanyParam.extend({ id: z.coerce.number().int().positive() });
const BidP = P.extend({ bid_id: z.coerce.number().int().positive() });
const BidFileP = BidP.extend({ file_id: z.coerce.number().int().positive() });
const ProtocolP = P.extend({ protocol_id: z.coerce.number().int().positive() });
const tags = ['bids'];
const read = { company: 'company_id', permission: 'procurements.read', tags } as const;
const write = { company: 'company_id', permission: 'procurements.write', tags } as const;

export const bidRoutes = {
  results: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/results`,
    summary: 'Bids per lot, admission, the evaluation with its inputs, commission and generated protocols',
    params: P,
    response: { 200: ProcurementResults },
  }),
  create: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bids`,
    summary: 'Enter a bid (the same participant, ИНН + КПП, once per lot)',
    params: P,
    body: BidInput,
    response: { 201: Bid },
  }),
  update: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/bids/:bid_id`,
    summary: 'Edit a bid (a field not sent keeps its stored value)',
    params: BidP,
    body: BidUpdateInput,
    response: { 200: Bid },
  }),
  remove: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/bids/:bid_id`,
    summary: 'Delete a bid entered by hand or loaded from XLSX',
    params: BidP,
    response: { 204: z.null() },
  }),
  admission: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bids/:bid_id/admission`,
    summary: 'Admit or reject a bid (a rejection names a reason of the catalogue and may carry a comment)',
    params: BidP,
    body: BidAdmissionInput,
    response: { 200: Bid },
  }),
  addFile: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bids/:bid_id/files`,
    summary: 'Attach a file to a bid (multipart field "file"; any document of the application)',
    params: BidP,
    multipart: true,
    response: { 201: Bid },
  }),
  removeFile: defineRoute({
    ...write,
    method: 'DELETE',
    path: `${base}/bids/:bid_id/files/:file_id`,
    summary: 'Detach a file from a bid',
    params: BidFileP,
    response: { 200: Bid },
  }),
  upload: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bids/upload`,
    summary: 'Load bids from an XLSX (multipart field "file"; columns BID_XLSX_COLUMNS): all rows or none',
    params: P,
    multipart: true,
    response: { 201: BidUploadResult },
  }),
  template: defineRoute({
    ...read,
    method: 'GET',
    path: `${base}/bids/template.xlsx`,
    summary: 'The XLSX template of the bid upload, with the procurement’s lots and items',
    params: P,
    response: { 200: z.string().describe('XLSX file') },
  }),
  fromEis: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bids/from-eis`,
    summary:
      'Take the applications of the imported EIS protocols as bids (participants, prices, places, winner)',
    params: P,
    response: { 200: EisBidsResult },
  }),
  scores: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/scores`,
    summary: 'Record commission members’ points on the non-price criteria; answers the results',
    params: P,
    body: BidScoresInput,
    response: { 200: ProcurementResults },
  }),
  commission: defineRoute({
    ...write,
    method: 'PUT',
    path: `${base}/commission`,
    summary: 'Set the procurement commission (who scores and signs the protocols)',
    params: P,
    body: CommissionInput,
    response: { 200: ProcurementResults },
  }),
  generateProtocol: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bid-protocols`,
    summary:
      'Generate a protocol (DOCX) from the version’s documents rule for the kind or the built-in template',
    params: P,
    body: BidProtocolInput,
    response: { 201: BidProtocol },
  }),
  signProtocol: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bid-protocols/:protocol_id/sign`,
    summary:
      'Sign a generated protocol: recorded among the procurement’s protocols (3-day placement duty) and the procurement moves on',
    params: ProtocolP,
    body: BidProtocolSignInput,
    response: { 200: BidProtocol },
  }),
  contractFromWinner: defineRoute({
    ...write,
    method: 'POST',
    path: `${base}/bid-protocols/:protocol_id/contract`,
    summary: '«Сформировать договор»: a draft contract from the winner of a signed final protocol',
    params: ProtocolP,
    body: BidContractInput,
    response: { 201: z.object({ contract_id: id, protocol: BidProtocol }) },
  }),
};
