import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../lib/http-errors';
import { schemaValidate } from './schema-validate';
import { useRecordForm } from './use-record-form';

type Rec = { id: number; revision: number; title: string };
type Values = { title: string };

const Body = z.object({ title: z.string().trim().min(1, 'Обязательное поле') });

const setup = (record: Rec | null) =>
  renderHook(
    ({ record }: { record: Rec | null }) =>
      useRecordForm<Rec, Values>({
        record,
        id: (r) => r.id,
        version: (r) => r.revision,
        toValues: (r) => ({ title: r.title }),
        empty: { title: '' },
        validate: schemaValidate(Body),
      }),
    { initialProps: { record } },
  );

describe('useRecordForm: a form over a record that the server may change', () => {
  it('starts from the record, or from the empty values without one', () => {
    expect(setup({ id: 1, revision: 1, title: 'A' }).result.current.form.getValues()).toEqual({ title: 'A' });
    expect(setup(null).result.current.form.getValues()).toEqual({ title: '' });
  });

  it('a new version reloads an untouched form', () => {
    const h = setup({ id: 1, revision: 1, title: 'A' });
    h.rerender({ record: { id: 1, revision: 2, title: 'B' } });
    expect(h.result.current.form.getValues()).toEqual({ title: 'B' });
    expect(h.result.current.form.isDirty()).toBe(false);
  });

  it('a new version keeps the unsaved edits; another record does not', () => {
    const h = setup({ id: 1, revision: 1, title: 'A' });
    act(() => h.result.current.form.setFieldValue('title', 'mine'));
    h.rerender({ record: { id: 1, revision: 2, title: 'B' } });
    expect(h.result.current.form.getValues()).toEqual({ title: 'mine' });
    h.rerender({ record: { id: 2, revision: 1, title: 'C' } });
    expect(h.result.current.form.getValues()).toEqual({ title: 'C' });
  });

  it('after its own save, the saved version reloads the form', () => {
    const h = setup({ id: 1, revision: 1, title: 'A' });
    act(() => h.result.current.form.setFieldValue('title', ' A2 '));
    act(() => h.result.current.saved());
    // the server trimmed it
    h.rerender({ record: { id: 1, revision: 2, title: 'A2' } });
    expect(h.result.current.form.getValues()).toEqual({ title: 'A2' });
    expect(h.result.current.form.isDirty()).toBe(false);
  });

  it('reload goes back to the record; the schema validates; server issues land on the fields', () => {
    const h = setup({ id: 1, revision: 1, title: 'A' });
    act(() => h.result.current.form.setFieldValue('title', ' '));
    let failed = false;
    act(() => {
      failed = h.result.current.form.validate().hasErrors;
    });
    expect(failed).toBe(true);
    expect(h.result.current.form.errors).toEqual({ title: 'Обязательное поле' });
    act(() => h.result.current.reload());
    expect(h.result.current.form.getValues()).toEqual({ title: 'A' });
    expect(h.result.current.form.errors).toEqual({});
    const err = new ApiError(400, {
      error: {
        code: 'validation_failed',
        message: 'Проверьте введённые данные',
        details: { issues: [{ path: 'body.title', message: 'Такое наименование уже есть' }] },
      },
    });
    let placed = false;
    act(() => {
      placed = h.result.current.onError(err);
    });
    expect(placed).toBe(true);
    expect(h.result.current.form.errors).toEqual({ title: 'Такое наименование уже есть' });
  });
});
