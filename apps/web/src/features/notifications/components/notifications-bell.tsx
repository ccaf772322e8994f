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
import { selectCompany, selectedCompanyStore } from '../../../lib/company';
import { formatDateTime } from '../../../lib/formatters';
import { currentSession } from '../../../lib/session-store';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications';

/** How many of the newest notifications the list shows (unread first). */
export const BELL_LIMIT = 30;

/** Long words (file names, numbers) wrap inside the popup instead of running past its edge. */
const WRAP = { overflowWrap: 'anywhere' } as const;

/**
 * Opening a notification of another company than the one selected selects that company first
 * (staff serve many; the link's screen shows the selected company's data).
 */
function followCompany(n: Notification) {
  const session = currentSession();
  if (n.company_id === null || !session || session.user.role === 'client') return;
  if (selectedCompanyStore.get()?.id !== n.company_id)
    selectCompany({ id: n.company_id, title: n.company_title });
}

const STATUS = {
  pending: { color: 'blue', label: 'Выполняется' },
  success: { color: 'green', label: 'Готово' },
  warning: { color: 'orange', label: 'Предупреждение' },
  error: { color: 'red', label: 'Ошибка' },
} as const;

function NotificationRow({ n, onOpen }: { n: Notification; onOpen: () => void }) {
  const read = useMarkNotificationRead();
  const link = n.link;
  const unread = n.read_at === null;
  return (
    <Stack gap={2} component="li" style={{ listStyle: 'none' }} data-unread={unread || undefined}>
      <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
        <Group gap={6} wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
          <Badge size="sm" color={STATUS[n.status].color}>
            {STATUS[n.status].label}
          </Badge>
          <Text size="sm" fw={unread ? 600 : 400} style={WRAP}>
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
            // a long header wraps; the button keeps its width (never cut, a11y journey)
            style={{ flexShrink: 0 }}
          >
            Прочитано
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" style={WRAP}>
        {formatDateTime(n.created_at)}
        {n.company_title ? ` · ${n.company_title}` : ''}
      </Text>
      <Text size="sm" style={WRAP}>
        {n.message}
      </Text>
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
            followCompany(n);
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
    <Popover
      opened={opened}
      onChange={setOpened}
      width={420}
      position="bottom-end"
      shadow="md"
      withArrow
      // never wider than the window: on a narrow screen the popup shrinks and its text wraps
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
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
            size={20}
            color="red"
            disabled={unread === 0}
            offset={-2}
            // the count must be readable: 12 px bold, not the 16 px dot's 10 px
            styles={{ indicator: { fontSize: 12, fontWeight: 700, paddingInline: 4 } }}
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
            <ScrollArea.Autosize mah="60vh" scrollbars="y">
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
