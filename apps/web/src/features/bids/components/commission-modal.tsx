import { ActionIcon, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { COMMISSION_ROLE_TITLES, COMMISSION_ROLES, CommissionInput } from '@zakupki/shared/api/bids-model';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { useRecordChange } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { useSaveCommission } from '../api/bids';
import type { ResultsProps } from './bids-toolbar';

type Member = { key: string; name: string; role: (typeof COMMISSION_ROLES)[number] };
type Values = { members: Member[] };

const ROLE_OPTIONS = COMMISSION_ROLES.map((r) => ({ value: r, label: COMMISSION_ROLE_TITLES[r] }));

/** Edit the commission's members and roles (PUT …/commission replaces the list). */
export function CommissionModal({
  companyId,
  procurementId,
  results,
  opened,
  onClose,
}: ResultsProps & { opened: boolean; onClose: () => void }) {
  const current = (): Values => ({ members: results.commission.map((m) => ({ ...m, key: randomId() })) });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: current(),
    validate: schemaValidate(CommissionInput),
  });
  useRecordChange(opened, null, () => opened && form.setValues(current()));
  const { refusal, refuse, clear } = useRefusal(form);
  const save = useSaveCommission(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: () => {
      notices.success('Состав комиссии сохранён', `Членов комиссии: ${form.getValues().members.length}`);
      onClose();
    },
    onError: refuse,
  });
  const members = form.getValues().members;
  return (
    <Modal opened={opened} onClose={onClose} title="Состав комиссии" size="lg">
      <form
        noValidate
        aria-label="Состав комиссии"
        onSubmit={form.onSubmit((v) => {
          clear();
          save.mutate({ members: v.members.map(({ name, role }) => ({ name, role })) });
        })}
      >
        <Stack gap="sm">
          {members.map((m, i) => (
            <Group key={m.key} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                aria-label={`Член комиссии ${i + 1}`}
                placeholder="Фамилия И. О."
                {...form.getInputProps(`members.${i}.name`)}
              />
              <AppSelect
                w={240}
                aria-label={`Роль ${i + 1}`}
                allowDeselect={false}
                data={ROLE_OPTIONS}
                {...form.getInputProps(`members.${i}.role`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Убрать члена комиссии ${i + 1}`}
                onClick={() => form.removeListItem('members', i)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <Button
            size="xs"
            variant="subtle"
            onClick={() =>
              form.insertListItem('members', {
                key: randomId(),
                name: '',
                role: members.length === 0 ? 'chair' : 'member',
              })
            }
          >
            Добавить члена комиссии
          </Button>
          <RefusalAlert message={refusal} title="Состав не сохранён" />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
