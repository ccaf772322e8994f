import { Badge, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StateView } from '../../lib/duties';

/** A duty's state as a badge (filled when overdue), with an optional dimmed line under it. */
export function DutyBadge({
  status,
  view,
  note,
}: {
  status: string;
  view: Record<string, StateView>;
  /** «осталось 2 рабочих дня», «размещено 10.03.2025 …» */
  note?: ReactNode;
}) {
  const v = view[status] ?? { label: status, color: 'gray' };
  const badge = (
    <Badge color={v.color} variant={status === 'overdue' ? 'filled' : 'light'}>
      {v.label}
    </Badge>
  );
  if (note === undefined) return badge;
  return (
    <Stack gap={2}>
      {badge}
      {note ? (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}
