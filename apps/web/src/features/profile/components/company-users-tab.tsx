import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import type { CompanyUser } from '@zakupki/shared/api/companies';
import { isStaff, ROLE_TITLES } from '@zakupki/shared/roles';
import { useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { PagedTable } from '../../../components/table/paged-table';
import { PERMISSION_TITLES } from '../../../lib/permissions';
import { useSession } from '../../../lib/session-store';
import { useCompanyUsers } from '../api/company-users';

type Row = z.infer<typeof CompanyUser>;

export const USER_STATUS_TITLES: Record<string, { label: string; color: string }> = {
  active: { label: 'Активен', color: 'green' },
  pending: { label: 'Ожидает одобрения', color: 'yellow' },
  blocked: { label: 'Заблокирован', color: 'red' },
  rejected: { label: 'Отклонён', color: 'gray' },
};

/** Users of the company (GET /api/companies/:id/users); staff manage them on /users. */
export function CompanyUsersTab({ companyId }: { companyId: number }) {
  const session = useSession();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const q = useCompanyUsers(companyId, page, limit);
  const staff = session.status === 'authenticated' && isStaff(session.user.role);
  return (
    <Stack gap="sm">
      {staff ? (
        <Group>
          <Anchor component={Link} to={`/users?company_id=${companyId}`} size="sm">
            Управление пользователями компании
          </Anchor>
        </Group>
      ) : null}
      <PagedTable<Row>
        aria-label="Пользователи компании"
        records={q.data?.items ?? []}
        total={q.data?.total ?? 0}
        page={page}
        limit={limit}
        onPageChange={setPage}
        onLimitChange={(n) => {
          setLimit(n);
          setPage(1);
        }}
        fetching={q.isFetching}
        columns={[
          { accessor: 'title', title: 'ФИО' },
          { accessor: 'login', title: 'Логин' },
          { accessor: 'role', title: 'Роль', render: (u) => ROLE_TITLES[u.role] },
          {
            accessor: 'status',
            title: 'Статус',
            render: (u) => {
              const s = USER_STATUS_TITLES[u.status];
              return s ? <Badge color={s.color}>{s.label}</Badge> : u.status;
            },
          },
          {
            accessor: 'permissions',
            title: 'Права в компании',
            render: (u) => <Text size="xs">{u.permissions.map((x) => PERMISSION_TITLES[x]).join(', ')}</Text>,
          },
        ]}
      />
    </Stack>
  );
}
