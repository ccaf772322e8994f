import { describe, expect, it } from 'vitest';
import { MONTHS_GENITIVE, MONTHS_NOMINATIVE, monthName } from './months.js';

describe('month names', () => {
  it('nominative and genitive, January first', () => {
    expect(MONTHS_NOMINATIVE).toEqual([
      'январь',
      'февраль',
      'март',
      'апрель',
      'май',
      'июнь',
      'июль',
      'август',
      'сентябрь',
      'октябрь',
      'ноябрь',
      'декабрь',
    ]);
    expect(MONTHS_GENITIVE).toEqual([
      'января',
      'февраля',
      'марта',
      'апреля',
      'мая',
      'июня',
      'июля',
      'августа',
      'сентября',
      'октября',
      'ноября',
      'декабря',
    ]);
  });
  it('monthName takes 1…12', () => {
    expect(monthName(1)).toBe('январь');
    expect(monthName(12)).toBe('декабрь');
    expect(() => monthName(13)).toThrow(RangeError);
    expect(() => monthName(0)).toThrow(RangeError);
  });
});
