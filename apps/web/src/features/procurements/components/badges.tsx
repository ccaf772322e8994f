import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { ProcurementDutyOut } from '@zakupki/shared/api/procurements';
import type { ProcurementStatus } from '@zakupki/shared/api/procurements-model';
import { formatDate } from '../../../lib/formatters';
import { DUTY_VIEW, STATUS_VIEW } from '../model/status';

export function StatusBadge({ status }: { status: ProcurementStatus }) {
  const v = STATUS_VIEW[status];
  return (
    <Badge color={v.color} variant="light">
      {v.label}
    </Badge>
  );
}

const daysWord = (n: number) => {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return 'дней';
  if (b === 1) return 'день';
  if (b >= 2 && b <= 4) return 'дня';
  return 'дней';
};

/** How far the due date is, in words: «осталось 2 рабочих дня», «просрочено на 5 дней». */
export function dueText(d: Pick<ProcurementDutyOut, 'days_left' | 'working_days_left' | 'status'>): string {
  if (d.status === 'overdue' || d.days_left < 0) {
    const n = Math.abs(d.days_left);
    return `просрочено на ${n} ${daysWord(n)}`;
  }
  if (d.days_left === 0) return 'срок сегодня';
  if (d.working_days_left !== null) {
    const n = d.working_days_left;
    return `осталось ${n} ${n === 1 ? 'рабочий день' : n >= 2 && n <= 4 ? 'рабочих дня' : 'рабочих дней'}`;
  }
  return `осталось ${d.days_left} ${daysWord(d.days_left)}`;
}

/** The nearest duty of a procurement: due soon / overdue with its date and name; «в срок» quietly. */
export function DeadlineBadge({ deadline }: { deadline: ProcurementDutyOut | null }) {
  if (!deadline || !(deadline.status in DUTY_VIEW))
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  const v = DUTY_VIEW[deadline.status];
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
