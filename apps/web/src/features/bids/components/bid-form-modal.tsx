import { Checkbox, Modal, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { Bid, ProcurementResults } from '@zakupki/shared/api/bids';
import { BidInput } from '@zakupki/shared/api/bids-model';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { InnInput, KppInput, RequiredTextInput } from '../../../components/form/text-fields';
import { useRecordForm } from '../../../components/form/use-record-form';
import { notices } from '../../../components/notices/notices.store';
import { useSaveBid } from '../api/bids';
import { type BidValues, bidBody, bidValues, itemRows, priceMissing } from '../model/bid-form';
import { BidItemsFields } from './bid-items-fields';

type Lot = ProcurementResults['lots'][number];

/** Enter or edit a bid; checked by the shared BidInput (ИНН checksum, КПП, the received time, prices). */
export function BidFormModal({
  companyId,
  procurementId,
  lots,
  bid,
  opened,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  lots: Lot[];
  /** null: a new bid */
  bid: Bid | null;
  opened: boolean;
  onClose: () => void;
}) {
  const record = opened ? (bid ?? ('new' as const)) : null;
  const lotOf = (id: number | string) => lots.find((l) => String(l.id) === String(id));
  const { form } = useRecordForm<Bid | 'new', BidValues>({
    record,
    id: (r) => (r === 'new' ? 'new' : r.id),
    toValues: (r) => (r === 'new' ? bidValues(lots[0], null) : bidValues(lotOf(r.lot_id), r)),
    empty: bidValues(lots[0], null),
    validate: schemaValidate(BidInput, bidBody, { also: (v) => ({ price: priceMissing(v) }) }),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const save = useSaveBid(companyId, procurementId, {
    meta: { handled: true },
    onSuccess: () => {
      notices.success('Заявка сохранена', bid ? 'Изменения заявки сохранены' : 'Заявка добавлена');
      onClose();
    },
    onError: refuse,
  });
  const submit = (v: BidValues) => {
    clear();
    save.mutate({ bidId: bid?.id ?? null, body: bidBody(v) });
  };
  const v = form.getValues();
  return (
    <Modal opened={opened} onClose={onClose} title={bid ? 'Заявка' : 'Новая заявка'} size="xl">
      <form noValidate aria-label="Заявка" onSubmit={form.onSubmit(submit)}>
        <Stack gap="sm">
          {lots.length > 1 ? (
            <AppSelect
              label="Лот"
              required
              allowDeselect={false}
              disabled={bid !== null}
              data={lots.map((l) => ({ value: String(l.id), label: `Лот ${l.number}: ${l.subject}` }))}
              {...form.getInputProps('lot_id')}
              onChange={(x) => {
                if (!x) return;
                form.setFieldValue('lot_id', x);
                form.setFieldValue('items', itemRows(lotOf(x), null));
              }}
            />
          ) : null}
          <SimpleGrid cols={3}>
            <InnInput label="ИНН участника" required {...form.getInputProps('participant_inn')} />
            <KppInput label="КПП" {...form.getInputProps('participant_kpp')} />
            <TextInput
              label="Получена (МСК)"
              withAsterisk
              placeholder="2026-03-02 10:15"
              {...form.getInputProps('received_at')}
            />
          </SimpleGrid>
          <RequiredTextInput
            label="Наименование участника"
            required
            {...form.getInputProps('participant_name')}
          />
          <Textarea label="Адрес" autosize minRows={1} {...form.getInputProps('participant_address')} />
          <Checkbox
            label="Участник — субъект МСП (по декларации)"
            {...form.getInputProps('participant_is_sme', { type: 'checkbox' })}
          />
          <BidItemsFields form={form} items={v.items} />
          <SimpleGrid cols={2}>
            <TextInput
              label="Страна происхождения (код ОКСМ)"
              placeholder="643"
              {...form.getInputProps('country_code')}
            />
            <TextInput
              label="Страна (наименование)"
              placeholder="Россия"
              {...form.getInputProps('country_name')}
            />
          </SimpleGrid>
          <RefusalAlert message={refusal} title="Заявка не сохранена" />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
