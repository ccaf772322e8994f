import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { defaultVatRate, VAT_RATES, type VatRate } from '@zakupki/shared/api/contracts-model';
import { useEffect, useState } from 'react';
import { AppSelect } from '../../../../components/form/app-select';
import { todayIso } from '../../../../lib/formatters';
import { kopecksToMoney, rowAmountKopecks, rowErrors, rowVatKopecks, type SpecRow } from '../../model/spec';

/** A new item: VAT at the general rate of the contract's date (22 % from 2026, 20 % before). */
const blank = (contractDate: string | null): SpecRow => ({
  name: '',
  okpd2_code: null,
  okei_code: null,
  unit_name: null,
  quantity: '',
  price: '',
  vat_rate: defaultVatRate(contractDate, todayIso()),
});

/** Adds or edits one specification item; the sum (quantity × price) and VAT are shown as typed. */
export function SpecItemModal({
  row,
  contractDate,
  opened,
  onClose,
  onSave,
}: {
  row: SpecRow | null;
  /** YYYY-MM-DD, or null while the contract has no date (today then decides the VAT rate) */
  contractDate: string | null;
  opened: boolean;
  onClose: () => void;
  onSave: (row: SpecRow) => void;
}) {
  const [v, setV] = useState<SpecRow>(row ?? blank(contractDate));
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (opened) {
      setV(row ?? blank(contractDate));
      setShown(false);
    }
  }, [opened, row, contractDate]);
  const errors = rowErrors(v);
  const err = (k: keyof SpecRow) => (shown ? errors[k] : undefined);
  const set = <K extends keyof SpecRow>(k: K, value: SpecRow[K]) =>
    // an edited row's sums are computed again (the stored ones no longer apply)
    setV((prev) => ({ ...prev, [k]: value, amount: null, vat_amount: null }));
  const amount = rowAmountKopecks({ ...v, amount: null });
  const vat = rowVatKopecks({ ...v, amount: null, vat_amount: null });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? 'Позиция спецификации' : 'Новая позиция спецификации'}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setShown(true);
          if (Object.keys(errors).length) return;
          onSave({ ...v, amount: null, vat_amount: null });
        }}
      >
        <Stack gap="sm">
          <Textarea
            label="Наименование"
            withAsterisk
            autosize
            minRows={2}
            value={v.name}
            error={err('name')}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <SimpleGrid cols={3}>
            <TextInput
              label="ОКПД2"
              placeholder="26.20.11.110"
              value={v.okpd2_code ?? ''}
              error={err('okpd2_code')}
              onChange={(e) => set('okpd2_code', e.currentTarget.value)}
            />
            <TextInput
              label="Код ОКЕИ"
              placeholder="796"
              value={v.okei_code ?? ''}
              error={err('okei_code')}
              onChange={(e) => set('okei_code', e.currentTarget.value)}
            />
            <TextInput
              label="Единица измерения"
              placeholder="шт"
              value={v.unit_name ?? ''}
              onChange={(e) => set('unit_name', e.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TextInput
              label="Количество"
              withAsterisk
              inputMode="decimal"
              value={v.quantity}
              error={err('quantity')}
              onChange={(e) => set('quantity', e.currentTarget.value)}
            />
            <TextInput
              label="Цена за единицу с НДС, ₽"
              withAsterisk
              inputMode="decimal"
              value={v.price}
              error={err('price')}
              onChange={(e) => set('price', e.currentTarget.value)}
            />
            <AppSelect
              label="Ставка НДС"
              required
              data={[...VAT_RATES]}
              value={v.vat_rate}
              error={err('vat_rate')}
              onChange={(x) => x && set('vat_rate', x as VatRate)}
              allowDeselect={false}
            />
          </SimpleGrid>
          <Text size="sm" aria-live="polite">
            Сумма: <b>{amount !== null ? kopecksToMoney(amount) : '—'}</b>, в том числе НДС:{' '}
            {vat !== null ? kopecksToMoney(vat) : '—'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit">{row ? 'Применить' : 'Добавить'}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
