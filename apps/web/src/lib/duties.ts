import { DEADLINE_STATUS_TITLES, type DeadlineStatus } from '@zakupki/shared/api/contracts-model';

/** A state shown as a badge: the Russian label and the badge colour. */
export type StateView = { label: string; color: string };

/** A status map: the shared titles of the states with the colours the screens give them. */
export function stateViews<S extends string>(
  titles: Record<S, string>,
  colors: Record<S, string>,
): Record<S, StateView> {
  const out = {} as Record<S, StateView>;
  for (const s of Object.keys(colors) as S[]) out[s] = { label: titles[s], color: colors[s] };
  return out;
}

/** A duty still open: in time, due soon, overdue (docs/domain.md §1). */
export const DEADLINE_VIEW: Record<DeadlineStatus, StateView> = stateViews(DEADLINE_STATUS_TITLES, {
  due: 'gray',
  due_soon: 'yellow',
  overdue: 'red',
});

/** A placement duty in the EIS (contracts, plans): open, or placed in time / late. */
export const PLACEMENT_DUTY_VIEW: Record<DeadlineStatus | 'done' | 'done_late', StateView> = {
  ...DEADLINE_VIEW,
  done: { label: 'Размещено в срок', color: 'green' },
  done_late: { label: 'Размещено с опозданием', color: 'orange' },
};

/** The open states: the due date has not been met yet. */
export const isOpenDuty = (status: string) =>
  status === 'due' || status === 'due_soon' || status === 'overdue';

/** «день», «дня», «дней» for n. */
export const daysWord = (n: number) => {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return 'дней';
  if (b === 1) return 'день';
  if (b >= 2 && b <= 4) return 'дня';
  return 'дней';
};

/** The days a due date is away, as the server counts them (days_left < 0: overdue). */
export type DueDays = { days_left: number; working_days_left: number | null; status: string };

/** How far the due date is, in words: «осталось 2 рабочих дня», «просрочено на 5 дней». */
export function dueText(d: DueDays): string {
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

/** dueText of an open duty (a done one says nothing more than its badge). */
export const openDueText = (d: DueDays): string | null =>
  isOpenDuty(d.status) ? dueText({ ...d, status: d.status === 'overdue' ? 'overdue' : 'due' }) : null;
