import { Badge, SimpleGrid, Switch } from '@mantine/core';
import type { Contact } from '@zakupki/shared/api/companies';
import { ContactInput, companyRoutes } from '@zakupki/shared/api/companies';
import { EmailInput, PhoneInput, RequiredTextInput } from '../../../components/form/text-fields';
import { phoneProblem } from '../../../lib/validators';

import { CrudTab } from './crud-tab';

type Values = { full_name: string; position: string; email: string; phone: string; is_active: boolean };

const empty: Values = { full_name: '', position: '', email: '', phone: '', is_active: false };

/** Contacts: paged, filterable; one of them is the active contact (setting another replaces it). */
export function ContactsTab({ companyId, canWrite }: { companyId: number; canWrite: boolean }) {
  return (
    <CrudTab<Contact & { can_delete: boolean }, Values>
      companyId={companyId}
      canWrite={canWrite}
      resource="contacts"
      routes={companyRoutes.contacts}
      alsoInvalidate={['active_contact']}
      filters={[
        { name: 'full_name', label: 'ФИО' },
        { name: 'position', label: 'Должность' },
        { name: 'email', label: 'E-mail' },
        { name: 'phone', label: 'Телефон' },
        { name: 'is_active', label: 'Активный', kind: 'bool' },
      ]}
      columns={[
        { accessor: 'full_name', title: 'ФИО' },
        { accessor: 'position', title: 'Должность' },
        { accessor: 'email', title: 'E-mail' },
        { accessor: 'phone', title: 'Телефон' },
        {
          accessor: 'is_active',
          title: 'Активный',
          render: (c) => (c.is_active ? <Badge color="green">Активный</Badge> : null),
        },
      ]}
      emptyValues={empty}
      toValues={(c) => ({
        full_name: c.full_name,
        position: c.position ?? '',
        email: c.email ?? '',
        phone: c.phone ?? '',
        is_active: c.is_active,
      })}
      schema={ContactInput}
      also={(v) => ({ phone: phoneProblem(v.phone) })}
      toBody={(v) => ({
        full_name: v.full_name.trim(),
        position: v.position.trim() || null,
        email: v.email.trim() || null,
        phone: v.phone.trim() || null,
        is_active: v.is_active,
      })}
      renderFields={(form) => (
        <>
          <RequiredTextInput label="ФИО" required {...form.getInputProps('full_name')} />
          <RequiredTextInput label="Должность" {...form.getInputProps('position')} />
          <SimpleGrid cols={2}>
            <EmailInput {...form.getInputProps('email')} />
            <PhoneInput {...form.getInputProps('phone')} />
          </SimpleGrid>
          <Switch
            label="Активный контакт"
            description="Активный контакт у компании один: отмеченный контакт заменит текущий"
            {...form.getInputProps('is_active', { type: 'checkbox' })}
          />
        </>
      )}
      labels={{
        table: 'Контакты компании',
        add: 'Добавить контакт',
        createTitle: 'Новый контакт',
        editTitle: 'Изменение контакта',
        saved: 'Контакт сохранён',
        deleted: 'Контакт удалён',
        deleteQuestion: (c) => `Удалить контакт «${c.full_name}»?`,
        name: (c) => c.full_name,
      }}
    />
  );
}
