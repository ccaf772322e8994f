import { Anchor, Button, Group, Menu, Stack, Text } from '@mantine/core';
import type { BidProtocol } from '@zakupki/shared/api/bids';
import { BID_PROTOCOL_KIND_TITLES, BID_PROTOCOL_KINDS } from '@zakupki/shared/api/bids-model';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { notices } from '../../../components/notices/notices.store';
import { type ListColumn, ListTable } from '../../../components/table/list-table';
import { formatDate, formatDateTime } from '../../../lib/formatters';
import { useContractFromWinner, useDownload, useGenerateProtocol } from '../api/bids';
import { contractHref, contractLots, protocolActions } from '../model/results-view';
import type { ResultsProps } from './bids-toolbar';
import { SignModal } from './sign-modal';

/** The generated protocols: download DOCX, sign, and from the signed final one «Сформировать договор». */
export function ProtocolsList(props: ResultsProps) {
  const { companyId, procurementId, results, canWrite } = props;
  const navigate = useNavigate();
  const [signing, setSigning] = useState<BidProtocol | null>(null);
  const download = useDownload();
  const generate = useGenerateProtocol(companyId, procurementId, {
    onSuccess: (p) => notices.success('Протокол сформирован', `${p.title}, редакция ${p.version}`),
  });
  const contract = useContractFromWinner(companyId, procurementId, {
    onSuccess: (res) => {
      notices.success('Договор сформирован', 'Проект договора заполнен по победителю');
      navigate(contractHref(res.contract_id));
    },
  });
  const multiLot = results.lots.length > 1;
  const columns: ListColumn<BidProtocol>[] = [
    { key: 'title', title: 'Протокол', render: (p) => `${p.title} (ред. ${p.version})` },
    { key: 'created', title: 'Сформирован', nowrap: true, render: (p) => formatDateTime(p.created_at) },
    {
      key: 'signed',
      title: 'Подписан',
      nowrap: true,
      render: (p) => (p.signed_on ? formatDate(p.signed_on) : '—'),
    },
    {
      key: 'actions',
      render: (p) => {
        const can = protocolActions(p);
        return (
          <Group gap={4} wrap="nowrap">
            {p.docx_file_id !== null ? (
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => download.mutate({ id: p.docx_file_id ?? 0, name: p.file_name })}
              >
                DOCX
              </Button>
            ) : null}
            {canWrite && can.sign ? (
              <Button size="compact-xs" variant="light" onClick={() => setSigning(p)}>
                Подписать
              </Button>
            ) : null}
            {canWrite
              ? contractLots(results, p).map((l) => (
                  <Button
                    key={l.id}
                    size="compact-xs"
                    loading={contract.isPending && contract.variables?.lotId === l.id}
                    disabled={contract.isPending}
                    onClick={() => contract.mutate({ protocolId: p.id, lotId: l.id })}
                  >
                    {multiLot ? `Сформировать договор (лот ${l.number})` : 'Сформировать договор'}
                  </Button>
                ))
              : null}
            {p.contracts.map((c) => (
              <Anchor key={c.lot_id} size="xs" component={Link} to={contractHref(c.contract_id)}>
                Договор № {c.contract_number}
                {multiLot ? ` (лот ${c.lot_number})` : ''}
              </Anchor>
            ))}
          </Group>
        );
      },
    },
  ];
  return (
    <Stack gap="xs">
      {canWrite ? (
        <Menu position="bottom-start">
          <Menu.Target>
            <Button size="xs" variant="light" w="fit-content" loading={generate.isPending}>
              Сформировать протокол
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {BID_PROTOCOL_KINDS.map((k) => (
              <Menu.Item key={k} onClick={() => generate.mutate(k)}>
                {BID_PROTOCOL_KIND_TITLES[k]}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
      <ListTable
        aria-label="Протоколы"
        columns={columns}
        records={results.protocols}
        emptyText="Протоколы ещё не сформированы"
      />
      {results.protocols.some((p) => p.signed_on) ? (
        <Text size="xs" c="dimmed">
          Подписанный протокол записан среди протоколов закупки: срок его размещения в ЕИС — 3 дня.
        </Text>
      ) : null}
      {canWrite ? (
        <SignModal
          companyId={companyId}
          procurementId={procurementId}
          protocol={signing}
          onClose={() => setSigning(null)}
        />
      ) : null}
    </Stack>
  );
}
