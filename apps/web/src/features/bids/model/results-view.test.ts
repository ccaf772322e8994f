import { BidScoresInput } from '@zakupki/shared/api/bids-model';
import { describe, expect, it } from 'vitest';
import { evaluation, protocol, results } from '../test/fixtures';
import {
  cellFieldOf,
  contractLots,
  formatPoints,
  pointCriteria,
  protocolActions,
  rnpView,
  scoreCells,
  scoresBody,
  settingsLine,
} from './results-view';

describe('results view', () => {
  it('says no РНП check was made until the register answers, and warns on a hit', () => {
    expect(rnpView({ checked: false, found: null, message: null })).toEqual({
      text: 'Проверка по РНП не выполнялась',
      color: 'gray',
    });
    expect(rnpView({ checked: true, found: true, message: 'Включён в РНП 12.03.2025' }).color).toBe('red');
    expect(rnpView({ checked: true, found: false, message: null }).text).toBe(
      'В реестре недобросовестных поставщиков не найден',
    );
  });

  it('formats points with two decimals and a dash for none', () => {
    expect(formatPoints(57.5)).toBe('57,50');
    expect(formatPoints(null)).toBe('—');
  });

  it('builds the scores sheet of the point criteria with the recorded points, and sends only filled cells', () => {
    const ev = evaluation();
    expect(pointCriteria(ev).map((c) => c.code)).toEqual(['qualification']);
    const cells = scoreCells(ev, ['Иванов И. И.', 'Петров П. П.', 'Сидоров С. С.']);
    expect(cells.map((c) => c.points)).toEqual([80, 60, '']);
    cells[2].points = '75,5';
    expect(scoresBody(cells).scores).toEqual([
      { bid_id: 101, criterion_code: 'qualification', member_name: 'Иванов И. И.', points: 80 },
      { bid_id: 101, criterion_code: 'qualification', member_name: 'Петров П. П.', points: 60 },
      { bid_id: 101, criterion_code: 'qualification', member_name: 'Сидоров С. С.', points: 75.5 },
    ]);
  });

  it('puts a schema issue of the body on the cell it came from (empty cells are skipped in the body)', () => {
    const cells = scoreCells(evaluation(), ['Иванов И. И.', 'Петров П. П.', 'Сидоров С. С.']);
    cells[0].points = '';
    cells[2].points = 120;
    const parsed = BidScoresInput.safeParse(scoresBody(cells));
    expect(parsed.success).toBe(false);
    const path = parsed.error?.issues[0].path.join('.') ?? '';
    expect(path).toBe('scores.1.points');
    expect(cellFieldOf(cells)(path)).toBe('cells.2.points');
  });

  it('offers signing once', () => {
    expect(protocolActions(protocol())).toEqual({ sign: true });
    expect(protocolActions(protocol({ signed_on: '2026-03-10' }))).toEqual({ sign: false });
  });

  it('offers a contract per lot with a winner and none yet, on the newest signed final protocol only', () => {
    const lot = results().lots[0];
    const final = protocol({ signed_on: '2026-03-10' });
    const two = results({
      lots: [
        { ...lot, contract: { contract_id: 44, contract_number: '12/1', protocol_id: 501, bid_id: 101 } },
        { ...lot, id: 71, number: 2 },
        { ...lot, id: 72, number: 3, evaluation: evaluation({ lot_id: 72, winner_bid_id: null }) },
      ],
      protocols: [final],
    });
    expect(contractLots(two, final).map((l) => l.number)).toEqual([2]);
    // not on an unsigned one, nor on a review, nor on a final protocol a newer signed one replaced
    expect(contractLots(results({ protocols: [protocol()] }), protocol())).toEqual([]);
    const review = protocol({ id: 502, kind: 'review', signed_on: '2026-03-10' });
    expect(contractLots(results({ protocols: [review] }), review)).toEqual([]);
    const newer = protocol({ id: 503, version: 2, signed_on: '2026-03-11' });
    expect(contractLots({ ...two, protocols: [final, newer] }, final)).toEqual([]);
    expect(contractLots({ ...two, protocols: [final, newer] }, newer).map((l) => l.number)).toEqual([2]);
  });
});

describe('the settings line', () => {
  it('names the criteria of a scored method, and for a method ranked by price says none apply; the preference either way', () => {
    expect(settingsLine(results())).toBe(
      'Критерии из редакции Положения о закупке: Цена договора — 60 %; Квалификация участника — 40 %. Приоритет товаров российского происхождения: 15 %',
    );
    const byPrice = results({ method: { id: 4, title: 'Аукцион в электронной форме', ranking: 'price' } });
    expect(settingsLine(byPrice)).toBe(
      'Критерии оценки не применяются: способ ранжирует заявки по цене. Приоритет товаров российского происхождения: 15 %',
    );
    expect(
      settingsLine({ ...byPrice, settings: { ...byPrice.settings, national_preference_percent: null } }),
    ).toBe('Критерии оценки не применяются: способ ранжирует заявки по цене');
  });
});
