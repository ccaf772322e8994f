import { ActionIcon, Anchor, Button, FileButton, Group } from '@mantine/core';
import { NMCK_OFFER_FILE_ACCEPT, type NmckSource } from '@zakupki/shared/api/nmck';
import { useFileDownload } from '../../../lib/download';
import { useOfferFile } from '../api/nmck';

/**
 * The file of a commercial offer in the item's table: its name downloads it; with write access
 * «Файл предложения» uploads one, «Заменить» replaces it and × detaches it.
 */
export function OfferFile({
  companyId,
  procurementId,
  source: s,
  canWrite,
}: {
  companyId: number;
  procurementId: number;
  source: NmckSource;
  canWrite: boolean;
}) {
  const file = useOfferFile(companyId, procurementId);
  const download = useFileDownload();
  const choose = (label: string) => (
    <FileButton
      accept={NMCK_OFFER_FILE_ACCEPT}
      onChange={(f) => {
        if (f) file.attach.mutate({ sourceId: s.id, file: f });
      }}
    >
      {(props) => (
        <Button size="compact-xs" variant="subtle" loading={file.attach.isPending} {...props}>
          {label}
        </Button>
      )}
    </FileButton>
  );
  if (s.file_id === null) return canWrite ? <Group gap={4}>{choose('Файл предложения')}</Group> : null;
  const fileId = s.file_id;
  return (
    <Group gap={4} wrap="nowrap">
      <Anchor
        component="button"
        type="button"
        size="sm"
        title="Скачать файл предложения"
        onClick={() => download.mutate({ id: fileId, name: s.file_name })}
      >
        {s.file_name ?? `Файл № ${fileId}`}
      </Anchor>
      {canWrite ? (
        <>
          {choose('Заменить')}
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label="Убрать файл предложения"
            loading={file.remove.isPending}
            onClick={() => file.remove.mutate(s.id)}
          >
            ×
          </ActionIcon>
        </>
      ) : null}
    </Group>
  );
}
