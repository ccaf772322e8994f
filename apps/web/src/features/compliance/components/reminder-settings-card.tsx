import { Button, Group, MultiSelect, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ComplianceSettingsInput, complianceRoutes } from '@zakupki/shared/api/compliance';
import { mayCall } from '@zakupki/shared/contract';
import { useEffect } from 'react';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { useComplianceSettings, useSaveComplianceSettings } from '../api/compliance';

type Values = { responsible: string[]; offsets: string[] };

const toBody = (v: Values) => ({
  responsible_user_ids: v.responsible.length ? v.responsible.map(Number) : null,
  offsets: v.offsets.map((o) => (/^\d+$/.test(o) ? Number(o) : Number.NaN)),
});

/** The company's reminders: who is responsible (default: its specialists) and how many working days ahead. */
export function ReminderSettingsCard({ companyId }: { companyId: number }) {
  const settings = useComplianceSettings(companyId);
  const save = useSaveComplianceSettings(companyId);
  const perms = useCompanyPermissions(companyId);
  const canSave = perms.isSuccess && mayCall(complianceRoutes.saveSettings, perms.data);
  const form = useForm<Values>({
    initialValues: { responsible: [], offsets: ['5', '2', '1'] },
    validate: schemaValidate(ComplianceSettingsInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const s = settings.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the form when the stored settings change
  useEffect(() => {
    if (s)
      form.setValues({
        responsible: (s.responsible_user_ids ?? []).map(String),
        offsets: s.offsets.map(String),
      });
  }, [s]);
  if (!s) return null;
  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      await save.mutateAsync(ComplianceSettingsInput.parse(toBody(values)));
      notices.success('Сохранено', 'Настройки напоминаний сохранены');
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} aria-label="Напоминания о сроках">
        <Stack gap="sm">
          <Text fw={600}>Напоминания о сроках</Text>
          <Text size="sm" c="dimmed">
            Сейчас получают: {s.responsible.map((r) => r.title).join(', ') || 'никто'}. Письмо-сводка приходит
            раз в день: за указанное число рабочих дней до срока, в день срока и один раз после его истечения.
          </Text>
          <MultiSelect
            label="Ответственные"
            placeholder="Специалисты компании (по умолчанию)"
            data={s.candidates.map((c) => ({ value: String(c.id), label: c.title }))}
            disabled={!canSave}
            {...form.getInputProps('responsible')}
          />
          <TagsInput
            label="За сколько рабочих дней напоминать"
            description="Числа от 1 до 30, например 5, 2, 1"
            disabled={!canSave}
            {...form.getInputProps('offsets')}
          />
          <RefusalAlert message={refusal} />
          {canSave ? (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Сохранить
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
