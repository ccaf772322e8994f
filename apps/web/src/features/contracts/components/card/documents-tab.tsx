import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { Contract } from '@zakupki/shared/api/contracts';
import type { ReportRun } from '@zakupki/shared/api/exports';
import type { UpdDocument } from '@zakupki/shared/api/imports';
import { Link } from 'react-router';
import { ViewBadge } from '../../../../components/badges/view-badge';
import { notices } from '../../../../components/notices/notices.store';
import { type ListColumn, ListTable } from '../../../../components/table/list-table';
import { reportApiError } from '../../../../lib/error-handler';
import { formatDateTime, formatMoney } from '../../../../lib/formatters';
import { ApiError } from '../../../../lib/http-errors';
import { useDownloadImportSource, useUpdList } from '../../api/execution';
import { useReports } from '../../api/exports';
import { RUN_STATUS_VIEW, UPD_STATUS_VIEW, updState, updTitle } from '../../model/labels';
import { PartyText } from '../cells';
import { ReportFileButton } from '../export/report-file-button';

const REPORT_COLUMNS: ListColumn<ReportRun>[] = [
  { key: 'title', title: 'Отчёт', render: (r) => r.title },
  { key: 'created', title: 'Создан', render: (r) => formatDateTime(r.created_at) },
  {
    key: 'status',
    title: 'Состояние',
    render: (r) => (
      <>
        <ViewBadge view={RUN_STATUS_VIEW} state={r.status} variant="light" />
        {r.error ? (
          <Text size="xs" c="red">
            {r.error}
          </Text>
        ) : null}
      </>
    ),
  },
  { key: 'file', title: 'Файл', render: (r) => <ReportFileButton report={r} size="compact-xs" /> },
];

/** «Документы»: УПД/УКД counted or waiting for the contract, and the files built for it (EIS XML). */
export function DocumentsTab({ companyId, contract }: { companyId: number; contract: Contract }) {
  const upd = useUpdList(companyId, { contract_id: contract.id, page: 1, limit: 100 });
  const reports = useReports(companyId, { contract_id: contract.id, page: 1, limit: 50 });
  const source = useDownloadImportSource(companyId, {
    onError: (err) => {
      if (err instanceof ApiError) reportApiError(err);
      else notices.error('Файл не найден', 'Исходный файл этого документа не сохранён');
    },
    meta: { handled: true },
  });
  const updColumns: ListColumn<UpdDocument>[] = [
    {
      key: 'doc',
      title: 'Документ',
      render: (d) => `${updTitle(d)}${d.correction_number ? `, испр. № ${d.correction_number}` : ''}`,
    },
    { key: 'seller', title: 'Продавец', render: (d) => <PartyText party={d.seller} /> },
    {
      key: 'sum',
      title: 'Сумма с НДС',
      align: 'right',
      nowrap: true,
      render: (d) => (d.total_with_vat ? formatMoney(d.total_with_vat) : '—'),
    },
    {
      key: 'status',
      title: 'Состояние',
      render: (d) => <ViewBadge view={UPD_STATUS_VIEW} state={updState(d)} variant="light" />,
    },
    {
      key: 'file',
      title: 'Файл',
      render: (d) => {
        const importId = d.import_id;
        return importId ? (
          <Anchor component="button" size="sm" onClick={() => source.mutate(importId)}>
            {d.file_name}
          </Anchor>
        ) : (
          d.file_name
        );
      },
    },
    {
      key: 'mapping',
      render: (d) => (
        <Anchor component={Link} to={`/contracts/execution?upd=${d.id}`} size="sm">
          Сопоставление строк
        </Anchor>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={4}>УПД и УКД</Title>
      <ListTable
        aria-label="УПД по договору"
        columns={updColumns}
        records={upd.data?.items}
        failed={upd.isError}
        emptyText="УПД по договору не загружались"
      />

      <Group justify="space-between">
        <Title order={4}>Сформированные файлы</Title>
        <Anchor component={Link} to={`/contracts/export?contract=${contract.id}`} size="sm">
          Сформировать XML для ЕИС
        </Anchor>
      </Group>
      <ListTable
        aria-label="Файлы по договору"
        columns={REPORT_COLUMNS}
        records={reports.data?.items}
        failed={reports.isError}
        emptyText="Файлов по договору нет"
      />
    </Stack>
  );
}
