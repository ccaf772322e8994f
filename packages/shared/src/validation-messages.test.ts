import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate, money } from './api/common.js';
import './index.js';

// the messages the API answers with and the forms show (zod's customError, applied by index.ts)
const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return r.error.issues[0].message;
};

describe('validation messages in Russian', () => {
  it('names ranges instead of calling a number non-numeric', () => {
    expect(message(z.coerce.number().int().min(1), '0')).toBe('Значение должно быть не меньше 1');
    expect(message(z.coerce.number().int().max(500), '501')).toBe('Значение должно быть не больше 500');
  });
  it('required, numeric, email and option messages', () => {
    expect(message(z.object({ a: z.string() }), {})).toBe('Обязательное поле');
    expect(message(z.number(), 'x')).toBe('Значение должно быть числовое');
    expect(message(z.string().email(), 'x')).toBe('Введите корректный email');
    expect(message(z.enum(['a', 'b']), 'c')).toBe('Недопустимое значение');
    expect(message(z.string().max(3), 'abcd')).toBe('Не более 3 символов или элементов');
  });
  it('lengths, extra keys and types; a message written on the schema wins', () => {
    expect(message(z.array(z.string()).min(2), ['a'])).toBe('Не менее 2 символов или элементов');
    expect(message(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('Неизвестный параметр «b»');
    expect(message(z.string(), 5)).toBe('Недопустимый тип значения');
    expect(message(z.string().min(1, 'Укажите название'), '')).toBe('Укажите название');
  });
  it('anything else in zod’s Russian locale, not in English', () => {
    const m = message(z.string().regex(/^\d+$/), 'abc');
    expect(m).toMatch(/[а-яё]/i);
    expect(m).not.toMatch(/Invalid/);
  });

  it("speaks the forms' formats: an empty date is required, a long sum is too large (not non-numeric)", () => {
    expect(message(isoDate, '')).toBe('Обязательное поле');
    expect(message(isoDate, '01.02.2026')).toBe('Дата в формате ГГГГ-ММ-ДД');
    expect(message(money, '12345678901234567890')).toBe('Слишком большая сумма: не более 15 цифр до запятой');
    expect(message(money, '12abc')).toBe('Значение должно быть числовое');
    expect(message(money, '100.5.5')).toBe('Значение должно быть числовое');
    expect(message(money, '1,234')).toBe('Не более двух знаков после запятой');
    expect(money.parse('123456789012345,67')).toBe('123456789012345.67');
  });
});
