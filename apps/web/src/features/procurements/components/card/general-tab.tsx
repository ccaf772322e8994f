import {
  Anchor,
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
import { SUBJECT_KIND_TITLES, SUBJECT_KINDS } from '@zakupki/shared/api/catalog-values';
import { Link } from 'react-router';
import { AppSelect } from '../../../../components/form/app-select';
import { MoneyInput } from '../../../../components/form/money-input';
import { catalogEntryLabel } from '../../../../lib/formatters';
import { useCatalogOptions, useCustomerOptions, useMethodOptions } from '../../api/options';
import type { ProcurementValues } from '../../model/form';
import { PlanPositionPicker } from '../pickers';
import type { CardFormProps } from './card-form';

type Entry = { id: number; title: string; code?: string | null; archived_at?: string | null };

/** Options of a catalogue: live entries and the one the procurement holds (even if archived). */
function catalogOptions(list: Entry[] | undefined, current: string | null, currentTitle: string | null) {
  const opts = (list ?? [])
    .filter((e) => !e.archived_at || String(e.id) === current)
    .map((e) => ({ value: String(e.id), label: catalogEntryLabel(e) }));
  if (current && !opts.some((o) => o.value === current))
    opts.push({ value: current, label: currentTitle ?? `Запись справочника id:${current}` });
  return opts;
}

/**
 * A value the reader cannot change: a filled, read-only field with the name the procurement
 * carries («не указан» when empty), so it neither looks editable nor reads «нет значения».
 */
function ReadOnlyValue({ label, value }: { label: string; value: string | null }) {
  return <TextInput label={label} readOnly variant="filled" value={value ?? 'не указан'} />;
}

/** «Общие сведения»: customer, method, subject, НМЦД and its method, funding, plan position, securities, flags. */
export function GeneralTab({ companyId, procurement: p, form, readOnly: ro }: CardFormProps) {
  // a read-only card shows the names the procurement carries: no catalogue is asked (a client may not read them)
  const customers = useCustomerOptions(companyId, !ro);
  const methods = useMethodOptions(companyId, !ro);
  const nmcdMethods = useCatalogOptions(companyId, 1, !ro);
  const funding = useCatalogOptions(companyId, 8, !ro);
  const ip = (name: keyof ProcurementValues) => ({
    ...form.getInputProps(name),
    readOnly: ro,
    variant: ro ? 'filled' : undefined,
  });
  const customerOptions = (customers.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.title} (ИНН ${c.inn})`,
  }));
  if (p.customer_id && !customerOptions.some((o) => o.value === String(p.customer_id)))
    customerOptions.push({ value: String(p.customer_id), label: p.customer_title });
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Внутренний номер" description="Пусто — присвоит система" {...ip('number')} />
        <TextInput label="Номер извещения в ЕИС" inputMode="numeric" {...ip('eis_notice_number')} />
        <TextInput
          label="Положение о закупке"
          readOnly
          variant="filled"
          value={
            p.rule_version_id === null
              ? 'не привязана к Положению'
              : `${p.rule_title}, редакция ${p.rule_version_number}`
          }
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {ro ? (
          <ReadOnlyValue label="Заказчик" value={p.customer_title} />
        ) : (
          <AppSelect
            label="Заказчик"
            description="Пусто — сама компания"
            clearable
            searchable
            data={customerOptions}
            {...form.getInputProps('customer_id')}
          />
        )}
        {ro ? (
          <ReadOnlyValue label="Способ закупки" value={p.method_title} />
        ) : (
          <AppSelect
            label="Способ закупки"
            description="Из справочника способов; допустимость проверяется по положению"
            required
            searchable
            data={catalogOptions(methods.data?.items, form.values.method_id, p.method_title)}
            {...form.getInputProps('method_id')}
          />
        )}
      </SimpleGrid>
      <Textarea label="Предмет закупки" withAsterisk autosize minRows={2} maxRows={6} {...ip('subject')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Вид предмета
        </Text>
        <SegmentedControl
          aria-label="Вид предмета"
          disabled={ro}
          data={SUBJECT_KINDS.map((k) => ({ value: k, label: SUBJECT_KIND_TITLES[k] }))}
          {...form.getInputProps('subject_type')}
        />
      </Stack>
      <Divider label="НМЦД" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <MoneyInput label="НМЦД" required {...ip('nmcd')} />
        {ro ? (
          <ReadOnlyValue label="Метод определения НМЦД" value={p.nmcd_method_title} />
        ) : (
          <AppSelect
            label="Метод определения НМЦД"
            clearable
            searchable
            data={catalogOptions(nmcdMethods.data?.items, form.values.nmcd_method_id, p.nmcd_method_title)}
            {...form.getInputProps('nmcd_method_id')}
          />
        )}
        <TextInput label="Валюта" maxLength={3} {...ip('currency_code')} />
      </SimpleGrid>
      <Textarea label="Обоснование НМЦД" autosize minRows={2} maxRows={8} {...ip('nmcd_justification')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {ro ? (
          <ReadOnlyValue label="Источник финансирования" value={p.funding_source_title} />
        ) : (
          <AppSelect
            label="Источник финансирования"
            clearable
            searchable
            data={catalogOptions(funding.data?.items, form.values.funding_source_id, p.funding_source_title)}
            {...form.getInputProps('funding_source_id')}
          />
        )}
        <PlanPositionPicker
          companyId={companyId}
          label="Позиция плана закупки"
          value={form.values.plan_position_id}
          valueLabel={form.values.plan_position_label}
          error={form.errors.plan_position_id}
          readOnly={ro}
          onChange={(id, label) => {
            form.setFieldValue('plan_position_id', id);
            form.setFieldValue('plan_position_label', label);
          }}
          description={
            p.plan_position_number ? (
              <Anchor
                component={Link}
                to={`/eisPlanItems/${encodeURIComponent(p.plan_position_number)}`}
                size="xs"
              >
                Открыть позицию плана № {p.plan_position_number}
              </Anchor>
            ) : undefined
          }
        />
      </SimpleGrid>
      <Divider label="Обеспечение и площадка" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <MoneyInput label="Обеспечение заявки" {...ip('application_security')} />
        <MoneyInput label="Обеспечение исполнения договора" {...ip('contract_security')} />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox
          label="Только для субъектов МСП"
          disabled={ro}
          {...form.getInputProps('sme_only', { type: 'checkbox' })}
        />
        <Checkbox
          label="В электронной форме"
          disabled={ro}
          {...form.getInputProps('electronic', { type: 'checkbox' })}
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Электронная площадка" {...ip('platform_name')} />
        <TextInput label="Адрес площадки" placeholder="https://" {...ip('platform_url')} />
      </SimpleGrid>
    </Stack>
  );
}
