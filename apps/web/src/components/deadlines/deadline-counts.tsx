import { Badge, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The head of a deadlines widget: how many duties are overdue and due soon (and in time, when given). */
export function DeadlineCounts({
  counts,
  children,
}: {
  counts: { overdue: number; due_soon: number; due?: number };
  /** After the badges: a link to the overdue ones in the register. */
  children?: ReactNode;
}) {
  return (
    <Group gap="sm">
      <Badge color="red" variant={counts.overdue ? 'filled' : 'light'} size="lg">
        Просрочено: {counts.overdue}
      </Badge>
      <Badge color="yellow" variant="light" size="lg">
        Срок истекает: {counts.due_soon}
      </Badge>
      {counts.due !== undefined ? (
        <Badge color="blue" variant="light" size="lg">
          В срок: {counts.due}
        </Badge>
      ) : null}
      {children}
    </Group>
  );
}
