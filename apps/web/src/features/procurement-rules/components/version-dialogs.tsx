import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  APPROVING_BODIES,
  APPROVING_BODY_TITLES,
  ApproveInput,
  PublishInput,
  type RuleVersion,
} from '@zakupki/shared/api/procurement-rules';
import { AppSelect } from '../../../components/form/app-select';
import { DateField } from '../../../components/form/date-field';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { formatDate } from '../../../lib/formatters';

/** Approving a draft version: the body, the decision and the date it takes effect. */
export function ApproveModal({
  version,
  onSubmit,
  onClose,
}: {
  version: RuleVersion;
  onSubmit: (b: ApproveInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: {
      approving_body: version.approving_body ?? 'board_of_directors',
      decision_number: version.decision_number ?? '',
      decision_date: version.decision_date ?? '',
      effective_from: version.effective_from ?? '',
    },
    validate: schemaValidate(ApproveInput),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  return (
    <Modal opened onClose={onClose} title={`Утверждение редакции № ${version.number}`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            await onSubmit(ApproveInput.parse(v));
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <AppSelect
            label="Орган, утвердивший положение"
            required
            allowDeselect={false}
            data={APPROVING_BODIES.map((b) => ({ value: b, label: APPROVING_BODY_TITLES[b] }))}
            {...form.getInputProps('approving_body')}
          />
          <TextInput
            label="Номер решения (протокола)"
            withAsterisk
            {...form.getInputProps('decision_number')}
          />
          <DateField label="Дата решения" required {...form.getInputProps('decision_date')} />
          <DateField label="Вступает в силу с" required {...form.getInputProps('effective_from')} />
          <Text size="xs" c="dimmed">
            После утверждения редакцию нельзя изменить; её нужно разместить в ЕИС в течение 15 дней (ч. 1 ст.
            4 223-ФЗ).
          </Text>
          <RefusalAlert title="Не утверждено" message={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit">Утвердить</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Marking an approved version as placed in the EIS. */
export function PublishModal({
  version,
  onSubmit,
  onClose,
}: {
  version: RuleVersion;
  onSubmit: (b: PublishInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: { eis_published_on: '', eis_registration_number: '' },
    validate: schemaValidate(PublishInput),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  return (
    <Modal opened onClose={onClose} title={`Размещение в ЕИС редакции № ${version.number}`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            await onSubmit(v);
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <DateField label="Дата размещения в ЕИС" required {...form.getInputProps('eis_published_on')} />
          <TextInput
            label="Регистрационный номер в ЕИС"
            withAsterisk
            {...form.getInputProps('eis_registration_number')}
          />
          <Text size="xs" c="dimmed">
            Действующая редакция будет заменена этой с {formatDate(version.effective_from)}.
          </Text>
          <RefusalAlert title="Не сохранено" message={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit">Отметить размещение</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
