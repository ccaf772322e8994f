import { describe, expect, it } from 'vitest';
import { DEFAULT_NMCK_VERSION_SETTINGS as DEFAULT_NMCK_SETTINGS } from '../law/law-nmck-methods.js';
import {
  adjustedPrice,
  isOldPrice,
  isqrt,
  itemResult,
  offerFileType,
  priceOnBasis,
  statistics,
} from './nmck.policy.js';

const rub = (r: number) => BigInt(Math.round(r * 100));

describe('nmck statistics', () => {
  it('five prices by hand: mean 120, deviation √250 = 15,81, coefficient 13,18 %', () => {
    // deviations from 120: −20 −10 0 10 20; squares 400+100+0+100+400 = 1000; /(5−1) = 250
    const s = statistics([100, 110, 120, 130, 140].map(rub), 33);
    expect(s).toEqual({
      count: 5,
      mean: '120.00',
      min: '100.00',
      max: '140.00',
      deviation: '15.81',
      variation: '13.18',
      tooVaried: false,
    });
  });

  it('refuses above 33 % asking for more prices', () => {
    // 100, 100, 200: mean 133,33; variance ((33,33)²·2 + 66,67²)/2 = 3333,33; sd 57,74; cv 43,30 %
    const r = itemResult([100, 100, 200].map(rub), '1', DEFAULT_NMCK_SETTINGS);
    expect(r.stats.variation).toBe('43.30');
    expect(r.unitPrice).toBeNull();
    expect(r.refusal).toMatch(/43,30 % больше 33 %.*Нужно больше цен/);
  });

  it('the 33 % boundary is exact: 67, 100, 133 is exactly 33 % and passes at 33, not at 32', () => {
    const prices = [67, 100, 133].map(rub); // variance (33² + 0 + 33²)/2 = 33², sd 33 of mean 100
    expect(statistics(prices, 33)).toMatchObject({ variation: '33.00', tooVaried: false });
    expect(statistics(prices, 32).tooVaried).toBe(true);
  });

  it('refuses below the minimum count', () => {
    const r = itemResult([rub(100), rub(110)], '1', DEFAULT_NMCK_SETTINGS);
    expect(r.refusal).toMatch(/Цен: 2, нужно не меньше 3/);
    expect(r.amount).toBeNull();
  });

  it('unit price is the mean or the minimum, times the quantity, rounded to kopecks', () => {
    const prices = [rub(10.01), rub(10.02), rub(10.02)]; // mean 10,016666… → 10,02
    expect(itemResult(prices, '3', DEFAULT_NMCK_SETTINGS)).toMatchObject({
      unitPrice: '10.02',
      amount: '30.06',
    });
    expect(itemResult(prices, '2.5', { ...DEFAULT_NMCK_SETTINGS, unit_price: 'min' })).toMatchObject({
      unitPrice: '10.01',
      amount: '25.03', // 25,025 → 25,03 half up
    });
  });

  it('VAT: a price without VAT is grossed up, a price with VAT netted, «без НДС» kept', () => {
    expect(priceOnBasis({ price: '100', includesVat: false, vatRate: '20%' }, 'with_vat')).toBe(12000n);
    expect(priceOnBasis({ price: '120', includesVat: true, vatRate: '20%' }, 'with_vat')).toBe(12000n);
    expect(priceOnBasis({ price: '122', includesVat: true, vatRate: '22%' }, 'without_vat')).toBe(10000n);
    expect(priceOnBasis({ price: '99.99', includesVat: true, vatRate: '20%' }, 'without_vat')).toBe(8333n); // 83,325 → 83,33
    expect(priceOnBasis({ price: '100', includesVat: false, vatRate: 'без НДС' }, 'with_vat')).toBe(10000n);
  });

  it('an index brings an old price to today; old prices are flagged', () => {
    expect(
      adjustedPrice(
        { price: '100', includesVat: true, vatRate: '20%', date: '2025-01-01', index: '1.045' },
        'with_vat',
      ),
    ).toBe(10450n);
    expect(isOldPrice('2025-01-15', '2025-07-15', 6)).toBe(true);
    expect(isOldPrice('2025-01-16', '2025-07-15', 6)).toBe(false);
  });

  it('isqrt is the floor square root', () => {
    expect(isqrt(250n)).toBe(15n);
    expect(isqrt(10n ** 40n)).toBe(10n ** 20n);
    expect(isqrt(10n ** 40n - 1n)).toBe(10n ** 20n - 1n);
  });
});

describe('the file of a commercial offer', () => {
  const pdf = Buffer.from('%PDF-1.7\n');
  it('takes the allowed types by extension and content, with the type from the extension', () => {
    expect(offerFileType('КП.PDF', pdf)).toEqual({ mime: 'application/pdf' });
    expect(offerFileType('скан.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ mime: 'image/jpeg' });
    expect(offerFileType('расчёт.xlsx', Buffer.from('PK\u0003\u0004rest', 'latin1'))).toMatchObject({
      mime: expect.stringContaining('spreadsheetml'),
    });
  });
  it('refuses another type and content that is not what the name says, in Russian', () => {
    expect(offerFileType('setup.exe', pdf)).toEqual({
      refusal:
        'Файл «setup.exe» не принят: для коммерческого предложения допустимы PDF, DOC, DOCX, XLS, XLSX, JPG, PNG или ZIP',
    });
    expect(offerFileType('pdf', pdf)).toHaveProperty('refusal');
    expect(offerFileType('КП.pdf', Buffer.from('MZ'))).toEqual({
      refusal: 'Файл «КП.pdf» не принят: файл повреждён или не является PDF',
    });
  });
});
