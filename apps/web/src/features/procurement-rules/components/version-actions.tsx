import { Button, FileButton, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RuleVersion } from '@zakupki/shared/api/procurement-rules';
import { useState } from 'react';
import type { useRefusal } from '../../../components/form/refusal-alert';
import { notices } from '../../../components/notices/notices.store';
import { useVersionAction } from '../api/procurement-rules';
import { ApproveModal, PublishModal } from './version-dialogs';

/**
 * A version's buttons by its status (edit, the rule's file, approve; place in the EIS; a new draft
 * from it) with their dialogs. A refused file lands in `file`, which the card shows.
 */
export function VersionActions({
  version: v,
  ruleId,
  companyId,
  hasDraft,
  onEdit,
  file,
}: {
  version: RuleVersion;
  ruleId: number;
  companyId: number;
  hasDraft: boolean;
  onEdit: () => void;
  file: ReturnType<typeof useRefusal>;
}) {
  const actions = useVersionAction(companyId, ruleId);
  const [dialog, setDialog] = useState<'approve' | 'publish' | null>(null);
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
    <>
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
    </>
  );
}
