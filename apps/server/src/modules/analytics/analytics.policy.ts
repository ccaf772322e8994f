import {
  type AnalyticsSettings,
  AnalyticsSettingsInput,
  DEFAULT_ANALYTICS_SETTINGS,
  FLAG_TITLES,
  type FlagCode,
} from '@zakupki/shared';
import { addDays, formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { dutyDueDate, dutyEarliestDate } from '../law/law-due-dates.js';
import { earliestBidsDeadline, lawNoticePeriod } from '../law/law-notice-periods.policy.js';
import { LAW_TITLES, type RnpLaw } from '../rnp/rnp.policy.js';

/**
 * The pure rules of analytics (docs/analytics.md): the period of months, the deadline panel's
 * months, the law's windows the flags compare against (asked of modules/law), the rules' texts.
 */

/** The period of months as dates; default this year's January to this month. */
export function periodOf(today: string, from?: string, to?: string) {
  const thisMonth = today.slice(0, 7);
  const f = from ?? (to ? `${to.slice(0, 4)}-01` : `${today.slice(0, 4)}-01`);
  const t = to ?? (from && from > thisMonth ? from : thisMonth);
  const [y, m] = t.split('-').map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: f, to: t, dateFrom: `${f}-01`, dateTo: `${t}-${String(last).padStart(2, '0')}` };
}

/** Every month of the period, YYYY-MM. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number);
  for (let guard = 0; guard < 120; guard += 1) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > to) break;
    out.push(key);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export type DutyOutcome = { due_date: string; state: string };

/**
 * The compliance calendar's duties counted by the month they fall due: done on time, done late,
 * overdue (open past due). Open duties not yet due are not counted.
 */
export function deadlineMonths(duties: DutyOutcome[], from: string, to: string) {
  const months = new Map(monthsOf(from, to).map((m) => [m, { month: m, on_time: 0, late: 0, overdue: 0 }]));
  for (const d of duties) {
    const row = months.get(d.due_date.slice(0, 7));
    if (!row) continue;
    if (d.state === 'done') row.on_time += 1;
    else if (d.state === 'done_late') row.late += 1;
    else if (d.state === 'overdue') row.overdue += 1;
  }
  return [...months.values()];
}

/** The stored thresholds over the defaults (a stored value that no longer validates is ignored). */
export function settingsOf(stored: Record<string, unknown> | null): AnalyticsSettings {
  if (!stored) return { ...DEFAULT_ANALYTICS_SETTINGS };
  const parsed = AnalyticsSettingsInput.safeParse({ ...DEFAULT_ANALYTICS_SETTINGS, ...stored });
  return parsed.success ? parsed.data : { ...DEFAULT_ANALYTICS_SETTINGS };
}

/**
 * Whether a notice's bids deadline is at the law's minimum (or within `marginDays` calendar days
 * after it): the earliest deadline the law allows for the method on the publication date. null: the
 * law sets no period for the method (not competitive, or the method has no flags).
 */
export function noticeAtMinimum(
  f: {
    published_on: string;
    bids_deadline: string;
    nmcd: string;
    method_extra: Record<string, unknown> | null;
  },
  marginDays: number,
  calendar: ProductionCalendar,
): { earliest: string; days: number; kind: 'calendar' | 'working' } | null {
  const law = lawNoticePeriod(f.method_extra ?? {}, f.published_on, f.nmcd);
  if (!law) return null;
  const earliest = earliestBidsDeadline(f.published_on, law, calendar);
  return f.bids_deadline <= addDays(earliest, marginDays)
    ? { earliest, days: law.days, kind: law.kind }
    : null;
}

/**
 * The window of ч. 15 ст. 3.2 223-ФЗ for a contract after the final protocol (modules/law's
 * `contract_conclusion` rule) and whether the contract's date is outside it.
 */
export function conclusionWindow(contractDate: string, protocolDate: string, calendar: ProductionCalendar) {
  const earliest = dutyEarliestDate('contract_conclusion', protocolDate, calendar) ?? protocolDate;
  const latest = dutyDueDate('contract_conclusion', protocolDate, calendar);
  return { earliest, latest, outside: contractDate < earliest || contractDate > latest };
}

export type FlagRuleText = {
  code: FlagCode;
  title: string;
  active: boolean;
  inactive_reason: string | null;
  rule: string;
};

/** Why the РНП rule computes nothing while the register (docs/rnp.md) has never been loaded. */
export const RNP_NOT_LOADED =
  'Реестр недобросовестных поставщиков не загружен: проверка не выполняется (загружает администратор, раздел «РНП»)';

/**
 * Every rule with its text under the company's thresholds; the РНП one is active only while the
 * register is loaded (`rnpLoaded`), and listed inactive with its reason otherwise.
 */
export function flagRules(s: AnalyticsSettings, rnpLoaded = false): FlagRuleText[] {
  const r = (code: FlagCode, rule: string, inactive: string | null = null): FlagRuleText => ({
    code,
    title: FLAG_TITLES[code],
    active: inactive === null,
    inactive_reason: inactive,
    rule,
  });
  return [
    r('single_participant', 'На лот закупки, размещённой в периоде, подана одна заявка'),
    r(
      'price_equals_nmcd',
      s.price_equal_tolerance_percent > 0
        ? `Цена договора не ниже НМЦД закупки или её лота более чем на ${s.price_equal_tolerance_percent} %`
        : 'Цена договора равна НМЦД закупки или её лота',
    ),
    r(
      'notice_minimum',
      s.notice_margin_days > 0
        ? `Срок подачи заявок не дольше законного минимума более чем на ${s.notice_margin_days} дн.`
        : 'Срок подачи заявок равен законному минимуму для способа (или короче)',
    ),
    r(
      'splitting',
      `Не менее ${s.split_min_count} договоров с одним поставщиком по одному классу ОКПД2 в одном квартале, каждый дешевле ${s.split_threshold} ₽, вместе дороже`,
    ),
    r(
      'price_rise',
      `Цена договора после изменений выше первоначальной более чем на ${s.price_rise_percent} %`,
    ),
    r(
      'conclusion_window',
      'Договор заключён раньше 10 или позже 20 дней после размещения итогового протокола (ч. 15 ст. 3.2 223-ФЗ)',
    ),
    r(
      'late_placement',
      'Сведения о договоре или его событии размещены в ЕИС позже срока или не размещены после него',
    ),
    r(
      'rnp_supplier',
      'Поставщик по договору (по ИНН) состоит в реестре недобросовестных поставщиков на дату договора: запись включена не позже этой даты и не исключена к ней',
      rnpLoaded ? null : RNP_NOT_LOADED,
    ),
  ];
}

/** A register entry as the РНП keeps it (docs/rnp.md): what the flag's reason quotes. */
export type RnpEntryFacts = {
  registryNumber: string;
  law: RnpLaw;
  kpp: string | null;
  name: string;
  includedOn: string;
  excludedOn: string | null;
  customerName: string | null;
  purchaseNumber: string | null;
  reason: string | null;
};

/**
 * The reason of an `rnp_supplier` flag: each entry in force on the contract's date with its registry
 * number, law, inclusion (and exclusion) date, grounds, the customer and purchase that led to it, as
 * the register keeps them; a КПП differing from the contract's is said (the ИНН decides).
 */
export function rnpReason(entries: RnpEntryFacts[], contractKpp: string | null): string {
  return entries
    .map((e) => {
      const parts = [
        `Запись РНП № ${e.registryNumber} (${LAW_TITLES[e.law]}): ${e.name}, включена ${formatRuDate(e.includedOn)}${e.excludedOn ? `, исключение ${formatRuDate(e.excludedOn)}` : ''}`,
        `основание: ${e.reason ?? 'не указано в реестре'}`,
      ];
      if (e.customerName || e.purchaseNumber)
        parts.push(
          [
            e.customerName ? `заказчик ${e.customerName}` : '',
            e.purchaseNumber ? `закупка № ${e.purchaseNumber}` : '',
          ]
            .filter(Boolean)
            .join(', '),
        );
      if (contractKpp && e.kpp && contractKpp !== e.kpp)
        parts.push(`КПП в записи ${e.kpp}, в договоре ${contractKpp}`);
      return parts.join('; ');
    })
    .join('. ');
}

/** ', '-joined and rounded percent of a / b (two decimals), null when b is 0. */
export function sharePercent(a: number, b: number): string | null {
  if (b === 0) return null;
  return ((a * 100) / b).toFixed(2);
}
