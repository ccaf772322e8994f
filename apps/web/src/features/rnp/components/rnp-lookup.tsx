import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { RnpLookupQuery } from '@zakupki/shared/api/rnp';
import { useState } from 'react';
import { DateField } from '../../../components/form/date-field';
import { schemaValidate } from '../../../components/form/schema-validate';
import { todayIso } from '../../../lib/formatters';
import { useRnpLookup } from '../api/rnp';
import { RnpEntries } from './rnp-entries';

type Values = { inn: string; kpp: string; on: string };

/** The form's values as the lookup's query: an empty КПП is no КПП. */
const toQuery = (v: Values): RnpLookupQuery => ({
  inn: v.inn.trim(),
  ...(v.kpp.trim() ? { kpp: v.kpp.trim() } : {}),
  on: v.on,
});

/** A lookup by ИНН (and КПП) on a date: every entry of the ИНН, marked in force or not on that date. */
export function RnpLookup() {
  const form = useForm<Values>({
    initialValues: { inn: '', kpp: '', on: todayIso() },
    validate: schemaValidate(RnpLookupQuery, toQuery),
  });
  const [asked, setAsked] = useState<RnpLookupQuery | null>(null);
  const result = useRnpLookup(asked);
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={5}>Проверка участника</Title>
        <form onSubmit={form.onSubmit((v) => setAsked(toQuery(v)))} aria-label="Проверка по РНП">
          <Group align="flex-end">
            <TextInput label="ИНН" withAsterisk w={180} {...form.getInputProps('inn')} />
            <TextInput label="КПП" w={140} {...form.getInputProps('kpp')} />
            <DateField label="На дату" required w={160} {...form.getInputProps('on')} />
            <Button type="submit" loading={result.isFetching}>
              Проверить
            </Button>
          </Group>
        </form>
        {asked && result.data ? <RnpEntries result={result.data} /> : null}
      </Stack>
    </Paper>
  );
}
