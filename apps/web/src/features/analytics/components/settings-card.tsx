import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AnalyticsSettings, AnalyticsSettingsInput } from '@zakupki/shared/api/analytics';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { useAnalyticsSettings, useSaveAnalyticsSettings } from '../api/analytics';

type Values = Record<keyof AnalyticsSettings, string>;

const FIELDS: { key: keyof AnalyticsSettings; label: string }[] = [
  { key: 'price_equal_tolerance_percent', label: 'Цена равна НМЦД: допуск, %' },
  { key: 'notice_margin_days', label: 'Срок заявок на минимуме: запас, дней' },
  { key: 'split_threshold', label: 'Дробление: порог суммы, ₽' },
  { key: 'split_min_count', label: 'Дробление: договоров не меньше' },
  { key: 'price_rise_percent', label: 'Рост цены: больше чем на, %' },
];

const toValues = (s: AnalyticsSettings): Values =>
  Object.fromEntries(FIELDS.map((f) => [f.key, String(s[f.key])])) as Values;

function SettingsForm({ companyId, settings }: { companyId: number; settings: AnalyticsSettings }) {
  const save = useSaveAnalyticsSettings(companyId);
  const toBody = (v: Values) => ({ ...v, split_threshold: v.split_threshold.trim() });
  const form = useForm<Values>({
    initialValues: toValues(settings),
    validate: schemaValidate(AnalyticsSettingsInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      await save.mutateAsync(AnalyticsSettingsInput.parse(toBody(values)));
      notices.success('Сохранено', 'Пороги красных флагов изменены');
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {FIELDS.map((f) => (
            <TextInput key={f.key} label={f.label} inputMode="decimal" {...form.getInputProps(f.key)} />
          ))}
        </SimpleGrid>
        <RefusalAlert message={refusal} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Сохранить пороги
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The thresholds of the red flags (`company.update`), validated by the shared schema. */
export function SettingsCard({ companyId }: { companyId: number }) {
  const q = useAnalyticsSettings(companyId);
  if (!q.data) return null;
  return <SettingsForm key={JSON.stringify(q.data)} companyId={companyId} settings={q.data} />;
}
