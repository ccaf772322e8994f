import { Badge, Button, Group, Text } from '@mantine/core';
import type { SmeReport } from '@zakupki/shared/api/sme-report';
import { useState } from 'react';
import { formatDate } from '../../../lib/formatters';
import { useSmePdfDownload, useSmeXlsxDownload } from '../api/sme-report';
import { SmeFilingDialog } from './sme-filing-dialog';

/** Whether the report is placed, by when it is due, and the downloads and the filing. */
export function SmeReportActions({
  companyId,
  report,
  canFile,
}: {
  companyId: number;
  report: SmeReport;
  canFile: boolean;
}) {
  const [filing, setFiling] = useState(false);
  const xlsx = useSmeXlsxDownload(companyId);
  const pdf = useSmePdfDownload(companyId);
  const placed = report.filing;
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <div data-testid="sme-filing-state">
        {placed ? (
          <Group gap="xs">
            <Badge color="green">Размещён в ЕИС</Badge>
            <Text size="sm">
              {formatDate(placed.filed_on)}, № {placed.eis_number}
              {placed.filed_by ? ` (отметил ${placed.filed_by.title})` : ''}
            </Text>
          </Group>
        ) : (
          <Group gap="xs">
            <Badge color={report.partial ? 'gray' : 'orange'}>Не размещён</Badge>
            <Text size="sm">
              Срок размещения в ЕИС — не позднее {formatDate(report.due_date)} ({report.due_reference})
            </Text>
          </Group>
        )}
      </div>
      <Group gap="xs">
        <Button variant="default" loading={xlsx.isPending} onClick={() => xlsx.mutate(report.year)}>
          Скачать XLSX
        </Button>
        <Button variant="default" loading={pdf.isPending} onClick={() => pdf.mutate(report.year)}>
          Скачать PDF
        </Button>
        {canFile && !report.partial ? (
          <Button onClick={() => setFiling(true)}>Отметить размещение</Button>
        ) : null}
      </Group>
      {filing ? (
        <SmeFilingDialog
          companyId={companyId}
          year={report.year}
          filing={report.filing}
          onClose={() => setFiling(false)}
        />
      ) : null}
    </Group>
  );
}
