import { Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DOCUMENT_CONDITION_TITLES,
  DOCUMENT_CONDITIONS,
  DOCUMENT_FORMAT_TITLES,
  DOCUMENT_FORMATS,
  type DocumentsRule,
  DocumentsRuleInput,
} from '@zakupki/shared/api/procurement-rules';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useDocumentKinds, type useDocumentsRuleActions, type VersionRef } from '../api/procurement-rules';

export type Actions = ReturnType<typeof useDocumentsRuleActions>;
type DocValues = {
  document_kind_id: string | null;
  title: string;
  required: boolean;
  formats: DocumentsRule['formats'];
  condition: DocumentsRule['condition'];
};
const toDocBody = (values: DocValues, methodId: number) => ({
  ...values,
  method_id: methodId,
  // no kind chosen: «Обязательное поле» from the schema
  document_kind_id: values.document_kind_id ? Number(values.document_kind_id) : undefined,
});

export function DocumentFormModal({
  v,
  methodId,
  doc,
  actions,
  onClose,
}: {
  v: VersionRef;
  methodId: number;
  doc: DocumentsRule | null;
  actions: Actions;
  onClose: () => void;
}) {
  const kinds = useDocumentKinds(v.companyId);
  const form = useForm<DocValues>({
    initialValues: {
      document_kind_id: doc ? String(doc.document_kind_id) : null,
      title: doc?.title ?? '',
      required: doc?.required ?? true,
      formats: doc?.formats ?? 'docx',
      condition: doc?.condition ?? null,
    },
    validate: schemaValidate(DocumentsRuleInput, (values: DocValues) => toDocBody(values, methodId)),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const pickKind = (id: string | null) => {
    form.setFieldValue('document_kind_id', id);
    const title = kinds.data?.items.find((k) => String(k.id) === id)?.title;
    if (title && !form.getValues().title) form.setFieldValue('title', title);
  };
  const submit = form.onSubmit(async (values) => {
    const body = DocumentsRuleInput.parse(toDocBody(values, methodId));
    clear();
    try {
      if (doc) await actions.update.mutateAsync({ id: doc.id, body });
      else await actions.create.mutateAsync(body);
      onClose();
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Modal opened onClose={onClose} title={doc ? 'Документ' : 'Новый документ'} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <AppSelect
            label="Вид документа"
            required
            searchable
            data={(kinds.data?.items ?? [])
              .filter((k) => !k.archived_at)
              .map((k) => ({ value: String(k.id), label: k.title }))}
            {...form.getInputProps('document_kind_id')}
            onChange={pickKind}
          />
          <TextInput label="Наименование" withAsterisk {...form.getInputProps('title')} />
          <Group grow>
            <Select
              label="Формат"
              allowDeselect={false}
              data={DOCUMENT_FORMATS.map((f) => ({ value: f, label: DOCUMENT_FORMAT_TITLES[f] }))}
              {...form.getInputProps('formats')}
            />
            <AppSelect
              label="Условие"
              clearable
              data={DOCUMENT_CONDITIONS.map((c) => ({ value: c, label: DOCUMENT_CONDITION_TITLES[c] }))}
              {...form.getInputProps('condition')}
            />
          </Group>
          <Checkbox label="Обязательный документ" {...form.getInputProps('required', { type: 'checkbox' })} />
          <RefusalAlert message={refusal} />
          <FormModalFooter
            onCancel={onClose}
            loading={actions.create.isPending || actions.update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}
