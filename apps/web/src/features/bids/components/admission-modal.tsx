import { Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { Bid } from '@zakupki/shared/api/bids';
import {
  BidAdmissionInput,
  REJECTION_REASON_TITLES,
  REJECTION_REASONS,
  type RejectionReason,
} from '@zakupki/shared/api/bids-model';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { useAdmission } from '../api/bids';
import { rnpView } from '../model/results-view';

type Values = { admission: 'admitted' | 'rejected'; reason: RejectionReason | null; comment: string };

const valuesOf = (b: Bid | null): Values => ({
  admission: b?.admission === 'rejected' ? 'rejected' : 'admitted',
  reason: b?.rejection_reason ?? null,
  comment: b?.admission_comment ?? '',
});
const toBody = (v: Values) => ({
  admission: v.admission,
  reason: v.admission === 'rejected' ? v.reason : null,
  comment: v.comment.trim() || null,
});

/** Admit or reject a bid: a rejection names a reason of the catalogue (and «иное» a comment). */
export function AdmissionModal({
  companyId,
  procurementId,
  bid,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  bid: Bid | null;
  onClose: () => void;
}) {
  const { form } = useRecordForm<Bid, Values>({
    record: bid,
    id: (b) => b.id,
    toValues: valuesOf,
    empty: valuesOf(null),
    validate: schemaValidate(BidAdmissionInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const save = useAdmission(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: (b) => {
      notices.success(
        'Решение записано',
        `${b.participant_name}: ${b.admission === 'admitted' ? 'допущена' : 'отклонена'}`,
      );
      onClose();
    },
    onError: refuse,
  });
  const rejected = form.getValues().admission === 'rejected';
  const rnp = bid ? rnpView(bid.rnp) : null;
  return (
    <Modal
      opened={bid !== null}
      onClose={onClose}
      title={`Допуск заявки: ${bid?.participant_name ?? ''}`}
      size="lg"
    >
      <form
        noValidate
        aria-label="Допуск заявки"
        onSubmit={form.onSubmit((v) => {
          clear();
          if (bid) save.mutate({ bidId: bid.id, body: toBody(v) });
        })}
      >
        <Stack gap="sm">
          {rnp ? (
            <Text size="sm" c={rnp.color}>
              {rnp.text}
            </Text>
          ) : null}
          <SegmentedControl
            aria-label="Решение"
            data={[
              { value: 'admitted', label: 'Допустить' },
              { value: 'rejected', label: 'Отклонить' },
            ]}
            {...form.getInputProps('admission')}
          />
          {rejected ? (
            <AppSelect
              label="Основание отклонения"
              required
              data={REJECTION_REASONS.map((r) => ({ value: r, label: REJECTION_REASON_TITLES[r] }))}
              {...form.getInputProps('reason')}
            />
          ) : null}
          <Textarea label="Комментарий" autosize minRows={2} {...form.getInputProps('comment')} />
          <RefusalAlert message={refusal} title="Решение не записано" />
          <FormModalFooter onCancel={onClose} loading={save.isPending} submitLabel="Записать решение" />
        </Stack>
      </form>
    </Modal>
  );
}
