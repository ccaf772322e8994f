import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { authRoutes } from '@zakupki/shared/api/auth';
import { PASSWORD_MIN } from '@zakupki/shared/validators/password';
import { applyServerErrors } from '../../../components/form/form-errors';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { confirmationProblem } from '../../../lib/validators';
import { useResetPassword } from '../api/auth';
import { useEmailCode } from '../hooks/use-email-code';
import { EmailCodeStatus } from './email-code-status';

type Values = { login: string; email_code: string; new_password: string; new_password2: string };
/** The body of POST /api/auth/password/reset (the repeated password stays in the form). */
const toBody = ({ new_password2: _, ...body }: Values) => body;

/** Password reset without a route: a code by e-mail (purpose 'reset'), then the new password. */
export function PasswordResetModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const code = useEmailCode('reset');
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { login: '', email_code: '', new_password: '', new_password2: '' },
    validate: schemaValidate(authRoutes.resetPassword.body, toBody, {
      also: (v) => ({ new_password2: confirmationProblem(v.new_password, v.new_password2) }),
    }),
  });
  const mutation = useResetPassword({
    meta: { form: true },
    onSuccess: () => {
      notices.success('Пароль изменён', 'Войдите в систему с новым паролем');
      form.reset();
      onClose();
    },
    onError: (err) => applyServerErrors(form, err),
  });
  const askCode = () => {
    const r = form.validateField('login');
    if (!r.hasError) code.request(form.getValues().login);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Восстановление пароля" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((v) => mutation.mutate(authRoutes.resetPassword.body.parse(toBody(v))))}
      >
        <Stack gap="sm">
          <Text size="sm">
            Укажите e-mail, с которым вы входите в систему: мы отправим на него код подтверждения.
          </Text>
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="E-mail"
              withAsterisk
              type="email"
              style={{ flex: 1 }}
              {...form.getInputProps('login')}
            />
            <Button variant="light" onClick={askCode} loading={code.busy} disabled={code.cooldownSeconds > 0}>
              {code.cooldownSeconds > 0 ? `Повторно через ${code.cooldownSeconds} с` : 'Получить код'}
            </Button>
          </Group>
          <EmailCodeStatus state={code.state} />
          <TextInput
            label="Код из письма"
            withAsterisk
            inputMode="numeric"
            maxLength={6}
            {...form.getInputProps('email_code')}
          />
          <PasswordInput
            label="Новый пароль"
            description={`Не короче ${PASSWORD_MIN} символов, без логина, не из списка распространённых паролей`}
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label="Повторите пароль"
            withAsterisk
            autoComplete="new-password"
            {...form.getInputProps('new_password2')}
          />
          <FormModalFooter onCancel={onClose} loading={mutation.isPending} submitLabel="Сменить пароль" />
        </Stack>
      </form>
    </Modal>
  );
}
