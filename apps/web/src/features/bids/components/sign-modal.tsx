import { Modal, Stack, Text, Textarea } from '@mantine/core';
import type { BidProtocol } from '@zakupki/shared/api/bids';
import { BidProtocolSignInput } from '@zakupki/shared/api/bids-model';
import { DateCheckedForm } from '../../../components/form/date-checked-form';
import { DateField } from '../../../components/form/date-field';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { todayIso } from '../../../lib/formatters';
import { useSignProtocol } from '../api/bids';

type Values = { signed_on: string | null; reason: string };
const toBody = (v: Values) => ({ signed_on: v.signed_on ?? '', reason: v.reason.trim() || null });

/** Sign a generated protocol: it starts its placement duty and moves the procurement on. */
export function SignModal({
  companyId,
  procurementId,
  protocol,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  protocol: BidProtocol | null;
  onClose: () => void;
}) {
  const { form } = useRecordForm<BidProtocol, Values>({
    record: protocol,
    id: (p) => p.id,
    toValues: () => ({ signed_on: todayIso(), reason: '' }),
    empty: { signed_on: todayIso(), reason: '' },
    validate: schemaValidate(BidProtocolSignInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const sign = useSignProtocol(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: (p) => {
      notices.success('Протокол подписан', p.title);
      onClose();
    },
    onError: refuse,
  });
  return (
    <Modal opened={protocol !== null} onClose={onClose} title={`Подписание: ${protocol?.title ?? ''}`}>
      <DateCheckedForm
        aria-label="Подписание протокола"
        onSubmit={form.onSubmit((v) => {
          clear();
          if (protocol) sign.mutate({ protocolId: protocol.id, ...toBody(v) });
        })}
      >
        <Stack gap="sm">
          <DateField label="Дата подписания" required {...form.getInputProps('signed_on')} />
          {protocol?.kind === 'final' ? (
            <Textarea
              label="Причина, если закупка не состоялась"
              description="Заполняется по протоколу, если не указана"
              autosize
              {...form.getInputProps('reason')}
            />
          ) : null}
          <Text size="xs" c="dimmed">
            Протокол размещается в ЕИС не позднее 3 дней со дня подписания (ч. 12 ст. 4 223-ФЗ).
          </Text>
          <RefusalAlert message={refusal} title="Протокол не подписан" />
          <FormModalFooter onCancel={onClose} loading={sign.isPending} submitLabel="Подписать" />
        </Stack>
      </DateCheckedForm>
    </Modal>
  );
}
