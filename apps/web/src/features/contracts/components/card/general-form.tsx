import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Contract } from '@zakupki/shared/api/contracts';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AppSelect } from '../../../../components/form/app-select';
import { DateCheckedForm } from '../../../../components/form/date-checked-form';
import { DateField } from '../../../../components/form/date-field';
import { applyServerErrors } from '../../../../components/form/form-errors';
import { MoneyInput } from '../../../../components/form/money-input';
import { SearchSelect } from '../../../../components/form/search-select';
import { InnInput, KppInput, RequiredTextInput } from '../../../../components/form/text-fields';
import { notices } from '../../../../components/notices/notices.store';
import {
  type ContractSave,
  useCatalogOptions,
  useCustomerOptions,
  usePlanPositionOptions,
  useProcurementMethods,
  useSaveContract,
} from '../../api/contracts';
import { updateBodyFrom } from '../../model/contract-body';
import {
  emptyGeneral,
  type GeneralValues,
  generalFrom,
  generalRules,
  generalToBody,
  KEEP_CUSTOMER,
  KEEP_METHOD,
  moscowDay,
} from '../../model/general-values';
import { rowsFromContract } from '../../model/spec';
import { isEditable } from '../../model/status';

/** «number — subject» of a plan position, the subject cut to fit a select. */
const positionLabel = (number: string, subject: string) =>
  `${number} — ${subject.length > 120 ? `${subject.slice(0, 119)}…` : subject}`;

const today = () => moscowDay(new Date().toISOString()) ?? new Date().toISOString().slice(0, 10);

/**
 * «Общие сведения»: the contract's terms with checks (ИНН/КПП checksums, dates, registry
 * number, the price against the specification). A new contract is created here; an existing
 * one is saved whole (PUT), its specification, stages and payment terms untouched.
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
  const items = contract ? rowsFromContract(contract) : [];
  const form = useForm<GeneralValues>({
    mode: 'controlled',
    initialValues: contract ? generalFrom(contract) : emptyGeneral(),
    validate: generalRules(items, today()),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another revision arrives
  useEffect(() => {
    if (!contract) return;
    form.setValues(generalFrom(contract));
    form.resetDirty(generalFrom(contract));
  }, [contract?.id, contract?.revision]);

  const customers = useCustomerOptions(companyId);
  const funding = useCatalogOptions(companyId, 8);
  const bases = useCatalogOptions(companyId, 9);
  const catalogOptions = (list: typeof funding.data, current: number | null | undefined) => {
    const opts = (list?.items ?? [])
      .filter((e) => !e.archived_at || e.id === current)
      .map((e) => ({ value: String(e.id), label: e.code ? `${e.code}. ${e.title}` : e.title }));
    if (current && !opts.some((o) => o.value === String(current))) {
      opts.push({ value: String(current), label: `Запись справочника id:${current}` });
    }
    return opts;
  };
  // the procurement method is an entry of its catalogue (its code gives the EIS purchase type); a
  // method kept from before the catalogue (an EIS import, a text) stays until another is chosen
  const methods = useProcurementMethods(companyId);
  const methodOptions = (methods.data?.items ?? [])
    .filter((m) => !m.archived_at || m.id === contract?.procurement_method_id)
    .map((m) => ({ value: String(m.id), label: m.title }));
  if (
    contract?.procurement_method_id &&
    !methodOptions.some((o) => o.value === String(contract.procurement_method_id))
  )
    methodOptions.push({
      value: String(contract.procurement_method_id),
      label: contract.procurement_method_name ?? `Запись справочника id:${contract.procurement_method_id}`,
    });
  if (
    contract &&
    !contract.procurement_method_id &&
    (contract.procurement_method_name || contract.procurement_method_code)
  )
    methodOptions.push({
      value: KEEP_METHOD,
      label: `${contract.procurement_method_name || contract.procurement_method_code} (не из справочника)`,
    });
  const priceMethods = useCatalogOptions(companyId, 1);
  const [positionText, setPositionText] = useState('');
  const positions = usePlanPositionOptions(companyId, positionText);
  const positionOptions = (positions.data?.items ?? []).map((p) => ({
    value: p.number,
    label: positionLabel(p.number, p.subject),
  }));
  const stored = contract?.plan_position_number;
  const storedPosition = stored
    ? {
        value: stored,
        label: contract.plan_position_subject
          ? positionLabel(stored, contract.plan_position_subject)
          : `${stored} (нет в загруженных планах закупки)`,
      }
    : null;
  const customerOptions = [
    ...(contract && !contract.customer_id
      ? [
          {
            value: KEEP_CUSTOMER,
            label: `${contract.customer_name} (ИНН ${contract.customer_inn})`,
          },
        ]
      : []),
    ...(customers.data?.items ?? []).map((c) => ({
      value: String(c.id),
      label: `${c.title} (ИНН ${c.inn})`,
    })),
  ];

  const toSave = (v: GeneralValues): ContractSave => {
    const fields = generalToBody(v, contract);
    if (!contract) return { id: null, body: { ...fields, status: v.status } };
    const change =
      contract.status === 'concluded' && v.change_date
        ? { date: v.change_date, description: v.change_description.trim() || null }
        : null;
    return { id: contract.id, body: updateBodyFrom(contract, { ...fields, change }) };
  };
  const save = useSaveContract(companyId, {
    meta: { form: true },
    onSuccess: (c) => {
      if (!contract) {
        notices.success('Договор добавлен', `Договор № ${c.number} внесён в реестр`);
        onCreated?.(c);
      } else notices.success('Сохранено', `Изменения договора № ${c.number} сохранены`);
    },
    onError: (err) => applyServerErrors(form, err),
  });

  const ro = !canWrite || (contract ? !isEditable(contract.status) : false);
  const ip = (name: keyof GeneralValues) => ({ ...form.getInputProps(name), readOnly: ro });

  return (
    <DateCheckedForm
      aria-label="Общие сведения договора"
      onSubmit={form.onSubmit((v) => save.mutate(toSave(v)))}
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
          data={customerOptions}
          {...form.getInputProps('customer')}
          readOnly={ro}
        />
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
            data={catalogOptions(funding.data, contract?.funding_source_id)}
            {...form.getInputProps('funding_source_id')}
            readOnly={ro}
          />
          <AppSelect
            label="Основание заключения договора"
            clearable
            searchable
            data={catalogOptions(bases.data, contract?.contract_basis_id)}
            {...form.getInputProps('contract_basis_id')}
            readOnly={ro}
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
            options={positionOptions}
            selected={storedPosition}
            onSearch={setPositionText}
            loading={positions.isFetching}
            {...form.getInputProps('plan_position_number')}
            readOnly={ro}
          />
          <AppSelect
            label="Способ закупки"
            clearable
            searchable
            data={methodOptions}
            {...form.getInputProps('procurement_method')}
            readOnly={ro}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <AppSelect
            label="Метод определения НМЦД"
            clearable
            searchable
            data={catalogOptions(priceMethods.data, contract?.price_method_id)}
            {...form.getInputProps('price_method_id')}
            readOnly={ro}
          />
          <TextInput label="Номер извещения" {...ip('notice_number')} />
        </SimpleGrid>
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
        {!ro ? (
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!!contract && !form.isDirty()}>
              {contract ? 'Сохранить' : 'Добавить договор'}
            </Button>
            {contract ? (
              <Button
                variant="default"
                disabled={!form.isDirty()}
                onClick={() => form.setValues(generalFrom(contract))}
              >
                Отменить изменения
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </DateCheckedForm>
  );
}
