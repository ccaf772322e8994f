import { Button, Group, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useEmailCode } from '../hooks/use-email-code';
import { EmailCodeStatus } from './email-code-status';

/**
 * The login form's code step, shown while the system holds logins from new addresses (a 429 with
 * `details.hold` 'global'): a staff member asks for a one-time code to their login's mailbox
 * (`emailServiceRequest`, purpose 'login') and logs in with it and their password.
 */
export function LoginCodeStep({
  login,
  codeInput,
}: {
  /** the login to send the code to, or null when the field is not filled in (it shows why) */
  login: () => string | null;
  codeInput: TextInputProps;
}) {
  const code = useEmailCode('login');
  const ask = () => {
    const to = login();
    if (to) code.request(to);
  };
  return (
    <Stack gap="xs">
      <Text size="sm">
        Сотрудники (администратор, специалист, оператор) могут войти сейчас: укажите пароль и одноразовый код
        из письма. Письмо придёт, только если логин принадлежит сотруднику; код действует несколько минут и
        подходит для одного входа.
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label="Код из письма"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          style={{ flex: 1 }}
          {...codeInput}
        />
        <Button variant="light" onClick={ask} loading={code.busy} disabled={code.cooldownSeconds > 0}>
          {code.cooldownSeconds > 0 ? `Повторно через ${code.cooldownSeconds} с` : 'Получить код'}
        </Button>
      </Group>
      <EmailCodeStatus state={code.state} />
    </Stack>
  );
}
