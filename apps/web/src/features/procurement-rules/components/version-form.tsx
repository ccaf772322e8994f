import { Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  APPROVING_BODIES,
  APPROVING_BODY_TITLES,
  type RuleVersion,
  VersionInput,
} from '@zakupki/shared/api/procurement-rules';
import { AppSelect } from '../../../components/form/app-select';
import { DateField } from '../../../components/form/date-field';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { MoneyInput } from '../../../components/form/money-input';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { ApiError } from '../../../lib/http-errors';
import { useSaveVersion } from '../api/procurement-rules';
import { toBody, toValues, type Values } from '../model/version-values';
import { NmckSettingsFields } from './nmck-settings-fields';
import { VersionMethods } from './version-methods';

/**
 * The settings of a draft: methods with notice periods and evaluation, thresholds, the НМЦД
 * justification, the approving body and dates.
 */
export function VersionFormModal({
  companyId,
  ruleId,
  version,
  onClose,
}: {
  companyId: number;
  ruleId: number;
  version: RuleVersion | null;
  onClose: () => void;
}) {
  const save = useSaveVersion(companyId, ruleId);
  const form = useForm<Values>({
    initialValues: toValues(version),
    validate: schemaValidate(VersionInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const send = async (values: Values, removeDocumentsRules = false) => {
    clear();
    try {
      await save.mutateAsync({
        versionId: version?.id ?? null,
        body: VersionInput.parse(toBody(values)),
        removeDocumentsRules,
      });
      notices.success('Сохранено', version ? 'Черновик редакции сохранён' : 'Создан черновик новой редакции');
      onClose();
    } catch (err) {
      // dropping a method with documents rules deletes them with their templates: only when confirmed
      if (
        err instanceof ApiError &&
        (err.details as { confirm?: string } | null)?.confirm === 'remove_documents_rules'
      )
        modals.openConfirmModal({
          title: 'Удалить правила документов',
          children: <Text size="sm">{err.message}</Text>,
          labels: { confirm: 'Удалить и сохранить', cancel: 'Отмена' },
          confirmProps: { color: 'red' },
          onConfirm: () => void send(values, true),
        });
      else refuse(err);
    }
  };
  const submit = form.onSubmit((values) => send(values));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={version ? `Редакция № ${version.number} (черновик)` : 'Новая редакция'}
    >
      <form onSubmit={submit}>
        <Stack>
          <VersionMethods form={form} companyId={companyId} />
          <Text fw={600}>Пороги</Text>
          <Group grow>
            <MoneyInput label="Включение в план закупки от, ₽" {...form.getInputProps('plan_threshold')} />
            <MoneyInput
              label="То же при выручке заказчика более 5 млрд ₽"
              {...form.getInputProps('plan_threshold_large')}
            />
            <MoneyInput label="Закупки только у МСП до, ₽" {...form.getInputProps('sme_ceiling')} />
          </Group>
          <NmckSettingsFields form={form} />
          <Text fw={600}>Утверждение</Text>
          <Group grow>
            <AppSelect
              label="Орган, утверждающий положение"
              data={APPROVING_BODIES.map((b) => ({ value: b, label: APPROVING_BODY_TITLES[b] }))}
              {...form.getInputProps('approving_body')}
            />
            <DateField label="Вступает в силу с" {...form.getInputProps('effective_from')} />
          </Group>
          <Textarea label="Что изменено" autosize minRows={2} {...form.getInputProps('changes_summary')} />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
