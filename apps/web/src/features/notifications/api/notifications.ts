import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemRoutes } from '@zakupki/shared/api/system';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

export const notificationKeys = {
  all: queryRoots.notifications,
  list: (limit: number) => [...notificationKeys.all, 'list', limit] as const,
};

/** The newest stored notifications (unread first) with the unread count, for the header's bell. */
export const notificationsQuery = (limit: number) =>
  queryOptions({
    queryKey: notificationKeys.list(limit),
    queryFn: ({ signal }) => api(systemRoutes.notifications, { query: { limit }, signal, loading: false }),
  });

export const useNotifications = (limit: number) => useQuery(notificationsQuery(limit));

/** Marks one notification read; the lists and counts refresh. */
export function useMarkNotificationRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(systemRoutes.readNotification, { params: { id }, loading: false }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** Marks every own notification read. */
export function useMarkAllNotificationsRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api(systemRoutes.readAllNotifications, { loading: 'отметка уведомлений прочитанными' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
