import { Anchor, Notification, Stack, Text } from '@mantine/core';
import { systemRoutes } from '@zakupki/shared/api/system';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import { copyText } from '../../lib/clipboard';
import { selectCompany, selectedCompanyStore } from '../../lib/company';
import { formatDateTime } from '../../lib/formatters';
import { currentLoading, loadingStore } from '../../lib/loading';
import { queryClient } from '../../lib/query-client';
import { queryRoots } from '../../lib/query-keys';
import { currentSession, useSession } from '../../lib/session-store';
import { authSocketState, socketHost } from '../../lib/socket';
import { useStore } from '../../lib/store';
import { type Notice, type NoticeStatus, notices } from './notices.store';

const COLORS: Record<NoticeStatus, string> = {
  pending: 'blue',
  success: 'green',
  warning: 'orange',
  error: 'red',
  info: 'blue',
};
/** A loading notice appears only for requests slower than this, so quick ones do not flicker. */
export const LOADING_DELAY_MS = 300;

export const MSG_COPIED_HEADER = 'Успешно';
export const MSG_COPIED = 'Код скопирован. Сообщите его оператору';
export const MSG_WS_DOWN = 'Не удаётся подключиться к вебсокетам';

export async function copyErrorCode(code: string) {
  if (await copyText(code)) notices.success(MSG_COPIED_HEADER, MSG_COPIED);
  else notices.error('Не удалось скопировать', `Код ошибки: ${code}. Перепишите его и сообщите оператору`);
}

function markRead(id: number) {
  api(systemRoutes.readNotification, { params: { id }, loading: false })
    .then(() => queryClient.invalidateQueries({ queryKey: queryRoots.notifications }))
    .catch((err) => console.error('Could not mark the notification read', err));
}

function NoticeDate({ date }: { date: Date }) {
  return (
    <Text size="xs" c="dimmed" component="time" dateTime={date.toISOString()}>
      {formatDateTime(date)}
    </Text>
  );
}

/**
 * Following a notice's link: staff are switched to the company it is about first (the screen
 * shows the selected company's data); the stack lives outside the router, so the link loads the
 * page, which reads the remembered company.
 */
function followNotice(notice: Notice) {
  const session = currentSession();
  const company = notice.company;
  if (company && session && session.user.role !== 'client' && selectedCompanyStore.get()?.id !== company.id)
    selectCompany({ id: company.id, title: company.title });
}

export function NoticeItem({ notice }: { notice: Notice }) {
  const close = () => {
    notices.remove(notice.id);
    if (notice.notificationId) markRead(notice.notificationId);
  };
  return (
    <Notification
      color={COLORS[notice.status]}
      loading={notice.status === 'pending'}
      title={notice.header}
      onClose={close}
      closeButtonProps={{ 'aria-label': 'Закрыть уведомление' }}
      withBorder
      role={notice.status === 'error' ? 'alert' : 'status'}
      data-status={notice.status}
    >
      <NoticeDate date={notice.date} />
      {notice.company?.title ? (
        <Text size="xs" c="dimmed">
          {notice.company.title}
        </Text>
      ) : null}
      <Text size="sm">{notice.message}</Text>
      {notice.link ? (
        <Anchor href={notice.link} size="sm" onClick={() => followNotice(notice)}>
          Перейти
        </Anchor>
      ) : null}
      {notice.code ? (
        <Anchor component="button" type="button" size="sm" onClick={() => void copyErrorCode(notice.code!)}>
          Скопировать код
        </Anchor>
      ) : null}
    </Notification>
  );
}

function LoadingNotice() {
  const list = useStore(loadingStore);
  const message = currentLoading(list);
  const [visible, setVisible] = useState<{ message: string; since: Date } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    if (!message) {
      setVisible(null);
      setDismissed(null);
      return;
    }
    const t = setTimeout(() => setVisible({ message, since: new Date() }), LOADING_DELAY_MS);
    return () => clearTimeout(t);
  }, [message]);
  if (!visible || !message || dismissed === message) return null;
  return (
    <Notification
      loading
      title={`Выполняется запрос: ${visible.message}`}
      onClose={() => setDismissed(message)}
      closeButtonProps={{ 'aria-label': 'Закрыть уведомление' }}
      withBorder
      role="status"
      data-status="loading"
    >
      <NoticeDate date={visible.since} />
      <Text size="sm">Пожалуйста, подождите</Text>
    </Notification>
  );
}

function WebsocketNotice() {
  const session = useSession();
  const state = useStore(authSocketState);
  const [since, setSince] = useState<Date | null>(null);
  const [dismissed, setDismissed] = useState(false);
  const down = session.status === 'authenticated' && state === 'down';
  useEffect(() => {
    setSince(down ? new Date() : null);
    if (!down) setDismissed(false);
  }, [down]);
  if (!down || dismissed) return null;
  return (
    <Notification
      color="red"
      title={MSG_WS_DOWN}
      onClose={() => setDismissed(true)}
      closeButtonProps={{ 'aria-label': 'Закрыть уведомление' }}
      withBorder
      role="alert"
      data-status="websocket"
    >
      <NoticeDate date={since ?? new Date()} />
      <Text size="sm">
        Сервер {socketHost()}: уведомления о фоновых задачах не приходят. Повторяем попытку подключения…
      </Text>
    </Notification>
  );
}

/** The bottom-right stack: loading, websocket failure, then pending/success/error notices. */
export function NoticeStack() {
  const list = useStore(notices.store);
  return (
    <Stack
      gap="xs"
      aria-label="Уведомления"
      component="section"
      style={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        width: 400,
        maxWidth: 'calc(100vw - 32px)',
        zIndex: 400,
        maxHeight: 'calc(100vh - 32px)',
        overflowY: 'auto',
      }}
    >
      <LoadingNotice />
      <WebsocketNotice />
      {list.map((n) => (
        <NoticeItem key={n.id} notice={n} />
      ))}
    </Stack>
  );
}
