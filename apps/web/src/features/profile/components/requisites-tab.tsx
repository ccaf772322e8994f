import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { type Company, CompanyInput } from '@zakupki/shared/api/companies';
import { schemaValidate } from '../../../components/form/schema-validate';
import {
  EmailInput,
  InnInput,
  KppInput,
  OgrnInput,
  PhoneInput,
  RequiredTextInput,
} from '../../../components/form/text-fields';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { selectCompany, selectedCompanyStore } from '../../../lib/company';
import { useUpdateCompany } from '../../../lib/company-queries';
import { phoneProblem } from '../../../lib/validators';

type Values = {
  title: string;
  full_title: string;
  inn: string;
  kpp: string;
  ogrn: string;
  legal_address: string;
  postal_address: string;
  email: string;
  phone: string;
};

const toValues = (c: Company): Values => ({
  title: c.title ?? '',
  full_title: c.full_title ?? '',
  inn: c.inn,
  kpp: c.kpp ?? '',
  ogrn: c.ogrn ?? '',
  legal_address: c.legal_address ?? '',
  postal_address: c.postal_address ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
});

const orNull = (s: string) => s.trim() || null;

/** The body of PUT /api/companies/:id. */
const toBody = (v: Values) => ({
  title: v.title.trim(),
  full_title: orNull(v.full_title),
  inn: v.inn.trim(),
  kpp: orNull(v.kpp),
  ogrn: orNull(v.ogrn),
  legal_address: orNull(v.legal_address),
  postal_address: orNull(v.postal_address),
  email: orNull(v.email),
  phone: orNull(v.phone),
});

/** Requisites of the company (PUT /api/companies/:id) — read-only without company.update. */
export function RequisitesTab({ company, canWrite }: { company: Company; canWrite: boolean }) {
  const { form, saved, onError } = useRecordForm<Company, Values>({
    record: company,
    id: (c) => c.id,
    // a company has no revision: any change of what the server holds is a new version
    version: (c) => JSON.stringify(c),
    toValues,
    empty: toValues(company),
    validate: schemaValidate(CompanyInput, toBody, { also: (v) => ({ phone: phoneProblem(v.phone) }) }),
  });
  const save = useUpdateCompany(company.id, {
    meta: { form: true },
    onSuccess: (c) => {
      saved();
      notices.success('Сохранено', 'Реквизиты компании сохранены');
      if (selectedCompanyStore.get()?.id === c.id) selectCompany({ id: c.id, title: c.title }, false);
    },
    onError,
  });
  const ro = !canWrite;
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate(toBody(v)))}>
      <Stack gap="sm" maw={900}>
        {ro ? (
          <Alert color="gray">Изменять реквизиты этой компании вы не можете: недостаточно прав.</Alert>
        ) : null}
        <RequiredTextInput
          label="Краткое наименование"
          required
          readOnly={ro}
          {...form.getInputProps('title')}
        />
        <RequiredTextInput label="Полное наименование" readOnly={ro} {...form.getInputProps('full_title')} />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <InnInput required readOnly={ro} {...form.getInputProps('inn')} />
          <KppInput readOnly={ro} {...form.getInputProps('kpp')} />
          <OgrnInput readOnly={ro} {...form.getInputProps('ogrn')} />
        </SimpleGrid>
        <RequiredTextInput label="Юридический адрес" readOnly={ro} {...form.getInputProps('legal_address')} />
        <RequiredTextInput label="Почтовый адрес" readOnly={ro} {...form.getInputProps('postal_address')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <EmailInput readOnly={ro} {...form.getInputProps('email')} />
          <PhoneInput readOnly={ro} {...form.getInputProps('phone')} />
        </SimpleGrid>
        {canWrite ? (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
              Сохранить
            </Button>
            <Button
              variant="default"
              onClick={() => form.setValues(toValues(company))}
              disabled={!form.isDirty()}
            >
              Отменить изменения
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
