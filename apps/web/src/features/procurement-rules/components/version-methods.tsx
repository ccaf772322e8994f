import { ActionIcon, Button, Checkbox, Group, Select, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NOTICE_DAY_KIND_TITLES, NOTICE_DAY_KINDS } from '@zakupki/shared/api/procurement-rules';
import { Fragment, useState } from 'react';
import { AppSelect } from '../../../components/form/app-select';
import { NumberField } from '../../../components/form/number-field';
import { useMethods } from '../api/procurement-rules';
import { NOTICE_DEFAULTS, type Values } from '../model/version-values';
import { MethodEvaluation } from './method-evaluation';

/**
 * The draft's methods with their notice periods: a picked method takes the law's period of
 * ст. 3.2 223-ФЗ (`NOTICE_DEFAULTS`), which the user may change. «Оценка заявок» opens the
 * method's evaluation settings under its row (red while they hold an error).
 */
export function VersionMethods({ form, companyId }: { form: UseFormReturnType<Values>; companyId: number }) {
  const methods = useMethods(companyId);
  const [opened, setOpened] = useState<string | null>(null);
  const hasError = (i: number) =>
    Object.keys(form.errors).some((k) => k.startsWith(`methods.${i}.evaluation`));
  const options = (methods.data?.items ?? [])
    .filter((m) => !m.archived_at)
    .map((m) => ({ value: String(m.id), label: m.title, code: m.code }));
  const addMethod = () =>
    form.insertListItem('methods', {
      method_id: null,
      notice_days: 15,
      notice_day_kind: 'calendar',
      needs_documentation: true,
      evaluation: null,
    });
  const pickMethod = (i: number, id: string | null) => {
    form.setFieldValue(`methods.${i}.method_id`, id);
    const code = options.find((o) => o.value === id)?.code;
    const d = code ? NOTICE_DEFAULTS[code] : undefined;
    if (d) {
      form.setFieldValue(`methods.${i}.notice_days`, d.notice_days);
      form.setFieldValue(`methods.${i}.notice_day_kind`, d.notice_day_kind);
      form.setFieldValue(
        `methods.${i}.needs_documentation`,
        code !== 'single_supplier' && code !== 'e_quotation',
      );
    }
  };
  return (
    <>
      <Text fw={600}>Способы закупки и сроки размещения извещения</Text>
      <Table aria-label="Способы закупки редакции">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Способ</Table.Th>
            <Table.Th w={110}>Срок, дней</Table.Th>
            <Table.Th w={190}>Дни</Table.Th>
            <Table.Th w={130}>Документация</Table.Th>
            <Table.Th w={150}>Оценка</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.getValues().methods.map((_m, i) => {
            const key = form.key(`methods.${i}`);
            return (
              <Fragment key={key}>
                <Table.Tr>
                  <Table.Td>
                    <AppSelect
                      aria-label="Способ закупки"
                      data={options}
                      searchable
                      {...form.getInputProps(`methods.${i}.method_id`)}
                      onChange={(v) => pickMethod(i, v)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberField
                      aria-label="Срок размещения извещения"
                      allowDecimal={false}
                      min={0}
                      max={365}
                      {...form.getInputProps(`methods.${i}.notice_days`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Select
                      aria-label="Календарные или рабочие дни"
                      allowDeselect={false}
                      data={NOTICE_DAY_KINDS.map((k) => ({ value: k, label: NOTICE_DAY_KIND_TITLES[k] }))}
                      {...form.getInputProps(`methods.${i}.notice_day_kind`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label="Нужна документация о закупке"
                      {...form.getInputProps(`methods.${i}.needs_documentation`, { type: 'checkbox' })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Button
                      variant={opened === key ? 'filled' : 'light'}
                      color={hasError(i) ? 'red' : undefined}
                      size="xs"
                      aria-expanded={opened === key || hasError(i)}
                      onClick={() => setOpened(opened === key ? null : key)}
                    >
                      Оценка заявок
                    </Button>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Убрать способ"
                      onClick={() => form.removeListItem('methods', i)}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
                {opened === key || hasError(i) ? (
                  <Table.Tr>
                    <Table.Td colSpan={6}>
                      <MethodEvaluation form={form} index={i} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button variant="light" size="xs" onClick={addMethod}>
          Добавить способ
        </Button>
        {errorText(form.errors.methods)}
      </Group>
    </>
  );
}

const errorText = (e: unknown) =>
  typeof e === 'string' ? (
    <Text size="sm" c="red">
      {e}
    </Text>
  ) : null;
