import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SmeReportFileInput, type SmeReportFiling } from '@zakupki/shared/api/sme-report';
import { DateField } from '../../../components/form/date-field';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { formatDate } from '../../../lib/formatters';
import { useFileSmeReport } from '../api/sme-report';

/**
 * «Отметить размещение»: the day the report was placed in the EIS and its registration number,
 * checked by the shared schema the server checks (not in the future, digits only); the server adds
 * that the day falls after the year. Filing closes the year's duty.
 */
export function SmeFilingDialog({
  companyId,
  year,
  filing,
  onClose,
}: {
  companyId: number;
  year: number;
  filing: SmeReportFiling | null;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: { filed_on: filing?.filed_on ?? '', eis_number: filing?.eis_number ?? '' },
    validate: schemaValidate(SmeReportFileInput),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const file = useFileSmeReport(companyId, { meta: { handled: true } });
  return (
    <Modal opened onClose={onClose} title={`Размещение отчёта о закупках у субъектов МСП за ${year} год`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            const saved = await file.mutateAsync({ year, body: v });
            notices.success(
              'Размещение отмечено',
              `Отчёт за ${year} год размещён ${formatDate(saved.filed_on)}, № ${saved.eis_number}`,
            );
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <DateField label="Дата размещения в ЕИС" required {...form.getInputProps('filed_on')} />
          <TextInput label="Регистрационный номер в ЕИС" withAsterisk {...form.getInputProps('eis_number')} />
          {filing ? (
            <Text size="xs" c="dimmed">
              Размещение уже отмечено ({formatDate(filing.filed_on)}, № {filing.eis_number}): новая отметка
              заменит его.
            </Text>
          ) : null}
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={file.isPending} submitLabel="Отметить размещение" />
        </Stack>
      </form>
    </Modal>
  );
}
