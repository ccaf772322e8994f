import { ActionIcon, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NumberField } from '../../../components/form/number-field';
import { CRITERION_KINDS, criterionKind, pointsCode, weightSum } from '../model/evaluation-values';
import type { Values } from '../model/version-values';

/**
 * The criteria of one method's evaluation: name, kind (price against the best offer, or
 * commission points) and weight in percent; the running sum, which the schema wants at 100.
 */
export function EvaluationCriteria({ form, index }: { form: UseFormReturnType<Values>; index: number }) {
  const path = `methods.${index}.evaluation.criteria`;
  const evaluation = form.getValues().methods[index].evaluation;
  if (!evaluation) return null;
  const criteria = evaluation.criteria;
  const setKind = (j: number, kind: string | null) => {
    const others = criteria.filter((_c, k) => k !== j);
    form.setFieldValue(`${path}.${j}.code`, kind === 'price' ? 'price' : pointsCode(others));
  };
  const add = () => form.insertListItem(path, { code: pointsCode(criteria), title: '', weight: '' });
  const sum = weightSum(evaluation);
  const sumError = form.errors[path];
  return (
    <>
      <Table aria-label="Критерии оценки">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Критерий</Table.Th>
            <Table.Th w={230}>Как оценивается</Table.Th>
            <Table.Th w={100}>Вес, %</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {criteria.map((c, j) => (
            <Table.Tr key={form.key(`${path}.${j}`)}>
              <Table.Td>
                <TextInput aria-label="Название критерия" {...form.getInputProps(`${path}.${j}.title`)} />
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label="Как оценивается критерий"
                  allowDeselect={false}
                  data={[...CRITERION_KINDS]}
                  value={criterionKind(c.code)}
                  error={form.errors[`${path}.${j}.code`]}
                  onChange={(k) => setKind(j, k)}
                />
              </Table.Td>
              <Table.Td>
                <NumberField
                  aria-label="Вес критерия, %"
                  allowDecimal={false}
                  min={1}
                  max={100}
                  {...form.getInputProps(`${path}.${j}.weight`)}
                />
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label="Убрать критерий"
                  onClick={() => form.removeListItem(path, j)}
                >
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" size="xs" onClick={add} disabled={criteria.length >= 10}>
          Добавить критерий
        </Button>
        <Text size="sm" c={sum === 100 ? 'dimmed' : 'orange'}>
          Сумма весов: {sum} %
        </Text>
      </Group>
      {typeof sumError === 'string' ? (
        <Text size="sm" c="red">
          {sumError}
        </Text>
      ) : null}
    </>
  );
}
