import {
  Anchor,
  Button,
  Divider,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { RegisterBody } from '@zakupki/shared/api/auth';
import { PASSWORD_MIN } from '@zakupki/shared/validators/password';
import { Link, useNavigate } from 'react-router';
import { applyServerErrors } from '../../../components/form/form-errors';
import { schemaValidate } from '../../../components/form/schema-validate';
import { EmailInput, InnInput, KppInput, RequiredTextInput } from '../../../components/form/text-fields';
import { confirmationProblem } from '../../../lib/validators';
import { useRegister } from '../api/auth';
import { useEmailCode } from '../hooks/use-email-code';
import { AuthShell } from './auth-shell';
import { EmailCodeStatus } from './email-code-status';

export type RegistrationValues = {
  login: string;
  email_code: string;
  password: string;
  password2: string;
  title: string;
  company: { title: string; inn: string; kpp: string };
};

/** The body of POST /api/auth/register (the repeated password stays in the form). */
export const registrationBody = ({ password2: _, ...body }: RegistrationValues): RegisterBody => body;

/** The form's check: the API's schema, and the repeated password. */
export const registrationValidate = schemaValidate(RegisterBody, registrationBody, {
  also: (v: RegistrationValues) => ({ password2: confirmationProblem(v.password, v.password2) }),
});

/** Registration: the e-mail code through `/unauth`, then the request that an operator approves. */
export function RegistrationPage() {
  const navigate = useNavigate();
  const code = useEmailCode('register');
  const form = useForm<RegistrationValues>({
    mode: 'controlled',
    initialValues: {
      login: '',
      email_code: '',
      password: '',
      password2: '',
      title: '',
      company: { title: '', inn: '', kpp: '' },
    },
    validate: registrationValidate,
  });
  const mutation = useRegister({
    meta: { form: true },
    onSuccess: (res) => navigate(`/expectRegistration?number=${encodeURIComponent(res.registration_number)}`),
    onError: (err) => applyServerErrors(form, err),
  });
  const askCode = () => {
    if (!form.validateField('login').hasError) code.request(form.getValues().login);
  };

  return (
    <AuthShell title="Регистрация" width={640}>
      <Text size="sm">
        Заполните заявку: после проверки оператором вы сможете войти в систему. Номер заявки появится после
        отправки.
      </Text>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => mutation.mutate(RegisterBody.parse(registrationBody(v))))}
      >
        <Stack gap="sm">
          <Group align="flex-start" wrap="nowrap">
            <EmailInput
              label="E-mail (логин)"
              required
              style={{ flex: 1 }}
              {...form.getInputProps('login')}
            />
            <Button
              mt={25}
              variant="light"
              onClick={askCode}
              loading={code.busy}
              disabled={code.cooldownSeconds > 0}
            >
              {code.cooldownSeconds > 0 ? `Повторно через ${code.cooldownSeconds} с` : 'Получить код'}
            </Button>
          </Group>
          <EmailCodeStatus state={code.state} />
          <TextInput
            label="Код из письма"
            withAsterisk
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            {...form.getInputProps('email_code')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              label="Пароль"
              description={`Не короче ${PASSWORD_MIN} символов, без логина, не из списка распространённых паролей`}
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Повторите пароль"
              description="Для проверки"
              withAsterisk
              autoComplete="new-password"
              {...form.getInputProps('password2')}
            />
          </SimpleGrid>
          <RequiredTextInput label="ФИО" required autoComplete="name" {...form.getInputProps('title')} />
          <Divider label="Организация" labelPosition="left" />
          <RequiredTextInput
            label="Наименование организации"
            required
            autoComplete="organization"
            {...form.getInputProps('company.title')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <InnInput required {...form.getInputProps('company.inn')} />
            <KppInput {...form.getInputProps('company.kpp')} />
          </SimpleGrid>
          <Button type="submit" loading={mutation.isPending}>
            Отправить заявку
          </Button>
          <Text size="sm">
            Уже есть учётная запись?{' '}
            <Anchor component={Link} to="/login">
              Войти
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
