import { Alert, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import { ContractCreateInput, ContractValuesInput } from '@zakupki/shared/api/contracts-model';
import { AppSelect } from '../../../../components/form/app-select';
import { DateCheckedForm } from '../../../../components/form/date-checked-form';
import { DateField } from '../../../../components/form/date-field';
import { schemaValidate } from '../../../../components/form/schema-validate';
import { RequiredTextInput } from '../../../../components/form/text-fields';
import { useRecordForm } from '../../../../components/form/use-record-form';
import { notices } from '../../../../components/notices/notices.store';
import { type ContractSave, useSaveContract } from '../../api/contracts';
import {
  changeDateProblem,
  emptyGeneral,
  GENERAL_FIELD_OF,
  type GeneralValues,
  generalCheckBody,
  generalFrom,
  generalSave,
  moscowDay,
} from '../../model/general-values';
import { isEditable } from '../../model/status';
import { EisFields, SupplierFields, TermsFields } from './general-fields';
import { useGeneralOptions } from './general-options';

const today = () => moscowDay(new Date().toISOString()) ?? new Date().toISOString().slice(0, 10);

/**
 * «Общие сведения»: the contract's terms, checked by the API's schema (ИНН/КПП checksums, dates,
 * registry number, the price against the specification). A new contract is created here; an
 * existing one is saved whole (PUT), its specification, stages and payment terms untouched.
 */
export function GeneralForm({
  companyId,
  contract,
  canWrite,
  onCreated,
}: {
  companyId: number;
  contract: Contract | null;
  canWrite: boolean;
  onCreated?: (c: Contract) => void;
}) {
  const { form, reload, saved, onError } = useRecordForm<Contract, GeneralValues>({
    record: contract,
    id: (c) => c.id,
    version: (c) => c.revision,
    toValues: generalFrom,
    empty: emptyGeneral(),
    validate: schemaValidate(
      contract ? ContractValuesInput : ContractCreateInput,
      generalCheckBody(contract),
      {
        fieldOf: GENERAL_FIELD_OF,
        also: (v) => ({ change_date: changeDateProblem(v, today()) }),
      },
    ),
  });
  const options = useGeneralOptions(companyId, contract);
  const save = useSaveContract(companyId, {
    meta: { form: true },
    onSuccess: (c) => {
      saved();
      if (!contract) {
        notices.success('Договор добавлен', `Договор № ${c.number} внесён в реестр`);
        onCreated?.(c);
      } else notices.success('Сохранено', `Изменения договора № ${c.number} сохранены`);
    },
    onError,
  });

  const ro = !canWrite || (contract ? !isEditable(contract.status) : false);
  const ip = (name: keyof GeneralValues) => ({ ...form.getInputProps(name), readOnly: ro });

  return (
    <DateCheckedForm
      aria-label="Общие сведения договора"
      onSubmit={form.onSubmit((v) => save.mutate(generalSave(v, contract) as ContractSave))}
    >
      <Stack gap="sm">
        {contract && !isEditable(contract.status) ? (
          <Alert color="gray">Договор в этом статусе не редактируется.</Alert>
        ) : null}
        {!canWrite ? (
          <Alert color="gray">Изменять договоры этой компании вы не можете: недостаточно прав.</Alert>
        ) : null}
        <Group gap="lg">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Закон
            </Text>
            <SegmentedControl
              aria-label="Закон"
              disabled={ro}
              data={[
                { value: '223', label: '223-ФЗ' },
                { value: '44', label: '44-ФЗ' },
              ]}
              {...form.getInputProps('law')}
            />
          </Stack>
          {!contract ? (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Статус при вводе
              </Text>
              <SegmentedControl
                aria-label="Статус при вводе"
                data={[
                  { value: 'draft', label: 'Проект' },
                  { value: 'concluded', label: 'Заключен' },
                ]}
                {...form.getInputProps('status')}
              />
            </Stack>
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <RequiredTextInput label="Номер договора" required {...ip('number')} />
          <DateField label="Дата заключения" required {...ip('contract_date')} />
          <RequiredTextInput
            label="Реестровый номер ЕИС"
            description={form.values.law === '223' ? '23 цифры' : '19 цифр'}
            inputMode="numeric"
            {...ip('eis_registry_number')}
          />
        </SimpleGrid>
        <Textarea label="Предмет договора" withAsterisk autosize minRows={2} maxRows={6} {...ip('subject')} />
        <AppSelect
          label="Заказчик"
          description="Пусто — сама компания"
          clearable
          searchable
          data={options.customers}
          {...form.getInputProps('customer')}
          readOnly={ro}
        />
        <SupplierFields form={form} ro={ro} />
        <TermsFields form={form} ro={ro} contract={contract} options={options} />
        <EisFields form={form} ro={ro} contract={contract} />
        {!ro ? (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!!contract && !form.isDirty()}>
              {contract ? 'Сохранить' : 'Добавить договор'}
            </Button>
            {contract ? (
              <Button variant="default" disabled={!form.isDirty()} onClick={reload}>
                Отменить изменения
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </DateCheckedForm>
  );
}
