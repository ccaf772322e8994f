import { defaultVatRate } from '@zakupki/shared/api/contracts-model';
import { describe, expect, it } from 'vitest';
import { moneyScale } from '../../../components/form/money-input';
import { overrunOf, shareOf } from './overrun';

describe('values the law and the calendar say', () => {
  it('VAT defaults to 22 % from 1 January 2026, 20 % before; today when the contract has no date', () => {
    expect(defaultVatRate('2025-12-31', '2026-11-25')).toBe('20%');
    expect(defaultVatRate('2026-01-01', '2026-11-25')).toBe('22%');
    expect(defaultVatRate(null, '2026-11-25')).toBe('22%');
    expect(defaultVatRate(null, '2025-06-01')).toBe('20%');
  });

  it('acceptance or payment above the price is an overrun with its excess, not 100 %', () => {
    expect(shareOf('1120.00', '1000.00')).toBeCloseTo(112);
    expect(overrunOf('1120.00', '1000.00')).toBe('120.00');
    expect(overrunOf('1000.00', '1000.00')).toBeNull();
    expect(overrunOf('12.5', '10', 3)).toBe('2.5');
  });
});

describe('input refused, never silently changed', () => {
  it('a price with more than two kopeck digits is refused', () => {
    expect(moneyScale('1234.567')).toBe('Не более двух знаков после запятой');
    expect(moneyScale('1234,56')).toBeNull();
    expect(moneyScale(1234.5)).toBeNull();
  });
});
