import { Badge, Button, Progress, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ReportRun } from '@zakupki/shared/api/exports';
import { formatDateTime } from '../../../../lib/formatters';
import { downloadFile } from '../../api/files';
import { RUN_STATUS_VIEW } from '../../model/labels';

const size = (n: number | null) =>
  n === null
    ? ''
    : n < 1024
      ? `${n} Б`
      : n < 1048576
        ? `${(n / 1024).toFixed(1).replace('.', ',')} КБ`
        : `${(n / 1048576).toFixed(1).replace('.', ',')} МБ`;

/** The company's reports and exports, newest first: status, the file to download, the error. */
export function ReportsList({ reports, loading }: { reports: ReportRun[]; loading: boolean }) {
  const download = useMutation({
    mutationFn: (r: ReportRun) => downloadFile(r.file_id as number, r.file_name ?? 'report'),
  });
  return (
    <Table withTableBorder striped aria-label="Сформированные отчёты">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Отчёт</Table.Th>
          <Table.Th>Заказан</Table.Th>
          <Table.Th>Состояние</Table.Th>
          <Table.Th>Файл</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.map((r) => {
          const v = RUN_STATUS_VIEW[r.status];
          const active = r.status === 'queued' || r.status === 'running';
          return (
            <Table.Tr key={r.id}>
              <Table.Td maw={380}>
                <Text size="sm">{r.title}</Text>
                {r.warnings.length ? (
                  <Text size="xs" c="dimmed">
                    {r.warnings.join('; ')}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDateTime(r.created_at)}</Text>
                {r.created_by ? (
                  <Text size="xs" c="dimmed">
                    {r.created_by.title}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <Badge color={v?.color}>{v?.label}</Badge>
                  {active ? <Progress value={100} animated striped aria-label="Отчёт формируется" /> : null}
                  {r.error ? (
                    <Text size="xs" c="red">
                      {r.error}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                {r.file_id ? (
                  <Button size="compact-sm" variant="light" onClick={() => download.mutate(r)}>
                    {r.file_name ?? 'Скачать'} {r.file_size !== null ? `(${size(r.file_size)})` : ''}
                  </Button>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
        {!loading && !reports.length ? (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text size="sm" c="dimmed" ta="center">
                Отчётов пока нет
              </Text>
            </Table.Td>
          </Table.Tr>
        ) : null}
      </Table.Tbody>
    </Table>
  );
}
