import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { LotEvaluation } from '@zakupki/shared/api/bids';
import { useState } from 'react';
import { type ListColumn, ListTable } from '../../../components/table/list-table';
import { formatMoney } from '../../../lib/formatters';
import { formatPoints, PRICE_RANKING_NOTE, pointCriteria } from '../model/results-view';
import type { ResultsProps } from './bids-toolbar';
import { CriterionCell } from './criterion-cell';
import type { Lot } from './lot-section';
import { ScoresModal } from './scores-modal';

type Row = LotEvaluation['bids'][number];

/** The evaluation of a lot's admitted bids: criteria with weights, each score with its inputs, total, rank. */
export function EvaluationTable(props: ResultsProps & { lot: Lot }) {
  const { lot, results, canWrite } = props;
  const ev = lot.evaluation;
  const [scoring, setScoring] = useState(false);
  const byScore = ev.ranking === 'score';
  const columns: ListColumn<Row>[] = [
    { key: 'rank', title: 'Место', w: 60, render: (b) => b.rank ?? '—' },
    {
      key: 'participant',
      title: 'Участник',
      render: (b) => (
        <Group gap={4}>
          <Text size="sm">{b.participant_name}</Text>
          {b.bid_id === ev.winner_bid_id ? <Badge color="green">Победитель</Badge> : null}
        </Group>
      ),
    },
    { key: 'price', title: 'Цена', align: 'right', nowrap: true, render: (b) => formatMoney(b.price) },
    {
      key: 'evaluation_price',
      title: 'Цена для оценки',
      align: 'right',
      nowrap: true,
      render: (b) => (
        <Stack gap={0} align="flex-end">
          {formatMoney(b.evaluation_price)}
          {b.preference_applied ? (
            <Badge size="xs" variant="light" title="Приоритет товаров российского происхождения">
              приоритет {ev.national_preference_percent} %
            </Badge>
          ) : null}
        </Stack>
      ),
    },
  ];
  if (byScore) {
    for (const c of ev.criteria)
      columns.push({
        key: `c-${c.code}`,
        title: `${c.title} (${c.weight} %)`,
        align: 'right',
        render: (b) => {
          const s = b.criteria.find((x) => x.code === c.code);
          return s ? <CriterionCell score={s} participant={b.participant_name} /> : '—';
        },
      });
    columns.push({
      key: 'total',
      title: 'Итого',
      align: 'right',
      render: (b) => <b>{formatPoints(b.total)}</b>,
    });
  }
  const incomplete = ev.bids.flatMap((b) => b.incomplete.map((m) => `${b.participant_name}: ${m}`));
  const scorable = canWrite && byScore && pointCriteria(ev).length > 0;
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={5}>Оценка и сопоставление заявок</Title>
        {scorable ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setScoring(true)}
            disabled={results.commission.length === 0}
          >
            Оценки комиссии
          </Button>
        ) : null}
      </Group>
      {byScore ? null : (
        <Text size="sm" c="dimmed">
          {PRICE_RANKING_NOTE}
        </Text>
      )}
      {scorable && results.commission.length === 0 ? (
        <Text size="xs" c="dimmed">
          Укажите состав комиссии, чтобы внести оценки по нестоимостным критериям.
        </Text>
      ) : null}
      <ListTable
        aria-label={`Оценка заявок лота ${lot.number}`}
        columns={columns}
        records={ev.bids}
        rowKey={(b) => b.bid_id}
        minWidth={800}
      />
      {incomplete.length ? (
        <Text size="xs" c="orange">
          Оценка не завершена: {incomplete.join('; ')}
        </Text>
      ) : null}
      {scorable ? <ScoresModal {...props} opened={scoring} onClose={() => setScoring(false)} /> : null}
    </Stack>
  );
}
