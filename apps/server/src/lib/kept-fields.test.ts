import { keptFields } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { keptOver } from './kept-fields.js';

const fields = {
  title: z.string().trim().min(1, 'Обязательное поле'),
  note: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  size: z.number().default(1),
};
const full = z
  .object(fields)
  .refine((v) => v.size < 10 || v.note !== null, { path: ['note'], message: 'Большому нужна заметка' });
const edit = z.object(keptFields(fields));

describe('keptFields and keptOver', () => {
  it('an update body fills nothing in: absent fields stay absent', () => {
    expect(edit.parse({})).toEqual({});
    expect(edit.parse({ note: null })).toEqual({ note: null });
  });

  it('the fields sent lie over the stored values; null clears; the whole is checked', () => {
    const stored = { title: 'Был', note: 'заметка', size: 12 };
    expect(keptOver(full, stored, edit.parse({ title: 'Стал' }))).toEqual({ ...stored, title: 'Стал' });
    expect(keptOver(full, { ...stored, size: 2 }, edit.parse({ note: null }))).toEqual({
      title: 'Был',
      note: null,
      size: 2,
    });
    let refused: unknown;
    try {
      keptOver(full, stored, edit.parse({ note: null }));
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).details).toEqual({
      issues: [{ path: 'body.note', message: 'Большому нужна заметка' }],
    });
  });
});
