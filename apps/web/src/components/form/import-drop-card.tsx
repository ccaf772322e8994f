import { Card, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { FileDrop } from './file-drop';

/** What the EIS exports are: XML files or ZIP archives of them. */
export const EIS_FILE_ACCEPT = [
  '.xml',
  '.zip',
  'application/xml',
  'text/xml',
  'application/zip',
  'application/x-zip-compressed',
];

/** The import job as far as the card shows it (packages/shared ImportRun). */
export type ImportProgress = { status: string; progress: number; upload_file_name: string };

/** The job has not ended yet. */
export const isImportRunning = (r: Pick<ImportProgress, 'status'>) =>
  r.status === 'queued' || r.status === 'running';

/**
 * The state of an import card: the upload's per cent and the id of the job it started. `begin()`
 * clears both for a new upload and returns the upload's onSuccess, which keeps the job's id.
 */
export function useImportSteps() {
  const [sent, setSent] = useState(0);
  const [importId, setImportId] = useState<number | null>(null);
  const begin = () => {
    setSent(0);
    setImportId(null);
    return (r: { import_id: number }) => setImportId(r.import_id);
  };
  return { sent, setSent, importId, begin };
}

/**
 * An EIS import card: a drop zone for XML or ZIP files, the upload's progress, then the import job's;
 * the outcome (children) follows.
 */
export function ImportDropCard({
  title,
  dropLabel,
  hint,
  note,
  onDrop,
  uploading,
  sent,
  run,
  children,
}: {
  title: string;
  /** The drop zone's accessible name. */
  dropLabel: string;
  /** What to drop, the first line in the zone. */
  hint: string;
  /** The dimmed second line (what a repeated upload does). */
  note: string;
  onDrop: (files: File[]) => void;
  uploading: boolean;
  /** Per cent of the upload sent. */
  sent: number;
  run: ImportProgress | undefined;
  /** The outcome once the job has ended. */
  children?: ReactNode;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>{title}</Text>
        <FileDrop
          onDrop={onDrop}
          accept={EIS_FILE_ACCEPT}
          multiple
          loading={uploading}
          aria-label={dropLabel}
          name="file"
        >
          <Stack gap={2} align="center" py="sm">
            <Text size="sm">{hint}</Text>
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          </Stack>
        </FileDrop>
        {uploading ? <Progress value={sent} aria-label={`Передача файлов: ${sent} %`} /> : null}
        {run && isImportRunning(run) ? (
          <Stack gap={4}>
            <Text size="sm">
              Обработка «{run.upload_file_name}»: {run.progress} %
            </Text>
            <Progress value={run.progress} animated aria-label={`Обработка: ${run.progress} %`} />
          </Stack>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
