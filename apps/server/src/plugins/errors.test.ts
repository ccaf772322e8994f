import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { translate } from './errors.js';

const message = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return translate(r.error.issues[0].message);
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
});
