import { Alert, Anchor, Badge, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import type { DocumentsRule, TemplateReport } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useDocumentsRuleActions,
  useDocumentsRules,
  usePermissions,
  useRule,
  useVersions,
  type VersionRef,
} from '../api/procurement-rules';
import { VERSION_STATUS_VIEW } from '../model/views';
import { CompanyGate } from './company-gate';
import { DocumentFormModal } from './documents-rule-form';
import { MethodDocuments } from './method-documents';
import { TemplateFieldsPanel } from './template-fields';
import { TemplateReportView } from './template-report';
/** `/procurementsRules/:procId/versions/:id/documentsRules` (staff): documents per method with templates. */
export function DocumentsRulesPage() {
  const params = useParams();
  return (
    <CompanyGate>
      {(companyId) => (
        <DocumentsRulesScreen
          v={{ companyId, ruleId: Number(params.procId), versionId: Number(params.id) }}
        />
      )}
    </CompanyGate>
  );
}

function DocumentsRulesScreen({ v }: { v: VersionRef }) {
  const rule = useRule(v.companyId, v.ruleId);
  const versions = useVersions(v.companyId, v.ruleId);
  const docs = useDocumentsRules(v);
  const perms = usePermissions(v.companyId);
  const actions = useDocumentsRuleActions(v);
  const version = versions.data?.items.find((x) => x.id === v.versionId);
  const editable = (perms.data?.includes('rules.write') ?? false) && version?.status === 'draft';
  const [tab, setTab] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ methodId: number; doc: DocumentsRule | null } | null>(null);
  const [report, setReport] = useState<{ name: string; report: TemplateReport; refused: boolean } | null>(
    null,
  );
  if (versions.isPending || docs.isPending)
    return <Loader size="sm" aria-label="Загрузка правил документов" />;
  if (!version)
    return (
      <Stack>
        <Text>Редакция не найдена.</Text>
        <Anchor component={Link} to="/procurementsRules">
          К списку положений
        </Anchor>
      </Stack>
    );
  const methods = version.methods;
  const active = tab ?? String(methods[0]?.method_id ?? '');
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/procurementsRules/${v.ruleId}/versions`} size="sm">
        ← Редакции положения
      </Anchor>
      <Group gap="xs">
        <Title order={2}>Правила документов</Title>
        <Badge color={VERSION_STATUS_VIEW[version.status].color} variant="light">
          {`Редакция № ${version.number}: ${VERSION_STATUS_VIEW[version.status].label}`}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {rule.data?.title}
        {editable ? '' : '. Изменять документы можно только в черновике редакции.'}
      </Text>
      {report ? <TemplateReportView {...report} onClose={() => setReport(null)} /> : null}
      {methods.length ? (
        <Tabs value={active} onChange={setTab}>
          <Tabs.List>
            {methods.map((m) => (
              <Tabs.Tab key={m.method_id} value={String(m.method_id)}>
                {m.method_title} ({(docs.data?.items ?? []).filter((d) => d.method_id === m.method_id).length}
                )
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {methods.map((m) => (
            <Tabs.Panel key={m.method_id} value={String(m.method_id)} pt="sm">
              <MethodDocuments
                docs={(docs.data?.items ?? []).filter((d) => d.method_id === m.method_id)}
                methodId={m.method_id}
                editable={editable}
                actions={actions}
                onEdit={(doc) => setEditing({ methodId: m.method_id, doc })}
                onReport={setReport}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      ) : (
        <Alert color="yellow">
          В редакции не указаны способы закупки: добавьте их в настройках редакции.
        </Alert>
      )}
      <Title order={3}>Поля для шаблонов</Title>
      <TemplateFieldsPanel companyId={v.companyId} />
      {editing ? (
        <DocumentFormModal
          v={v}
          methodId={editing.methodId}
          doc={editing.doc}
          actions={actions}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
