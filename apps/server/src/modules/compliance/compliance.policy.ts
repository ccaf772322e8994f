import { COMPLIANCE_MAX_MONTHS, type ComplianceDuty, type DutyState } from '@zakupki/shared';
import { invalid } from '../../lib/app-error.js';
import { addDays, addMonths, formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';

/** Pure rules of the compliance calendar: its window, which duties it shows, which reminder is due. */

/** The default reminder offsets: working days before the due date. */
export const DEFAULT_OFFSETS = [5, 2, 1] as const;

/** How many months back an open monthly or annual report duty is still shown. */
export const REPORT_LOOKBACK_MONTHS = 12;

const OPEN: ReadonlySet<DutyState> = new Set(['due', 'due_soon', 'overdue']);
export const isOpenState = (s: DutyState) => OPEN.has(s);

const monthStart = (ym: string) => `${ym}-01`;
const monthEnd = (ym: string) => addDays(addMonths(monthStart(ym), 1), -1);

/**
 * The calendar's window of dates: from the first day of `from` to the last day of `to`; by
 * default the month before today's to two months after it. A `to` before `from` is swapped; a
 * window longer than COMPLIANCE_MAX_MONTHS is refused (the read is bounded).
 */
export function windowOf(today: string, from?: string, to?: string): { from: string; to: string } {
  const current = today.slice(0, 7);
  const a = from ?? addMonths(monthStart(current), -1).slice(0, 7);
  const b = to ?? addMonths(monthStart(current), 2).slice(0, 7);
  const [first, last] = a <= b ? [a, b] : [b, a];
  if (addMonths(monthStart(first), COMPLIANCE_MAX_MONTHS) <= monthStart(last))
    throw invalid([
      {
        path: 'query.to',
        message: `Календарь показывает не больше ${COMPLIANCE_MAX_MONTHS} месяцев за один запрос: сократите период`,
      },
    ]);
  return { from: monthStart(first), to: monthEnd(last) };
}

/**
 * Whether the calendar shows a duty: due or done within the window, or still open whatever its
 * due date (an overdue duty stays until it is done).
 */
export function shown(
  d: Pick<ComplianceDuty, 'due_date' | 'done_on' | 'state'>,
  w: { from: string; to: string },
): boolean {
  if (isOpenState(d.state) && d.due_date <= w.to) return true;
  if (d.due_date >= w.from && d.due_date <= w.to) return true;
  return d.done_on !== null && d.done_on >= w.from && d.done_on <= w.to;
}

export type ReminderStage = `before_${number}` | 'due_today' | 'overdue';

/**
 * The reminder an open duty owes today, or null: `overdue` after the due date, `due_today` on it,
 * and before it `before_N` for the smallest offset N not below the working days left (so a run
 * missed on one day catches up with the current stage only, and each stage goes out once).
 */
export function reminderStage(
  today: string,
  dueDate: string,
  offsets: readonly number[],
  calendar: ProductionCalendar,
): ReminderStage | null {
  if (today > dueDate) return 'overdue';
  if (today === dueDate) return 'due_today';
  const left = calendar.workingDaysBetween(today, dueDate);
  const reached = [...offsets].sort((a, b) => a - b).find((n) => n >= left);
  return reached === undefined ? null : `before_${reached}`;
}

/**
 * Why a reminder is sent, in the letter's words. Before the due date it names the working days
 * actually left (`daysLeft`), not the stage's offset: a «before_5» reminder sent three working
 * days ahead (the duty arose late, or a run was missed) says three.
 */
export function stageText(stage: string, dueDate: string, daysLeft: number): string {
  if (stage === 'overdue') return `срок ${formatRuDate(dueDate)} истёк, обязанность не отмечена выполненной`;
  if (stage === 'due_today') return `срок истекает сегодня, ${formatRuDate(dueDate)}`;
  return `до срока ${formatRuDate(dueDate)} осталось ${daysLeft} ${workingDaysWord(daysLeft)}`;
}

function workingDaysWord(n: number): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return 'рабочий день';
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return 'рабочих дня';
  return 'рабочих дней';
}

export type DigestLine = {
  company: string;
  title: string;
  object: string | null;
  stage: string;
  dueDate: string;
  /** Working days from the letter's day to the due date. */
  daysLeft: number;
};

/**
 * The daily digest letter of one user: every reminder of the day, grouped by company, each line
 * saying why it is sent, and why the user gets the letter at all.
 */
export function digestLetter(
  user: { title: string },
  lines: DigestLine[],
  today: string,
): { subject: string; body: string } {
  const overdue = lines.filter((l) => l.stage === 'overdue').length;
  const subject = `Сроки 223-ФЗ на ${formatRuDate(today)}: ${lines.length} ${dutiesWord(lines.length)}${overdue ? `, просрочено ${overdue}` : ''}`;
  const byCompany = new Map<string, DigestLine[]>();
  for (const l of lines) byCompany.set(l.company, [...(byCompany.get(l.company) ?? []), l]);
  const parts = [...byCompany].map(
    ([company, list]) =>
      `${company}\n${list
        .map(
          (l) =>
            `  • ${l.title}${l.object ? ` (${l.object})` : ''}\n    Почему напоминаем: ${stageText(l.stage, l.dueDate, l.daysLeft)}.`,
        )
        .join('\n')}`,
  );
  const body = [
    `Здравствуйте, ${user.title}!`,
    '',
    'Вы получили это письмо, потому что назначены ответственным за сроки размещения в ЕИС по 223-ФЗ в компаниях ниже. Напоминаем за несколько рабочих дней до срока, в день срока и один раз после его истечения.',
    '',
    ...parts,
    '',
    'Все сроки — в разделе «Календарь обязанностей» Закупок (/compliance).',
    'Отключить эти письма можно в профиле («Мои данные» → «Напоминания о сроках на e-mail»).',
  ].join('\n');
  return { subject, body };
}

function dutiesWord(n: number): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return 'обязанность';
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return 'обязанности';
  return 'обязанностей';
}
