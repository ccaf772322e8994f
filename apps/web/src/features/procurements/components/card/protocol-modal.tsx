import { Alert, Checkbox, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ProcurementProtocol } from '@zakupki/shared/api/procurements';
import {
  PROTOCOL_KIND_TITLES,
  PROTOCOL_KINDS,
  ProtocolInput,
  type ProtocolKind,
} from '@zakupki/shared/api/procurements-model';
import { AppSelect } from '../../../../components/form/app-select';
import { DateCheckedForm } from '../../../../components/form/date-checked-form';
import { DateField } from '../../../../components/form/date-field';
import { FormModalFooter } from '../../../../components/form/form-modal-footer';
import { MoneyInput } from '../../../../components/form/money-input';
import { NumberField } from '../../../../components/form/number-field';
import { schemaValidate } from '../../../../components/form/schema-validate';
import { useRecordChange, useRecordForm } from '../../../../components/form/use-record-form';
import { notices } from '../../../../components/notices/notices.store';
import { useSaveProtocol } from '../../api/procurements';
import { useRefusal } from '../../hooks/use-refusal';

type Values = {
  kind: ProtocolKind;
  final: boolean;
  signed_on: string | null;
  published_on: string | null;
  eis_registration_number: string;
  lot_number: number | string;
  winner_name: string;
  winner_inn: string;
  winner_price: string | number;
};

const valuesOf = (p: ProcurementProtocol | null): Values => ({
  kind: p?.kind ?? 'summing_up',
  final: p?.final ?? false,
  signed_on: p?.signed_on ?? null,
  published_on: p?.published_on ?? null,
  eis_registration_number: p?.eis_registration_number ?? '',
  lot_number: p?.lot_number ?? '',
  winner_name: p?.winner_name ?? '',
  winner_inn: p?.winner_inn ?? '',
  winner_price: p?.winner_price ?? '',
});

/** The body of the protocol's POST / PUT. */
const toBody = (v: Values) => ({
  kind: v.kind,
  final: v.final,
  signed_on: v.signed_on ?? '',
  published_on: v.published_on,
  eis_registration_number: v.eis_registration_number.trim() || null,
  lot_number: v.lot_number === '' ? null : Number(v.lot_number),
  winner_name: v.winner_name.trim() || null,
  winner_inn: v.winner_inn.trim() || null,
  winner_price: String(v.winner_price).trim() === '' ? null : String(v.winner_price),
});

/** Add or edit a protocol (its placement is due 3 days after signing, ч. 12 ст. 4 223-ФЗ). */
export function ProtocolModal({
  companyId,
  procurementId,
  protocol,
  opened,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  /** null: a new protocol */
  protocol: ProcurementProtocol | null;
  opened: boolean;
  onClose: () => void;
}) {
  // the dialog over a protocol (or a new one) while it is open
  const record = opened ? (protocol ?? ('new' as const)) : null;
  const recordId = (r: ProcurementProtocol | 'new') => (r === 'new' ? 'new' : r.id);
  const { form } = useRecordForm<ProcurementProtocol | 'new', Values>({
    record,
    id: recordId,
    toValues: (r) => valuesOf(r === 'new' ? null : r),
    empty: valuesOf(null),
    validate: schemaValidate(ProtocolInput, toBody),
  });
  const { refusal, setRefusal, onError } = useRefusal(form);
  useRecordChange(record && recordId(record), null, () => setRefusal(null));
  const save = useSaveProtocol(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: () => {
      notices.success('Протокол сохранён', protocol ? 'Изменения протокола сохранены' : 'Протокол добавлен');
      onClose();
    },
    onError,
  });
  const submit = (v: Values) => save.mutate({ protocolId: protocol?.id ?? null, body: toBody(v) });
  return (
    <Modal opened={opened} onClose={onClose} title={protocol ? 'Протокол' : 'Новый протокол'} size="lg">
      <DateCheckedForm aria-label="Протокол" onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          <AppSelect
            label="Вид протокола"
            required
            allowDeselect={false}
            data={PROTOCOL_KINDS.map((k) => ({ value: k, label: PROTOCOL_KIND_TITLES[k] }))}
            {...form.getInputProps('kind')}
          />
          <Checkbox
            label="Итоговый протокол (с его размещения считается срок заключения договора)"
            {...form.getInputProps('final', { type: 'checkbox' })}
          />
          <SimpleGrid cols={2}>
            <DateField label="Дата подписания" required {...form.getInputProps('signed_on')} />
            <DateField label="Дата размещения в ЕИС" {...form.getInputProps('published_on')} />
            <TextInput label="Номер в ЕИС" {...form.getInputProps('eis_registration_number')} />
            <NumberField label="Лот" min={1} allowDecimal={false} {...form.getInputProps('lot_number')} />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput label="Победитель" {...form.getInputProps('winner_name')} />
            <TextInput label="ИНН победителя" inputMode="numeric" {...form.getInputProps('winner_inn')} />
            <MoneyInput label="Цена победителя" {...form.getInputProps('winner_price')} />
          </SimpleGrid>
          {refusal ? (
            <Alert color="red" title="Протокол не сохранён">
              {refusal}
            </Alert>
          ) : null}
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </DateCheckedForm>
    </Modal>
  );
}
