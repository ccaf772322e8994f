import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AnalyticsFlag, FlagDismissalInput } from '@zakupki/shared/api/analytics';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { useDismissFlag } from '../api/analytics';

type Values = { comment: string };

/** «Снять флаг»: the comment why the flag is not a problem, checked by the shared `FlagDismissalInput`. */
export function DismissDialog({
  companyId,
  flag,
  onClose,
}: {
  companyId: number;
  flag: AnalyticsFlag;
  onClose: () => void;
}) {
  const dismiss = useDismissFlag(companyId);
  const toBody = (v: Values) => ({
    code: flag.code,
    object_type: flag.object_type,
    object_id: flag.object_id,
    comment: v.comment,
  });
  const form = useForm<Values>({
    initialValues: { comment: flag.dismissal?.comment ?? '' },
    validate: schemaValidate(FlagDismissalInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      await dismiss.mutateAsync(FlagDismissalInput.parse(toBody(values)));
      notices.success('Флаг снят', flag.title);
      onClose();
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Modal opened onClose={onClose} title="Снять флаг">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {flag.title}: {flag.object_type === 'contract' ? 'договор' : 'закупка'} {flag.object_number}
            <br />
            {flag.reason}
          </Text>
          <Textarea label="Комментарий" required autosize minRows={3} {...form.getInputProps('comment')} />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={dismiss.isPending} submitLabel="Снять флаг" />
        </Stack>
      </form>
    </Modal>
  );
}
