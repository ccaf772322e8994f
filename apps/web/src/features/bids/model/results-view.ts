import type { Bid, BidProtocol, BidRnpCheck, ProcurementResults } from '@zakupki/shared/api/bids';
import { BID_ADMISSION_TITLES, type BidAdmission, type BidScoresInput } from '@zakupki/shared/api/bids-model';

type Lot = ProcurementResults['lots'][number];
type Evaluation = Lot['evaluation'];

export const ADMISSION_VIEW: Record<BidAdmission, { label: string; color: string }> = {
  pending: { label: BID_ADMISSION_TITLES.pending, color: 'gray' },
  admitted: { label: BID_ADMISSION_TITLES.admitted, color: 'green' },
  rejected: { label: BID_ADMISSION_TITLES.rejected, color: 'red' },
};

/** What the screen says about the РНП check of a participant, and in which colour. */
export function rnpView(rnp: BidRnpCheck): { text: string; color: string } {
  if (!rnp.checked) return { text: 'Проверка по РНП не выполнялась', color: 'gray' };
  if (rnp.found)
    return { text: rnp.message ?? 'Участник найден в реестре недобросовестных поставщиков', color: 'red' };
  return { text: rnp.message ?? 'В реестре недобросовестных поставщиков не найден', color: 'green' };
}

const points = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 57.5 → «57,50»; null → «—». */
export const formatPoints = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : points.format(v);

/** Said next to the evaluation of a method that ranks by price alone (the server's `ranking`, the law's method kind). */
export const PRICE_RANKING_NOTE = 'Ранжирование по цене: критерии оценки для этого способа не применяются';

/**
 * The evaluation settings in use, in a line: the criteria with their weights and where they come
 * from — none for a method ranked by price — and the national-regime preference, which lowers the
 * evaluation price in either ranking.
 */
export function settingsLine(r: ProcurementResults): string {
  const s = r.settings;
  const preference =
    s.national_preference_percent !== null
      ? `Приоритет товаров российского происхождения: ${s.national_preference_percent} %`
      : null;
  if (r.method.ranking === 'price')
    return ['Критерии оценки не применяются: способ ранжирует заявки по цене', preference]
      .filter(Boolean)
      .join('. ');
  const criteria = `Критерии ${
    s.source === 'version' ? 'из редакции Положения о закупке' : 'по умолчанию (в редакции не заданы)'
  }: ${s.criteria.map((c) => `${c.title} — ${c.weight} %`).join('; ')}`;
  return [criteria, preference].filter(Boolean).join('. ');
}

/** The criteria scored in points by the members (every criterion but the price). */
export const pointCriteria = (ev: Evaluation) => ev.criteria.filter((c) => c.code !== 'price');

/** One cell of the scores sheet: a member's points for a bid on a criterion, as typed. */
export type ScoreCell = { bid_id: number; code: string; member: string; points: string | number };

/** Every bid × point criterion × member, with the points already recorded. */
export function scoreCells(ev: Evaluation, members: string[]): ScoreCell[] {
  const cells: ScoreCell[] = [];
  for (const b of ev.bids)
    for (const c of pointCriteria(ev)) {
      const recorded = b.criteria.find((x) => x.code === c.code)?.member_points ?? [];
      for (const member of members)
        cells.push({
          bid_id: b.bid_id,
          code: c.code,
          member,
          points: recorded.find((m) => m.member_name === member)?.points ?? '',
        });
    }
  return cells;
}

const filled = (c: ScoreCell) => String(c.points).trim() !== '';

/** The body of PUT …/scores: the filled cells only. */
export function scoresBody(cells: ScoreCell[]): BidScoresInput {
  return {
    scores: cells.filter(filled).map((c) => ({
      bid_id: c.bid_id,
      criterion_code: c.code,
      member_name: c.member,
      points: Number(String(c.points).replace(',', '.')),
    })),
  };
}

/** The form field of a body issue: `scores.2.points` → the cell it came from (`cells.7.points`). */
export function cellFieldOf(cells: ScoreCell[]) {
  const index = cells.flatMap((c, i) => (filled(c) ? [i] : []));
  return (path: string) => {
    const m = /^scores\.(\d+)\./.exec(path);
    return m && index[Number(m[1])] !== undefined ? `cells.${index[Number(m[1])]}.points` : 'cells';
  };
}

/** The bids a lot may score: the admitted ones. */
export const admittedBids = (bids: Bid[]) => bids.filter((b) => b.admission === 'admitted');

/** What a writer may do with a protocol: sign it once. */
export const protocolActions = (p: BidProtocol) => ({ sign: p.signed_on === null });

/**
 * The lots «Сформировать договор» is offered for on a protocol: on the newest signed final protocol,
 * each lot with a winner whose contract is not drawn yet (one contract per lot, docs/bids.md).
 */
export function contractLots(r: ProcurementResults, p: BidProtocol): Lot[] {
  const finals = r.protocols.filter((x) => x.kind === 'final' && x.signed_on !== null);
  if (finals.length === 0 || finals[finals.length - 1].id !== p.id) return [];
  return r.lots.filter((l) => l.evaluation.winner_bid_id !== null && l.contract === null);
}

/** The link to a contract's card in the register. */
export const contractHref = (contractId: number) => `/contracts/register?contract=${contractId}`;
