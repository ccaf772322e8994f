import { Badge, Stack, Text } from '@mantine/core';
import type { EisConfirmation } from '@zakupki/shared/api/eis-sync';
import { formatDate } from '../../lib/formatters';

/**
 * What the EIS said of an object's registration number (docs/web.md «EIS confirmation marks»):
 * «подтверждено в ЕИС» with the day, or «не найдено в ЕИС» once the grace period is over (with the
 * day of the last check). Nothing while it is pending or was never checked.
 */
export function EisConfirmationBadge({ mark }: { mark: EisConfirmation | undefined }) {
  if (!mark || mark.status === 'pending') return null;
  const confirmed = mark.status === 'confirmed';
  const day = confirmed ? formatDate(mark.confirmed_on) : formatDate(mark.checked_at);
  const label = confirmed ? 'подтверждено в ЕИС' : 'не найдено в ЕИС';
  return (
    <Stack gap={0} align="flex-start">
      <Badge size="sm" color={confirmed ? 'green' : 'red'}>
        {label}
      </Badge>
      {day ? (
        <Text size="xs" c="dimmed">
          {confirmed ? day : `проверено ${day}`}
        </Text>
      ) : null}
    </Stack>
  );
}
