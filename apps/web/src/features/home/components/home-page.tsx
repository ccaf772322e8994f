import { Anchor, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isStaff } from '@zakupki/shared/roles';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { HOME_WIDGETS } from '../../../app/home-widgets';
import { companyLabel, useSelectedCompany } from '../../../lib/company';
import { useCompany } from '../../../lib/company-queries';
import { formatDateTime } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  usePendingRegistrations,
  useUnreadNotifications,
} from '../api/home';

const STATUS_COLOR = { pending: 'blue', success: 'green', warning: 'orange', error: 'red' } as const;
const STATUS_LABEL = {
  pending: 'Выполняется',
  success: 'Готово',
  warning: 'Предупреждение',
  error: 'Ошибка',
} as const;

function CompanyCard({ id }: { id: number }) {
  const q = useCompany(id);
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Text fw={600}>Компания</Text>
        {q.isPending ? <Loader size="sm" aria-label="Загрузка данных компании" /> : null}
        {q.data ? (
          <>
            <Text size="sm">{q.data.full_title ?? q.data.title ?? `id:${q.data.id}`}</Text>
            <Text size="sm" c="dimmed">
              ИНН {q.data.inn}
              {q.data.kpp ? `, КПП ${q.data.kpp}` : ''}
              {q.data.ogrn ? `, ОГРН ${q.data.ogrn}` : ''}
            </Text>
            {q.data.legal_address ? <Text size="sm">{q.data.legal_address}</Text> : null}
            <Anchor component={Link} to={`/profile/companies?company=${id}`} size="sm">
              Карточка компании
            </Anchor>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function PendingRegistrations() {
  const q = usePendingRegistrations();
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Text fw={600}>Заявки на регистрацию</Text>
        {q.isPending ? <Loader size="sm" aria-label="Загрузка заявок" /> : null}
        {q.data !== undefined ? (
          <>
            <Text size="xl" fw={700}>
              {q.data}
            </Text>
            <Anchor component={Link} to="/users?status=pending" size="sm">
              {q.data ? 'Рассмотреть заявки' : 'Все пользователи'}
            </Anchor>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}

function UnreadNotifications() {
  const q = useUnreadNotifications(10);
  const readOne = useMarkNotificationRead();
  const readAll = useMarkAllNotificationsRead();
  const items = q.data?.items ?? [];
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Непрочитанные уведомления{q.data ? ` (${q.data.unread})` : ''}</Text>
          {items.length ? (
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => readAll.mutate()}
              loading={readAll.isPending}
            >
              Отметить все прочитанными
            </Button>
          ) : null}
        </Group>
        {q.isPending ? <Loader size="sm" aria-label="Загрузка уведомлений" /> : null}
        {q.data && !items.length ? (
          <Text size="sm" c="dimmed">
            Новых уведомлений нет
          </Text>
        ) : null}
        {items.map((n) => (
          <Group key={n.id} justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Badge size="sm" color={STATUS_COLOR[n.status]}>
                  {STATUS_LABEL[n.status]}
                </Badge>
                <Text size="sm" fw={500}>
                  {n.header}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(n.created_at)}
                  {n.company_title ? ` · ${n.company_title}` : ''}
                </Text>
              </Group>
              <Text size="sm">{n.message}</Text>
              {n.code ? (
                <Text size="xs" c="dimmed">
                  Код ошибки: {n.code}
                </Text>
              ) : null}
            </Stack>
            <Button size="compact-xs" variant="default" onClick={() => readOne.mutate(n.id)}>
              Прочитано
            </Button>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** `/`: the selected company at a glance, registrations waiting (staff), unread notifications, widgets. */
export function HomePage() {
  const session = useSession();
  const company = useSelectedCompany();
  const staff = session.status === 'authenticated' && isStaff(session.user.role);
  return (
    <Stack gap="md">
      <Title order={2}>{company ? companyLabel(company) : 'Главная'}</Title>
      <SimpleGrid cols={{ base: 1, md: staff ? 2 : 1 }}>
        {company ? (
          <CompanyCard id={company.id} />
        ) : (
          <Card withBorder>
            <Text size="sm" c="dimmed">
              Компания не выбрана
            </Text>
          </Card>
        )}
        {staff ? <PendingRegistrations /> : null}
      </SimpleGrid>
      <UnreadNotifications />
      {company
        ? HOME_WIDGETS.map((w) => (
            <Card key={w.id} withBorder padding="md">
              <Text fw={600} mb="sm">
                {w.title}
              </Text>
              <Suspense fallback={<Loader size="sm" />}>
                <w.Component companyId={company.id} />
              </Suspense>
            </Card>
          ))
        : null}
    </Stack>
  );
}
