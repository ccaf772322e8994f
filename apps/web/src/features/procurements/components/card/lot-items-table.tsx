import { ActionIcon, Table, TextInput } from '@mantine/core';
import { VAT_RATES } from '@zakupki/shared/api/contracts-model';
import { AppSelect } from '../../../../components/form/app-select';
import { formatMoney } from '../../../../lib/formatters';
import { itemKopecks, kopecksText } from '../../model/form';
import { Okpd2Picker } from '../pickers';
import type { CardFormProps } from './card-form';

export const money = (k: bigint | null) => (k === null ? '—' : formatMoney(kopecksText(k)));

/** The items of one lot: name, ОКПД2, ОКЕИ, unit, quantity, unit price, VAT and the amount as the server computes it. */
export function LotItemsTable({
  form,
  lotIndex: li,
  readOnly: ro,
}: Pick<CardFormProps, 'form' | 'readOnly'> & { lotIndex: number }) {
  const lot = form.values.lots[li];
  const base = `lots.${li}`;
  const err = (path: string) => form.errors[path];
  return (
    <Table withTableBorder aria-label={`Позиции лота ${lot.number}`} verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={30}>№</Table.Th>
          <Table.Th>Наименование</Table.Th>
          <Table.Th w={150}>ОКПД2</Table.Th>
          <Table.Th w={80}>ОКЕИ</Table.Th>
          <Table.Th w={80}>Ед.</Table.Th>
          <Table.Th w={100}>Количество</Table.Th>
          <Table.Th w={130}>Цена за ед.</Table.Th>
          <Table.Th w={100}>НДС</Table.Th>
          <Table.Th w={130} style={{ textAlign: 'right' }}>
            Сумма
          </Table.Th>
          {!ro ? <Table.Th w={40} /> : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lot.items.map((item, ii) => {
          const p = `${base}.items.${ii}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved
            <Table.Tr key={ii}>
              <Table.Td>{ii + 1}</Table.Td>
              <Table.Td>
                <TextInput aria-label="Наименование" readOnly={ro} {...form.getInputProps(`${p}.name`)} />
              </Table.Td>
              <Table.Td>
                <Okpd2Picker
                  value={item.okpd2_code}
                  readOnly={ro}
                  error={err(`${p}.okpd2_code`)}
                  onChange={(code) => form.setFieldValue(`${p}.okpd2_code`, code)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label="ОКЕИ"
                  placeholder="796"
                  readOnly={ro}
                  {...form.getInputProps(`${p}.okei_code`)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label="Единица"
                  placeholder="шт"
                  readOnly={ro}
                  {...form.getInputProps(`${p}.unit_name`)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label="Количество"
                  inputMode="decimal"
                  readOnly={ro}
                  {...form.getInputProps(`${p}.quantity`)}
                />
              </Table.Td>
              <Table.Td>
                <TextInput
                  aria-label="Цена за единицу"
                  inputMode="decimal"
                  readOnly={ro}
                  {...form.getInputProps(`${p}.unit_price`)}
                />
              </Table.Td>
              <Table.Td>
                <AppSelect
                  aria-label="Ставка НДС"
                  data={[...VAT_RATES]}
                  allowDeselect={false}
                  readOnly={ro}
                  {...form.getInputProps(`${p}.vat_rate`)}
                />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                {money(itemKopecks(item))}
              </Table.Td>
              {!ro ? (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Удалить позицию ${ii + 1}`}
                    onClick={() => form.removeListItem(`${base}.items`, ii)}
                  >
                    ×
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
