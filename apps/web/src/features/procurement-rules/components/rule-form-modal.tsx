import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ProcurementRule, RuleInput } from '@zakupki/shared/api/procurement-rules';
import { AppMultiSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { useCreateRule, useCustomers, useUpdateRule } from '../api/procurement-rules';

type RuleValues = { title: string; customer_ids: string[] };
const toRuleBody = (v: RuleValues) => ({ title: v.title, customer_ids: v.customer_ids.map(Number) });

/** Create or edit a rule: title and the customers (заказчики) it applies to. */
export function RuleFormModal({
  companyId,
  rule,
  onClose,
}: {
  companyId: number;
  rule: ProcurementRule | null;
  onClose: () => void;
}) {
  const customers = useCustomers(companyId);
  const create = useCreateRule(companyId);
  const update = useUpdateRule(companyId);
  const form = useForm<RuleValues>({
    initialValues: { title: rule?.title ?? '', customer_ids: (rule?.customer_ids ?? []).map(String) },
    validate: schemaValidate(RuleInput, toRuleBody),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const submit = form.onSubmit(async (v) => {
    const body = toRuleBody(v);
    clear();
    try {
      if (rule) await update.mutateAsync({ ruleId: rule.id, body: { ...body, archived: rule.archived } });
      else await create.mutateAsync(body);
      notices.success('Сохранено', rule ? 'Положение изменено' : 'Положение создано');
      onClose();
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={rule ? 'Положение о закупке' : 'Новое положение о закупке'}
      size="lg"
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Наименование" withAsterisk {...form.getInputProps('title')} />
          <AppMultiSelect
            label="Заказчики, на которых распространяется положение"
            description="Не выбрано — все заказчики компании"
            data={(customers.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
            searchable
            {...form.getInputProps('customer_ids')}
          />
          <RefusalAlert message={refusal} />
          <FormModalFooter onCancel={onClose} loading={create.isPending || update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
