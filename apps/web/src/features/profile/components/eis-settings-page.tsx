import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type EisSettings, EisSettingsInput, normalizeThumbprint } from '@zakupki/shared/api/companies';
import { useState } from 'react';
import { AppSelect } from '../../../components/form/app-select';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompanyPermissions, useMyCompanies } from '../../../lib/company-queries';
import { formatDateTime } from '../../../lib/formatters';
import { useEisSettings, useSaveEisSettings } from '../api/eis-settings';
import { EisSyncPanel } from './eis-sync-panel';

type Values = {
  eis_login: string;
  certificate_thumbprint: string;
  password: string;
  clear_password: boolean;
};

const toValues = (s: EisSettings): Values => ({
  eis_login: s.eis_login ?? '',
  certificate_thumbprint: s.certificate_thumbprint ?? '',
  password: '',
  clear_password: false,
});

/** The body of PUT …/eis_settings: an empty password keeps the stored one; clearing sends none. */
const toBody = (v: Values): EisSettingsInput => ({
  eis_login: v.eis_login.trim(),
  certificate_thumbprint: normalizeThumbprint(v.certificate_thumbprint),
  ...(v.password && !v.clear_password ? { password: v.password } : {}),
  clear_password: v.clear_password,
});

function SettingsForm({ companyId, settings }: { companyId: number; settings: EisSettings }) {
  const { form, saved, onError } = useRecordForm<EisSettings, Values>({
    record: settings,
    id: (s) => s.company_id,
    version: (s) => s.updated_at,
    toValues,
    empty: toValues(settings),
    validate: schemaValidate(EisSettingsInput, toBody),
  });
  const save = useSaveEisSettings(companyId, {
    meta: { form: true },
    onSuccess: () => {
      // the saved settings come back as a new version, which reloads the form (the password emptied)
      saved();
      notices.success('Сохранено', 'Настройки подключения к ЕИС сохранены');
    },
    onError,
  });
  const clearing = form.getValues().clear_password;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(toBody(v)))}>
      <Stack gap="sm" maw={640}>
        <Text size="sm" c="dimmed">
          {settings.updated_at
            ? `Сохранены ${formatDateTime(settings.updated_at)}`
            : 'Настройки этой компании ещё не сохранялись.'}
        </Text>
        <TextInput
          label="Логин пользователя ЕИС"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('eis_login')}
        />
        <TextInput
          label="Отпечаток сертификата электронной подписи (SHA-1)"
          description="Из свойств сертификата: поле «Отпечаток», 40 символов"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('certificate_thumbprint')}
        />
        <PasswordInput
          label="Пароль пользователя ЕИС"
          description={
            settings.password_set
              ? 'Пароль сохранён. Оставьте поле пустым, чтобы не менять его'
              : 'Хранится в зашифрованном виде и не показывается'
          }
          autoComplete="new-password"
          disabled={clearing}
          {...form.getInputProps('password')}
        />
        {settings.password_set ? (
          <Checkbox
            label="Удалить сохранённый пароль"
            {...form.getInputProps('clear_password', { type: 'checkbox' })}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Сохранить
          </Button>
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            Отменить изменения
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Loads the settings of one company when the user may see them (permission eis.settings). */
function CompanySettings({ companyId }: { companyId: number }) {
  const perms = useCompanyPermissions(companyId);
  const allowed = perms.data?.includes('eis.settings') ?? false;
  const settings = useEisSettings(companyId, { enabled: allowed });
  if (perms.isPending) return <Loader aria-label="Загрузка настроек ЕИС" />;
  if (!allowed) {
    return <Alert color="gray">Настройки ЕИС этой компании вам недоступны: недостаточно прав.</Alert>;
  }
  if (settings.isPending) return <Loader aria-label="Загрузка настроек ЕИС" />;
  if (settings.isError) return <Alert color="red">Настройки ЕИС загрузить не удалось.</Alert>;
  return (
    <Stack gap="lg">
      <SettingsForm companyId={companyId} settings={settings.data} />
      <EisSyncPanel companyId={companyId} />
    </Stack>
  );
}

/** /profile/eisSettings: EIS connection settings per company (GET/PUT /api/companies/:id/eis_settings). */
export function EisSettingsPage() {
  const selected = useSelectedCompany();
  const list = useMyCompanies();
  const companies = list.data ?? (selected ? [selected] : []);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const current = companyId ?? selected?.id ?? companies[0]?.id ?? null;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Подключение к ЕИС
        </Title>
        {companies.length > 1 ? (
          <AppSelect<number>
            label="Компания"
            w={450}
            data={companies.map((c) => ({ value: c.id, label: companyLabel(c) }))}
            value={current}
            onChange={(v) => setCompanyId(v)}
            allowDeselect={false}
          />
        ) : (
          <Text size="sm">Компания: {companies[0] ? companyLabel(companies[0]) : 'не выбрана'}</Text>
        )}
        {current ? <CompanySettings key={current} companyId={current} /> : null}
      </Stack>
    </Card>
  );
}
