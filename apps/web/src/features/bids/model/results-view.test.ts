import { BidScoresInput } from '@zakupki/shared/api/bids-model';
import { describe, expect, it } from 'vitest';
import { evaluation, protocol } from '../test/fixtures';
import {
  bidsStage,
  cellFieldOf,
  formatPoints,
  pointCriteria,
  protocolActions,
  rnpView,
  scoreCells,
  scoresBody,
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

  it('bids are written from the notice to the summing up, absent before, read after', () => {
    expect(
      ['draft', 'documentation_ready', 'published', 'bids_closed', 'summing_up', 'failed'].map(bidsStage),
    ).toEqual(['before', 'before', 'open', 'open', 'open', 'closed']);
  });

  it('offers signing once, and the contract only from a signed final protocol without one', () => {
    expect(protocolActions(protocol())).toEqual({ sign: true, contract: false });
    expect(protocolActions(protocol({ signed_on: '2026-03-10' }))).toEqual({ sign: false, contract: true });
    expect(protocolActions(protocol({ signed_on: '2026-03-10', contract_id: 9 })).contract).toBe(false);
    expect(protocolActions(protocol({ kind: 'review', signed_on: '2026-03-10' })).contract).toBe(false);
  });
});
