import { Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SINGLE_PARTICIPANT_RULE_TITLES, SINGLE_PARTICIPANT_RULES } from '@zakupki/shared/api/bids-model';
import { NumberField } from '../../../components/form/number-field';
import { DEFAULT_CRITERIA_TEXT, defaultEvaluation } from '../model/evaluation-values';
import type { Values } from '../model/version-values';
import { EvaluationCriteria } from './evaluation-criteria';

/**
 * How bids are evaluated under one method of the draft (docs/bids.md): the defaults, or the
 * version's own criteria, the national-regime price preference and the single-participant rule.
 */
export function MethodEvaluation({ form, index }: { form: UseFormReturnType<Values>; index: number }) {
  const path = `methods.${index}.evaluation`;
  const evaluation = form.getValues().methods[index].evaluation;
  if (!evaluation)
    return (
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          Критерии по умолчанию: {DEFAULT_CRITERIA_TEXT}; без преференции.
        </Text>
        <Button variant="light" size="xs" onClick={() => form.setFieldValue(path, defaultEvaluation())}>
          Задать критерии
        </Button>
      </Group>
    );
  return (
    <Stack gap="xs">
      <EvaluationCriteria form={form} index={index} />
      <Group align="flex-end">
        <Switch
          label="Преференция российским товарам (национальный режим)"
          {...form.getInputProps(`${path}.preference_on`, { type: 'checkbox' })}
        />
        {evaluation.preference_on ? (
          <NumberField
            label="Снижение цены заявки, %"
            w={200}
            min={0}
            max={100}
            {...form.getInputProps(`${path}.national_preference_percent`)}
          />
        ) : null}
      </Group>
      <Group align="flex-end" justify="space-between">
        <Select
          label="Если допущен один участник"
          allowDeselect={false}
          w={480}
          data={SINGLE_PARTICIPANT_RULES.map((r) => ({ value: r, label: SINGLE_PARTICIPANT_RULE_TITLES[r] }))}
          {...form.getInputProps(`${path}.single_participant`)}
        />
        <Button variant="subtle" size="xs" onClick={() => form.setFieldValue(path, null)}>
          Вернуть критерии по умолчанию
        </Button>
      </Group>
    </Stack>
  );
}
