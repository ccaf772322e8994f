import { queryOptions, useQuery } from '@tanstack/react-query';
import { systemRoutes } from '@zakupki/shared/api/system';
import { userRoutes } from '@zakupki/shared/api/users';
import { api } from '../../../lib/api-client';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/**
 * Keys of the main page. Its data belongs to other roots (notifications, users), so that a push
 * or a decision on /users refreshes the page as well.
 */
export const homeKeys = {
  unreadNotifications: (limit: number) => [...queryRoots.notifications, 'unread', limit] as const,
  pendingRegistrations: () => [...queryRoots.users, 'list', { status: 'pending', count: true }] as const,
};

export const unreadNotificationsQuery = (limit = 10) =>
  queryOptions({
    queryKey: homeKeys.unreadNotifications(limit),
    queryFn: ({ signal }) =>
      api(systemRoutes.notifications, { query: { unread: 'true', limit }, signal, loading: false }),
  });
export const useUnreadNotifications = (limit = 10) => useQuery(unreadNotificationsQuery(limit));

/** «Прочитано»: POST /api/notifications/:id/read. */
export const useMarkNotificationRead = () =>
  useInvalidatingMutation({
    mutationFn: (id: number) => api(systemRoutes.readNotification, { params: { id }, loading: false }),
    invalidates: () => [queryRoots.notifications],
  });

/** «Отметить все прочитанными». */
export const useMarkAllNotificationsRead = () =>
  useInvalidatingMutation({
    mutationFn: () => api(systemRoutes.readAllNotifications, { loading: 'отметка уведомлений прочитанными' }),
    invalidates: () => [queryRoots.notifications],
  });

/** How many registrations wait for approval (staff): GET /api/users?status=pending&limit=1 → total. */
export const usePendingRegistrations = () =>
  useQuery({
    queryKey: homeKeys.pendingRegistrations(),
    queryFn: async ({ signal }) =>
      (await api(userRoutes.list, { query: { status: 'pending', limit: 1 }, signal, loading: false })).total,
  });
