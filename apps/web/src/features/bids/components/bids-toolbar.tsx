import { Button, FileButton, Group, Text } from '@mantine/core';
import type { ProcurementResults } from '@zakupki/shared/api/bids';
import { useState } from 'react';
import { notices } from '../../../components/notices/notices.store';
import { useBidsFromEis, useBidTemplate, useUploadBids } from '../api/bids';
import { BidFormModal } from './bid-form-modal';

export type ResultsProps = {
  companyId: number;
  procurementId: number;
  results: ProcurementResults;
  canWrite: boolean;
};

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Writers' entry points: a bid by hand, an XLSX upload with its template, the EIS protocols' applications. */
export function BidsToolbar({ companyId, procurementId, results }: ResultsProps) {
  const [adding, setAdding] = useState(false);
  const template = useBidTemplate(companyId, procurementId);
  const upload = useUploadBids(companyId, procurementId, {
    onSuccess: (res) => notices.success('Заявки загружены', `Добавлено заявок: ${res.created}`),
  });
  const fromEis = useBidsFromEis(companyId, procurementId, {
    onSuccess: (res) =>
      notices.success(
        'Заявки из протоколов ЕИС',
        [`добавлено: ${res.created}`, `обновлено: ${res.updated}`, ...res.skipped].join('; '),
      ),
  });
  return (
    <Group gap="xs">
      <Button size="xs" onClick={() => setAdding(true)} disabled={results.lots.length === 0}>
        Добавить заявку
      </Button>
      <FileButton accept={XLSX} onChange={(f) => f && upload.mutate(f)}>
        {(props) => (
          <Button {...props} size="xs" variant="light" loading={upload.isPending}>
            Загрузить из XLSX
          </Button>
        )}
      </FileButton>
      <Button size="xs" variant="subtle" loading={template.isPending} onClick={() => template.mutate()}>
        Шаблон XLSX
      </Button>
      <Button size="xs" variant="light" loading={fromEis.isPending} onClick={() => fromEis.mutate()}>
        Загрузить из протокола ЕИС
      </Button>
      {results.eis_applications_pending > 0 ? (
        <Text size="xs" c="orange">
          В протоколах ЕИС заявок, ещё не загруженных: {results.eis_applications_pending}
        </Text>
      ) : null}
      <BidFormModal
        companyId={companyId}
        procurementId={procurementId}
        lots={results.lots}
        bid={null}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Group>
  );
}
