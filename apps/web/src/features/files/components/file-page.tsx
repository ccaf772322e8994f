import { Alert, Anchor, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { FileMeta } from '@zakupki/shared/api/files';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/formatters';
import { ApiError } from '../../../lib/http-errors';
import { inlineFileUrl, useDownloadFile, useFileMeta } from '../api/files';
import { formatFileSize } from '../model/format';

/**
 * /files/:id — a stored file (an upload, a generated report, a Положение, a DOCX template): its
 * metadata, what it belongs to, a PDF shown in the page, «Скачать», the other versions of the same
 * document. A missing file and one of another company look the same: «Файл не найден».
 */
export function FilePage() {
  const id = Number(useParams().id);
  return <FileView id={Number.isInteger(id) && id > 0 ? id : 0} />;
}

export function FileView({ id }: { id: number }) {
  const meta = useFileMeta(id);
  if (!id || (meta.error instanceof ApiError && meta.error.status === 404)) return <FileNotFound />;
  if (meta.isError) {
    return (
      <Alert color="red" title="Не удалось загрузить сведения о файле">
        {meta.error.message}
      </Alert>
    );
  }
  if (!meta.data) return <Loader size="sm" aria-label="Загрузка сведений о файле" />;
  return <FileCard file={meta.data} />;
}

function FileNotFound() {
  return (
    <Stack gap="sm">
      <Title order={2}>Файл не найден</Title>
      <Text>Файл удалён, ссылка введена с ошибкой или у вас нет доступа к этому файлу.</Text>
      <Anchor component={Link} to="/">
        Перейти на главную страницу
      </Anchor>
    </Stack>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th w={220} fw={500} c="dimmed">
        {label}
      </Table.Th>
      <Table.Td>{children}</Table.Td>
    </Table.Tr>
  );
}

function FileCard({ file }: { file: FileMeta }) {
  const download = useDownloadFile();
  const owner = file.owner;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} style={{ wordBreak: 'break-word' }}>
          {file.name}
        </Title>
        <Button
          onClick={() => download.mutate({ id: file.id, name: file.name })}
          loading={download.isPending}
        >
          Скачать
        </Button>
      </Group>
      <Card withBorder padding="xs">
        <Table layout="fixed" aria-label="Сведения о файле">
          <Table.Tbody>
            <Row label="Размер">{formatFileSize(file.size)}</Row>
            <Row label="Тип">{file.type_title}</Row>
            <Row label="Добавил">{file.created_by?.title || 'Система'}</Row>
            <Row label="Дата добавления">{formatDateTime(file.created_at)} (МСК)</Row>
            <Row label="Компания">{file.company?.title ?? 'Личный файл'}</Row>
            <Row label="Относится к">
              {owner ? (
                <>
                  {owner.kind_title}:{' '}
                  {owner.link ? (
                    <Anchor component={Link} to={owner.link}>
                      {owner.title}
                    </Anchor>
                  ) : (
                    owner.title
                  )}
                </>
              ) : (
                '—'
              )}
            </Row>
          </Table.Tbody>
        </Table>
      </Card>
      {file.inline ? (
        <iframe
          title={`Просмотр: ${file.name}`}
          src={inlineFileUrl(file.id)}
          style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-3)' }}
        />
      ) : null}
      {file.versions.length ? <Versions file={file} /> : null}
    </Stack>
  );
}

function Versions({ file }: { file: FileMeta }) {
  return (
    <Stack gap="xs">
      <Title order={3}>Другие версии</Title>
      <Table aria-label="Другие версии">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Файл</Table.Th>
            <Table.Th w={180}>Дата добавления</Table.Th>
            <Table.Th w={120}>Размер</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {file.versions.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td>
                <Anchor component={Link} to={`/files/${v.id}`}>
                  {v.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDateTime(v.created_at)}</Table.Td>
              <Table.Td>{formatFileSize(v.size)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
