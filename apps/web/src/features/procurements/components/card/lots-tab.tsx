import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { defaultVatRate, VAT_RATES, type VatRate } from '@zakupki/shared/api/contracts-model';
import { AppSelect } from '../../../../components/form/app-select';
import { MoneyInput } from '../../../../components/form/money-input';
import { formatMoney, todayIso } from '../../../../lib/formatters';
import { emptyItem, emptyLot, itemKopecks, kopecksText, sumHints } from '../../model/form';
import { Okpd2Picker, PlanPositionPicker } from '../pickers';
import type { CardFormProps } from './card-form';

const money = (k: bigint | null) => (k === null ? '—' : formatMoney(kopecksText(k)));

/**
 * «Лоты и позиции»: each lot with its subject, НМЦД and plan position, and its items (name,
 * ОКПД2, ОКЕИ, quantity, unit price, VAT; the amount computed as the server does). The hints say
 * when a lot's НМЦД differs from its items' sum and the procurement's from the lots' sum.
 */
export function LotsTab({ companyId, form, readOnly: ro }: CardFormProps) {
  const v = form.values;
  const hints = sumHints(v);
  const vat = (): VatRate => defaultVatRate(v.planned_publication_date, todayIso());
  const err = (path: string) => form.errors[path];
  return (
    <Stack gap="md">
      <Alert color={hints.mismatch ? 'orange' : 'gray'} variant="light">
        <Group justify="space-between">
          <Text size="sm">
            НМЦД закупки {formatMoney(String(v.nmcd || 0))}; сумма лотов {money(hints.total)}.{' '}
            {hints.mismatch ? 'НМЦД закупки должна быть равна сумме НМЦД лотов.' : 'НМЦД = сумма лотов.'}
          </Text>
          {hints.mismatch && !ro ? (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => form.setFieldValue('nmcd', kopecksText(hints.total))}
            >
              НМЦД = сумма лотов
            </Button>
          ) : null}
        </Group>
      </Alert>
      {v.lots.map((lot, li) => {
        const h = hints.lots[li];
        const base = `lots.${li}`;
        return (
          <Card withBorder key={`lot-${lot.number}`} padding="sm" aria-label={`Лот ${lot.number}`}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>Лот № {lot.number}</Text>
                {!ro && v.lots.length > 1 ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    onClick={() => form.removeListItem('lots', li)}
                  >
                    Удалить лот
                  </Button>
                ) : null}
              </Group>
              <Textarea
                label="Предмет лота"
                withAsterisk
                autosize
                minRows={1}
                readOnly={ro}
                {...form.getInputProps(`${base}.subject`)}
              />
              <Group grow align="flex-start">
                <MoneyInput
                  label="НМЦД лота"
                  required
                  readOnly={ro}
                  {...form.getInputProps(`${base}.nmcd`)}
                />
                <PlanPositionPicker
                  companyId={companyId}
                  label="Позиция плана"
                  value={lot.plan_position_id}
                  valueLabel={lot.plan_position_label}
                  readOnly={ro}
                  error={err(`${base}.plan_position_id`)}
                  onChange={(id, label) => {
                    form.setFieldValue(`${base}.plan_position_id`, id);
                    form.setFieldValue(`${base}.plan_position_label`, label);
                  }}
                />
              </Group>
              {lot.items.length ? (
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
                            <TextInput
                              aria-label="Наименование"
                              readOnly={ro}
                              {...form.getInputProps(`${p}.name`)}
                            />
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
              ) : (
                <Text size="sm" c="dimmed">
                  Позиций нет
                </Text>
              )}
              <Group justify="space-between">
                {!ro ? (
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => form.insertListItem(`${base}.items`, emptyItem(vat()))}
                  >
                    Добавить позицию
                  </Button>
                ) : (
                  <span />
                )}
                {lot.items.length ? (
                  <Group gap="xs">
                    <Text size="sm" c={h.mismatch ? 'orange' : undefined}>
                      Сумма позиций: {money(h.items)}
                      {h.mismatch ? ' — не равна НМЦД лота' : ''}
                    </Text>
                    {h.mismatch && !ro ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        onClick={() => form.setFieldValue(`${base}.nmcd`, kopecksText(h.items))}
                      >
                        НМЦД лота = сумма позиций
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
              </Group>
            </Stack>
          </Card>
        );
      })}
      {!ro ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              form.insertListItem('lots', emptyLot(Math.max(0, ...v.lots.map((l) => l.number)) + 1))
            }
          >
            Добавить лот
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
