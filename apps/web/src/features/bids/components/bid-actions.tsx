import { Button, FileButton, Group, Menu } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Bid } from '@zakupki/shared/api/bids';
import { notices } from '../../../components/notices/notices.store';
import { useAddBidFile, useRemoveBid, useRemoveBidFile } from '../api/bids';
import type { ResultsProps } from './bids-toolbar';

/** A writer's buttons on a bid row: admission, edit, attach or detach a file, delete. */
export function BidActions({
  companyId,
  procurementId,
  bid,
  onEdit,
  onDecide,
}: ResultsProps & { bid: Bid; onEdit: () => void; onDecide: () => void }) {
  const remove = useRemoveBid(companyId, procurementId, {
    onSuccess: () => notices.success('Заявка удалена', bid.participant_name),
  });
  const addFile = useAddBidFile(companyId, procurementId, {
    onSuccess: () => notices.success('Файл прикреплён', bid.participant_name),
  });
  const removeFile = useRemoveBidFile(companyId, procurementId);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Удалить заявку?',
      children: `Заявка участника «${bid.participant_name}» будет удалена вместе с её оценками.`,
      labels: { confirm: 'Удалить', cancel: 'Отмена' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(bid.id),
    });
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-xs"
        variant="light"
        onClick={onDecide}
        aria-label={`Допуск: ${bid.participant_name}`}
      >
        Допуск
      </Button>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="subtle" aria-label={`Действия: ${bid.participant_name}`}>
            …
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={onEdit}>Изменить</Menu.Item>
          <FileButton onChange={(f) => f && addFile.mutate({ bidId: bid.id, file: f })}>
            {(p) => <Menu.Item {...p}>Прикрепить файл</Menu.Item>}
          </FileButton>
          {bid.files.map((f) => (
            <Menu.Item
              key={f.file_id}
              onClick={() => removeFile.mutate({ bidId: bid.id, fileId: f.file_id })}
            >
              Открепить «{f.name}»
            </Menu.Item>
          ))}
          {bid.source !== 'eis' ? (
            <Menu.Item color="red" onClick={confirmRemove}>
              Удалить
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
