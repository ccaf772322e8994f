import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { User } from '@zakupki/shared/api/users';
import { ROLE_TITLES } from '@zakupki/shared/roles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { notices } from '../../../components/notices/notices.store';
import { PagedTable } from '../../../components/table/paged-table';
import { formatDate } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import { type UserAction, useUserAction, useUsers } from '../api/users';
import { ACTIONS, actionsFor, readUserFilters, USER_STATUS } from '../model/user-view';
import { UserEditModal } from './user-edit-modal';
import { UserFiltersBar } from './user-filters';

/** /users (staff): filters, approve or reject registrations, block, edit role (admin) and memberships. */
export function UsersPage() {
  const session = useSession();
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = readUserFilters(params);
  const [editing, setEditing] = useState<User | null>(null);
  const list = useUsers(filters);

  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const act = useUserAction({
    onSuccess: (_u, { action }) => notices.success('Готово', ACTIONS[action].done),
  });
  const run = (user: User, action: UserAction) => {
    const a = ACTIONS[action];
    if (!a.question) return act.mutate({ user, action });
    modals.openConfirmModal({
      title: a.label,
      children: a.question(user),
      labels: { confirm: a.label, cancel: 'Отмена' },
      confirmProps: { color: a.color },
      onConfirm: () => act.mutate({ user, action }),
    });
  };

  return (
    <Stack gap="md">
      <Title order={2}>Пользователи</Title>
      <UserFiltersBar filters={filters} setFilter={setFilter} />
      <PagedTable<User>
        aria-label="Пользователи"
        records={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={filters.page}
        limit={filters.limit}
        onPageChange={(p) => setFilter('page', String(p))}
        onLimitChange={(n) => {
          const next = new URLSearchParams(params);
          next.set('limit', String(n));
          next.delete('page');
          setParams(next, { replace: true });
        }}
        fetching={list.isFetching}
        emptyText="Пользователи не найдены"
        columns={[
          { accessor: 'title', title: 'ФИО' },
          { accessor: 'login', title: 'Логин' },
          { accessor: 'role', title: 'Роль', render: (u) => ROLE_TITLES[u.role] },
          {
            accessor: 'company_title',
            title: 'Компания',
            render: (u) => u.company_title ?? (u.company_id ? `id:${u.company_id}` : '—'),
          },
          {
            accessor: 'status',
            title: 'Статус',
            render: (u) => <Badge color={USER_STATUS[u.status].color}>{USER_STATUS[u.status].label}</Badge>,
          },
          { accessor: 'registration_number', title: 'Заявка', render: (u) => u.registration_number ?? '—' },
          { accessor: 'created_at', title: 'Создан', render: (u) => formatDate(u.created_at) },
          {
            accessor: 'actions',
            title: 'Действия',
            textAlign: 'right',
            render: (u) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {actionsFor(u).map((a) => (
                  <Button
                    key={a}
                    size="compact-xs"
                    variant="light"
                    color={ACTIONS[a].color}
                    onClick={() => run(u, a)}
                    aria-label={`${ACTIONS[a].label}: ${u.login}`}
                  >
                    {ACTIONS[a].label}
                  </Button>
                ))}
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setEditing(u)}
                  aria-label={`Изменить: ${u.login}`}
                >
                  Изменить
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <UserEditModal user={editing} isAdmin={isAdmin} onClose={() => setEditing(null)} />
    </Stack>
  );
}
