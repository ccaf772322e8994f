import { Alert, Anchor, Button, Group, Modal, Table, Text } from '@mantine/core';
import type { DocumentOutput, ProcurementDocument } from '@zakupki/shared/api/procurement-documents';
import { Link } from 'react-router';
import { useFileDownload } from '../../../lib/download';
import { formatDateTime } from '../../../lib/formatters';
import { useDocumentOutputs } from '../api/procurement-documents';

/** The downloads of one output of a document (DOCX, PDF) and its file page. */
export function OutputLinks({ o, title }: { o: DocumentOutput; title: string }) {
  const download = useFileDownload();
  return (
    <Group gap="xs">
      {(
        [
          ['DOCX', o.docx_file_id, 'docx'],
          ['PDF', o.pdf_file_id, 'pdf'],
        ] as const
      ).map(([label, id, ext]) =>
        id ? (
          <Button
            key={ext}
            size="compact-xs"
            variant="outline"
            onClick={() => download.mutate({ id, name: `${title}.${ext}` })}
            aria-label={`Скачать ${label} «${title}», версия ${o.version}`}
          >
            {label}
          </Button>
        ) : null,
      )}
      {o.docx_file_id ? (
        <Anchor component={Link} to={`/files/${o.pdf_file_id ?? o.docx_file_id}`} size="xs">
          Страница файла
        </Anchor>
      ) : null}
    </Group>
  );
}

/** Every output of a document, newest first, with who made it and what was left empty. */
export function VersionsModal({
  companyId,
  procurementId,
  d,
  onClose,
}: {
  companyId: number;
  procurementId: number;
  d: ProcurementDocument | null;
  onClose: () => void;
}) {
  const outputs = useDocumentOutputs(companyId, procurementId, d?.document_id ?? null);
  return (
    <Modal opened={d !== null} onClose={onClose} title={d ? `Версии: ${d.title}` : ''} size="lg">
      {outputs.isError ? <Alert color="red">Не удалось загрузить версии документа</Alert> : null}
      <Table aria-label="Версии документа">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Версия</Table.Th>
            <Table.Th>Когда и кем</Table.Th>
            <Table.Th>Файлы</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(outputs.data?.items ?? []).map((o) => (
            <Table.Tr key={o.id}>
              <Table.Td>{o.version}</Table.Td>
              <Table.Td>
                <Text size="xs">
                  {formatDateTime(o.created_at)}
                  {o.created_by ? `, ${o.created_by.title}` : ''}
                </Text>
                {o.missing.length ? (
                  <Text size="xs" c="orange.8">
                    Пустые поля: {o.missing.join(', ')}
                  </Text>
                ) : null}
                {o.error ? (
                  <Text size="xs" c="red">
                    {o.error}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{d ? <OutputLinks o={o} title={d.title} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
