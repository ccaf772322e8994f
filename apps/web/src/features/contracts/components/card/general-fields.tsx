import { Anchor, Checkbox, Divider, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Contract } from '@zakupki/shared/api/contracts';
import { Link } from 'react-router';
import { AppSelect } from '../../../../components/form/app-select';
import { DateField } from '../../../../components/form/date-field';
import { MoneyInput } from '../../../../components/form/money-input';
import { SearchSelect } from '../../../../components/form/search-select';
import { InnInput, KppInput, RequiredTextInput } from '../../../../components/form/text-fields';
import type { GeneralValues } from '../../model/general-values';
import type { GeneralOptions } from './general-options';

type Props = {
  form: UseFormReturnType<GeneralValues>;
  /** read-only */
  ro: boolean;
  contract: Contract | null;
  options: GeneralOptions;
};

const inputOf = (form: Props['form'], ro: boolean) => (name: keyof GeneralValues) => ({
  ...form.getInputProps(name),
  readOnly: ro,
});

/** The supplier: ИНН, КПП, МСП and name. */
export function SupplierFields({ form, ro }: Pick<Props, 'form' | 'ro'>) {
  const ip = inputOf(form, ro);
  return (
    <>
      <Divider label="Поставщик" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <InnInput label="ИНН поставщика" required {...ip('supplier_inn')} />
        <KppInput label="КПП поставщика" {...ip('supplier_kpp')} />
        <Checkbox
          mt={28}
          label="Субъект МСП"
          disabled={ro}
          {...form.getInputProps('supplier_is_sme', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <RequiredTextInput label="Наименование поставщика" required {...ip('supplier_name')} />
    </>
  );
}

/** Price, dates and the catalogue pickers: funding, basis, plan position, method, НМЦД method. */
export function TermsFields({ form, ro, contract, options }: Props) {
  const ip = inputOf(form, ro);
  const select = (name: keyof GeneralValues) => ({ ...form.getInputProps(name), readOnly: ro });
  return (
    <>
      <Divider label="Цена и сроки" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 4 }}>
        <MoneyInput label="Цена договора" required {...ip('price')} />
        <TextInput label="Валюта" maxLength={3} {...ip('currency_code')} />
        <DateField label="Начало исполнения" {...ip('start_date')} />
        <DateField label="Окончание исполнения" {...ip('end_date')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AppSelect
          label="Источник финансирования"
          clearable
          searchable
          data={options.funding}
          {...select('funding_source_id')}
        />
        <AppSelect
          label="Основание заключения договора"
          clearable
          searchable
          data={options.bases}
          {...select('contract_basis_id')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchSelect
          label="Позиция плана закупки"
          description={
            contract?.plan_position_number ? (
              <Anchor
                component={Link}
                to={`/eisPlanItems/${encodeURIComponent(contract.plan_position_number)}`}
                size="xs"
              >
                Открыть позицию плана № {contract.plan_position_number}
              </Anchor>
            ) : (
              'Поиск по номеру или словам предмета в загруженных планах закупки'
            )
          }
          clearable
          options={options.positions.options}
          selected={options.positions.selected}
          onSearch={options.positions.onSearch}
          loading={options.positions.loading}
          {...select('plan_position_number')}
        />
        <AppSelect
          label="Способ закупки"
          clearable
          searchable
          data={options.methods}
          {...select('procurement_method')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <AppSelect
          label="Метод определения НМЦД"
          clearable
          searchable
          data={options.priceMethods}
          {...select('price_method_id')}
        />
        <TextInput label="Номер извещения" {...ip('notice_number')} />
      </SimpleGrid>
    </>
  );
}

/** Where the contract stands in the EIS, and the change being recorded on a concluded one. */
export function EisFields({ form, ro, contract }: Omit<Props, 'options'>) {
  const ip = inputOf(form, ro);
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <DateField label="Размещён в ЕИС" {...ip('eis_published_at')} />
        <TextInput label="GUID в ЕИС" {...ip('eis_guid')} />
        <TextInput label="Ссылка на ЕИС" {...ip('eis_url')} />
      </SimpleGrid>
      {contract?.status === 'concluded' && !ro ? (
        <>
          <Divider label="Изменение договора" labelPosition="left" />
          <Text size="sm" c="dimmed">
            Изменение условий заключённого договора нужно разместить в ЕИС в течение 10 дней. Укажите дату
            дополнительного соглашения (пусто — сегодня).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField label="Дата изменения" {...ip('change_date')} />
            <TextInput
              label="Описание изменения"
              style={{ gridColumn: 'span 2' }}
              {...ip('change_description')}
            />
          </SimpleGrid>
        </>
      ) : null}
    </>
  );
}
