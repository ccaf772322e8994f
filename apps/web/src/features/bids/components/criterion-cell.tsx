import { HoverCard, Stack, Text, UnstyledButton } from '@mantine/core';
import type { LotEvaluation } from '@zakupki/shared/api/bids';
import { formatMoney } from '../../../lib/formatters';
import { formatPoints } from '../model/results-view';

type Score = LotEvaluation['bids'][number]['criteria'][number];

/** A criterion's score of a bid; hover or focus shows its inputs and formula (every figure traceable). */
export function CriterionCell({ score, participant }: { score: Score; participant: string }) {
  return (
    <HoverCard width={360} shadow="md" withinPortal openDelay={100}>
      <HoverCard.Target>
        <UnstyledButton
          aria-label={`${score.title}, ${participant}: ${formatPoints(score.score)}`}
          style={{ textDecoration: 'underline dotted' }}
        >
          {formatPoints(score.score)}
        </UnstyledButton>
      </HoverCard.Target>
      <HoverCard.Dropdown>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {score.title} — вес {score.weight} %
          </Text>
          {score.kind === 'price' ? (
            <Text size="xs">
              Цена заявки {formatMoney(score.offer_price)}, цена для оценки{' '}
              {formatMoney(score.evaluation_price)}, лучшая {formatMoney(score.best_price)}
            </Text>
          ) : (
            <>
              {score.member_points.map((m) => (
                <Text size="xs" key={m.member_name}>
                  {m.member_name}: {formatPoints(m.points)}
                </Text>
              ))}
              <Text size="xs">Среднее: {formatPoints(score.mean_points)}</Text>
            </>
          )}
          <Text size="xs">Рейтинг: {formatPoints(score.rating)}</Text>
          <Text size="xs" ff="monospace">
            {score.formula}
          </Text>
        </Stack>
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
