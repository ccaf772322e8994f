import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  FileButton,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import {
  DOCUMENT_CONDITION_TITLES,
  DOCUMENT_CONDITIONS,
  DOCUMENT_FORMAT_TITLES,
  DOCUMENT_FORMATS,
  type DocumentsRule,
  DocumentsRuleInput,
  type TemplateReport,
} from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AppSelect } from '../../../components/form/app-select';
import { FormModalFooter } from '../../../components/form/form-modal-footer';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { schemaValidate } from '../../../components/form/schema-validate';
import { ApiError } from '../../../lib/http-errors';
import {
  useDocumentKinds,
  useDocumentsRuleActions,
  useDocumentsRules,
  usePermissions,
  useRule,
  useVersions,
  type VersionRef,
} from '../api/procurement-rules';
import { VERSION_STATUS_VIEW } from '../model/views';
import { CompanyGate } from './company-gate';
import { TemplateFieldsPanel } from './template-fields';
import { TemplateReportView } from './template-report';

type Actions = ReturnType<typeof useDocumentsRuleActions>;
type DocValues = {
  document_kind_id: string | null;
  title: string;
  required: boolean;
  formats: DocumentsRule['formats'];
  condition: DocumentsRule['condition'];
};
const toDocBody = (values: DocValues, methodId: number) => ({
  ...values,
  method_id: methodId,
  // no kind chosen: «Обязательное поле» from the schema
  document_kind_id: values.document_kind_id ? Number(values.document_kind_id) : undefined,
});

function DocumentFormModal({
  v,
  methodId,
  doc,
  actions,
  onClose,
}: {
  v: VersionRef;
  methodId: number;
  doc: DocumentsRule | null;
  actions: Actions;
  onClose: () => void;
}) {
  const kinds = useDocumentKinds(v.companyId);
  const form = useForm<DocValues>({
    initialValues: {
      document_kind_id: doc ? String(doc.document_kind_id) : null,
      title: doc?.title ?? '',
      required: doc?.required ?? true,
      formats: doc?.formats ?? 'docx',
      condition: doc?.condition ?? null,
    },
    validate: schemaValidate(DocumentsRuleInput, (values: DocValues) => toDocBody(values, methodId)),
  });
  const { refusal, refuse, clear } = useRefusal(form);
  const pickKind = (id: string | null) => {
    form.setFieldValue('document_kind_id', id);
    const title = kinds.data?.items.find((k) => String(k.id) === id)?.title;
    if (title && !form.getValues().title) form.setFieldValue('title', title);
  };
  const submit = form.onSubmit(async (values) => {
    const body = DocumentsRuleInput.parse(toDocBody(values, methodId));
    clear();
    try {
      if (doc) await actions.update.mutateAsync({ id: doc.id, body });
      else await actions.create.mutateAsync(body);
      onClose();
    } catch (err) {
      refuse(err);
    }
  });
  return (
    <Modal opened onClose={onClose} title={doc ? 'Документ' : 'Новый документ'} size="lg">
      <form onSubmit={submit}>
        <Stack>
          <AppSelect
            label="Вид документа"
            required
            searchable
            data={(kinds.data?.items ?? [])
              .filter((k) => !k.archived_at)
              .map((k) => ({ value: String(k.id), label: k.title }))}
            {...form.getInputProps('document_kind_id')}
            onChange={pickKind}
          />
          <TextInput label="Наименование" withAsterisk {...form.getInputProps('title')} />
          <Group grow>
            <Select
              label="Формат"
              allowDeselect={false}
              data={DOCUMENT_FORMATS.map((f) => ({ value: f, label: DOCUMENT_FORMAT_TITLES[f] }))}
              {...form.getInputProps('formats')}
            />
            <AppSelect
              label="Условие"
              clearable
              data={DOCUMENT_CONDITIONS.map((c) => ({ value: c, label: DOCUMENT_CONDITION_TITLES[c] }))}
              {...form.getInputProps('condition')}
            />
          </Group>
          <Checkbox label="Обязательный документ" {...form.getInputProps('required', { type: 'checkbox' })} />
          <RefusalAlert message={refusal} />
          <FormModalFooter
            onCancel={onClose}
            loading={actions.create.isPending || actions.update.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** The ordered documents of one method: drag a row (or use the arrows) to reorder. */
function MethodDocuments({
  docs,
  methodId,
  editable,
  actions,
  onEdit,
  onReport,
}: {
  docs: DocumentsRule[];
  methodId: number;
  editable: boolean;
  actions: Actions;
  onEdit: (d: DocumentsRule | null) => void;
  onReport: (r: { name: string; report: TemplateReport; refused: boolean }) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  const template = useRefusal();
  const move = (from: number, to: number) => {
    if (to < 0 || to >= docs.length || from === to) return;
    const ids = docs.map((d) => d.id);
    const [id] = ids.splice(from, 1);
    ids.splice(to, 0, id);
    actions.order.mutate({ method_id: methodId, ids });
  };
  const upload = (doc: DocumentsRule, file: File | null) => {
    if (!file) return;
    template.clear();
    actions.template.mutate(
      { id: doc.id, file },
      {
        onSuccess: (report) => onReport({ name: file.name, report, refused: false }),
        onError: (err) => {
          if (
            err instanceof ApiError &&
            err.code === 'invalid_file' &&
            err.details &&
            typeof err.details === 'object'
          )
            onReport({ name: file.name, report: err.details as TemplateReport, refused: true });
          else template.refuse(err);
        },
      },
    );
  };
  const remove = (doc: DocumentsRule) =>
    modals.openConfirmModal({
      title: 'Удалить документ',
      children: <Text size="sm">{`Удалить «${doc.title}» из списка документов?`}</Text>,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => actions.remove.mutate(doc.id),
    });
  return (
    <Stack gap="sm">
      <RefusalAlert title="Шаблон не загружен" message={template.refusal} />
      {docs.length ? (
        <Table aria-label="Документы способа закупки">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>№</Table.Th>
              <Table.Th>Документ</Table.Th>
              <Table.Th>Формат</Table.Th>
              <Table.Th>Шаблон</Table.Th>
              <Table.Th>Действия</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {docs.map((d, i) => (
              <Table.Tr
                key={d.id}
                draggable={editable}
                onDragStart={() => setDragged(i)}
                onDragOver={(e) => editable && e.preventDefault()}
                onDrop={() => {
                  if (dragged !== null) move(dragged, i);
                  setDragged(null);
                }}
                style={{ cursor: editable ? 'grab' : undefined }}
              >
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {d.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {d.document_kind_title}
                    {d.required ? ', обязательный' : ', необязательный'}
                    {d.condition ? `; ${DOCUMENT_CONDITION_TITLES[d.condition]}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>{DOCUMENT_FORMAT_TITLES[d.formats]}</Table.Td>
                <Table.Td>
                  {d.template_name ? (
                    <>
                      <Text size="sm">{d.template_name}</Text>
                      <Text size="xs" c="dimmed">
                        Полей в шаблоне: {d.template_tags.length}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Нет шаблона
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {editable ? (
                      <>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label="Выше"
                          onClick={() => move(i, i - 1)}
                          disabled={i === 0}
                        >
                          ↑
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label="Ниже"
                          onClick={() => move(i, i + 1)}
                          disabled={i === docs.length - 1}
                        >
                          ↓
                        </Button>
                        <FileButton accept=".docx" onChange={(f) => upload(d, f)}>
                          {(props) => (
                            <Button size="compact-xs" variant="default" {...props}>
                              Загрузить шаблон
                            </Button>
                          )}
                        </FileButton>
                        <Button size="compact-xs" variant="default" onClick={() => onEdit(d)}>
                          Изменить
                        </Button>
                        <Button size="compact-xs" variant="subtle" color="red" onClick={() => remove(d)}>
                          Удалить
                        </Button>
                      </>
                    ) : null}
                    {d.template_file_id ? (
                      <Button size="compact-xs" variant="light" onClick={() => actions.preview.mutate(d.id)}>
                        Предпросмотр
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          Документов для этого способа нет
        </Text>
      )}
      {editable ? (
        <Group>
          <Button size="xs" variant="light" onClick={() => onEdit(null)}>
            Добавить документ
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

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
