import { describe, expect, it } from 'vitest';
import { trimDecimal } from './decimal.js';
import {
  MOSCOW_OFFSET,
  moscowDateTime,
  moscowDay,
  moscowInstant,
  moscowOffsetMinutes,
  moscowYearStart,
  todayMoscow,
} from './moscow-time.js';

describe('Moscow time', () => {
  it('the day and time of an instant in Moscow, around midnight', () => {
    expect(moscowDay(new Date('2024-03-11T20:59:59Z'))).toBe('2024-03-11');
    expect(moscowDay(new Date('2024-03-11T21:00:00Z'))).toBe('2024-03-12');
    expect(moscowDateTime(new Date('2018-05-29T07:35:06.789Z'))).toBe('2018-05-29T10:35:06');
    expect(todayMoscow(new Date('2025-12-31T22:00:00Z'))).toBe('2026-01-01');
  });
  it('a Moscow date or wall-clock time as an instant', () => {
    expect(MOSCOW_OFFSET).toBe('+03:00');
    expect(moscowInstant('2024-03-12').toISOString()).toBe('2024-03-11T21:00:00.000Z');
    expect(moscowInstant('2024-03-12T12:00:00').toISOString()).toBe('2024-03-12T09:00:00.000Z');
    expect(moscowInstant('2024-03-12T12:00').toISOString()).toBe('2024-03-12T09:00:00.000Z');
  });
  it('the start of the Moscow year, also in the UTC hours when Moscow already has the next one', () => {
    expect(moscowYearStart(new Date('2025-06-01T00:00:00Z')).toISOString()).toBe('2024-12-31T21:00:00.000Z');
    expect(moscowYearStart(new Date('2025-12-31T21:30:00Z')).toISOString()).toBe('2025-12-31T21:00:00.000Z');
  });
  it('UTC+4 between March 2011 and October 2014', () => {
    expect(moscowOffsetMinutes(Date.UTC(2012, 5, 1))).toBe(240);
    expect(moscowOffsetMinutes(Date.UTC(2010, 5, 1))).toBe(180);
    expect(moscowOffsetMinutes(Date.UTC(2015, 5, 1))).toBe(180);
  });
});

describe('trimDecimal', () => {
  it('drops trailing fraction zeros only', () => {
    expect(trimDecimal('10.500')).toBe('10.5');
    expect(trimDecimal('3.000')).toBe('3');
    expect(trimDecimal('1000.00000000')).toBe('1000');
    expect(trimDecimal('1000')).toBe('1000');
    expect(trimDecimal('-2.50')).toBe('-2.5');
    expect(trimDecimal('.000')).toBe('0');
  });
});
