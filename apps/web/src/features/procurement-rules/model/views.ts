import {
  RULE_VERSION_STATUS_TITLES,
  type RuleDuty,
  type RuleVersionStatus,
} from '@zakupki/shared/api/procurement-rules';
import { formatDate } from '../../../lib/formatters';

/** Status of a version: the Russian name and the badge colour. */
export const VERSION_STATUS_VIEW: Record<RuleVersionStatus, { label: string; color: string }> = {
  draft: { label: RULE_VERSION_STATUS_TITLES.draft, color: 'gray' },
  approved: { label: RULE_VERSION_STATUS_TITLES.approved, color: 'blue' },
  published: { label: RULE_VERSION_STATUS_TITLES.published, color: 'green' },
  superseded: { label: RULE_VERSION_STATUS_TITLES.superseded, color: 'orange' },
  archived: { label: RULE_VERSION_STATUS_TITLES.archived, color: 'dark' },
};

/** The state of the 15-day EIS duty, as the contract duties show theirs. */
export const DUTY_VIEW: Record<RuleDuty['status'], { label: string; color: string }> = {
  due: { label: 'В срок', color: 'blue' },
  due_soon: { label: 'Срок истекает', color: 'yellow' },
  overdue: { label: 'Просрочено', color: 'red' },
  done: { label: 'Размещено', color: 'green' },
  done_late: { label: 'Размещено с опозданием', color: 'orange' },
};

const plural = (n: number, one: string, few: string, many: string) => {
  const a = Math.abs(n) % 100;
  const b = a % 10;
  if (a > 10 && a < 20) return many;
  if (b === 1) return one;
  return b >= 2 && b <= 4 ? few : many;
};

/** «разместить до 18.03.2025, осталось 3 дня» / «просрочено на 2 дня» / «размещено 10.03.2025». */
export function dutyText(d: RuleDuty): string {
  if (d.done_on) return `размещено ${formatDate(d.done_on)} (срок ${formatDate(d.due_date)})`;
  if (d.days_left < 0) {
    const n = -d.days_left;
    return `срок ${formatDate(d.due_date)}, просрочено на ${n} ${plural(n, 'день', 'дня', 'дней')}`;
  }
  const n = d.days_left;
  return `разместить до ${formatDate(d.due_date)}, осталось ${n} ${plural(n, 'день', 'дня', 'дней')}`;
}
