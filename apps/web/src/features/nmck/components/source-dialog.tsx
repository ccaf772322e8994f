import { Checkbox, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { VAT_RATES } from '@zakupki/shared/api/contracts-model';
import { type NmckItem, NmckSourceInput, type NmckSourceKind } from '@zakupki/shared/api/nmck';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { formatDate, formatMoney, todayIso } from '../../../lib/formatters';
import { useAddSource, useComparable } from '../api/nmck';

type Values = {
  kind: NmckSourceKind;
  price: string;
  includes_vat: boolean;
  vat_rate: (typeof VAT_RATES)[number];
  source_date: string;
  supplier_inn: string;
  supplier_name: string;
  url: string;
  title: string;
  contract_item_id: string;
  index: string;
  index_source: string;
};

/** The request body of the form's values (the one mapping; the shared schema checks it). */
const toBody = (item: NmckItem) => (v: Values) => ({
  kind: v.kind,
  lot_number: item.lot_number,
  line_no: item.line_no,
  price: v.price,
  includes_vat: v.includes_vat,
  vat_rate: v.vat_rate,
  source_date: v.source_date,
  index: v.index || null,
  index_source: v.index_source || null,
  ...(v.kind === 'offer' ? { supplier_inn: v.supplier_inn, supplier_name: v.supplier_name } : {}),
  ...(v.kind === 'public' ? { url: v.url, title: v.title } : {}),
  ...(v.kind === 'contract' ? { contract_item_id: Number(v.contract_item_id) || 0 } : {}),
});

/** «Добавить цену»: a commercial offer, a contract of the own register (by ОКПД2 and unit), a public source. */
export function SourceDialog({
  companyId,
  procurementId,
  item,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  item: NmckItem;
  onClose: () => void;
}) {
  const form = useForm<Values>({
    initialValues: {
      kind: 'offer',
      price: '',
      includes_vat: true,
      vat_rate: '22%',
      source_date: todayIso(),
      supplier_inn: '',
      supplier_name: '',
      url: '',
      title: '',
      contract_item_id: '',
      index: '',
      index_source: '',
    },
    validate: schemaValidate(NmckSourceInput, toBody(item)),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const add = useAddSource(companyId, procurementId);
  const comparable = useComparable(
    companyId,
    procurementId,
    form.values.kind === 'contract' ? item.okpd2_code : null,
    item.okei_code,
  );
  const found = comparable.data?.items ?? [];
  const k = form.values.kind;
  return (
    <Modal opened onClose={onClose} title={`Цена: ${item.name}`} size="lg">
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            await add.mutateAsync(toBody(item)(v) as never);
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <SegmentedControl
            data={[
              { value: 'offer', label: 'Коммерческое предложение' },
              { value: 'contract', label: 'Контракт из реестра' },
              { value: 'public', label: 'Открытый источник' },
            ]}
            {...form.getInputProps('kind')}
          />
          {k === 'offer' ? (
            <>
              <TextInput label="ИНН поставщика" withAsterisk {...form.getInputProps('supplier_inn')} />
              <TextInput label="Поставщик" withAsterisk {...form.getInputProps('supplier_name')} />
            </>
          ) : null}
          {k === 'public' ? (
            <>
              <TextInput label="Источник" withAsterisk {...form.getInputProps('title')} />
              <TextInput label="Адрес (https://…)" withAsterisk {...form.getInputProps('url')} />
            </>
          ) : null}
          {k === 'contract' ? (
            <AppSelect
              label={`Позиция договора (ОКПД2 ${item.okpd2_code ?? '—'}, ед. ${item.unit_name ?? item.okei_code ?? '—'})`}
              required
              data={found.map((c) => ({
                value: String(c.contract_item_id),
                label: `№ ${c.contract_number} от ${formatDate(c.contract_date)}: ${c.name}, ${formatMoney(c.price)}`,
              }))}
              value={form.values.contract_item_id || null}
              error={form.errors.contract_item_id}
              onChange={(v) => {
                const c = found.find((x) => String(x.contract_item_id) === v);
                form.setValues({
                  contract_item_id: v ?? '',
                  ...(c ? { price: c.price, source_date: c.contract_date, includes_vat: true } : {}),
                  ...(c && (VAT_RATES as readonly string[]).includes(c.vat_rate)
                    ? { vat_rate: c.vat_rate as Values['vat_rate'] }
                    : {}),
                });
              }}
            />
          ) : null}
          <TextInput label="Цена за единицу, ₽" withAsterisk {...form.getInputProps('price')} />
          <Checkbox label="Цена включает НДС" {...form.getInputProps('includes_vat', { type: 'checkbox' })} />
          <AppSelect label="Ставка НДС" data={[...VAT_RATES]} {...form.getInputProps('vat_rate')} />
          <TextInput label="Дата цены (ГГГГ-ММ-ДД)" withAsterisk {...form.getInputProps('source_date')} />
          <TextInput label="Индекс к сегодняшнему дню (необязательно)" {...form.getInputProps('index')} />
          <TextInput label="Источник индекса" {...form.getInputProps('index_source')} />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={add.isPending} submitLabel="Добавить" />
        </Stack>
      </form>
    </Modal>
  );
}
