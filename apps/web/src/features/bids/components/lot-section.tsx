import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import type { ProcurementResults } from '@zakupki/shared/api/bids';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/formatters';
import { contractHref } from '../model/results-view';
import { BidsTable } from './bids-table';
import type { ResultsProps } from './bids-toolbar';
import { EvaluationTable } from './evaluation-table';

export type Lot = ProcurementResults['lots'][number];

/** One lot: its bids with their admission, their evaluation, and the contract drawn from its winner. */
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
      {lot.contract ? (
        <Text size="sm">
          Договор с победителем:{' '}
          <Anchor component={Link} to={contractHref(lot.contract.contract_id)}>
            № {lot.contract.contract_number}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
