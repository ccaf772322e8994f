import { Alert, Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { defaultVatRate, type VatRate } from '@zakupki/shared/api/contracts-model';
import { MoneyInput } from '../../../../components/form/money-input';
import { formatMoney, todayIso } from '../../../../lib/formatters';
import { emptyItem, emptyLot, kopecksText, sumHints } from '../../model/form';
import { PlanPositionPicker } from '../pickers';
import type { CardFormProps } from './card-form';
import { LotItemsTable, money } from './lot-items-table';

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
                <LotItemsTable form={form} lotIndex={li} readOnly={ro} />
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
