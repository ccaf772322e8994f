import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/http-errors';
import { usePublicConfig } from '../../../lib/public-config';
import { useRegistrationStatus } from '../api/auth';
import { AuthShell } from './auth-shell';

const STATUS = {
  pending: { label: 'На рассмотрении', color: 'yellow' },
  approved: { label: 'Одобрена', color: 'green' },
  rejected: { label: 'Отклонена', color: 'red' },
} as const;

function Support() {
  const { data } = usePublicConfig();
  if (!data) return null;
  return (
    <Text size="sm">
      Служба поддержки: {data.support_phones.join(', ')},{' '}
      <Anchor href={`mailto:${data.support_email}`}>{data.support_email}</Anchor>
    </Text>
  );
}

function RequestStatus({ number }: { number: string }) {
  const q = useRegistrationStatus(number);
  if (q.isPending) return <Loader size="sm" aria-label="Загрузка статуса заявки" />;
  if (q.isError) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Alert color="red" role="alert" title={notFound ? 'Заявка не найдена' : 'Статус не получен'}>
        {notFound
          ? `Заявка № ${number} не найдена. Проверьте номер.`
          : 'Не удалось получить статус заявки. Попробуйте обновить страницу позже.'}
      </Alert>
    );
  }
  const s = STATUS[q.data.status];
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text>
          Заявка № <b>{q.data.registration_number}</b>
        </Text>
        <Badge color={s.color}>{s.label}</Badge>
      </Group>
      {q.data.status === 'pending' ? (
        <Text size="sm">
          Оператор проверит данные организации и одобрит заявку. Страница обновляется сама; вход станет
          доступен после одобрения.
        </Text>
      ) : null}
      {q.data.status === 'approved' ? (
        <Alert color="green" title="Заявка одобрена">
          Теперь вы можете войти в систему со своим e-mail и паролем.
        </Alert>
      ) : null}
      {q.data.status === 'rejected' ? (
        <Alert color="red" title="Заявка отклонена">
          Чтобы узнать причину, обратитесь в службу поддержки.
        </Alert>
      ) : null}
      <Group>
        <Button variant="light" onClick={() => void q.refetch()} loading={q.isFetching}>
          Обновить статус
        </Button>
        {q.data.status === 'approved' ? (
          <Button component={Link} to="/login">
            Войти
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** /expectRegistration: the request's number and its status (GET /api/auth/registrations/:number). */
export function ExpectRegistrationPage() {
  const [params, setParams] = useSearchParams();
  const number = params.get('number')?.trim() ?? '';
  const [typed, setTyped] = useState('');
  return (
    <AuthShell title="Заявка на регистрацию" width={560}>
      {number ? (
        <RequestStatus number={number} />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (typed.trim()) setParams({ number: typed.trim() });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">Введите номер заявки, который вы получили после регистрации.</Text>
            <TextInput label="Номер заявки" value={typed} onChange={(e) => setTyped(e.currentTarget.value)} />
            <Button type="submit" disabled={!typed.trim()}>
              Показать статус
            </Button>
          </Stack>
        </form>
      )}
      <Support />
      <Anchor component={Link} to="/login" size="sm">
        Ко входу в систему
      </Anchor>
    </AuthShell>
  );
}
