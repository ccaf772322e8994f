import { Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Bid } from '@zakupki/shared/api/bids';
import { useState } from 'react';
import { type ListColumn, ListTable } from '../../../components/table/list-table';
import { formatDateTime, formatMoney } from '../../../lib/formatters';
import { useDownload } from '../api/bids';
import { ADMISSION_VIEW, rnpView } from '../model/results-view';
import { AdmissionModal } from './admission-modal';
import { BidActions } from './bid-actions';
import { BidFormModal } from './bid-form-modal';
import type { ResultsProps } from './bids-toolbar';
import type { Lot } from './lot-section';

function Participant({ b }: { b: Bid }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {b.participant_name}
      </Text>
      <Text size="xs" c="dimmed">
        ИНН {b.participant_inn}
        {b.participant_kpp ? `, КПП ${b.participant_kpp}` : ''}
        {b.participant_is_sme ? ' · МСП' : ''}
      </Text>
      {b.participant_address ? (
        <Text size="xs" c="dimmed">
          {b.participant_address}
        </Text>
      ) : null}
    </Stack>
  );
}

function Admission({ b }: { b: Bid }) {
  const rnp = rnpView(b.rnp);
  return (
    <Stack gap={2}>
      <Badge color={ADMISSION_VIEW[b.admission].color}>{ADMISSION_VIEW[b.admission].label}</Badge>
      {b.rejection_reason_title ? <Text size="xs">{b.rejection_reason_title}</Text> : null}
      {b.admission_comment ? (
        <Text size="xs" c="dimmed">
          {b.admission_comment}
        </Text>
      ) : null}
      <Text size="xs" c={rnp.color} role={b.rnp.found ? 'alert' : undefined}>
        {rnp.text}
      </Text>
    </Stack>
  );
}

/** The bids of a lot; a writer edits, decides admission, attaches files and deletes from the row. */
export function BidsTable(props: ResultsProps & { lot: Lot }) {
  const { companyId, procurementId, results, canWrite, lot } = props;
  const [editing, setEditing] = useState<Bid | null>(null);
  const [deciding, setDeciding] = useState<Bid | null>(null);
  const download = useDownload();
  const columns: ListColumn<Bid>[] = [
    { key: 'participant', title: 'Участник', render: (b) => <Participant b={b} /> },
    { key: 'received', title: 'Получена', nowrap: true, render: (b) => formatDateTime(b.received_at) },
    {
      key: 'price',
      title: 'Цена',
      align: 'right',
      nowrap: true,
      render: (b) => (
        <Tooltip
          disabled={b.items.length === 0}
          multiline
          label={b.items
            .map((i) => `${i.line_no}. ${i.name}: ${i.quantity} × ${formatMoney(i.unit_price)}`)
            .join('\n')}
        >
          <span>{formatMoney(b.price)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'country',
      title: 'Страна',
      render: (b) => b.country_name ?? b.country_code ?? '—',
    },
    { key: 'admission', title: 'Допуск', render: (b) => <Admission b={b} /> },
    {
      key: 'files',
      title: 'Файлы',
      render: (b) => (
        <Stack gap={0}>
          {b.files.map((f) => (
            <Anchor
              key={f.file_id}
              size="xs"
              component="button"
              onClick={() => download.mutate({ id: f.file_id, name: f.name })}
            >
              {f.name}
            </Anchor>
          ))}
        </Stack>
      ),
    },
  ];
  if (canWrite)
    columns.push({
      key: 'actions',
      render: (b) => (
        <BidActions {...props} bid={b} onEdit={() => setEditing(b)} onDecide={() => setDeciding(b)} />
      ),
    });
  return (
    <>
      <ListTable
        aria-label={`Заявки лота ${lot.number}`}
        columns={columns}
        records={lot.bids}
        emptyText="Заявок нет"
        minWidth={900}
      />
      {canWrite ? (
        <Group gap={0}>
          <BidFormModal
            companyId={companyId}
            procurementId={procurementId}
            lots={results.lots}
            bid={editing}
            opened={editing !== null}
            onClose={() => setEditing(null)}
          />
          <AdmissionModal
            companyId={companyId}
            procurementId={procurementId}
            bid={deciding}
            onClose={() => setDeciding(null)}
          />
        </Group>
      ) : null}
    </>
  );
}
