import {
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLE_TITLES } from '@zakupki/shared/roles';
import { PASSWORD_MIN } from '@zakupki/shared/validators/password';
import { useEffect } from 'react';
import { applyServerErrors } from '../../../components/form/form-errors';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel } from '../../../lib/company';
import { updateSessionInfo } from '../../../lib/session';
import { currentSession, useSession } from '../../../lib/session-store';
import { newPassword, required, rules, sameAs } from '../../../lib/validators';
import { ReminderMailSwitch } from '../../compliance/components/reminder-mail-switch';
import { useChangePassword, useSessionInfo } from '../api/session';

function PasswordChange() {
  const form = useForm({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', new_password2: '' },
    validate: {
      current_password: rules(required),
      new_password: rules(
        required,
        newPassword(() => currentSession()?.user.login),
      ),
      new_password2: rules(required, sameAs('new_password', 'Пароли не совпадают')),
    },
  });
  const mutation = useChangePassword({
    meta: { form: true },
    onSuccess: () => {
      form.reset();
      notices.success('Пароль изменён', 'Другие сеансы этой учётной записи завершены');
    },
    onError: (err) => applyServerErrors(form, err),
  });
  return (
    <Card withBorder padding="md">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          mutation.mutate({ current_password: v.current_password, new_password: v.new_password }),
        )}
      >
        <Stack gap="sm" maw={420}>
          <Title order={3} size="h4">
            Смена пароля
          </Title>
          <PasswordInput
            label="Текущий пароль"
            withAsterisk
            autoComplete="current-password"
            {...form.getInputProps('current_password')}
          />
          <PasswordInput
            label="Новый пароль"
            description={`Не короче ${PASSWORD_MIN} символов, без логина, не из списка распространённых паролей`}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Повторите новый пароль"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('new_password2')}
          />
          <Group>
            <Button type="submit" loading={mutation.isPending}>
              Сменить пароль
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** /profile/my: own data from GET /api/auth/session and the password change. */
export function MyProfilePage() {
  const session = useSession();
  const q = useSessionInfo();
  useEffect(() => {
    if (q.data) updateSessionInfo(q.data);
  }, [q.data]);
  if (session.status !== 'authenticated') return null;
  const { user, company, contact, early_access } = session;
  const rows: [string, React.ReactNode][] = [
    ['ФИО', user.title],
    ['Логин (e-mail)', user.login],
    ['Роль', ROLE_TITLES[user.role]],
    ['Компания', company ? companyLabel(company) : 'не указана'],
    [
      'Контактное лицо компании',
      contact ? [contact.full_name, contact.email, contact.phone].filter(Boolean).join(', ') : 'не указано',
    ],
    ['Ранний доступ', early_access ? <Badge key="ea">Включён</Badge> : 'нет'],
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Мои данные
          </Title>
          <Table variant="vertical" withTableBorder>
            <Table.Tbody>
              {rows.map(([k, v]) => (
                <Table.Tr key={k}>
                  <Table.Th w={220}>{k}</Table.Th>
                  <Table.Td>{v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            Чтобы изменить ФИО или роль, обратитесь к оператору.
          </Text>
          <ReminderMailSwitch />
        </Stack>
      </Card>
      <PasswordChange />
    </SimpleGrid>
  );
}
