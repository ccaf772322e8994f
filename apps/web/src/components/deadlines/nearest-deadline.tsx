import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { StateView } from '../../lib/duties';
import { formatDate } from '../../lib/formatters';

/**
 * The nearest duty of a register row: due soon / overdue as a badge with its date and name;
 * any other state quietly as «до <date>» (its name in a tooltip); no duty as «—».
 */
export function NearestDeadline({
  deadline,
  view,
}: {
  deadline: { title: string; due_date: string; status: string } | null;
  view: Record<string, StateView>;
}) {
  const v = deadline ? view[deadline.status] : undefined;
  if (!deadline || !v)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (deadline.status !== 'due_soon' && deadline.status !== 'overdue') {
    return (
      <Tooltip label={deadline.title} multiline w={320}>
        <Text size="sm" c="dimmed">
          до {formatDate(deadline.due_date)}
        </Text>
      </Tooltip>
    );
  }
  return (
    <Stack gap={2}>
      <Badge color={v.color} variant={deadline.status === 'overdue' ? 'filled' : 'light'}>
        {v.label}: {formatDate(deadline.due_date)}
      </Badge>
      <Text size="xs" c="dimmed" lineClamp={2} title={deadline.title}>
        {deadline.title}
      </Text>
    </Stack>
  );
}
