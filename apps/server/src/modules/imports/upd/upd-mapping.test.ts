import { describe, expect, it } from 'vitest';
import {
  type MappableLine,
  nameSimilarity,
  normaliseText,
  PROPOSAL_THRESHOLD,
  proposeItem,
  rankItems,
  type SpecItem,
  scoreLine,
  tokenJaccard,
  trigramSimilarity,
} from './upd-mapping.js';

const item = (id: number, name: string, extra: Partial<SpecItem> = {}): SpecItem => ({
  id,
  name,
  okpd2Code: null,
  okeiCode: '796',
  unitName: 'шт',
  price: '120.00',
  ...extra,
});
const line = (name: string, extra: Partial<MappableLine> = {}): MappableLine => ({
  name,
  okei: '796',
  unitName: 'шт',
  price: '100.00',
  quantity: '2',
  sumWithVat: '240.00',
  itemCode: null,
  ...extra,
});

describe('name similarity', () => {
  it('normalises case, ё, punctuation and decimal commas', () => {
    expect(normaliseText('Бумага «Снегурочка», 80 г/м², 0,5 кг — ЁЛКА')).toBe(
      'бумага снегурочка 80 г м² 0.5 кг елка',
    );
  });

  it('token Jaccard ignores word order and common word endings', () => {
    expect(tokenJaccard('Бумага офисная А4', 'А4 бумага офисная')).toBe(1);
    expect(tokenJaccard('Картриджи лазерные', 'Картридж лазерный')).toBe(1);
    expect(tokenJaccard('Стол', 'Стул')).toBe(0);
  });

  it('trigrams survive typos; unrelated names score low', () => {
    expect(trigramSimilarity('авиационный керосин ТС-1', 'авиационный еросин ТС-1')).toBeGreaterThan(0.8);
    expect(nameSimilarity('Реле времени ARK5-S-A230', 'Пакет молока')).toBeLessThan(0.2);
    expect(nameSimilarity('Ряженка', 'ряженка')).toBe(1);
  });
});

describe('proposal', () => {
  const items = [
    item(1, 'Бумага офисная А4, 500 листов', { price: '300.00' }),
    item(2, 'Картридж лазерный HP 85A', { price: '3600.00' }),
    item(3, 'Ручка шариковая синяя', { price: '24.00', okeiCode: '796' }),
  ];

  it('picks the item with the closest name, unit and price', () => {
    const best = proposeItem(
      line('Картриджи HP 85A лазерные', { price: '3000.00', sumWithVat: '7200.00' }),
      items,
    );
    expect(best?.itemId).toBe(2);
    expect(best?.confidence).toBeGreaterThan(0.8);
    expect(best?.reason).toContain('цена совпадает');
  });

  it('compares the price with VAT (sum / quantity) with the item price', () => {
    const exact = scoreLine(
      line('Ручка шариковая синяя', { price: '20.00', quantity: '10', sumWithVat: '240.00' }),
      items[2],
    );
    const far = scoreLine(
      line('Ручка шариковая синяя', { price: '200.00', quantity: '10', sumWithVat: '2400.00' }),
      items[2],
    );
    expect(exact.confidence).toBeGreaterThan(far.confidence);
    expect(exact.confidence).toBeGreaterThan(0.95);
  });

  it('a different unit lowers the confidence; ОКПД2 in КодТов counts when it agrees', () => {
    const same = scoreLine(line('Бумага офисная А4'), items[0]);
    const other = scoreLine(line('Бумага офисная А4', { okei: '778' }), items[0]);
    expect(other.confidence).toBeLessThan(same.confidence);
    const coded = { ...items[0], okpd2Code: '17.12.14' };
    expect(scoreLine(line('Бумага офисная А4', { itemCode: '17.12.14.110' }), coded).reason).toContain(
      'ОКПД2 совпадает',
    );
    expect(scoreLine(line('Бумага офисная А4', { itemCode: '26.20.11' }), coded).reason).toContain(
      'ОКПД2 не совпадает',
    );
  });

  it('no proposal when nothing resembles the line, even at the same unit and price', () => {
    const lone = [item(9, 'Услуги по уборке помещений', { price: '120.00' })];
    expect(proposeItem(line('Мешки для мусора'), lone)).toBeNull();
    expect(scoreLine(line('Мешки для мусора'), lone[0]).confidence).toBeLessThan(PROPOSAL_THRESHOLD);
  });

  it('ranks candidates best first, at most three', () => {
    const ranked = rankItems(line('Бумага А4'), [...items, item(4, 'Бумага А3', { price: '600.00' })]);
    expect(ranked).toHaveLength(3);
    expect(ranked[0].itemId).toBe(1);
    expect(ranked.map((r) => r.confidence)).toEqual(
      [...ranked.map((r) => r.confidence)].sort((x, y) => y - x),
    );
  });
});
