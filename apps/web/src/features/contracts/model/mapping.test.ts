import type { UpdLine } from '@zakupki/shared/api/imports';
import { describe, expect, it } from 'vitest';
import { changedLines, confidenceView, initialChoice, itemOptions, mappingPayload } from './mapping';

const line = (id: number, item: number | null, candidates: [number, number][] = []): UpdLine => ({
  id,
  line_no: id,
  name: `Строка ${id}`,
  okei: null,
  unit_name: null,
  quantity: '1',
  price: '1',
  sum_without_vat: '1',
  vat_rate: '20%',
  vat_sum: null,
  sum_with_vat: '1',
  quantity_before: null,
  sum_with_vat_before: null,
  counted_quantity: '1',
  counted_amount: '1',
  mapping:
    item === null ? null : { contract_item_id: item, confidence: 0.9, status: 'proposed', reason: null },
  candidates: candidates.map(([contract_item_id, confidence]) => ({ contract_item_id, confidence })),
});

describe('УПД mapping choice', () => {
  it('starts from the proposal; the payload names every line with the chosen item or null', () => {
    const lines = [line(1, 10), line(2, null), line(3, 11)];
    const choice = { ...initialChoice(lines), 1: null, 2: 12 };
    expect(mappingPayload(lines, choice)).toEqual([
      { upd_line_id: 1, contract_item_id: null },
      { upd_line_id: 2, contract_item_id: 12 },
      { upd_line_id: 3, contract_item_id: 11 },
    ]);
    expect(changedLines(lines, choice)).toEqual([1, 2]);
  });

  it('confidence in percent with a colour', () => {
    expect(confidenceView(0.874)).toEqual({ label: '87 %', color: 'green' });
    expect(confidenceView(0.6)).toEqual({ label: '60 %', color: 'yellow' });
    expect(confidenceView(0.2)).toEqual({ label: '20 %', color: 'red' });
    expect(confidenceView(null)).toBeNull();
  });

  it('item options: «не относится» first, then candidates by confidence, then the rest', () => {
    const items = [10, 11, 12].map((id, i) => ({
      id,
      line_no: i + 1,
      name: `Позиция ${id}`,
      okpd2_code: null,
      okei_code: null,
      unit_name: null,
      quantity: '1',
      price: '1',
      amount: '1',
      accepted_quantity: '0',
      accepted_amount: '0',
    }));
    const opts = itemOptions(
      { items },
      line(1, 12, [
        [12, 0.91],
        [11, 0.4],
      ]),
    );
    expect(opts.map((o) => o.label)).toEqual([
      'Не относится к договору',
      '3. Позиция 12 (совпадение 91 %)',
      '2. Позиция 11 (совпадение 40 %)',
      '1. Позиция 10',
    ]);
  });
});
