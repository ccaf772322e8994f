import { Button, FileButton, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DOCUMENT_CONDITION_TITLES,
  DOCUMENT_FORMAT_TITLES,
  type DocumentsRule,
  type TemplateReport,
} from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import { RefusalAlert, useRefusal } from '../../../components/form/refusal-alert';
import { ApiError } from '../../../lib/http-errors';
import type { Actions } from './documents-rule-form';
/** The ordered documents of one method: drag a row (or use the arrows) to reorder. */
export function MethodDocuments({
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
