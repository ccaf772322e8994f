import { Badge, type BadgeVariant } from '@mantine/core';
import type { StateView } from '../../lib/duties';

/** A state by its view (status maps of the features): the Russian label in its colour, an unknown state as it is. */
export function ViewBadge({
  view,
  state,
  variant,
}: {
  view: Record<string, StateView>;
  state: string;
  variant?: BadgeVariant;
}) {
  const v = view[state];
  return (
    <Badge color={v?.color} variant={variant}>
      {v?.label ?? state}
    </Badge>
  );
}
