import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, NBSP, parseRuDate } from './formatters';

describe('money', () => {
  it('is `1 234 567,89 ₽` with non-breaking spaces', () => {
    expect(formatMoney('1234567.89')).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
    expect(formatMoney(1234567.891)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
    expect(formatMoney('0')).toBe(`0,00${NBSP}₽`);
    expect(formatMoney('999.5')).toBe(`999,50${NBSP}₽`);
    expect(formatMoney('-1500')).toBe(`-1${NBSP}500,00${NBSP}₽`);
  });
  it('keeps big decimal strings exact and rounds to kopecks', () => {
    expect(formatMoney('123456789012345.67')).toBe(`123${NBSP}456${NBSP}789${NBSP}012${NBSP}345,67${NBSP}₽`);
    expect(formatMoney('0.005')).toBe(`0,01${NBSP}₽`);
    expect(formatMoney('1,5')).toBe(`1,50${NBSP}₽`);
  });
  it('is empty for nothing or garbage', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });
  it('may go without the currency', () => expect(formatMoney('10', '')).toBe('10,00'));
});

describe('dates', () => {
  it('a calendar date is ДД.ММ.ГГГГ as is', () => {
    expect(formatDate('2026-03-08')).toBe('08.03.2026');
  });
  it('an instant is shown in Moscow time', () => {
    expect(formatDate('2026-03-07T22:30:00Z')).toBe('08.03.2026');
    expect(formatDate('2026-03-07T20:30:00Z')).toBe('07.03.2026');
    expect(formatDateTime('2026-12-31T21:05:00Z')).toBe('01.01.2027 00:05');
  });
  it('is empty for nothing or garbage', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
  it('parses what a user types', () => {
    expect(parseRuDate('08.03.2026')).toBe('2026-03-08');
    expect(parseRuDate('8.3.2026')).toBe('2026-03-08');
    expect(parseRuDate('31.02.2026')).toBeNull();
    expect(parseRuDate('2026-03-08')).toBeNull();
  });
});
