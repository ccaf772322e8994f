import { Alert, Button, Card, Group, Modal, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Documentation } from '@zakupki/shared/api/procurement-documents';
import { useEffect, useMemo, useState } from 'react';
import { useBlocker } from 'react-router';
import { ApiError, fieldErrors } from '../../../lib/http-errors';
import { useSaveValues } from '../api/procurement-documents';
import { changedValues, filledCount, formValue, GROUP_TITLES, groupFields } from '../model/fields';
import { FieldInput } from './field-input';

type Props = { companyId: number; doc: Documentation; canWrite: boolean };

const serverForm = (doc: Documentation) =>
  Object.fromEntries(doc.fields.map((f) => [f.code, formValue(doc.values[f.code])]));

/**
 * One form of fields for every document of the procurement: typed inputs, prefilled values with
 * their source, «Заполнено X из Y обязательных», save of the changed values only, «Сбросить»
 * back to the prefilled value, and a warning before leaving with unsaved changes.
 */
export function FieldsForm({ companyId, doc, canWrite }: Props) {
  const [form, setForm] = useState<Record<string, string>>(() => serverForm(doc));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [other, setOther] = useState<string | null>(null);
  const save = useSaveValues(companyId, doc.procurement_id);

  // the server's answer (a save, a generation, another user's change) becomes the form again
  useEffect(() => setForm(serverForm(doc)), [doc]);

  const changed = useMemo(() => changedValues(doc.fields, doc.values, form), [doc, form]);
  const dirty = Object.keys(changed).length > 0;
  const counter = filledCount(doc.fields, doc.values, form);
  const overridden = new Set(doc.overridden ?? []);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const send = (values: Record<string, string | null>) => {
    setOther(null);
    save.mutate(
      { values },
      {
        onSuccess: () => setErrors({}),
        onError: (err) => {
          if (!(err instanceof ApiError) || !err.issues.length) return setOther(err.message);
          const byField: Record<string, string> = {};
          const rest: string[] = [];
          for (const [path, message] of Object.entries(fieldErrors(err.issues))) {
            const code = path.startsWith('values.') ? path.slice('values.'.length) : path;
            if (doc.fields.some((f) => f.code === code)) byField[code] = message;
            else rest.push(message);
          }
          setErrors(byField);
          if (rest.length) setOther(rest.join(', '));
        },
      },
    );
  };

  const percent = counter.total ? Math.round((counter.filled / counter.total) * 100) : 100;
  return (
    <Card withBorder padding="md">
      <form
        aria-label="Поля документации"
        // values are saved as far as they are filled: the browser's own required check would block that
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (dirty) send(changed);
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-end">
            <Stack gap={4} style={{ flex: 1 }}>
              <Title order={4}>Поля документов</Title>
              <Text size="sm" aria-live="polite">
                Заполнено {counter.filled} из {counter.total} обязательных
              </Text>
              <Progress value={percent} color={percent === 100 ? 'green' : 'blue'} size="sm" aria-hidden />
            </Stack>
            {canWrite ? (
              <Group gap="xs">
                <Button variant="default" disabled={!dirty} onClick={() => setForm(serverForm(doc))}>
                  Отменить изменения
                </Button>
                <Button type="submit" disabled={!dirty} loading={save.isPending}>
                  Сохранить
                </Button>
              </Group>
            ) : null}
          </Group>
          {other ? (
            <Alert color="red" title="Значения не сохранены">
              {other}
            </Alert>
          ) : null}
          {doc.fields.length === 0 ? (
            <Text c="dimmed" size="sm">
              Шаблоны документов этой закупки не используют полей.
            </Text>
          ) : null}
          {groupFields(doc.fields).map((g) => (
            <Stack key={g.source} gap="xs">
              <Text fw={600} size="sm">
                {GROUP_TITLES[g.source]}
              </Text>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {g.fields.map((f) => (
                  <div key={f.code} style={f.type === 'items' ? { gridColumn: '1 / -1' } : undefined}>
                    <FieldInput
                      field={f}
                      value={form[f.code] ?? ''}
                      table={doc.values[f.code]}
                      onChange={(v) => setForm((s) => ({ ...s, [f.code]: v }))}
                      error={errors[f.code] ?? null}
                      companyId={companyId}
                      procurementId={doc.procurement_id}
                      disabled={!canWrite}
                    />
                    {canWrite && f.editable && overridden.has(f.code) && f.source !== 'user' ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        mt={2}
                        aria-label={`Сбросить «${f.title}»`}
                        onClick={() => send({ [f.code]: null })}
                      >
                        Сбросить к рассчитанному значению
                      </Button>
                    ) : null}
                  </div>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </form>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Несохранённые изменения"
      >
        <Stack>
          <Text size="sm">Изменённые значения полей не сохранены. Уйти со страницы без сохранения?</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Остаться
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Уйти без сохранения
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
