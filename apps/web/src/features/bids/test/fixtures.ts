import type { Bid, BidProtocol, LotEvaluation, ProcurementResults } from '@zakupki/shared/api/bids';
import type { Procurement } from '@zakupki/shared/api/procurements';

/** Test data of the «Заявки и итоги» tab (shapes of the shared contract). */

/** The tab reads only the procurement's id. */
export const procurementOf = (id = 7) => ({ id }) as Procurement;

export const bid = (over: Partial<Bid> = {}): Bid => ({
  id: 101,
  procurement_id: 7,
  lot_id: 70,
  lot_number: 1,
  participant_inn: '7707083893',
  participant_kpp: '773601001',
  participant_name: 'ООО «Альфа»',
  participant_address: 'г. Москва, ул. Ленина, д. 1',
  participant_is_sme: true,
  received_at: '2026-03-02T07:15:00.000Z',
  price: '900000.00',
  country_code: '643',
  country_name: 'Россия',
  russian_goods: true,
  items: [],
  files: [],
  source: 'manual',
  eis_protocol_id: null,
  eis_application_number: null,
  eis_place: null,
  eis_winner_code: null,
  eis_result: null,
  admission: 'admitted',
  rejection_reason: null,
  rejection_reason_title: null,
  admission_comment: null,
  admission_decided_at: null,
  rnp: { checked: false, found: null, message: null },
  created_at: '2026-03-02T08:00:00.000Z',
  ...over,
});

const CRITERIA = [
  { code: 'price', title: 'Цена договора', weight: 60 },
  { code: 'qualification', title: 'Квалификация участника', weight: 40 },
];

/** The evaluation of bid 101 (best price, preference applied) and 102, hand-computed. */
export const evaluation = (over: Partial<LotEvaluation> = {}): LotEvaluation => ({
  lot_id: 70,
  ranking: 'score',
  criteria: CRITERIA,
  national_preference_percent: 15,
  bids: [
    {
      bid_id: 101,
      participant_name: 'ООО «Альфа»',
      participant_inn: '7707083893',
      received_at: '2026-03-02T07:15:00.000Z',
      price: '900000.00',
      evaluation_price: '765000.00',
      preference_applied: true,
      criteria: [
        {
          code: 'price',
          title: 'Цена договора',
          weight: 60,
          kind: 'price',
          offer_price: '900000.00',
          evaluation_price: '765000.00',
          best_price: '765000.00',
          member_points: [],
          mean_points: null,
          rating: 100,
          score: 60,
          formula: '765 000,00 / 765 000,00 × 100 × 0,60 = 60,00',
        },
        {
          code: 'qualification',
          title: 'Квалификация участника',
          weight: 40,
          kind: 'points',
          offer_price: null,
          evaluation_price: null,
          best_price: null,
          member_points: [
            { member_name: 'Иванов И. И.', points: 80 },
            { member_name: 'Петров П. П.', points: 60 },
          ],
          mean_points: 70,
          rating: 70,
          score: 28,
          formula: '(80 + 60) / 2 × 0,40 = 28,00',
        },
      ],
      total: 88,
      rank: 1,
      incomplete: [],
    },
  ],
  complete: true,
  winner_bid_id: 101,
  outcome: 'competitive',
  outcome_note: null,
  ...over,
});

export const protocol = (over: Partial<BidProtocol> = {}): BidProtocol => ({
  id: 501,
  procurement_id: 7,
  kind: 'final',
  title: 'Итоговый протокол (подведения итогов)',
  version: 1,
  docx_file_id: 9001,
  file_name: 'itogovyj-protokol.docx',
  documents_rule_id: null,
  signed_on: null,
  procurement_protocol_id: null,
  contracts: [],
  created_at: '2026-03-10T09:00:00.000Z',
  ...over,
});

export const results = (over: Partial<ProcurementResults> = {}): ProcurementResults => ({
  procurement_id: 7,
  procurement_status: 'summing_up',
  bids_stage: 'open',
  bids_open: true,
  can_write: true,
  method: { id: 3, title: 'Открытый конкурс', ranking: 'score' },
  settings: {
    source: 'version',
    rule_version_id: 12,
    criteria: CRITERIA,
    national_preference_percent: 15,
    single_participant: 'contract',
  },
  commission: [
    { name: 'Иванов И. И.', role: 'chair' },
    { name: 'Петров П. П.', role: 'member' },
  ],
  lots: [
    {
      id: 70,
      number: 1,
      subject: 'Поставка бумаги',
      nmcd: '1000000.00',
      items: [],
      bids: [
        bid(),
        bid({
          id: 102,
          participant_inn: '7728168971',
          participant_kpp: null,
          participant_name: 'АО «Бета»',
          admission: 'rejected',
          rejection_reason: 'late',
          rejection_reason_title: 'Заявка подана после окончания срока подачи',
          rnp: { checked: true, found: true, message: 'Сведения включены в РНП 12.03.2025' },
        }),
      ],
      contract: null,
      evaluation: evaluation(),
    },
  ],
  protocols: [],
  eis_applications_pending: 0,
  ...over,
});
