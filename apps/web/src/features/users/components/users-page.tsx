import { Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { USER_STATUSES, type User, type UserStatus } from '@zakupki/shared/api/users';
import { ROLE_TITLES, ROLES, type Role } from '@zakupki/shared/roles';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AppSelect } from '../../../components/form/app-select';
import { notices } from '../../../components/notices/notices.store';
import { PagedTable } from '../../../components/table/paged-table';
import { companyLabel } from '../../../lib/company';
import { useMyCompanies } from '../../../lib/company-queries';
import { formatDate } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import { type UserAction, type UserFilters, useUserAction, useUsers } from '../api/users';
import { UserEditModal } from './user-edit-modal';

export const USER_STATUS: Record<UserStatus, { label: string; color: string }> = {
  pending: { label: 'Ожидает одобрения', color: 'yellow' },
  active: { label: 'Активен', color: 'green' },
  blocked: { label: 'Заблокирован', color: 'red' },
  rejected: { label: 'Отклонён', color: 'gray' },
};

const ACTIONS: Record<
  UserAction,
  { label: string; done: string; question?: (u: User) => string; color?: string }
> = {
  approve: { label: 'Одобрить', done: 'Заявка одобрена, пользователь может войти' },
  reject: {
    label: 'Отклонить',
    done: 'Заявка отклонена',
    question: (u) => `Отклонить заявку ${u.registration_number ?? ''} пользователя ${u.login}?`,
    color: 'red',
  },
  block: {
    label: 'Заблокировать',
    done: 'Пользователь заблокирован, его сеансы завершены',
    question: (u) => `Заблокировать пользователя ${u.login}? Он не сможет войти в систему.`,
    color: 'red',
  },
  unblock: { label: 'Разблокировать', done: 'Пользователь разблокирован' },
};

/** Filters of the users register, kept in the URL (?status=pending&role=client&company_id=1&q=…&page=2). */
export function readUserFilters(p: URLSearchParams): UserFilters {
  const status = p.get('status');
  const role = p.get('role');
  const company = Number(p.get('company_id'));
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  return {
    status: (USER_STATUSES as readonly string[]).includes(status ?? '') ? (status as UserStatus) : undefined,
    role: (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : undefined,
    company_id: Number.isInteger(company) && company > 0 ? company : undefined,
    q: p.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: [10, 25, 50, 100].includes(limit) ? limit : 10,
  };
}

function actionsFor(u: User): UserAction[] {
  if (u.status === 'pending') return ['approve', 'reject'];
  if (u.status === 'active') return ['block'];
  if (u.status === 'blocked') return ['unblock'];
  return [];
}

/** /users (staff): filters, approve or reject registrations, block, edit role (admin) and memberships. */
export function UsersPage() {
  const session = useSession();
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = readUserFilters(params);
  const [q, setQ] = useState(filters.q ?? '');
  const [editing, setEditing] = useState<User | null>(null);
  const list = useUsers(filters);
  // companies the staff member may act for: options of the company filter
  const companies = useMyCompanies();

  const setFilter = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const setSearch = useDebouncedCallback((v: string) => setFilter('q', v.trim() || null), 400);

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

  const companyOptions = (companies.data ?? []).map((c) => ({ value: String(c.id), label: companyLabel(c) }));

  return (
    <Stack gap="md">
      <Title order={2}>Пользователи</Title>
      <Group gap="sm" align="flex-end" role="search">
        <TextInput
          label="Поиск"
          placeholder="ФИО, логин или номер заявки"
          w={280}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            setSearch(e.currentTarget.value);
          }}
        />
        <AppSelect
          label="Статус"
          w={200}
          clearable
          placeholder="Все"
          data={USER_STATUSES.map((s) => ({ value: s, label: USER_STATUS[s].label }))}
          value={filters.status ?? null}
          onChange={(v) => setFilter('status', v)}
        />
        <AppSelect
          label="Роль"
          w={180}
          clearable
          placeholder="Все"
          data={ROLES.map((r) => ({ value: r, label: ROLE_TITLES[r] }))}
          value={filters.role ?? null}
          onChange={(v) => setFilter('role', v)}
        />
        <AppSelect
          label="Компания"
          w={320}
          clearable
          searchable
          placeholder="Все"
          data={companyOptions}
          value={filters.company_id ? String(filters.company_id) : null}
          onChange={(v) => setFilter('company_id', v)}
        />
      </Group>
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
