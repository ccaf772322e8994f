import { Alert, Modal, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SUBJECT_KIND_TITLES, SUBJECT_KINDS, type SubjectKind } from '@zakupki/shared/api/catalog-values';
import { ProcurementCreateInput } from '@zakupki/shared/api/procurements-model';
import { AppSelect } from '../../../../components/form/app-select';
import { DateCheckedForm } from '../../../../components/form/date-checked-form';
import { DateField } from '../../../../components/form/date-field';
import { FormModalFooter } from '../../../../components/form/form-modal-footer';
import { MoneyInput } from '../../../../components/form/money-input';
import { schemaValidate } from '../../../../components/form/schema-validate';
import { notices } from '../../../../components/notices/notices.store';
import { useCustomerOptions, useMethodOptions } from '../../api/options';
import { useSaveProcurement } from '../../api/procurements';
import { useRefusal } from '../../hooks/use-refusal';
import { emptyValues, toBody } from '../../model/form';

type CreateValues = {
  customer_id: string | null;
  method_id: string | null;
  subject: string;
  subject_type: SubjectKind;
  nmcd: string | number;
  planned_publication_date: string | null;
};

/** The draft's body: one lot with the procurement's subject and НМЦД. */
function createBody(v: CreateValues) {
  const base = emptyValues();
  return toBody({ ...base, ...v, lots: [{ ...base.lots[0], subject: v.subject, nmcd: v.nmcd }] });
}

/** The form's check: the API's schema (the lot's subject and НМЦД are the form's own), НМЦД above zero. */
const validate = schemaValidate(
  ProcurementCreateInput,
  (v: CreateValues) => {
    const body = createBody(v);
    // an empty НМЦД is «Обязательное поле», not a number format
    if (String(v.nmcd).trim() !== '') return body;
    return { ...body, nmcd: undefined, lots: body.lots.map((l) => ({ ...l, nmcd: undefined })) };
  },
  {
    fieldOf: { 'lots.0.subject': 'subject', 'lots.0.nmcd': 'nmcd' },
    also: (v) => ({
      nmcd:
        Number(String(v.nmcd).replace(/\s/g, '').replace(',', '.')) > 0
          ? null
          : 'НМЦД должна быть больше нуля',
    }),
  },
);

/**
 * «Создать закупку» from scratch: the few fields a draft needs (one lot with the procurement's
 * subject and НМЦД); the rest is filled on the card, which opens after creation.
 */
export function CreateModal({
  companyId,
  opened,
  onClose,
  onCreated,
}: {
  companyId: number;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const form = useForm<CreateValues>({
    mode: 'controlled',
    initialValues: {
      customer_id: null,
      method_id: null,
      subject: '',
      subject_type: 'goods',
      nmcd: '',
      planned_publication_date: null,
    },
    validate,
  });
  // asked when the dialog opens: the register of a client (who may not create) never reads the catalogue
  const methods = useMethodOptions(companyId, opened);
  const customers = useCustomerOptions(companyId);
  const { refusal, setRefusal, onError } = useRefusal(form);
  const save = useSaveProcurement(companyId, {
    meta: { handled: true },
    onSuccess: (p) => {
      notices.success('Закупка создана', `Закупка № ${p.number} внесена в реестр`);
      form.reset();
      onCreated(p.id);
    },
    onError,
  });
  const submit = (v: CreateValues) => {
    setRefusal(null);
    save.mutate({ id: null, body: createBody(v) });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Новая закупка" size="lg">
      <DateCheckedForm aria-label="Новая закупка" onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Закупка создаётся черновиком по положению заказчика, действующему сегодня; лоты, позиции, сроки и
            остальные сведения заполняются в её карточке.
          </Text>
          <AppSelect
            label="Заказчик"
            description="Пусто — сама компания"
            clearable
            searchable
            data={(customers.data?.items ?? []).map((c) => ({
              value: String(c.id),
              label: `${c.title} (ИНН ${c.inn})`,
            }))}
            {...form.getInputProps('customer_id')}
          />
          <AppSelect
            label="Способ закупки"
            required
            searchable
            data={(methods.data?.items ?? [])
              .filter((m) => !m.archived_at)
              .map((m) => ({ value: String(m.id), label: m.title }))}
            {...form.getInputProps('method_id')}
          />
          <Textarea
            label="Предмет закупки"
            withAsterisk
            autosize
            minRows={2}
            {...form.getInputProps('subject')}
          />
          <SegmentedControl
            aria-label="Вид предмета"
            data={SUBJECT_KINDS.map((k) => ({ value: k, label: SUBJECT_KIND_TITLES[k] }))}
            {...form.getInputProps('subject_type')}
          />
          <SimpleGrid cols={2}>
            <MoneyInput label="НМЦД" required {...form.getInputProps('nmcd')} />
            <DateField label="Плановая дата размещения" {...form.getInputProps('planned_publication_date')} />
          </SimpleGrid>
          {refusal ? (
            <Alert color="red" title="Закупка не создана">
              {refusal}
            </Alert>
          ) : null}
          <FormModalFooter onCancel={onClose} loading={save.isPending} submitLabel="Создать" />
        </Stack>
      </DateCheckedForm>
    </Modal>
  );
}
