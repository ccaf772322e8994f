import { Button, Group, MultiSelect, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { ComplianceSettingsInput, complianceRoutes } from '@zakupki/shared/api/compliance';
import { mayCall } from '@zakupki/shared/contract';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
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
  const s = settings.data;
  const { form, saved } = useRecordForm<NonNullable<typeof s>, Values>({
    record: s ?? null,
    id: () => companyId,
    // the stored settings: another save (here or elsewhere) reloads the form unless it is edited
    version: (r) => JSON.stringify([r.responsible_user_ids, r.offsets]),
    toValues: (r) => ({
      responsible: (r.responsible_user_ids ?? []).map(String),
      offsets: r.offsets.map(String),
    }),
    empty: { responsible: [], offsets: ['5', '2', '1'] },
    validate: schemaValidate(ComplianceSettingsInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  if (!s) return null;
  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      await save.mutateAsync(ComplianceSettingsInput.parse(toBody(values)));
      saved();
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
