import { Alert, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import type { EmailCodeState } from '../hooks/use-email-code';

/** Progress of the e-mail code request: sending → accepted → sent, or the reason it failed. */
export function EmailCodeStatus({ state }: { state: EmailCodeState }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'error') {
    return (
      <Alert color="red" title="Код не отправлен" role="alert">
        {state.error}
      </Alert>
    );
  }
  if (state.phase === 'sent') {
    return (
      <Alert color="green" title="Код отправлен" role="status">
        Письмо с кодом отправлено на {state.email}. Проверьте почту, в том числе папку «Спам».
      </Alert>
    );
  }
  const received = state.phase === 'received';
  return (
    <Stack gap={4} role="status">
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">
          {received ? `Запрос принят, отправляем письмо на ${state.email}…` : 'Отправляем запрос…'}
        </Text>
      </Group>
      <Progress value={received ? 66 : 33} animated aria-label="Отправка кода" />
    </Stack>
  );
}
