import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppSelect } from '../../../components/form/app-select';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { maxLength, required, rules } from '../../../lib/validators';
import { companyPermissionsQuery, myCompaniesQuery } from '../api/companies';

/** SHA-1 thumbprint of the signing certificate: 40 hex digits; spaces and colons are allowed when pasted. */
export const normalizeThumbprint = (v: string) => v.replace(/[\s:\u200e]/g, '').toUpperCase();
export const thumbprint = (v: unknown) =>
  !v || /^[0-9A-F]{40}$/.test(normalizeThumbprint(String(v)))
    ? null
    : 'Отпечаток сертификата: 40 шестнадцатеричных символов (0–9, A–F)';
const eisLogin = (v: unknown) =>
  !v || /^[\w.@-]+$/.test(String(v).trim()) ? null : 'Логин ЕИС: латинские буквы, цифры и знаки . _ - @';

type Values = { eis_login: string; certificate_thumbprint: string };

function SettingsForm({ companyId }: { companyId: number }) {
  const perms = useQuery(companyPermissionsQuery(companyId));
  const canEdit = perms.data?.includes('eis.settings') ?? false;
  const [checked, setChecked] = useState<boolean | null>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { eis_login: '', certificate_thumbprint: '' },
    validate: {
      eis_login: rules(required, maxLength(100), eisLogin),
      certificate_thumbprint: rules(required, thumbprint),
    },
    onValuesChange: () => setChecked(null),
  });
  const check = () => setChecked(!form.validate().hasErrors);
  return (
    <Stack gap="sm" maw={640}>
      {perms.data && !canEdit ? (
        <Alert color="gray">Настройки ЕИС этой компании вам недоступны: недостаточно прав.</Alert>
      ) : null}
      <TextInput
        label="Логин пользователя ЕИС"
        withAsterisk
        disabled={!canEdit}
        autoComplete="off"
        {...form.getInputProps('eis_login')}
      />
      <TextInput
        label="Отпечаток сертификата электронной подписи (SHA-1)"
        description="Из свойств сертификата: поле «Отпечаток», 40 символов"
        withAsterisk
        disabled={!canEdit}
        autoComplete="off"
        {...form.getInputProps('certificate_thumbprint')}
      />
      <Group>
        <Button onClick={check} disabled={!canEdit}>
          Проверить
        </Button>
      </Group>
      {checked === true ? (
        <Alert color="green" role="status" title="Проверка пройдена">
          Данные заполнены верно.
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * /profile/eisSettings: EIS connection settings per company. No server endpoint stores them
 * yet: the form validates and says plainly that saving comes with the EIS integration.
 */
export function EisSettingsPage() {
  const selected = useSelectedCompany();
  const list = useQuery(myCompaniesQuery);
  const companies = list.data ?? (selected ? [selected] : []);
  const [companyId, setCompanyId] = useState<number | null>(null);
  const current = companyId ?? selected?.id ?? companies[0]?.id ?? null;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Подключение к ЕИС
        </Title>
        <Alert color="blue" title="Сохранение появится вместе с интеграцией с ЕИС">
          Сервер пока не хранит настройки подключения к ЕИС: их сохранение и проверка подключения будут
          доступны, когда в систему добавят интеграцию с ЕИС. Сейчас форма проверяет правильность данных, но
          не сохраняет их.
        </Alert>
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
        {current ? <SettingsForm key={current} companyId={current} /> : null}
      </Stack>
    </Card>
  );
}
