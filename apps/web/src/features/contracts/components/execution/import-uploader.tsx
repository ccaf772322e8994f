import { Button, Card, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import type { ImportKind } from '@zakupki/shared/api/imports';
import { type ReactNode, useState } from 'react';
import { notices } from '../../../../components/notices/notices.store';
import { importNoticeId } from '../../../../lib/realtime';
import { useUploadImport } from '../../api/execution';
import { IMPORT_KIND_TITLES } from '../../model/labels';
import { ImportRunView } from './import-run-view';

/**
 * Uploads files for an import (multipart, field `file`) with a progress bar for the upload and
 * then for the server's job; the result (or the server's error text) is shown when it ends.
 */
export function ImportUploader({
  companyId,
  kind,
  title,
  description,
  accept,
  fields,
  extra,
  disabled,
}: {
  companyId: number;
  kind: ImportKind;
  title: string;
  description: string;
  accept: string;
  /** extra multipart fields (the date range of an EIS import) */
  fields?: Record<string, string | null>;
  extra?: ReactNode;
  disabled?: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<number | null>(null);
  const upload = useUploadImport(companyId, setSent, {
    onMutate: () => {
      setSent(0);
      setImportId(null);
    },
    onSuccess: (r) => {
      // shown at once, its progress follows the job's pushes; the result notice replaces it
      notices.pending(`Загрузка: ${IMPORT_KIND_TITLES[kind] ?? kind}`, 'Файлы переданы, ожидание обработки', {
        id: importNoticeId(r.import_id),
      });
      setImportId(r.import_id);
      setFiles([]);
    },
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        <FileInput
          label="Файлы"
          placeholder="Выберите файлы"
          multiple
          clearable
          accept={accept}
          value={files}
          onChange={setFiles}
          disabled={disabled}
        />
        {extra}
        <Group>
          <Button
            onClick={() => upload.mutate({ kind, files, fields })}
            disabled={!files.length || disabled}
            loading={upload.isPending}
          >
            Загрузить
          </Button>
        </Group>
        {upload.isPending ? (
          <Stack gap={4}>
            <Text size="sm">Передача файлов: {sent} %</Text>
            <Progress value={sent} aria-label={`Передача файлов: ${sent} %`} />
          </Stack>
        ) : null}
        {importId ? <ImportRunView companyId={companyId} importId={importId} /> : null}
      </Stack>
    </Card>
  );
}
