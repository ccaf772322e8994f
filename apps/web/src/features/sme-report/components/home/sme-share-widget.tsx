import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDate, formatMoney, todayIso } from '../../../../lib/formatters';
import { useSmeReport } from '../../api/sme-report';
import { percentText } from '../../model/years';
import { QuotaBadge } from '../sme-figures';

/** Main page: the year-to-date shares of purchases from SMEs against the quotas of ПП РФ № 1352. */
export function SmeShareWidget({ companyId }: { companyId: number }) {
  const year = Number(todayIso().slice(0, 4));
  const q = useSmeReport(companyId, year, { meta: { silent: true } });
  const r = q.data?.year === year ? q.data : undefined;
  if (!r)
    return <Text c="dimmed">{q.isError ? 'Не удалось загрузить доли закупок у МСП' : 'Загрузка…'}</Text>;
  return (
    <Stack gap="xs" aria-label="Доли закупок у субъектов МСП">
      <Text size="sm">
        С начала {year} года по {formatDate(r.period_to)}: годовой объём для расчёта —{' '}
        {formatMoney(r.base.amount)} ({r.base.count} дог.)
      </Text>
      {r.quotas.map((quota) => (
        <Group key={quota.code} gap="xs" data-testid={`share-${quota.code}`}>
          <Text size="sm" fw={500}>
            {percentText(quota.share_percent)}
          </Text>
          <Text size="sm">
            {quota.title} (норматив не менее {quota.required_percent} %)
          </Text>
          <QuotaBadge quota={quota} />
        </Group>
      ))}
      <Anchor component={Link} to={`/contracts/smeReport?year=${year}`} size="sm">
        Отчёт о закупках у субъектов МСП
      </Anchor>
    </Stack>
  );
}
