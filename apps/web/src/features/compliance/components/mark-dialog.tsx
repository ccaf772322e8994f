import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ComplianceDuty, DutyMarkInput } from '@zakupki/shared/api/compliance';
import { DateField } from '../../../components/form/date-field';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { formatDate, todayIso } from '../../../lib/formatters';
import { useMarkDuty } from '../api/compliance';

type Values = { done_on: string | null; eis_number: string };

/**
 * «Отметить выполнение»: the date and the EIS number, checked by the shared `DutyMarkInput`. A
 * contract's duty is recorded as the contract's placement in the EIS (as on its card).
 */
export function MarkDialog({
  companyId,
  duty,
  onClose,
}: {
  companyId: number;
  duty: ComplianceDuty;
  onClose: () => void;
}) {
  const mark = useMarkDuty(companyId);
  const toBody = (v: Values) => ({ key: duty.key, done_on: v.done_on ?? '', eis_number: v.eis_number });
  const form = useForm<Values>({
    initialValues: { done_on: todayIso(), eis_number: duty.eis_number ?? '' },
    validate: schemaValidate(DutyMarkInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      const done = await mark.mutateAsync(DutyMarkInput.parse(toBody(values)));
      notices.success(
        'Отмечено',
        done.state === 'done_late' ? 'Обязанность выполнена с опозданием' : 'Обязанность выполнена в срок',
      );
      onClose();
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Отметить выполнение">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {duty.title}
            <br />
            Срок: {formatDate(duty.due_date)}
          </Text>
          {duty.mark === 'contract_publication' ? (
            <Text size="xs" c="dimmed">
              Дата станет датой размещения сведений в ЕИС в карточке договора.
            </Text>
          ) : null}
          <DateField label="Дата выполнения" required {...form.getInputProps('done_on')} />
          <TextInput label="Номер в ЕИС" required inputMode="numeric" {...form.getInputProps('eis_number')} />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={mark.isPending} submitLabel="Отметить" />
        </Stack>
      </form>
    </Modal>
  );
}
