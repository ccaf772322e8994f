import { describe, expect, it } from 'vitest';
import { MethodInput } from './catalog-schemas.js';

describe('a method entry', () => {
  it('takes «Иной способ» when its form is absent or not chosen (null), keeps a chosen one, refuses an unknown one', () => {
    const competitive = { title: 'Запрос цен', competitive: false };
    expect(MethodInput.parse(competitive).form).toBe('other');
    expect(MethodInput.parse({ ...competitive, form: null }).form).toBe('other');
    expect(MethodInput.parse({ title: 'Аукцион', form: 'auction' }).form).toBe('auction');
    const bad = MethodInput.safeParse({ title: 'Аукцион', form: 'lottery' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['form', 'Выберите форму способа закупки из списка'],
    ]);
  });
});
