import { Alert, Stack, Text, Title } from '@mantine/core';
import type { ProcurementResults } from '@zakupki/shared/api/bids';
import { formatMoney } from '../../../lib/formatters';
import { BidsTable } from './bids-table';
import type { ResultsProps } from './bids-toolbar';
import { EvaluationTable } from './evaluation-table';

export type Lot = ProcurementResults['lots'][number];

/** One lot: its bids with their admission, then their evaluation. */
export function LotSection(props: ResultsProps & { lot: Lot; multiLot: boolean }) {
  const { lot, multiLot } = props;
  const ev = lot.evaluation;
  return (
    <Stack gap="sm" component="section" aria-label={`Заявки лота ${lot.number}`}>
      <Title order={4}>
        {multiLot ? `Лот ${lot.number}: ` : ''}
        {lot.subject}
      </Title>
      <Text size="sm" c="dimmed">
        НМЦД {formatMoney(lot.nmcd)} · заявок: {lot.bids.length}
      </Text>
      <BidsTable {...props} />
      {ev.outcome_note ? (
        <Alert color={ev.outcome === 'single' ? 'yellow' : 'orange'} title="Итог лота">
          {ev.outcome_note}
        </Alert>
      ) : null}
      {ev.bids.length > 0 ? <EvaluationTable {...props} /> : null}
    </Stack>
  );
}
