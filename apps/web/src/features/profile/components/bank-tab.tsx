import { Badge, SimpleGrid, Switch } from '@mantine/core';
import type { BankRequisite } from '@zakupki/shared/api/companies';
import { BankRequisiteInput, companyRoutes } from '@zakupki/shared/api/companies';
import type { z } from 'zod';
import { AccountInput, BikInput, RequiredTextInput } from '../../../components/form/text-fields';

import { CrudTab } from './crud-tab';

/** A row of the list, with the server's `can_delete`. */
type Bank = z.infer<typeof BankRequisite> & { can_delete: boolean };
type Values = {
  bank_name: string;
  bik: string;
  settlement_account: string;
  correspondent_account: string;
  is_main: boolean;
};
const empty: Values = {
  bank_name: '',
  bik: '',
  settlement_account: '',
  correspondent_account: '',
  is_main: false,
};

/** Bank requisites: БИК, р/с and к/с with the control-key checks of packages/shared. */
export function BankTab({ companyId, canWrite }: { companyId: number; canWrite: boolean }) {
  return (
    <CrudTab<Bank, Values>
      companyId={companyId}
      canWrite={canWrite}
      resource="bank_requesits"
      routes={companyRoutes.bank}
      columns={[
        { accessor: 'bank_name', title: 'Банк' },
        { accessor: 'bik', title: 'БИК' },
        { accessor: 'settlement_account', title: 'Расчётный счёт' },
        { accessor: 'correspondent_account', title: 'Корр. счёт' },
        {
          accessor: 'is_main',
          title: 'Основные',
          render: (b) => (b.is_main ? <Badge>Основные</Badge> : null),
        },
      ]}
      emptyValues={empty}
      toValues={(b) => ({
        bank_name: b.bank_name,
        bik: b.bik,
        settlement_account: b.settlement_account,
        correspondent_account: b.correspondent_account ?? '',
        is_main: b.is_main,
      })}
      schema={BankRequisiteInput}
      toBody={(v) => ({
        bank_name: v.bank_name.trim(),
        bik: v.bik.trim(),
        settlement_account: v.settlement_account.trim(),
        correspondent_account: v.correspondent_account.trim() || null,
        is_main: v.is_main,
      })}
      renderFields={(form) => (
        <>
          <RequiredTextInput label="Наименование банка" required {...form.getInputProps('bank_name')} />
          <BikInput required {...form.getInputProps('bik')} />
          <SimpleGrid cols={2}>
            <AccountInput required {...form.getInputProps('settlement_account')} />
            <AccountInput label="Корреспондентский счёт" {...form.getInputProps('correspondent_account')} />
          </SimpleGrid>
          <Switch label="Основные реквизиты" {...form.getInputProps('is_main', { type: 'checkbox' })} />
        </>
      )}
      labels={{
        table: 'Банковские реквизиты',
        add: 'Добавить реквизиты',
        createTitle: 'Новые банковские реквизиты',
        editTitle: 'Изменение банковских реквизитов',
        saved: 'Банковские реквизиты сохранены',
        deleted: 'Банковские реквизиты удалены',
        deleteQuestion: (b) => `Удалить реквизиты счёта ${b.settlement_account} в банке «${b.bank_name}»?`,
        name: (b) => `${b.bank_name}, ${b.settlement_account}`,
      }}
    />
  );
}
