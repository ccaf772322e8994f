import { Alert, Badge, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { SINGLE_PARTICIPANT_RULE_TITLES } from '@zakupki/shared/api/bids-model';
import type { Procurement } from '@zakupki/shared/api/procurements';
import { ApiError } from '../../../lib/http-errors';
import { useResults } from '../api/bids';
import { settingsLine } from '../model/results-view';
import { BidsToolbar, type ResultsProps } from './bids-toolbar';
import { CommissionCard } from './commission-card';
import { LotSection } from './lot-section';
import { ProtocolsList } from './protocols-list';

export type ResultsTabProps = { companyId: number; procurement: Procurement };

/**
 * «Заявки и итоги» of the procurement card: bids per lot with their admission, the evaluation by
 * the Положение version's criteria, the commission and the protocols. The server says whether the
 * caller may write now (`can_write`: the write permission and a procurement whose bids are open);
 * otherwise (a client, a closed procurement) everything is shown read-only.
 */
export function ResultsTab({ companyId, procurement }: ResultsTabProps) {
  const q = useResults(companyId, procurement.id);
  if (q.isPending) return <Loader size="sm" aria-label="Загрузка заявок" />;
  if (q.isError || !q.data)
    return (
      <Alert color="red">
        {q.error instanceof ApiError && q.error.status === 404
          ? 'Заявки закупки недоступны.'
          : 'Заявки и итоги загрузить не удалось.'}
      </Alert>
    );
  const r = q.data;
  const props = { companyId, procurementId: procurement.id, results: r, canWrite: r.can_write };
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">
            Способ: <b>{r.method.title}</b>
          </Text>
          <Badge variant="light">
            {r.method.ranking === 'price' ? 'ранжирование по цене' : 'оценка по критериям'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {settingsLine(r)}
        </Text>
        <Text size="sm" c="dimmed">
          При одном допущенном участнике:{' '}
          {SINGLE_PARTICIPANT_RULE_TITLES[r.settings.single_participant].toLowerCase()}.
        </Text>
      </Stack>
      {r.bids_stage === 'before' ? (
        <Text size="sm">Заявки вносятся после размещения извещения о закупке.</Text>
      ) : (
        <ResultsBody {...props} />
      )}
    </Stack>
  );
}

function ResultsBody(props: ResultsProps) {
  const r = props.results;
  return (
    <>
      {props.canWrite ? <BidsToolbar {...props} /> : null}
      {r.lots.length === 0 ? <Text size="sm">У закупки нет лотов: заявки принимаются по лотам.</Text> : null}
      {r.lots.map((lot) => (
        <LotSection key={lot.id} {...props} lot={lot} multiLot={r.lots.length > 1} />
      ))}
      <CommissionCard {...props} />
      <Stack gap="xs">
        <Title order={4}>Протоколы</Title>
        <ProtocolsList {...props} />
      </Stack>
    </>
  );
}
