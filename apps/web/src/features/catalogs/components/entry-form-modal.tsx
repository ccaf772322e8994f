import { Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { CompanyRef } from '@zakupki/shared/api/auth';
import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import type { ValidationIssue } from '@zakupki/shared/errors';
import { useState } from 'react';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordChange, useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel } from '../../../lib/company';
import { reportApiError } from '../../../lib/error-handler';
import { fieldErrors } from '../../../lib/http-errors';
import { type CatalogItem, entrySchema, itemName, useSaveEntry } from '../api/catalogs';
import {
  type EntryValues,
  emptyValues,
  entryBody,
  entryCheckBody,
  entryFieldOf,
  issuesOf,
  valuesOf,
} from '../api/entry-body';
import type { CatalogRights } from '../hooks/use-catalog-rights';
import { EntryField } from './entry-fields';

export type Owner = 'global' | 'company';

export const ownerText = (companyTitle: string | null | undefined) =>
  companyTitle ? `Запись компании «${companyTitle}»` : 'Общая запись (для всех компаний)';

/**
 * Create or edit one entry: inputs from the descriptor's fields, client rules first, then the
 * server's issues under their fields (a taken code included). A new entry of a catalogue with
 * company entries chooses its owner among what the user may write; the owner never changes later.
 */
export function EntryFormModal({
  d,
  entry,
  rights,
  company,
  onClose,
}: {
  d: CatalogDescriptor;
  /** 'new', an item to edit, or null when closed */
  entry: CatalogItem | 'new' | null;
  rights: CatalogRights;
  company: CompanyRef | null;
  onClose: () => void;
}) {
  const owners: Owner[] = d.company_entries
    ? [...(rights.global ? ['global' as const] : []), ...(rights.company ? ['company' as const] : [])]
    : ['global'];
  const [owner, setOwner] = useState<Owner>(owners[0] ?? 'global');
  const entryId = (e: CatalogItem | 'new') => (e === 'new' ? 'new' : e.id);
  useRecordChange(entry === null ? null : entryId(entry), null, () => setOwner(owners[0] ?? 'global'));
  const ownerId = () => (owner === 'company' && company ? company.id : null);

  const { form } = useRecordForm<CatalogItem | 'new', EntryValues>({
    record: entry,
    id: entryId,
    version: (e) => (e === 'new' ? null : e.updated_at),
    toValues: (e) => (e === 'new' ? emptyValues(d) : valuesOf(d, e)),
    empty: emptyValues(d),
    validate: schemaValidate(entrySchema(d), entryCheckBody(d, entry === 'new' ? ownerId() : undefined), {
      fieldOf: entryFieldOf,
    }),
  });

  const isNewEntry = entry === 'new' || entry === null;
  const submit = (v: EntryValues) => {
    const checked = entryBody(d, v, isNewEntry ? ownerId() : undefined);
    if ('issues' in checked) return showIssues(checked.issues);
    save.mutate({ id: isNewEntry ? null : entry.id, body: checked.body });
  };
  const showIssues = (issues: ValidationIssue[]) => {
    const values = form.getValues();
    const rest: string[] = [];
    for (const [path, message] of Object.entries(fieldErrors(issues))) {
      const top = path.split('.')[0];
      if (top && top in values) form.setFieldError(top, message);
      else rest.push(message);
    }
    if (rest.length) notices.error('Проверьте введённые данные', rest.join(', '));
  };
  const save = useSaveEntry(d, {
    meta: { handled: true },
    onSuccess: (saved) => {
      notices.success(
        'Сохранено',
        entry === 'new'
          ? `Запись «${itemName(saved)}» добавлена в справочник «${d.title}»`
          : `Запись «${itemName(saved)}» изменена`,
      );
      onClose();
    },
    onError: (err) => {
      const issues = issuesOf(err);
      if (!issues.length) return reportApiError(err);
      showIssues(issues);
    },
  });

  const isNew = entry === 'new';
  const companyName = company ? companyLabel(company) : null;
  const existingOwner =
    entry && entry !== 'new' && d.company_entries ? ownerText(entry.company_title ?? null) : null;

  return (
    <Modal
      opened={entry !== null}
      onClose={onClose}
      title={isNew ? `Новая запись: ${d.element}` : `Изменение: ${d.element}`}
      size="lg"
    >
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {isNew && d.company_entries && owners.length > 1 ? (
            <Radio.Group label="Принадлежность" value={owner} onChange={(v) => setOwner(v as Owner)}>
              <Group gap="lg" mt={4}>
                <Radio value="global" label="Общая запись (для всех компаний)" />
                <Radio value="company" label={`Запись компании «${companyName}»`} />
              </Group>
            </Radio.Group>
          ) : null}
          {isNew && d.company_entries && owners.length === 1 ? (
            <Text size="sm" c="dimmed">
              {ownerText(owners[0] === 'company' ? companyName : null)}
            </Text>
          ) : null}
          {existingOwner ? (
            <Text size="sm" c="dimmed">
              {existingOwner}
            </Text>
          ) : null}
          {d.fields.map((f) => (
            <EntryField key={f.key} field={f} form={form} />
          ))}
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
