import { describe, expect, it } from 'vitest';
import {
  priceMismatch,
  rowAmountKopecks,
  rowErrors,
  rowsToInput,
  rowVatKopecks,
  specTotalKopecks,
} from './spec';

const row = (quantity: string, price: string, extra: Record<string, unknown> = {}) => ({
  name: 'Кабель',
  okpd2_code: null,
  okei_code: null,
  unit_name: null,
  quantity,
  price,
  vat_rate: '20%' as const,
  ...extra,
});

describe('specification sums (kopecks, no floats)', () => {
  it('line sum is quantity × price rounded to kopecks; VAT is inside the sum', () => {
    expect(rowAmountKopecks(row('3', '0,1'))).toBe(30n);
    expect(rowAmountKopecks(row('0.333', '10.005'))).toBe(333n); // 3.331665 → 3.33
    expect(rowAmountKopecks(row('2 400', '1450'))).toBe(348000000n);
    expect(rowVatKopecks(row('2400', '1450'))).toBe(58000000n); // 3 480 000 × 20/120
    expect(rowVatKopecks({ ...row('1', '100'), vat_rate: 'без НДС' })).toBe(0n);
    expect(rowAmountKopecks(row('x', '1'))).toBeNull();
  });

  it('a stored sum of an unchanged item is used as it is', () => {
    expect(rowAmountKopecks(row('3', '0.1', { amount: '0.31' }))).toBe(31n);
  });

  it('0.1 + 0.2 is exactly 0.30 ₽', () => {
    expect(specTotalKopecks([row('1', '0.1'), row('1', '0.2')])).toBe(30n);
    expect(priceMismatch([row('1', '0.1'), row('1', '0.2')], '0.3')).toBeNull();
  });

  it('the total must equal the price, one kopeck of rounding allowed', () => {
    const rows = [row('2400', '1450'), row('24', '18500')];
    expect(priceMismatch(rows, '3924000')).toBeNull();
    expect(priceMismatch(rows, '3924000.01')).toBeNull();
    expect(priceMismatch(rows, '4 179 600,00')).toBe(
      'Сумма спецификации 3\u00a0924\u00a0000,00\u00a0₽ не равна цене договора 4\u00a0179\u00a0600,00\u00a0₽ (разница 255\u00a0600,00\u00a0₽)',
    );
    expect(priceMismatch([], '100')).toBeNull();
  });

  it('row checks: required, numeric, positive quantity, precision, ОКПД2 and ОКЕИ formats', () => {
    expect(rowErrors(row('', ''))).toMatchObject({
      quantity: 'Обязательное поле',
      price: 'Обязательное поле',
    });
    expect(rowErrors({ ...row('abc', '-5'), name: ' ' })).toEqual({
      name: 'Обязательное поле',
      quantity: 'Значение должно быть числовое',
      price: 'Значение должно быть числовое',
    });
    expect(rowErrors(row('0', '1')).quantity).toBe('Количество должно быть больше нуля');
    expect(rowErrors(row('1', '1.1234567')).price).toBe('Не более 6 знаков после запятой');
    expect(rowErrors(row('1', '1', { okpd2_code: '26-20', okei_code: '7' }))).toEqual({
      okpd2_code: 'Код ОКПД2 записывается как ХХ.ХХ.ХХ.ХХХ (например, 26.20.11.110)',
      okei_code: 'Код ОКЕИ состоит из 3 или 4 цифр (например, 796)',
    });
    expect(rowErrors(row('1,5', '100', { okpd2_code: '26.20.11.110', okei_code: '796' }))).toEqual({});
  });

  it('rows for the API: decimals normalised, new sums left to the server, stored ones kept', () => {
    expect(
      rowsToInput([row('1 000,5', '12,30'), row('1', '5', { id: 7, amount: '5.00', vat_amount: '0.83' })]),
    ).toEqual([
      {
        name: 'Кабель',
        okpd2_code: null,
        okei_code: null,
        unit_name: null,
        quantity: '1000.5',
        price: '12.30',
        vat_rate: '20%',
        vat_amount: null,
        amount: null,
      },
      {
        id: 7,
        name: 'Кабель',
        okpd2_code: null,
        okei_code: null,
        unit_name: null,
        quantity: '1',
        price: '5',
        vat_rate: '20%',
        vat_amount: '0.83',
        amount: '5.00',
      },
    ]);
  });
});
