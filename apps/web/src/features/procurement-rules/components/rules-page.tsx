import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { type ProcurementRule, RuleInput } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AppMultiSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { formatDate } from '../../../lib/formatters';
import {
  useCreateRule,
  useCustomers,
  useDeleteRule,
  usePermissions,
  useRules,
  useUpdateRule,
} from '../api/procurement-rules';
import { DUTY_VIEW, dutyText, VERSION_STATUS_VIEW } from '../model/views';
import { CompanyGate } from './company-gate';
import { CopyRuleModal } from './copy-rule-modal';

const LIMIT = 20;

type RuleValues = { title: string; customer_ids: string[] };
const toRuleBody = (v: RuleValues) => ({ title: v.title, customer_ids: v.customer_ids.map(Number) });

/** Create or edit a rule: title and the customers (заказчики) it applies to. */
function RuleFormModal({
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

function RuleRow({
  rule,
  canWrite,
  onEdit,
  onCopy,
}: {
  rule: ProcurementRule;
  canWrite: boolean;
  onEdit: () => void;
  onCopy: () => void;
}) {
  const update = useUpdateRule(rule.company_id);
  const remove = useDeleteRule(rule.company_id);
  const cur = rule.current_version;
  const archive = () =>
    modals.openConfirmModal({
      title: rule.archived ? 'Вернуть из архива' : 'Перенести в архив',
      children: (
        <Text size="sm">{`${rule.archived ? 'Вернуть из архива' : 'Перенести в архив'} «${rule.title}»?`}</Text>
      ),
      labels: { confirm: 'Да', cancel: 'Отмена' },
      onConfirm: () =>
        update.mutate({
          ruleId: rule.id,
          body: { title: rule.title, customer_ids: rule.customer_ids, archived: !rule.archived },
        }),
    });
  const del = () =>
    modals.openConfirmModal({
      title: 'Удалить положение',
      children: (
        <Text size="sm">{`Удалить «${rule.title}»? Удалить можно только положение без утверждённых редакций.`}</Text>
      ),
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(rule.id, { onSuccess: () => notices.success('Удалено', 'Положение удалено') }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/procurementsRules/${rule.id}/versions`} fw={500}>
          {rule.title}
        </Anchor>
        {rule.archived ? (
          <Badge ml="xs" color="dark" variant="light" size="sm">
            В архиве
          </Badge>
        ) : null}
        {rule.customers.length ? (
          <Text size="xs" c="dimmed">
            {rule.customers.map((c) => c.title).join(', ')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {cur ? (
          <>
            <Text size="sm">
              Редакция № {cur.number} с {formatDate(cur.effective_from)}
            </Text>
            <Text size="xs" c="dimmed">
              {cur.eis_registration_number ? `ЕИС № ${cur.eis_registration_number}` : ''}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Нет действующей редакции
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {rule.latest_version ? (
          <Badge color={VERSION_STATUS_VIEW[rule.latest_version.status].color} variant="light">
            {`№ ${rule.latest_version.number}: ${VERSION_STATUS_VIEW[rule.latest_version.status].label}`}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            Редакций нет
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {rule.duty ? (
          <>
            <Badge
              color={DUTY_VIEW[rule.duty.status].color}
              variant={rule.duty.status === 'overdue' ? 'filled' : 'light'}
            >
              {DUTY_VIEW[rule.duty.status].label}
            </Badge>
            <Text size="xs" c="dimmed">
              {dutyText(rule.duty)}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      {canWrite ? (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="default" onClick={onEdit}>
              Изменить
            </Button>
            <Button size="compact-xs" variant="default" onClick={onCopy}>
              Копировать
            </Button>
            <Button size="compact-xs" variant="default" onClick={archive}>
              {rule.archived ? 'Из архива' : 'В архив'}
            </Button>
            {rule.can_delete ? (
              <Button size="compact-xs" variant="subtle" color="red" onClick={del}>
                Удалить
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** `/procurementsRules`: the rules of the selected company with the version in force and the EIS duty. */
export function RulesPage() {
  return <CompanyGate>{(companyId) => <RulesScreen companyId={companyId} />}</CompanyGate>;
}

function RulesScreen({ companyId }: { companyId: number }) {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get('page') ?? 1) || 1;
  const archived = params.get('archived') === 'true';
  const q = params.get('q') ?? '';
  const rules = useRules(companyId, { page, limit: LIMIT, archived, q: q || undefined });
  const perms = usePermissions(companyId);
  const canWrite = perms.data?.includes('rules.write') ?? false;
  const [editing, setEditing] = useState<ProcurementRule | 'new' | null>(null);
  const [copying, setCopying] = useState<ProcurementRule | null>(null);
  const setParam = (k: string, v: string | null) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (v) n.set(k, v);
      else n.delete(k);
      if (k !== 'page') n.delete('page');
      return n;
    });
  const items = rules.data?.items ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Положения о закупке</Title>
        {canWrite ? <Button onClick={() => setEditing('new')}>Создать положение</Button> : null}
      </Group>
      <Group>
        <TextInput
          placeholder="Поиск по наименованию"
          defaultValue={q}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setParam('q', e.currentTarget.value.trim() || null);
          }}
          w={320}
        />
        <Checkbox
          label="Показывать архивные"
          checked={archived}
          onChange={(e) => setParam('archived', e.currentTarget.checked ? 'true' : null)}
        />
      </Group>
      {rules.isPending ? <Loader size="sm" aria-label="Загрузка положений" /> : null}
      {rules.data && !items.length ? (
        <Text c="dimmed">Положений о закупке нет{canWrite ? ': создайте первое' : ''}</Text>
      ) : null}
      {items.length ? (
        <Table striped highlightOnHover aria-label="Положения о закупке">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Положение</Table.Th>
              <Table.Th>Действующая редакция</Table.Th>
              <Table.Th>Последняя редакция</Table.Th>
              <Table.Th>Размещение в ЕИС (15 дней)</Table.Th>
              {canWrite ? <Table.Th>Действия</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((rule) => (
              <RuleRow
                key={rule.id}
                rule={rule}
                canWrite={canWrite}
                onEdit={() => setEditing(rule)}
                onCopy={() => setCopying(rule)}
              />
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {rules.data && rules.data.total > LIMIT ? (
        <Pagination
          total={Math.ceil(rules.data.total / LIMIT)}
          value={page}
          onChange={(p) => setParam('page', String(p))}
        />
      ) : null}
      {editing ? (
        <RuleFormModal
          companyId={companyId}
          rule={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {copying ? <CopyRuleModal rule={copying} onClose={() => setCopying(null)} /> : null}
    </Stack>
  );
}
