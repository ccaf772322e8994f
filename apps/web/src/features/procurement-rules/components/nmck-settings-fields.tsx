import { ActionIcon, Checkbox, Group, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NMCK_METHOD_TITLES } from '@zakupki/shared/api/nmck';
import { NumberField } from '../../../components/form/number-field';
import { UNIT_PRICE_TITLES, VAT_BASIS_TITLES } from '../model/nmck-values';
import type { Values } from '../model/version-values';

const options = (titles: Record<string, string>) =>
  Object.entries(titles).map(([value, label]) => ({ value, label }));

/**
 * «Обоснование НМЦД» of the draft (docs/nmck.md): the methods the Положение allows in their order
 * of preference (↑/↓; the first allowed is a justification's default), the minimum number of
 * prices, the coefficient-of-variation limit, mean or minimum, the VAT basis, the old-price months.
 */
export function NmckSettingsFields({ form }: { form: UseFormReturnType<Values> }) {
  const order = form.getValues().nmck_settings.order;
  const move = (from: number, to: number) => form.reorderListItem('nmck_settings.order', { from, to });
  const methodsError = form.errors['nmck_settings.methods'];
  return (
    <Stack gap="xs">
      <Text fw={600}>Обоснование НМЦД</Text>
      <Text size="sm" c="dimmed">
        Методы, которые допускает положение, в порядке предпочтения
      </Text>
      <Stack gap={4} aria-label="Методы обоснования НМЦД" role="list">
        {order.map((row, i) => (
          <Group key={row.method} gap="xs" role="listitem" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Выше: ${NMCK_METHOD_TITLES[row.method]}`}
              disabled={i === 0}
              onClick={() => move(i, i - 1)}
            >
              ↑
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Ниже: ${NMCK_METHOD_TITLES[row.method]}`}
              disabled={i === order.length - 1}
              onClick={() => move(i, i + 1)}
            >
              ↓
            </ActionIcon>
            <Checkbox
              label={NMCK_METHOD_TITLES[row.method]}
              {...form.getInputProps(`nmck_settings.order.${i}.allowed`, { type: 'checkbox' })}
            />
          </Group>
        ))}
      </Stack>
      {typeof methodsError === 'string' ? (
        <Text size="sm" c="red">
          {methodsError}
        </Text>
      ) : null}
      <Group grow align="flex-start">
        <NumberField
          label="Не менее цен на позицию"
          allowDecimal={false}
          min={1}
          max={50}
          {...form.getInputProps('nmck_settings.min_prices')}
        />
        <NumberField
          label="Коэффициент вариации не более, %"
          allowDecimal={false}
          min={1}
          max={100}
          {...form.getInputProps('nmck_settings.max_variation')}
        />
        <NumberField
          label="Цена устаревает через, мес."
          allowDecimal={false}
          min={1}
          max={120}
          {...form.getInputProps('nmck_settings.max_age_months')}
        />
      </Group>
      <Group grow>
        <Select
          label="Цена за единицу"
          allowDeselect={false}
          data={options(UNIT_PRICE_TITLES)}
          {...form.getInputProps('nmck_settings.unit_price')}
        />
        <Select
          label="Цены сравниваются"
          allowDeselect={false}
          data={options(VAT_BASIS_TITLES)}
          {...form.getInputProps('nmck_settings.vat_basis')}
        />
      </Group>
    </Stack>
  );
}
