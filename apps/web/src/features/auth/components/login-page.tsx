import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { LoginBody, type LoginHoldDetails } from '@zakupki/shared/api/auth';
import { lazy, Suspense, useState } from 'react';
import { Link, type Location, useLocation, useNavigate } from 'react-router';
import { applyServerErrors } from '../../../components/form/form-errors';
import { schemaValidate } from '../../../components/form/schema-validate';
import { reportApiError } from '../../../lib/error-handler';
import { ApiError } from '../../../lib/http-errors';
import { completeLogin } from '../../../lib/session';
import { useLogin } from '../api/auth';
import { AuthShell } from './auth-shell';
import { LoginCodeStep } from './login-code-step';

/** Loaded when first opened: /login stays small. */
const PasswordResetModal = lazy(() =>
  import('./password-reset-modal').then((m) => ({ default: m.PasswordResetModal })),
);

export const MSG_INVALID_CREDENTIALS = 'Неверный логин или пароль';
export const MSG_TOO_MANY = 'Слишком много неудачных попыток входа. Попробуйте позже';

export const MSG_CODE_REQUIRED = 'Введите код из письма';

/**
 * What the login form says for a refused login, or where it sends the user instead; `codeStep`:
 * the global login hold, through which staff pass with an e-mailed code.
 */
export function loginFailure(
  err: unknown,
): { message: string; codeStep?: boolean } | { redirect: string } | null {
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
    default: {
      if (err.status !== 429) return null;
      const held = err.details as Partial<LoginHoldDetails> | undefined;
      return { message: err.message || MSG_TOO_MANY, codeStep: held?.login_code === true };
    }
  }
}

type LoginValues = { login: string; password: string; email_code: string };
/** The form → the body of POST /api/auth/login (a code only when one is typed). */
const toLoginBody = (v: LoginValues) => ({
  login: v.login.trim(),
  password: v.password,
  ...(v.email_code.trim() ? { email_code: v.email_code.trim() } : {}),
});

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  const [error, setError] = useState<string | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const [resetOpened, reset] = useDisclosure(false);
  const form = useForm<LoginValues>({
    mode: 'controlled',
    initialValues: { login: '', password: '', email_code: '' },
    validate: schemaValidate(LoginBody, toLoginBody),
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
      else if (f) {
        setError(f.message);
        if (f.codeStep) setCodeStep(true);
      } else if (!applyServerErrors(form, err)) reportApiError(err);
    },
  });

  const codeLogin = () => (form.validateField('login').hasError ? null : form.getValues().login.trim());

  return (
    <AuthShell title="Вход в систему">
      <form
        noValidate
        onSubmit={form.onSubmit((v) => {
          setError(null);
          if (codeStep && !v.email_code.trim()) form.setFieldError('email_code', MSG_CODE_REQUIRED);
          else mutation.mutate(toLoginBody(v));
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
          {codeStep ? <LoginCodeStep login={codeLogin} codeInput={form.getInputProps('email_code')} /> : null}
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
