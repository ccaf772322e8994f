import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import type { Notification } from '@zakupki/shared/api/system';
import { useState } from 'react';
import { Link } from 'react-router';
import { BellIcon } from '../../../components/icons';
import { formatDateTime } from '../../../lib/formatters';
import {
  notificationLink,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/notifications';

/** How many of the newest notifications the list shows (unread first). */
export const BELL_LIMIT = 30;

const STATUS = {
  pending: { color: 'blue', label: 'Выполняется' },
  success: { color: 'green', label: 'Готово' },
  warning: { color: 'orange', label: 'Предупреждение' },
  error: { color: 'red', label: 'Ошибка' },
} as const;

function NotificationRow({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const read = useMarkNotificationRead();
  const link = notificationLink(n);
  const unread = n.read_at === null;
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }} data-unread={unread || undefined}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Badge size="sm" color={STATUS[n.status].color}>
            {STATUS[n.status].label}
          </Badge>
          <Text size="sm" fw={unread ? 600 : 400}>
            {n.header}
          </Text>
        </Group>
        {unread ? (
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => read.mutate(n.id)}
            loading={read.isPending}
            aria-label={`Прочитано: ${n.header}`}
          >
            Прочитано
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(n.created_at)}
      </Text>
      <Text size="sm">{n.message}</Text>
      {n.code ? (
        <Text size="xs" c="dimmed">
          Код ошибки: {n.code}
        </Text>
      ) : null}
      {link ? (
        <Anchor
          component={Link}
          to={link}
          size="sm"
          onClick={() => {
            if (unread) read.mutate(n.id);
            onOpen();
          }}
        >
          Перейти
        </Anchor>
      ) : null}
    </Stack>
  );
}

/**
 * The header's bell: the unread count, and a list of the newest stored notifications with
 * «Прочитано» per item, «Отметить все прочитанными» and a link to what each is about. A
 * notification appears live once as a notice; afterwards it lives here.
 */
export function NotificationsBell() {
  const [opened, setOpened] = useState(false);
  const q = useNotifications(BELL_LIMIT);
  const readAll = useMarkAllNotificationsRead();
  const unread = q.data?.unread ?? 0;
  const items = q.data?.items ?? [];
  return (
    <Popover opened={opened} onChange={setOpened} width={420} position="bottom-end" shadow="md" withArrow>
      <Popover.Target>
        {/* the target is the button itself: the popover sets aria-expanded on it, which a div
            (the Indicator) may not carry */}
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={() => setOpened((o) => !o)}
          aria-label={unread ? `Уведомления, непрочитанных: ${unread}` : 'Уведомления, непрочитанных нет'}
        >
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={16}
            color="red"
            disabled={unread === 0}
            offset={-2}
          >
            <BellIcon />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={600}>Уведомления{unread ? ` (непрочитанных: ${unread})` : ''}</Text>
            {unread ? (
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
          {q.isError ? (
            <Text size="sm" c="red">
              Не удалось загрузить уведомления
            </Text>
          ) : null}
          {q.data && !items.length ? (
            <Text size="sm" c="dimmed">
              Уведомлений нет
            </Text>
          ) : null}
          {items.length ? (
            <ScrollArea.Autosize mah="60vh">
              <Stack gap="md" component="ul" p={0} m={0}>
                {items.map((n) => (
                  <NotificationRow key={n.id} n={n} onOpen={() => setOpened(false)} />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          ) : null}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
