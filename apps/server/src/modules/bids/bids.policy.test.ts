import { PROCUREMENT_STATUSES } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import {
  bidsStage,
  type EvaluationRules,
  eisResultOf,
  evaluateLot,
  evaluationPrice,
  type PolicyBid,
  type PolicyPoints,
  supersededFinalRefusal,
} from './bids.policy.js';

/** Hand-computed evaluations (docs/bids.md «Formulas»). */

const bid = (
  id: number,
  price: string,
  receivedAt: string,
  countryCode: string | null = null,
): PolicyBid => ({
  id,
  participantName: `Участник ${id}`,
  participantInn: '7707083893',
  receivedAt,
  price,
  countryCode,
  admission: 'admitted',
});
const pts = (bidId: number, a: number, b: number): PolicyPoints[] => [
  { bidId, criterion: 'qualification', member: 'Алексеев', points: a },
  { bidId, criterion: 'qualification', member: 'Борисова', points: b },
];
const TWO_CRITERIA: EvaluationRules = {
  ranking: 'score',
  criteria: [
    { code: 'price', title: 'Цена', weight: 60 },
    { code: 'qualification', title: 'Квалификация', weight: 40 },
  ],
  preferencePercent: null,
  singleParticipant: 'contract',
};
const MEMBERS = ['Алексеев', 'Борисова'];

describe('evaluateLot: a 3-bid, 2-criteria lot', () => {
  // best price 800 000,00
  // bid 1: 800000/1000000×100 = 80 → ×0,6 = 48; (80+60)/2 = 70 → ×0,4 = 28; total 76
  // bid 2: 800000/1200000×100 = 66,67 → ×0,6 = 40 (40,002); (100+90)/2 = 95 → ×0,4 = 38; total 78
  // bid 3: 100 → 60; (40+50)/2 = 45 → ×0,4 = 18; total 78 — a tie with bid 2, received later
  const bids = [
    bid(1, '1000000.00', '2026-03-02T10:00:00+03:00'),
    bid(2, '1200000.00', '2026-03-02T09:00:00+03:00'),
    bid(3, '800000.00', '2026-03-02T11:00:00+03:00'),
  ];
  const out = evaluateLot(
    bids,
    [...pts(1, 80, 60), ...pts(2, 100, 90), ...pts(3, 40, 50)],
    TWO_CRITERIA,
    MEMBERS,
  );

  it('scores every criterion from its inputs', () => {
    const b1 = out.bids.find((b) => b.bid_id === 1)!;
    expect(b1.criteria[0]).toMatchObject({
      kind: 'price',
      offer_price: '1000000.00',
      evaluation_price: '1000000.00',
      best_price: '800000.00',
      rating: 80,
      score: 48,
      formula: '800 000,00 / 1 000 000,00 × 100 = 80; × 0,6 = 48',
    });
    expect(b1.criteria[1]).toMatchObject({ kind: 'points', mean_points: 70, score: 28 });
    expect(b1.criteria[1].member_points).toEqual([
      { member_name: 'Алексеев', points: 80 },
      { member_name: 'Борисова', points: 60 },
    ]);
    expect(out.bids.map((b) => [b.bid_id, b.criteria.map((c) => c.score), b.total])).toEqual([
      [2, [40, 38], 78],
      [3, [60, 18], 78],
      [1, [48, 28], 76],
    ]);
    expect(out.bids.find((b) => b.bid_id === 2)!.criteria[0].rating).toBe(66.67);
  });

  it('ranks by total; the tie goes to the earlier bid', () => {
    expect(out.bids.map((b) => [b.bid_id, b.rank])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
    expect(out).toMatchObject({
      complete: true,
      winner_bid_id: 2,
      outcome: 'competitive',
      outcome_note: null,
    });
  });

  it('a member who has not scored leaves the evaluation incomplete and no winner', () => {
    const partial = evaluateLot(
      bids,
      [...pts(1, 80, 60), ...pts(2, 100, 90), pts(3, 40, 50)[0]],
      TWO_CRITERIA,
      MEMBERS,
    );
    expect(partial.complete).toBe(false);
    expect(partial.winner_bid_id).toBeNull();
    expect(partial.bids.find((b) => b.bid_id === 3)!.incomplete).toEqual([
      '«Квалификация»: нет баллов «Борисова»',
    ]);
  });

  it('a rejected bid is not scored, and the best price is of the admitted ones', () => {
    const r = evaluateLot(
      [bids[0], bids[1], { ...bids[2], admission: 'rejected' }],
      [...pts(1, 80, 60), ...pts(2, 100, 90)],
      TWO_CRITERIA,
      MEMBERS,
    );
    // best 1 000 000: bid 1 100 → 60 + 28 = 88; bid 2 83,33 → 50 (49,998) + 38 = 88: tie, bid 2 earlier
    expect(r.bids.map((b) => [b.bid_id, b.total, b.rank])).toEqual([
      [2, 88, 1],
      [1, 88, 2],
    ]);
  });
});

describe('the national-regime preference', () => {
  it('reduces the evaluation price of Russian goods by the percent, to kopecks', () => {
    expect(evaluationPrice('1100000.00', true, 15)).toEqual({ price: '935000.00', applied: true });
    expect(evaluationPrice('100.01', true, 15)).toEqual({ price: '85.01', applied: true }); // 85,0085 → 85,01
    expect(evaluationPrice('1100000.00', false, 15)).toEqual({ price: '1100000.00', applied: false });
    expect(evaluationPrice('1100000.00', true, null)).toEqual({ price: '1100000.00', applied: false });
  });

  it('changes the winner: a Russian bid at 1 100 000 beats a foreign one at 1 000 000 with 15 %', () => {
    const bids = [
      bid(1, '1000000.00', '2026-03-02T09:00:00+03:00', '156'),
      bid(2, '1100000.00', '2026-03-02T10:00:00+03:00', '643'),
    ];
    const priceOnly: EvaluationRules = {
      ...TWO_CRITERIA,
      criteria: [{ code: 'price', title: 'Цена', weight: 100 }],
    };
    const without = evaluateLot(bids, [], priceOnly, []);
    expect(without.winner_bid_id).toBe(1);
    const withPref = evaluateLot(bids, [], { ...priceOnly, preferencePercent: 15 }, []);
    // bid 2: 935 000 is the best → 100; bid 1: 935000/1000000×100 = 93,5
    expect(withPref.bids.map((b) => [b.bid_id, b.evaluation_price, b.preference_applied, b.total])).toEqual([
      [2, '935000.00', true, 100],
      [1, '1000000.00', false, 93.5],
    ]);
    expect(withPref.winner_bid_id).toBe(2);
    // an auction ranks by the evaluation price alone
    const auction = evaluateLot(bids, [], { ...priceOnly, ranking: 'price', preferencePercent: 15 }, []);
    expect(auction.bids.map((b) => [b.bid_id, b.rank, b.total, b.criteria])).toEqual([
      [2, 1, null, []],
      [1, 2, null, []],
    ]);
  });

  it('in a price ranking an equal price goes to the earlier bid', () => {
    const r = evaluateLot(
      [bid(1, '500.00', '2026-03-02T12:00:00+03:00'), bid(2, '500.00', '2026-03-02T08:00:00+03:00')],
      [],
      { ...TWO_CRITERIA, ranking: 'price' },
      [],
    );
    expect(r.winner_bid_id).toBe(2);
  });
});

describe('outcomes of a lot', () => {
  it('no bid, none admitted, one admitted under each rule of the version', () => {
    expect(evaluateLot([], [], TWO_CRITERIA, [])).toMatchObject({ outcome: 'none', winner_bid_id: null });
    expect(
      evaluateLot(
        [{ ...bid(1, '1.00', '2026-03-02T08:00:00Z'), admission: 'rejected' }],
        [],
        TWO_CRITERIA,
        [],
      ),
    ).toMatchObject({
      outcome: 'no_admitted',
      winner_bid_id: null,
      outcome_note: 'Закупка не состоялась: все заявки отклонены',
    });
    const one = [
      bid(1, '1.00', '2026-03-02T08:00:00Z'),
      { ...bid(2, '2.00', '2026-03-02T08:00:00Z'), admission: 'rejected' as const },
    ];
    expect(evaluateLot(one, [], TWO_CRITERIA, [])).toMatchObject({ outcome: 'single', winner_bid_id: 1 });
    expect(evaluateLot(one, [], { ...TWO_CRITERIA, singleParticipant: 'failed' }, [])).toMatchObject({
      outcome: 'single',
      winner_bid_id: null,
    });
  });
});

describe('eisResultOf: every code of Types.xsd', () => {
  it.each([
    ['F', 'winnerIndication', 'winner', 1, true],
    ['S', 'winnerIndication', 'second', 2, false],
    ['T', 'winnerIndication', 'third', 3, false],
    ['B', 'winnerIndication', 'below_third', null, false],
    ['N', 'winnerIndication', null, null, false],
    ['W', 'winnerIndication3', 'winner', 1, true],
    ['F', 'winnerIndication3', 'winner_price', null, false],
    ['S', 'winnerIndication3', 'next_price', 2, false],
    ['1', 'place', 'winner', 1, true],
    ['2', 'place', null, 2, false],
  ] as const)('%s (%s)', (code, scheme, result, place, winner) => {
    expect(eisResultOf(code, scheme)).toEqual({ result, place, winner });
  });
});

describe('where a procurement stands for its bids', () => {
  it('none before the notice, written from the notice to the summing up, read only after', () => {
    expect(Object.fromEntries(PROCUREMENT_STATUSES.map((s) => [s, bidsStage(s)]))).toEqual({
      draft: 'before',
      documentation_ready: 'before',
      published: 'open',
      bids_closed: 'open',
      summing_up: 'open',
      contract_concluded: 'closed',
      cancelled: 'closed',
      failed: 'closed',
    });
  });
});

describe('the final protocol a contract is drawn from', () => {
  const final = (id: number, version: number, signedOn: string | null) => ({
    id,
    kind: 'final',
    version,
    signedOn,
  });
  it('is refused when a newer signed final protocol exists, naming the newest', () => {
    const all = [
      final(1, 1, '2026-11-20'),
      { ...final(2, 1, '2026-11-20'), kind: 'review' },
      final(3, 2, '2026-11-24'),
      final(4, 3, '2026-11-25'),
    ];
    expect(supersededFinalRefusal(all, 1)).toBe(
      'Итоговый протокол (версия 1) заменён более новым: итоговый протокол (версия 3), подписан 25.11.2026. Договор формируется по последнему подписанному итоговому протоколу',
    );
    expect(supersededFinalRefusal(all, 4)).toBeNull();
  });
  it('a newer version still unsigned does not supersede the signed one', () => {
    expect(supersededFinalRefusal([final(1, 1, '2026-11-20'), final(2, 2, null)], 1)).toBeNull();
  });
});
