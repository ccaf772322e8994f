import {
  type BidsStage,
  type EvaluationCriterion,
  fromKopecks,
  RUSSIA_OKSM,
  SINGLE_PARTICIPANT_RULE_TITLES,
  type SingleParticipantRule,
  toScaled,
} from '@zakupki/shared';

/**
 * Pure rules of bids (docs/bids.md «Evaluation»): the evaluation of a lot from its bids, the
 * criteria of the Положение version and the commission's points, and the reading of the EIS
 * protocol's winner codes. Tested with hand-computed figures in bids.policy.test.ts.
 *
 * Formulas (every figure is returned with its inputs):
 * - evaluation price = offer × (100 − preference %) / 100 for a bid of Russian goods when the
 *   version turns the national-regime preference on, else the offer (rounded to kopecks, half up);
 * - price rating = best evaluation price / the bid's evaluation price × 100; price score = rating × weight / 100;
 * - points rating = the mean of the members' points (0..100); score = rating × weight / 100;
 * - every rating and score is rounded to 2 decimals, the total is the sum of the rounded scores;
 * - rank: total descending (or, for an auction or a request for quotations, evaluation price
 *   ascending); a tie goes to the bid received earlier.
 */

export type PolicyBid = {
  id: number;
  participantName: string;
  participantInn: string;
  /** ISO date-time */
  receivedAt: string;
  /** decimal string, 2 places */
  price: string;
  countryCode: string | null;
  admission: 'pending' | 'admitted' | 'rejected';
};

export type PolicyPoints = { bidId: number; criterion: string; member: string; points: number };

export type EvaluationRules = {
  ranking: 'score' | 'price';
  criteria: readonly EvaluationCriterion[];
  preferencePercent: number | null;
  singleParticipant: SingleParticipantRule;
};

export type CriterionScoreOut = {
  code: string;
  title: string;
  weight: number;
  kind: 'price' | 'points';
  offer_price: string | null;
  evaluation_price: string | null;
  best_price: string | null;
  member_points: { member_name: string; points: number }[];
  mean_points: number | null;
  rating: number | null;
  score: number | null;
  formula: string;
};

export type BidEvaluationOut = {
  bid_id: number;
  participant_name: string;
  participant_inn: string;
  received_at: string;
  price: string;
  evaluation_price: string;
  preference_applied: boolean;
  criteria: CriterionScoreOut[];
  total: number | null;
  rank: number | null;
  incomplete: string[];
};

export type LotOutcome = 'none' | 'no_admitted' | 'single' | 'competitive';

export type LotEvaluationOut = {
  bids: BidEvaluationOut[];
  complete: boolean;
  winner_bid_id: number | null;
  outcome: LotOutcome;
  outcome_note: string | null;
};

// ---------------------------------------------------------------- numbers

/** Money text ↔ kopecks: the shared contract's helpers (prices are stored with two decimals). */
const toKopecks = (v: string): bigint => toScaled(v, 2);
/** Rounded to 2 decimals, half away from zero (on the decimal text, not the float's binary error). */
export const round2 = (x: number): number => Math.round((x + Number.EPSILON) * 100) / 100;

/** «1 200 000,00» */
export function ruMoney(v: string): string {
  const [int, frac = '00'] = v.split('.');
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${(`${frac}00`).slice(0, 2)}`;
}
/** «66,67», «0,6» */
export const ruNumber = (x: number): string => String(x).replace('.', ',');

export const isRussianGoods = (countryCode: string | null): boolean => countryCode === RUSSIA_OKSM;

/** The evaluation price: the offer reduced by the preference for Russian goods (kopecks, half up). */
export function evaluationPrice(
  price: string,
  russian: boolean,
  preferencePercent: number | null,
): { price: string; applied: boolean } {
  if (!russian || !preferencePercent) return { price, applied: false };
  // percent with up to 2 decimals: offer × (10000 − pct×100) / 10000, rounded half up
  const basis = 10000n - BigInt(Math.round(preferencePercent * 100));
  const num = toKopecks(price) * basis;
  const k = (num + 5000n) / 10000n;
  return { price: fromKopecks(k), applied: true };
}

// ---------------------------------------------------------------- evaluation

const byReceived = (a: { receivedAt: string; id: number }, b: { receivedAt: string; id: number }) =>
  Date.parse(a.receivedAt) - Date.parse(b.receivedAt) || a.id - b.id;

function priceCriterion(
  c: EvaluationCriterion,
  offer: string,
  evalPrice: string,
  best: string,
): CriterionScoreOut {
  const rating = round2((Number(toKopecks(best)) / Number(toKopecks(evalPrice))) * 100);
  const score = round2((rating * c.weight) / 100);
  return {
    code: c.code,
    title: c.title,
    weight: c.weight,
    kind: 'price',
    offer_price: offer,
    evaluation_price: evalPrice,
    best_price: best,
    member_points: [],
    mean_points: null,
    rating,
    score,
    formula: `${ruMoney(best)} / ${ruMoney(evalPrice)} × 100 = ${ruNumber(rating)}; × ${ruNumber(c.weight / 100)} = ${ruNumber(score)}`,
  };
}

function pointsCriterion(
  c: EvaluationCriterion,
  points: { member_name: string; points: number }[],
): CriterionScoreOut {
  if (points.length === 0)
    return {
      code: c.code,
      title: c.title,
      weight: c.weight,
      kind: 'points',
      offer_price: null,
      evaluation_price: null,
      best_price: null,
      member_points: [],
      mean_points: null,
      rating: null,
      score: null,
      formula: 'Баллы не выставлены',
    };
  const mean = round2(points.reduce((s, p) => s + p.points, 0) / points.length);
  const score = round2((mean * c.weight) / 100);
  return {
    code: c.code,
    title: c.title,
    weight: c.weight,
    kind: 'points',
    offer_price: null,
    evaluation_price: null,
    best_price: null,
    member_points: points,
    mean_points: mean,
    rating: mean,
    score,
    formula: `(${points.map((p) => ruNumber(p.points)).join(' + ')}) / ${points.length} = ${ruNumber(mean)}; × ${ruNumber(c.weight / 100)} = ${ruNumber(score)}`,
  };
}

/**
 * The evaluation of one lot: the admitted bids scored and ranked, the winner, and the outcome
 * (no bid, none admitted, a single admitted participant under the version's rule, or competitive).
 * `members`: the commission; a member who has not scored a criterion makes the evaluation incomplete.
 */
export function evaluateLot(
  allBids: readonly PolicyBid[],
  points: readonly PolicyPoints[],
  rules: EvaluationRules,
  members: readonly string[],
): LotEvaluationOut {
  const admitted = allBids.filter((b) => b.admission === 'admitted').sort(byReceived);
  const pending = allBids.filter((b) => b.admission === 'pending').length;
  const priced = admitted.map((b) => {
    const e = evaluationPrice(b.price, isRussianGoods(b.countryCode), rules.preferencePercent);
    return { b, evalPrice: e.price, applied: e.applied };
  });
  const best = priced.reduce<string | null>(
    (m, p) => (m === null || toKopecks(p.evalPrice) < toKopecks(m) ? p.evalPrice : m),
    null,
  );
  const evaluated: BidEvaluationOut[] = priced.map(({ b, evalPrice, applied }) => {
    const incomplete: string[] = [];
    const criteria =
      rules.ranking === 'price'
        ? []
        : rules.criteria.map((c) => {
            if (c.code === 'price') return priceCriterion(c, b.price, evalPrice, best as string);
            const given = points
              .filter((p) => p.bidId === b.id && p.criterion === c.code)
              .map((p) => ({ member_name: p.member, points: p.points }))
              .sort((x, y) => x.member_name.localeCompare(y.member_name, 'ru'));
            const missing = members.filter((m) => !given.some((g) => g.member_name === m));
            if (given.length === 0) incomplete.push(`«${c.title}»: баллы не выставлены`);
            else if (missing.length)
              incomplete.push(`«${c.title}»: нет баллов ${missing.map((m) => `«${m}»`).join(', ')}`);
            return pointsCriterion(c, given);
          });
    const total = rules.ranking === 'price' ? null : round2(criteria.reduce((s, c) => s + (c.score ?? 0), 0));
    return {
      bid_id: b.id,
      participant_name: b.participantName,
      participant_inn: b.participantInn,
      received_at: b.receivedAt,
      price: b.price,
      evaluation_price: evalPrice,
      preference_applied: applied,
      criteria,
      total,
      rank: null,
      incomplete,
    };
  });
  const received = new Map(admitted.map((b, i) => [b.id, i]));
  const order = [...evaluated].sort((x, y) => {
    const primary =
      rules.ranking === 'price'
        ? Number(toKopecks(x.evaluation_price) - toKopecks(y.evaluation_price))
        : (y.total ?? 0) - (x.total ?? 0);
    return primary || (received.get(x.bid_id) ?? 0) - (received.get(y.bid_id) ?? 0);
  });
  order.forEach((e, i) => {
    e.rank = i + 1;
  });
  const complete = pending === 0 && order.every((e) => e.incomplete.length === 0);
  const outcome: LotOutcome =
    allBids.length === 0
      ? 'none'
      : admitted.length === 0
        ? 'no_admitted'
        : admitted.length === 1
          ? 'single'
          : 'competitive';
  let winner: number | null = null;
  let note: string | null = null;
  if (outcome === 'none') note = 'Закупка не состоялась: не подано ни одной заявки';
  else if (outcome === 'no_admitted') note = 'Закупка не состоялась: все заявки отклонены';
  else if (outcome === 'single') {
    note = `Закупка не состоялась: допущена одна заявка. ${SINGLE_PARTICIPANT_RULE_TITLES[rules.singleParticipant]} (положение о закупке)`;
    if (rules.singleParticipant === 'contract' && pending === 0) winner = order[0].bid_id;
  } else if (complete) winner = order[0].bid_id;
  return { bids: order, complete, winner_bid_id: winner, outcome, outcome_note: note };
}

// ---------------------------------------------------------------- EIS protocols

/**
 * The reading of a protocol application's place or winner code (Types.xsd): winnerIndication F
 * «Победитель», S «Второе место», T «Третье место», B «Ниже третьего», N «Не указывается»;
 * winnerIndication3 W «Победитель», F «Участник, предложивший цену победителя», S «…цену,
 * следующую после победителя»; applicationPlace: the place as a number.
 */
export function eisResultOf(
  code: string | null,
  scheme: 'winnerIndication' | 'winnerIndication3' | 'place',
): { result: string | null; place: number | null; winner: boolean } {
  if (!code) return { result: null, place: null, winner: false };
  if (scheme === 'place' || /^\d+$/.test(code)) {
    const place = Number(code);
    return { result: place === 1 ? 'winner' : null, place, winner: place === 1 };
  }
  if (scheme === 'winnerIndication3') {
    if (code === 'W') return { result: 'winner', place: 1, winner: true };
    if (code === 'F') return { result: 'winner_price', place: null, winner: false };
    if (code === 'S') return { result: 'next_price', place: 2, winner: false };
    return { result: null, place: null, winner: false };
  }
  switch (code) {
    case 'W':
    case 'F':
      return { result: 'winner', place: 1, winner: true };
    case 'S':
      return { result: 'second', place: 2, winner: false };
    case 'T':
      return { result: 'third', place: 3, winner: false };
    case 'B':
      return { result: 'below_third', place: null, winner: false };
    default:
      return { result: null, place: null, winner: false };
  }
}

export const EIS_RESULT_TITLES: Record<string, string> = {
  winner: 'Победитель',
  second: 'Второе место',
  third: 'Третье место',
  below_third: 'Ниже третьего',
  winner_price: 'Предложил цену победителя',
  next_price: 'Предложил цену, следующую после победителя',
};

/** Why the same participant may not bid twice in a lot (ИНН + КПП). */
export function duplicateBidMessage(p: { inn: string; kpp: string | null; name: string }, lotNumber: number) {
  return `Участник ${p.name} (ИНН ${p.inn}${p.kpp ? `, КПП ${p.kpp}` : ''}) уже подал заявку на лот № ${lotNumber}: одна заявка участника на лот`;
}

/**
 * Where a procurement stands for its bids (docs/bids.md «Bids»): before the notice is placed
 * there are none; from the notice to the summing up they are written; afterwards (a concluded,
 * failed or cancelled procurement) they are only read. The one home of this rule: the write gate
 * (`bidsWrite`) and the results' `bids_stage`, `bids_open` and `can_write` read it.
 */
export function bidsStage(status: string): BidsStage {
  if (status === 'published' || status === 'bids_closed' || status === 'summing_up') return 'open';
  return status === 'draft' || status === 'documentation_ready' ? 'before' : 'closed';
}

// ---------------------------------------------------------------- the contract's protocol

export type PolicyProtocol = { id: number; kind: string; version: number; signedOn: string | null };

/**
 * Why a contract may not be drawn from this final protocol: a newer signed final protocol of the
 * procurement supersedes it (docs/bids.md «The contract from the winner»). Final protocols are
 * versioned in the order they are made; only a signed one supersedes (a newer version still
 * unsigned is a draft and leaves the signed one in force) — the same rule by which the tab offers
 * «Сформировать договор» only on the newest signed final protocol. Null: the protocol is in force.
 */
export function supersededFinalRefusal(
  protocols: readonly PolicyProtocol[],
  protocolId: number,
): string | null {
  const own = protocols.find((p) => p.id === protocolId);
  if (own?.kind !== 'final') return null;
  const newest = protocols
    .filter((p) => p.kind === 'final' && p.signedOn !== null && p.version > own.version)
    .sort((a, b) => b.version - a.version)[0];
  if (!newest) return null;
  const signed = (newest.signedOn as string).split('-').reverse().join('.');
  return `Итоговый протокол (версия ${own.version}) заменён более новым: итоговый протокол (версия ${newest.version}), подписан ${signed}. Договор формируется по последнему подписанному итоговому протоколу`;
}
