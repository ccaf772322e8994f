import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { LoginBody } from '@zakupki/shared/api/auth';
import { lazy, Suspense, useState } from 'react';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { applyServerErrors } from '../../../components/form/form-errors';
import { schemaValidate } from '../../../components/form/schema-validate';
import { reportApiError } from '../../../lib/error-handler';
import { ApiError } from '../../../lib/http-errors';
import { completeLogin } from '../../../lib/session';
import { useLogin } from '../api/auth';
import { AuthShell } from './auth-shell';

/** Loaded when first opened: /login stays small. */
const PasswordResetModal = lazy(() =>
  import('./password-reset-modal').then((m) => ({ default: m.PasswordResetModal })),
);

export const MSG_INVALID_CREDENTIALS = 'Неверный логин или пароль';
export const MSG_TOO_MANY = 'Слишком много неудачных попыток входа. Попробуйте позже';

/** What the login form says for a refused login, or where it sends the user instead. */
export function loginFailure(err: unknown): { message: string } | { redirect: string } | null {
  if (!(err instanceof ApiError)) return null;
  switch (err.code) {
    case 'invalid_credentials':
      return { message: MSG_INVALID_CREDENTIALS };
    case 'registration_pending': {
      const n = (err.details as { registration_number?: string | null } | undefined)?.registration_number;
      return { redirect: n ? `/expectRegistration?number=${encodeURIComponent(n)}` : '/expectRegistration' };
    }
    case 'account_blocked':
    case 'registration_rejected':
      return { message: err.message };
    default:
      return err.status === 429 ? { message: err.message || MSG_TOO_MANY } : null;
  }
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const [error, setError] = useState<string | null>(null);
  const [resetOpened, reset] = useDisclosure(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { login: '', password: '' },
    validate: schemaValidate(LoginBody),
  });
  const mutation = useLogin({
    meta: { handled: true },
    onSuccess: (res) => {
      completeLogin(res);
      navigate(from ? `${from.pathname}${from.search}` : '/', { replace: true });
    },
    onError: (err) => {
      const f = loginFailure(err);
      if (f && 'redirect' in f) navigate(f.redirect);
      else if (f) setError(f.message);
      else if (!applyServerErrors(form, err)) reportApiError(err);
    },
  });

  return (
    <AuthShell title="Вход в систему">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setError(null);
          mutation.mutate({ login: v.login.trim(), password: v.password });
        })}
      >
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert" title="Вход не выполнен">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Логин (e-mail)"
            withAsterisk
            autoComplete="username"
            autoFocus
            {...form.getInputProps('login')}
          />
          <PasswordInput
            label="Пароль"
            withAsterisk
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth>
            Войти
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={reset.open}>
              Забыли пароль?
            </Anchor>
            <Anchor component={Link} to="/registration" size="sm">
              Регистрация
            </Anchor>
          </Group>
          <Text size="xs" c="dimmed">
            Уже отправили заявку?{' '}
            <Anchor component={Link} to="/expectRegistration" size="xs" underline="always">
              Узнать статус заявки
            </Anchor>
          </Text>
        </Stack>
      </form>
      {resetOpened ? (
        <Suspense fallback={null}>
          <PasswordResetModal opened={resetOpened} onClose={reset.close} />
        </Suspense>
      ) : null}
    </AuthShell>
  );
}
