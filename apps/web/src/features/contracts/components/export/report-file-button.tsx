import { Button } from '@mantine/core';
import type { ReportRun } from '@zakupki/shared/api/exports';
import { useFileDownload } from '../../../../lib/download';

/** 1 234 → «1,2 КБ». */
export const fileSizeText = (n: number) =>
  n < 1024
    ? `${n} Б`
    : n < 1048576
      ? `${(n / 1024).toFixed(1).replace('.', ',')} КБ`
      : `${(n / 1048576).toFixed(1).replace('.', ',')} МБ`;

/** The file a report run produced as a download button (with its size when asked); «—» before it exists. */
export function ReportFileButton({
  report,
  size,
  withSize = false,
}: {
  report: Pick<ReportRun, 'file_id' | 'file_name' | 'file_size'>;
  size: 'compact-xs' | 'compact-sm';
  withSize?: boolean;
}) {
  const download = useFileDownload();
  const fileId = report.file_id;
  if (!fileId) return '—';
  return (
    <Button
      size={size}
      variant="light"
      onClick={() => download.mutate({ id: fileId, name: report.file_name ?? 'report' })}
    >
      {report.file_name ?? 'Скачать'}
      {withSize && report.file_size !== null ? ` (${fileSizeText(report.file_size)})` : ''}
    </Button>
  );
}
