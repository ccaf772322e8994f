import { Table, Text } from '@mantine/core';
import { EIS_OUTCOME_TITLES, type EisSyncRun } from '@zakupki/shared';
import { formatDateTime } from '../../../lib/formatters';

const STATUS: Record<EisSyncRun['status'], string> = {
  queued: 'в очереди',
  running: 'идёт',
  done: 'выполнена',
  warning: 'с ошибками',
  failed: 'не выполнена',
};

/** The last runs with their named outcome, counts and errors in Russian. */
export function EisSyncRuns({ runs }: { runs: EisSyncRun[] }) {
  if (runs.length === 0) return <Text size="sm">Синхронизаций ещё не было.</Text>;
  return (
    <Table aria-label="Синхронизации с ЕИС" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Начата</Table.Th>
          <Table.Th>Итог</Table.Th>
          <Table.Th>Новых</Table.Th>
          <Table.Th>Обновлено</Table.Th>
          <Table.Th>Без изменений</Table.Th>
          <Table.Th>Пропущено</Table.Th>
          <Table.Th>С ошибкой</Table.Th>
          <Table.Th>Ошибки</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.map((r) => (
          <Table.Tr key={r.id}>
            <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
            <Table.Td>
              {STATUS[r.status]}
              {r.status === 'running' ? ` (${r.progress}%)` : ''}
              {r.outcome && r.outcome !== 'ok' ? `: ${EIS_OUTCOME_TITLES[r.outcome]}` : ''}
            </Table.Td>
            <Table.Td>{r.counts.new}</Table.Td>
            <Table.Td>{r.counts.updated}</Table.Td>
            <Table.Td>{r.counts.unchanged}</Table.Td>
            <Table.Td>{r.counts.skipped}</Table.Td>
            <Table.Td>{r.counts.failed}</Table.Td>
            <Table.Td>
              {r.errors.slice(0, 3).map((e) => (
                <Text key={`${e.step}-${e.outcome}`} size="xs" c="red">
                  {e.step}: {e.message}
                </Text>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
