import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  APPROVING_BODIES,
  APPROVING_BODY_TITLES,
  NOTICE_DAY_KIND_TITLES,
  NOTICE_DAY_KINDS,
  type NoticeDayKind,
  type RuleVersion,
  VersionInput,
} from '@zakupki/shared/api/procurement-rules';
import { AppSelect } from '../../../components/form/app-select';
import { DateField } from '../../../components/form/date-field';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { MoneyInput } from '../../../components/form/money-input';
import { NumberField } from '../../../components/form/number-field';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { ApiError } from '../../../lib/http-errors';
import { useMethods, useSaveVersion } from '../api/procurement-rules';

type MethodRow = {
  method_id: string | null;
  notice_days: number | string;
  notice_day_kind: NoticeDayKind;
  needs_documentation: boolean;
};

/** Notice periods of ст. 3.2 223-ФЗ by method code (docs/domain.md, «check»): the defaults a new row gets. */
const NOTICE_DEFAULTS: Record<string, Pick<MethodRow, 'notice_days' | 'notice_day_kind'>> = {
  e_tender: { notice_days: 15, notice_day_kind: 'calendar' },
  open_tender: { notice_days: 15, notice_day_kind: 'calendar' },
  e_auction: { notice_days: 15, notice_day_kind: 'calendar' },
  open_auction: { notice_days: 15, notice_day_kind: 'calendar' },
  e_quotation: { notice_days: 5, notice_day_kind: 'working' },
  e_proposal: { notice_days: 7, notice_day_kind: 'working' },
  single_supplier: { notice_days: 0, notice_day_kind: 'calendar' },
};

const toValues = (v: RuleVersion | null) => ({
  approving_body: v?.approving_body ?? null,
  decision_number: v?.decision_number ?? '',
  decision_date: v?.decision_date ?? null,
  effective_from: v?.effective_from ?? null,
  changes_summary: v?.changes_summary ?? '',
  plan_threshold: v?.plan_threshold ?? '100000',
  plan_threshold_large: v?.plan_threshold_large ?? '500000',
  sme_ceiling: v?.sme_ceiling ?? '',
  methods: (v?.methods ?? []).map<MethodRow>((m) => ({ ...m, method_id: String(m.method_id) })),
});
type Values = ReturnType<typeof toValues>;

const toBody = (v: Values) => ({
  ...v,
  decision_number: v.decision_number || null,
  changes_summary: v.changes_summary || null,
  sme_ceiling: v.sme_ceiling || null,
  methods: v.methods.map((m) => ({
    ...m,
    // an empty select or day count is «Обязательное поле» (undefined), not a type error
    method_id: m.method_id ? Number(m.method_id) : undefined,
    notice_days: m.notice_days === '' ? undefined : m.notice_days,
  })),
});

/** The settings of a draft: methods with notice periods, thresholds, the approving body and dates. */
export function VersionFormModal({
  companyId,
  ruleId,
  version,
  onClose,
}: {
  companyId: number;
  ruleId: number;
  version: RuleVersion | null;
  onClose: () => void;
}) {
  const methods = useMethods(companyId);
  const save = useSaveVersion(companyId, ruleId);
  const form = useForm<Values>({
    initialValues: toValues(version),
    validate: schemaValidate(VersionInput, toBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const options = (methods.data?.items ?? [])
    .filter((m) => !m.archived_at)
    .map((m) => ({ value: String(m.id), label: m.title, code: m.code }));
  const addMethod = () =>
    form.insertListItem('methods', {
      method_id: null,
      notice_days: 15,
      notice_day_kind: 'calendar',
      needs_documentation: true,
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
  const send = async (values: Values, removeDocumentsRules = false) => {
    clear();
    try {
      await save.mutateAsync({
        versionId: version?.id ?? null,
        body: VersionInput.parse(toBody(values)),
        removeDocumentsRules,
      });
      notices.success('Сохранено', version ? 'Черновик редакции сохранён' : 'Создан черновик новой редакции');
      onClose();
    } catch (err) {
      // dropping a method with documents rules deletes them with their templates: only when confirmed
      if (
        err instanceof ApiError &&
        (err.details as { confirm?: string } | null)?.confirm === 'remove_documents_rules'
      )
        modals.openConfirmModal({
          title: 'Удалить правила документов',
          children: <Text size="sm">{err.message}</Text>,
          labels: { confirm: 'Удалить и сохранить', cancel: 'Отмена' },
          confirmProps: { color: 'red' },
          onConfirm: () => void send(values, true),
        });
      else refuse(err);
    }
  };
  const submit = form.onSubmit((values) => send(values));
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={version ? `Редакция № ${version.number} (черновик)` : 'Новая редакция'}
    >
      <form onSubmit={submit}>
        <Stack>
          <Text fw={600}>Способы закупки и сроки размещения извещения</Text>
          <Table aria-label="Способы закупки редакции">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Способ</Table.Th>
                <Table.Th w={110}>Срок, дней</Table.Th>
                <Table.Th w={190}>Дни</Table.Th>
                <Table.Th w={130}>Документация</Table.Th>
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.getValues().methods.map((_m, i) => (
                <Table.Tr key={form.key(`methods.${i}`)}>
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
              ))}
            </Table.Tbody>
          </Table>
          <Group>
            <Button variant="light" size="xs" onClick={addMethod}>
              Добавить способ
            </Button>
            {errorText(form.errors.methods)}
          </Group>
          <Text fw={600}>Пороги</Text>
          <Group grow>
            <MoneyInput label="Включение в план закупки от, ₽" {...form.getInputProps('plan_threshold')} />
            <MoneyInput
              label="То же при выручке заказчика более 5 млрд ₽"
              {...form.getInputProps('plan_threshold_large')}
            />
            <MoneyInput label="Закупки только у МСП до, ₽" {...form.getInputProps('sme_ceiling')} />
          </Group>
          <Text fw={600}>Утверждение</Text>
          <Group grow>
            <AppSelect
              label="Орган, утверждающий положение"
              data={APPROVING_BODIES.map((b) => ({ value: b, label: APPROVING_BODY_TITLES[b] }))}
              {...form.getInputProps('approving_body')}
            />
            <DateField label="Вступает в силу с" {...form.getInputProps('effective_from')} />
          </Group>
          <Textarea label="Что изменено" autosize minRows={2} {...form.getInputProps('changes_summary')} />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

const errorText = (e: unknown) =>
  typeof e === 'string' ? (
    <Text size="sm" c="red">
      {e}
    </Text>
  ) : null;
