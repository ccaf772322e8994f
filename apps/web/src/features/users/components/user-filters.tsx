import { Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { USER_STATUSES } from '@zakupki/shared/api/users';
import { ROLE_TITLES, ROLES } from '@zakupki/shared/roles';
import { useState } from 'react';
import { AppSelect } from '../../../components/form/app-select';
import { companyLabel } from '../../../lib/company';
import { useMyCompanies } from '../../../lib/company-queries';
import type { UserFilters } from '../api/users';
import { USER_STATUS } from '../model/user-view';

/**
 * The register's filters: the search (sent when the user stops typing), status, role and the
 * companies the staff member may act for. `setFilter` keeps them in the URL.
 */
export function UserFiltersBar({
  filters,
  setFilter,
}: {
  filters: UserFilters;
  setFilter: (name: string, value: string | null) => void;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  const setSearch = useDebouncedCallback((v: string) => setFilter('q', v.trim() || null), 400);
  // companies the staff member may act for: options of the company filter
  const companies = useMyCompanies();
  const companyOptions = (companies.data ?? []).map((c) => ({ value: String(c.id), label: companyLabel(c) }));
  return (
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
  );
}
