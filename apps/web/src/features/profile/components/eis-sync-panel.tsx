import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type EisSyncOverview, EisSyncSettingsInput } from '@zakupki/shared';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { formatDateTime } from '../../../lib/formatters';
import { useCheckEis, useEisSync, useSaveEisSync, useSyncNow } from '../api/eis-sync';
import { EisSyncRuns } from './eis-sync-runs';

type Values = { token: string; regions: string };

const toValues = (o: EisSyncOverview): Values => ({ token: '', regions: o.regions.join(', ') });
const toBody = (v: Values): EisSyncSettingsInput => ({
  ...(v.token.trim() ? { token: v.token.trim() } : {}),
  clear_token: false,
  regions: v.regions
    .split(/[,;\s]+/)
    .map((r) => r.trim())
    .filter(Boolean),
});

const STATE: Record<EisSyncOverview['state'], string> = {
  unknown: 'не проверялось',
  ok: 'работает',
  blocked: 'токен заблокирован',
  error: 'ошибка',
};

function TokenForm({ companyId, overview }: { companyId: number; overview: EisSyncOverview }) {
  const { form, saved, onError } = useRecordForm<EisSyncOverview, Values>({
    record: overview,
    id: (o) => o.company_id,
    version: (o) => `${o.token_set}:${o.regions.join(',')}`,
    toValues,
    empty: toValues(overview),
    validate: schemaValidate(EisSyncSettingsInput, toBody),
  });
  const save = useSaveEisSync(companyId, {
    meta: { form: true },
    onSuccess: () => {
      saved();
      notices.success('Сохранено', 'Токен и регионы ЕИС сохранены');
    },
    onError,
  });
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(toBody(v)))}>
      <Stack gap="sm" maw={640}>
        <PasswordInput
          label="Токен сервиса отдачи информации ЕИС"
          description={
            overview.token_set
              ? 'Токен сохранён. Оставьте поле пустым, чтобы не менять его'
              : 'Хранится в зашифрованном виде'
          }
          autoComplete="new-password"
          {...form.getInputProps('token')}
        />
        <TextInput
          label="Регионы (orgRegion) через запятую"
          autoComplete="off"
          {...form.getInputProps('regions')}
        />
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Сохранить токен
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The EIS connector on the settings page: token, state, checks, runs (docs/eis-sync.md). */
export function EisSyncPanel({ companyId }: { companyId: number }) {
  const overview = useEisSync(companyId);
  const check = useCheckEis(companyId);
  const sync = useSyncNow(companyId);
  if (overview.isPending) return <Loader aria-label="Загрузка синхронизации с ЕИС" />;
  if (overview.isError)
    return <Alert color="red">Сведения о синхронизации с ЕИС загрузить не удалось.</Alert>;
  const o = overview.data;
  return (
    <Stack gap="sm">
      <Title order={4} size="h5">
        Синхронизация с ЕИС
      </Title>
      {o.blocked_at ? (
        <Alert color="red" title="Токен ЕИС заблокирован">
          {o.state_message} (с {formatDateTime(o.blocked_at)})
        </Alert>
      ) : null}
      <Text size="sm" aria-label="Состояние подключения">
        Состояние подключения: {STATE[o.state]}
        {o.checked_at ? `, проверено ${formatDateTime(o.checked_at)}` : ''}
        {o.state === 'error' && o.state_message ? ` — ${o.state_message}` : ''}
      </Text>
      <TokenForm companyId={companyId} overview={o} />
      <Group>
        <Button
          variant="default"
          disabled={!o.token_set}
          loading={check.isPending}
          onClick={() =>
            check.mutate(undefined, {
              onSuccess: (r) => (r.ok ? notices.success('ЕИС', r.message) : notices.error('ЕИС', r.message)),
            })
          }
        >
          Проверить подключение
        </Button>
        <Button disabled={!o.token_set} loading={sync.isPending} onClick={() => sync.mutate()}>
          Синхронизировать сейчас
        </Button>
      </Group>
      <EisSyncRuns runs={o.runs} />
    </Stack>
  );
}
