import { type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect, useEffectEvent, useRef } from 'react';
import { applyServerErrors } from './form-errors';

/**
 * Calls `onChange(sameRecord)` after the record shown changes: another record (`id`), or a new
 * version of the same one (`version`: its revision or updated_at). Not on the first render.
 */
export function useRecordChange(id: unknown, version: unknown, onChange: (sameRecord: boolean) => void) {
  const last = useRef({ id, version });
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    const prev = last.current;
    if (Object.is(prev.id, id) && Object.is(prev.version, version)) return;
    last.current = { id, version };
    changed(Object.is(prev.id, id));
  }, [id, version]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export type RecordFormOptions<R, V> = Omit<UseFormInput<V>, 'initialValues' | 'mode'> & {
  /** the record the form edits; null for a new one or a closed dialog */
  record: R | null;
  /** which record it is: another one always reloads the form */
  id: (record: R) => unknown;
  /** its version from the server (revision, updated_at); a new one reloads the form unless edited */
  version?: (record: R) => unknown;
  /** the record as the form holds it */
  toValues: (record: R) => V;
  /** the values without a record */
  empty: V;
};

export type RecordForm<V> = {
  form: UseFormReturnType<V>;
  /** back to the record as the server has it */
  reload: () => void;
  /** a save's onSuccess: the values are no longer unsaved edits, so the saved version reloads them */
  saved: () => void;
  /** a save's onError: a 400's issues under their fields, the others in an error notice */
  onError: (err: unknown) => boolean;
};

/**
 * A form over a record that the server may change (a card, an edit dialog): loads the record's
 * values when another record is opened, and again when a new version of it arrives (another
 * user's save, a status move) unless the user has unsaved edits, which are kept (their save then
 * meets the server's revision check). Server field errors land on the form's fields.
 */
export function useRecordForm<R, V extends Record<string, unknown>>({
  record,
  id,
  version,
  toValues,
  empty,
  ...input
}: RecordFormOptions<R, V>): RecordForm<V> {
  const form = useForm<V>({ mode: 'controlled', ...input, initialValues: record ? toValues(record) : empty });
  const load = (values: V) => {
    form.setInitialValues(values);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
  };
  useRecordChange(record ? id(record) : null, record && version ? version(record) : null, (sameRecord) => {
    if (!record) return;
    const values = toValues(record);
    // unsaved edits stay; values equal to the new version's are no edits
    if (sameRecord && form.isDirty() && !same(form.getValues(), values)) return;
    load(values);
  });
  return {
    form,
    reload: () => load(record ? toValues(record) : empty),
    saved: () => form.resetDirty(),
    onError: (err) => applyServerErrors(form, err),
  };
}
