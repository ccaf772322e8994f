import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { APPROVING_BODY_TITLES, type RuleVersion } from '@zakupki/shared/api/procurement-rules';
import { Link } from 'react-router';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { downloadUrl } from '../../../lib/download';
import { formatDate, formatMoney } from '../../../lib/formatters';
import { DUTY_VIEW, dutyText, VERSION_STATUS_VIEW } from '../model/views';
import { VersionActions } from './version-actions';
import { VersionSettingsView } from './version-settings-view';

/**
 * One version on the timeline: status, approval, EIS placement, methods, evaluation criteria,
 * НМЦД justification settings, thresholds, file.
 */
export function VersionCard({
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
  const file = useRefusal();
  const v = version;
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
            <VersionActions
              version={v}
              ruleId={ruleId}
              companyId={companyId}
              hasDraft={hasDraft}
              onEdit={onEdit}
              file={file}
            />
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
        <VersionSettingsView version={v} />
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
    </Card>
  );
}
