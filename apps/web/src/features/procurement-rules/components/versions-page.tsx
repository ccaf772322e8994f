import { Anchor, Badge, Button, Group, Loader, Stack, Text, Timeline, Title } from '@mantine/core';
import type { RuleVersion } from '@zakupki/shared/api/procurement-rules';
import { isStaff } from '@zakupki/shared/roles';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../lib/formatters';
import { useSession } from '../../../lib/session-store';
import { usePermissions, useRule, useVersions } from '../api/procurement-rules';
import { DUTY_VIEW, dutyText } from '../model/views';
import { CompanyGate } from './company-gate';
import { VersionCard } from './version-card';
import { VersionFormModal } from './version-form';

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
