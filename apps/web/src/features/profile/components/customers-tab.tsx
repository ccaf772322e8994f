import { Checkbox, SimpleGrid } from '@mantine/core';
import type { Customer } from '@zakupki/shared/api/companies';
import { CustomerInput, companyRoutes } from '@zakupki/shared/api/companies';
import type { z } from 'zod';
import { InnInput, KppInput, OgrnInput, RequiredTextInput } from '../../../components/form/text-fields';

import { CrudTab } from './crud-tab';

/** A row of the list, with the server's `can_delete`. */
type Row = z.infer<typeof Customer> & { can_delete: boolean };
type Values = {
  title: string;
  inn: string;
  kpp: string;
  ogrn: string;
  address: string;
  annual_revenue_over_5bn: boolean;
};
const empty: Values = { title: '', inn: '', kpp: '', ogrn: '', address: '', annual_revenue_over_5bn: false };

/** Customers (заказчики) that buy under this company's procurement rules. */
export function CustomersTab({ companyId, canWrite }: { companyId: number; canWrite: boolean }) {
  return (
    <CrudTab<Row, Values>
      companyId={companyId}
      canWrite={canWrite}
      resource="customers"
      routes={companyRoutes.customers}
      filters={[
        { name: 'title', label: 'Наименование' },
        { name: 'inn', label: 'ИНН' },
      ]}
      columns={[
        { accessor: 'title', title: 'Наименование' },
        { accessor: 'inn', title: 'ИНН' },
        { accessor: 'kpp', title: 'КПП' },
        { accessor: 'ogrn', title: 'ОГРН' },
        { accessor: 'address', title: 'Адрес' },
      ]}
      emptyValues={empty}
      toValues={(c) => ({
        title: c.title,
        inn: c.inn,
        kpp: c.kpp ?? '',
        ogrn: c.ogrn ?? '',
        address: c.address ?? '',
        annual_revenue_over_5bn: c.annual_revenue_over_5bn,
      })}
      schema={CustomerInput}
      toBody={(v) => ({
        title: v.title.trim(),
        inn: v.inn.trim(),
        kpp: v.kpp.trim() || null,
        ogrn: v.ogrn.trim() || null,
        address: v.address.trim() || null,
        annual_revenue_over_5bn: v.annual_revenue_over_5bn,
      })}
      renderFields={(form) => (
        <>
          <RequiredTextInput label="Наименование" required {...form.getInputProps('title')} />
          <SimpleGrid cols={3}>
            <InnInput required {...form.getInputProps('inn')} />
            <KppInput {...form.getInputProps('kpp')} />
            <OgrnInput {...form.getInputProps('ogrn')} />
          </SimpleGrid>
          <RequiredTextInput label="Адрес" {...form.getInputProps('address')} />
          <Checkbox
            label="Годовая выручка более 5 млрд рублей"
            {...form.getInputProps('annual_revenue_over_5bn', { type: 'checkbox' })}
          />
        </>
      )}
      labels={{
        table: 'Заказчики',
        add: 'Добавить заказчика',
        createTitle: 'Новый заказчик',
        editTitle: 'Изменение заказчика',
        saved: 'Заказчик сохранён',
        deleted: 'Заказчик удалён',
        deleteQuestion: (c) => `Удалить заказчика «${c.title}»?`,
        name: (c) => c.title,
      }}
    />
  );
}
