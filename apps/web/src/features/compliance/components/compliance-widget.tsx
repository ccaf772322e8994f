import { Anchor, Group, Text } from '@mantine/core';
import { DUTY_STATE_TITLES } from '@zakupki/shared/api/compliance';
import { Link } from 'react-router';
import { useComplianceCalendar } from '../api/compliance';
import { StateBadge } from './duty-list';

/** Main page: the company's duties by state (the current months), and the way to the calendar. */
export function ComplianceWidget({ companyId }: { companyId: number }) {
  const q = useComplianceCalendar(companyId, {});
  const counts = q.data?.counts;
  return (
    <Group gap="sm" align="center">
      {counts
        ? (['overdue', 'due_soon', 'due'] as const).map((s) => (
            <Group key={s} gap={4} aria-label={`${DUTY_STATE_TITLES[s]}: ${counts[s]}`}>
              <StateBadge state={s} />
              <Text size="sm">{counts[s]}</Text>
            </Group>
          ))
        : null}
      <Anchor component={Link} to={counts?.overdue ? '/compliance?state=overdue' : '/compliance'} size="sm">
        Открыть календарь обязанностей
      </Anchor>
    </Group>
  );
}
