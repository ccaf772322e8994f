import {
  Anchor,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  APPROVING_BODIES,
  APPROVING_BODY_TITLES,
  ApproveInput,
  PublishInput,
  type RuleVersion,
} from '@zakupki/shared/api/procurement-rules';
import { isStaff } from '@zakupki/shared/roles';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AppSelect } from '../../../components/form/app-select';
import { DateField } from '../../../components/form/date-field';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { notices } from '../../../components/notices/notices.store';
import { downloadUrl } from '../../../lib/download';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import { usePermissions, useRule, useVersionAction, useVersions } from '../api/procurement-rules';
import { DUTY_VIEW, dutyText, VERSION_STATUS_VIEW } from '../model/views';
import { CompanyGate } from './company-gate';
import { VersionFormModal } from './version-form';

function ApproveModal({
  version,
  onSubmit,
  onClose,
}: {
  version: RuleVersion;
  onSubmit: (b: ApproveInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: {
      approving_body: version.approving_body ?? 'board_of_directors',
      decision_number: version.decision_number ?? '',
      decision_date: version.decision_date ?? '',
      effective_from: version.effective_from ?? '',
    },
    validate: schemaValidate(ApproveInput),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  return (
    <Modal opened onClose={onClose} title={`Утверждение редакции № ${version.number}`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            await onSubmit(ApproveInput.parse(v));
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <AppSelect
            label="Орган, утвердивший положение"
            required
            allowDeselect={false}
            data={APPROVING_BODIES.map((b) => ({ value: b, label: APPROVING_BODY_TITLES[b] }))}
            {...form.getInputProps('approving_body')}
          />
          <TextInput
            label="Номер решения (протокола)"
            withAsterisk
            {...form.getInputProps('decision_number')}
          />
          <DateField label="Дата решения" required {...form.getInputProps('decision_date')} />
          <DateField label="Вступает в силу с" required {...form.getInputProps('effective_from')} />
          <Text size="xs" c="dimmed">
            После утверждения редакцию нельзя изменить; её нужно разместить в ЕИС в течение 15 дней (ч. 1 ст.
            4 223-ФЗ).
          </Text>
          <RefusalAlert title="Не утверждено" message={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit">Утвердить</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function PublishModal({
  version,
  onSubmit,
  onClose,
}: {
  version: RuleVersion;
  onSubmit: (b: PublishInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const form = useForm({
    initialValues: { eis_published_on: '', eis_registration_number: '' },
    validate: schemaValidate(PublishInput),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  return (
    <Modal opened onClose={onClose} title={`Размещение в ЕИС редакции № ${version.number}`}>
      <form
        onSubmit={form.onSubmit(async (v) => {
          clear();
          try {
            await onSubmit(v);
            onClose();
          } catch (err) {
            refuse(err);
          }
        })}
      >
        <Stack>
          <DateField label="Дата размещения в ЕИС" required {...form.getInputProps('eis_published_on')} />
          <TextInput
            label="Регистрационный номер в ЕИС"
            withAsterisk
            {...form.getInputProps('eis_registration_number')}
          />
          <Text size="xs" c="dimmed">
            Действующая редакция будет заменена этой с {formatDate(version.effective_from)}.
          </Text>
          <RefusalAlert title="Не сохранено" message={refusal} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Отмена
            </Button>
            <Button type="submit">Отметить размещение</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function VersionCard({
  version,
  ruleId,
  companyId,
  canWrite,
  staff,
  hasDraft,
  onEdit,
}: {
  version: RuleVersion;
  ruleId: number;
  companyId: number;
  canWrite: boolean;
  staff: boolean;
  hasDraft: boolean;
  onEdit: () => void;
}) {
  const actions = useVersionAction(companyId, ruleId);
  const file = useRefusal();
  const [dialog, setDialog] = useState<'approve' | 'publish' | null>(null);
  const v = version;
  const newDraft = () =>
    modals.openConfirmModal({
      title: 'Новая редакция',
      children: <Text size="sm">{`Создать черновик новой редакции на основе редакции № ${v.number}?`}</Text>,
      labels: { confirm: 'Создать', cancel: 'Отмена' },
      onConfirm: () =>
        actions.newDraft.mutate(v.id, {
          onSuccess: () => notices.success('Создано', 'Создан черновик новой редакции'),
        }),
    });
  return (
    <Card withBorder padding="sm" data-testid={`version-${v.number}`}>
      <Stack gap={6}>
        <Group justify="space-between">
          <Group gap="xs">
            <Text fw={600}>Редакция № {v.number}</Text>
            <Badge color={VERSION_STATUS_VIEW[v.status].color} variant="light">
              {VERSION_STATUS_VIEW[v.status].label}
            </Badge>
            {v.in_force ? <Badge color="green">Действует</Badge> : null}
          </Group>
          {canWrite ? (
            <Group gap={4}>
              {v.status === 'draft' ? (
                <>
                  <Button size="compact-sm" variant="default" onClick={onEdit}>
                    Изменить
                  </Button>
                  <FileButton
                    accept=".pdf,.docx,.zip"
                    onChange={(f) => {
                      file.clear();
                      if (f) actions.file.mutate({ versionId: v.id, file: f }, { onError: file.refuse });
                    }}
                  >
                    {(props) => (
                      <Button size="compact-sm" variant="default" {...props}>
                        Файл положения
                      </Button>
                    )}
                  </FileButton>
                  <Button size="compact-sm" onClick={() => setDialog('approve')}>
                    Утвердить
                  </Button>
                </>
              ) : null}
              {v.status === 'approved' ? (
                <Button size="compact-sm" onClick={() => setDialog('publish')}>
                  Разместить в ЕИС
                </Button>
              ) : null}
              {v.status !== 'draft' && !hasDraft ? (
                <Button size="compact-sm" variant="default" onClick={newDraft}>
                  Новая редакция
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Group>
        <Text size="sm">
          {v.decision_date
            ? `Утверждена: ${v.approving_body ? APPROVING_BODY_TITLES[v.approving_body] : ''}, решение № ${v.decision_number ?? '—'} от ${formatDate(v.decision_date)}`
            : 'Не утверждена'}
          {v.effective_from ? `; действует с ${formatDate(v.effective_from)}` : ''}
          {v.effective_to ? ` по ${formatDate(v.effective_to)}` : ''}
        </Text>
        {v.eis_registration_number ? (
          <Text size="sm">
            ЕИС: № {v.eis_registration_number} от {formatDate(v.eis_published_on)}
          </Text>
        ) : null}
        {v.duty ? (
          <Group gap="xs">
            <Badge
              color={DUTY_VIEW[v.duty.status].color}
              variant={v.duty.status === 'overdue' ? 'filled' : 'light'}
            >
              {DUTY_VIEW[v.duty.status].label}
            </Badge>
            <Text size="xs" c="dimmed">
              Размещение в ЕИС: {dutyText(v.duty)}
            </Text>
          </Group>
        ) : null}
        <Text size="sm" c="dimmed">
          Способы:{' '}
          {v.methods.length
            ? v.methods
                .map(
                  (m) =>
                    `${m.method_title} (${m.notice_days} ${m.notice_day_kind === 'working' ? 'раб.' : 'кал.'} дн.)`,
                )
                .join('; ')
            : 'не указаны'}
        </Text>
        <Text size="xs" c="dimmed">
          Пороги: план от {formatMoney(v.plan_threshold)} (крупный заказчик — от{' '}
          {formatMoney(v.plan_threshold_large)})
          {v.sme_ceiling ? `; только МСП до ${formatMoney(v.sme_ceiling)}` : ''}
        </Text>
        {v.changes_summary ? <Text size="sm">{v.changes_summary}</Text> : null}
        <RefusalAlert title="Файл не загружен" message={file.refusal} />
        <Group gap="md">
          {v.file_id ? (
            <Anchor
              size="sm"
              component="button"
              onClick={() =>
                downloadUrl(`/api/files/${v.file_id}`, v.file_name ?? 'положение', 'скачивание файла')
              }
            >
              {v.file_name}
            </Anchor>
          ) : null}
          {staff ? (
            <Anchor
              component={Link}
              size="sm"
              to={`/procurementsRules/${ruleId}/versions/${v.id}/documentsRules`}
            >
              Правила документов ({v.documents_rules_count})
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      {dialog === 'approve' ? (
        <ApproveModal
          version={v}
          onClose={() => setDialog(null)}
          onSubmit={(body) =>
            actions.approve
              .mutateAsync({ versionId: v.id, body })
              .then(() => notices.success('Утверждено', `Редакция № ${v.number} утверждена`))
          }
        />
      ) : null}
      {dialog === 'publish' ? (
        <PublishModal
          version={v}
          onClose={() => setDialog(null)}
          onSubmit={(body) =>
            actions.publish
              .mutateAsync({ versionId: v.id, body })
              .then(() => notices.success('Размещено', `Редакция № ${v.number} размещена в ЕИС`))
          }
        />
      ) : null}
    </Card>
  );
}

/** `/procurementsRules/:id/versions`: the versions of a rule as a timeline with their actions. */
export function VersionsPage() {
  const ruleId = Number(useParams().id);
  return <CompanyGate>{(companyId) => <VersionsScreen companyId={companyId} ruleId={ruleId} />}</CompanyGate>;
}

function VersionsScreen({ companyId, ruleId }: { companyId: number; ruleId: number }) {
  const session = useSession();
  const staff = session.status === 'authenticated' && isStaff(session.user.role);
  const rule = useRule(companyId, ruleId);
  const versions = useVersions(companyId, ruleId);
  const perms = usePermissions(companyId);
  const canWrite = (perms.data?.includes('rules.write') ?? false) && !rule.data?.archived;
  const [editing, setEditing] = useState<RuleVersion | 'new' | null>(null);
  const items = versions.data?.items ?? [];
  const hasDraft = items.some((v) => v.status === 'draft');
  if (rule.isError)
    return (
      <Stack>
        <Text>Положение не найдено в выбранной компании.</Text>
        <Anchor component={Link} to="/procurementsRules">
          К списку положений
        </Anchor>
      </Stack>
    );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/procurementsRules" size="sm">
        ← Положения о закупке
      </Anchor>
      <Group justify="space-between">
        <Title order={2}>{rule.data?.title ?? 'Положение о закупке'}</Title>
        {canWrite && !hasDraft ? <Button onClick={() => setEditing('new')}>Новая редакция</Button> : null}
      </Group>
      {rule.data?.duty ? (
        <Group gap="xs">
          <Badge color={DUTY_VIEW[rule.data.duty.status].color} size="lg">
            {DUTY_VIEW[rule.data.duty.status].label}
          </Badge>
          <Text size="sm">
            {rule.data.duty.title}: {dutyText(rule.data.duty)}
          </Text>
        </Group>
      ) : null}
      {versions.isPending ? <Loader size="sm" aria-label="Загрузка редакций" /> : null}
      {versions.data && !items.length ? <Text c="dimmed">Редакций пока нет</Text> : null}
      <Timeline active={items.findIndex((v) => v.in_force)} bulletSize={18} lineWidth={2}>
        {items.map((v) => (
          <Timeline.Item key={v.id} title={`${formatDate(v.effective_from ?? v.created_at)}`}>
            <VersionCard
              version={v}
              ruleId={ruleId}
              companyId={companyId}
              canWrite={canWrite}
              staff={staff}
              hasDraft={hasDraft}
              onEdit={() => setEditing(v)}
            />
          </Timeline.Item>
        ))}
      </Timeline>
      {editing ? (
        <VersionFormModal
          companyId={companyId}
          ruleId={ruleId}
          version={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
