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
import { authRoutes } from '@zakupki/shared/api/auth';
import { ROLE_TITLES } from '@zakupki/shared/roles';
import { PASSWORD_MIN, passwordProblem } from '@zakupki/shared/validators/password';
import { useEffect } from 'react';
import { applyServerErrors } from '../../../components/form/form-errors';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel } from '../../../lib/company';
import { updateSessionInfo } from '../../../lib/session';
import { currentSession, useSession } from '../../../lib/session-store';
import { confirmationProblem } from '../../../lib/validators';
import { useChangePassword, useSessionInfo } from '../api/session';

type PasswordValues = { current_password: string; new_password: string; new_password2: string };
/** The body of PUT /api/auth/password (the repeated password stays in the form). */
const toBody = ({ new_password2: _, ...body }: PasswordValues) => body;

function PasswordChange() {
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', new_password2: '' },
    validate: schemaValidate(authRoutes.changePassword.body, toBody, {
      also: (v) => ({
        // the API checks the password against the login it knows; the form knows it from the session
        new_password: v.new_password && passwordProblem(v.new_password, currentSession()?.user.login),
        new_password2: confirmationProblem(v.new_password, v.new_password2),
      }),
    }),
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
      <form noValidate onSubmit={form.onSubmit((v) => mutation.mutate(toBody(v)))}>
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

/**
 * /profile/my: own data from GET /api/auth/session and the password change; `settings` are what
 * other features add under the data (the reminder letters switch, composed in app/my-profile-route.tsx).
 */
export function MyProfilePage({ settings }: { settings?: React.ReactNode }) {
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
          {settings}
        </Stack>
      </Card>
      <PasswordChange />
    </SimpleGrid>
  );
}
