import { queryOptions } from '@tanstack/react-query';
import { systemRoutes } from '@zakupki/shared/api/system';
import { api } from '../../../lib/api-client';

export const unreadNotificationsQuery = (limit = 10) =>
  queryOptions({
    queryKey: ['notifications', 'unread', limit],
    queryFn: ({ signal }) =>
      api(systemRoutes.notifications, { query: { unread: 'true', limit }, signal, loading: false }),
  });

export const markNotificationRead = (id: number) =>
  api(systemRoutes.readNotification, { params: { id }, loading: false });

export const markAllNotificationsRead = () =>
  api(systemRoutes.readAllNotifications, { loading: 'отметка уведомлений прочитанными' });
