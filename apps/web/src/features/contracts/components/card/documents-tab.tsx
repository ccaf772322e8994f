import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Contract } from '@zakupki/shared/api/contracts';
import { Link } from 'react-router';
import { notices } from '../../../../components/notices/notices.store';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDate, formatDateTime, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { importFileIds, updListQuery } from '../../api/execution';
import { reportsQuery } from '../../api/exports';
import { downloadFile } from '../../api/files';
import { RUN_STATUS_VIEW, UPD_STATUS_VIEW } from '../../model/labels';

/** «Документы»: УПД/УКД counted or waiting for the contract, and the files built for it (EIS XML). */
export function DocumentsTab({ companyId, contract }: { companyId: number; contract: Contract }) {
  const upd = useQuery(updListQuery(companyId, { contract_id: contract.id, page: 1, limit: 100 }));
  const reports = useQuery(reportsQuery(companyId, { contract_id: contract.id, page: 1, limit: 50 }));
  const source = useMutation({
    mutationFn: async (importId: number) => {
      const ids = await importFileIds(companyId, importId);
      if (!ids.length) throw new Error('no file');
      for (const id of ids) await downloadFile(id);
    },
    onError: (err) => {
      if (err instanceof ApiError) reportApiError(err);
      else notices.error('Файл не найден', 'Исходный файл этого документа не сохранён');
    },
    meta: { handled: true },
  });
  const file = useMutation({ mutationFn: (id: number) => downloadFile(id) });
  return (
    <Stack gap="md">
      <Title order={4}>УПД и УКД</Title>
      <Table withTableBorder striped aria-label="УПД по договору">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Документ</Table.Th>
            <Table.Th>Продавец</Table.Th>
            <Table.Th ta="right">Сумма с НДС</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th>Файл</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(upd.data?.items ?? []).map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>
                {d.kind === 'ukd' ? 'УКД' : 'УПД'} № {d.number} от {formatDate(d.date)}
                {d.correction_number ? `, испр. № ${d.correction_number}` : ''}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{d.seller.name ?? '—'}</Text>
                <Text size="xs" c="dimmed">
                  ИНН {d.seller.inn ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {d.total_with_vat ? formatMoney(d.total_with_vat) : '—'}
              </Table.Td>
              <Table.Td>
                <Badge color={UPD_STATUS_VIEW[d.status]?.color} variant="light">
                  {UPD_STATUS_VIEW[d.status]?.label ?? d.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                {d.import_id ? (
                  <Anchor component="button" size="sm" onClick={() => source.mutate(d.import_id as number)}>
                    {d.file_name}
                  </Anchor>
                ) : (
                  d.file_name
                )}
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/contracts/execution?upd=${d.id}`} size="sm">
                  Сопоставление строк
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
          {!upd.data?.items.length ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center">
                  {upd.data ? 'УПД по договору не загружались' : 'Загрузка…'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>

      <Group justify="space-between">
        <Title order={4}>Сформированные файлы</Title>
        <Anchor component={Link} to={`/contracts/export?contract=${contract.id}`} size="sm">
          Сформировать XML для ЕИС
        </Anchor>
      </Group>
      <Table withTableBorder striped aria-label="Файлы по договору">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Отчёт</Table.Th>
            <Table.Th>Создан</Table.Th>
            <Table.Th>Состояние</Table.Th>
            <Table.Th>Файл</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(reports.data?.items ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{formatDateTime(r.created_at)}</Table.Td>
              <Table.Td>
                <Badge color={RUN_STATUS_VIEW[r.status]?.color} variant="light">
                  {RUN_STATUS_VIEW[r.status]?.label}
                </Badge>
                {r.error ? (
                  <Text size="xs" c="red">
                    {r.error}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                {r.file_id ? (
                  <Button size="compact-xs" variant="light" onClick={() => file.mutate(r.file_id as number)}>
                    {r.file_name ?? 'Скачать'}
                  </Button>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          {!reports.data?.items.length ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed" ta="center">
                  {reports.data ? 'Файлов по договору нет' : 'Загрузка…'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
