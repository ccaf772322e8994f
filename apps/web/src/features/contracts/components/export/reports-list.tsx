import { Progress, Stack, Text } from '@mantine/core';
import type { ReportRun } from '@zakupki/shared/api/exports';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { formatDateTime } from '../../../../lib/formatters';
import { isRunActive, RUN_STATUS_VIEW } from '../../model/labels';
import { RunWarnings } from '../cells';
import { ReportFileButton } from './report-file-button';

const COLUMNS: ListColumn<ReportRun>[] = [
  {
    key: 'title',
    title: 'Отчёт',
    maw: 380,
    render: (r) => (
      <>
        <Text size="sm">{r.title}</Text>
        <RunWarnings warnings={r.warnings} />
      </>
    ),
  },
  {
    key: 'created',
    title: 'Заказан',
    nowrap: true,
    render: (r) => (
      <>
        <Text size="sm">{formatDateTime(r.created_at)}</Text>
        {r.created_by ? (
          <Text size="xs" c="dimmed">
            {r.created_by.title}
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'status',
    title: 'Состояние',
    render: (r) => (
      <Stack gap={4}>
        <ViewBadge view={RUN_STATUS_VIEW} state={r.status} />
        {isRunActive(r.status) ? (
          <Progress value={100} animated striped aria-label="Отчёт формируется" />
        ) : null}
        {r.error ? (
          <Text size="xs" c="red">
            {r.error}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'file',
    title: 'Файл',
    render: (r) => <ReportFileButton report={r} size="compact-sm" withSize />,
  },
];

/** The company's reports and exports, newest first: status, the file to download, the error. */
export function ReportsList({ reports, failed }: { reports: ReportRun[] | undefined; failed?: boolean }) {
  return (
    <ListTable
      aria-label="Сформированные отчёты"
      columns={COLUMNS}
      records={reports}
      failed={failed}
      emptyText="Отчётов пока нет"
    />
  );
}
