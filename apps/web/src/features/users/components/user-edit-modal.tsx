import { Modal, Stack, Switch } from '@mantine/core';
import { type User, UserUpdate } from '@zakupki/shared/api/users';
import { ROLE_TITLES, ROLES, type Role } from '@zakupki/shared/roles';
import { AppMultiSelect, AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { schemaValidate } from '../../../components/form/schema-validate';
import { RequiredTextInput } from '../../../components/form/text-fields';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { companyLabel } from '../../../lib/company';
import { useMyCompanies } from '../../../lib/company-queries';
import { type UserUpdateBody, useUpdateUser } from '../api/users';

type Values = {
  title: string;
  role: Role;
  company_id: string;
  early_access: boolean;
  memberships: string[];
};

const toValues = (u: User): Values => ({
  title: u.title,
  role: u.role,
  company_id: u.company_id ? String(u.company_id) : '',
  early_access: u.early_access,
  memberships: u.memberships.map((m) => String(m.company_id)),
});

/** The body of PUT /api/users/:id: role only from an admin; kept memberships keep their permissions. */
export function userUpdateBody(user: User, v: Values, isAdmin: boolean): UserUpdateBody {
  const kept = new Map(user.memberships.map((m) => [m.company_id, m.permissions]));
  return {
    title: v.title.trim(),
    ...(isAdmin ? { role: v.role } : {}),
    ...(v.company_id ? { company_id: Number(v.company_id) } : {}),
    early_access: v.early_access,
    memberships: v.memberships.map((id) => ({
      company_id: Number(id),
      permissions: kept.get(Number(id)) ?? null,
    })),
  };
}

/** Edit a user (staff): name, home company, memberships, early access; the role by an admin only. */
export function UserEditModal({
  user,
  isAdmin,
  onClose,
}: {
  user: User | null;
  isAdmin: boolean;
  onClose: () => void;
}) {
  const companies = useMyCompanies();
  const known = new Map((companies.data ?? []).map((c) => [c.id, companyLabel(c)]));
  for (const m of user?.memberships ?? [])
    if (!known.has(m.company_id)) known.set(m.company_id, m.company_title ?? `id:${m.company_id}`);
  if (user?.company_id && !known.has(user.company_id))
    known.set(user.company_id, user.company_title ?? `id:${user.company_id}`);
  const options = [...known].map(([id, label]) => ({ value: String(id), label }));

  const { form, onError } = useRecordForm<User, Values>({
    record: user,
    id: (u) => u.id,
    toValues,
    empty: { title: '', role: 'client', company_id: '', early_access: false, memberships: [] },
    // the dialog asks for the name and the home company, which an update may leave out
    validate: schemaValidate(UserUpdate.required({ title: true, company_id: true }), (v: Values) =>
      user ? userUpdateBody(user, v, isAdmin) : {},
    ),
  });
  const save = useUpdateUser({
    meta: { form: true },
    onSuccess: () => {
      notices.success('Сохранено', 'Данные пользователя сохранены');
      onClose();
    },
    onError,
  });
  return (
    <Modal opened={!!user} onClose={onClose} title={`Пользователь ${user?.login ?? ''}`} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          save.mutate({ id: user!.id, body: userUpdateBody(user!, v, isAdmin) }),
        )}
      >
        <Stack gap="sm">
          <RequiredTextInput label="ФИО" required {...form.getInputProps('title')} />
          <AppSelect
            label="Роль"
            description={isAdmin ? undefined : 'Роль меняет только администратор'}
            disabled={!isAdmin}
            data={ROLES.map((r) => ({ value: r, label: ROLE_TITLES[r] }))}
            allowDeselect={false}
            {...form.getInputProps('role')}
          />
          <AppSelect
            label="Основная компания"
            required
            searchable
            data={options}
            allowDeselect={false}
            {...form.getInputProps('company_id')}
          />
          <AppMultiSelect
            label="Компании, за которые пользователь может действовать"
            description="Права в добавленной компании — по роли пользователя"
            searchable
            data={options}
            {...form.getInputProps('memberships')}
          />
          <Switch
            label="Ранний доступ к новым функциям"
            {...form.getInputProps('early_access', { type: 'checkbox' })}
          />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
