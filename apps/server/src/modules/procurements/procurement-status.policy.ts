import { PROCUREMENT_STATUS_TITLES, PROCUREMENT_TRANSITIONS, type ProcurementStatus } from '@zakupki/shared';
import { formatRuDate } from '../calendar/iso-date.js';
import type { DateFacts, Refusal } from './procurements.policy.js';

/**
 * Pure rules of a procurement's life (docs/procurements.md «The register»): status moves and the
 * dates they fill, what a status allows, the internal number and the fields of the history.
 * Tested from tables in procurements.policy.test.ts.
 */

const refuse = (rule: string, path: string, message: string, status: 400 | 409 = 400): Refusal => ({
  rule,
  path,
  message,
  status,
});
const d = formatRuDate;

// ---------------------------------------------------------------- statuses

export const allowedTransitions = (status: ProcurementStatus) => [...PROCUREMENT_TRANSITIONS[status]];

const title = (s: ProcurementStatus) => `«${PROCUREMENT_STATUS_TITLES[s]}»`;

/** Why the move is not allowed, or null. */
export function transitionRefusal(
  from: ProcurementStatus,
  to: ProcurementStatus,
  move: { date: string; reason: string | null; today: string; publishedOn: string | null },
): Refusal | null {
  if (!PROCUREMENT_TRANSITIONS[from].includes(to)) {
    const next = PROCUREMENT_TRANSITIONS[from];
    return refuse(
      'status_transition',
      'body.status',
      `Из статуса ${title(from)} нельзя перейти в ${title(to)}${next.length ? `: возможны ${next.map(title).join(', ')}` : ': статус окончательный'}`,
      409,
    );
  }
  if (move.date > move.today)
    return refuse(
      'status_date',
      'body.date',
      `Дата ${d(move.date)} ещё не наступила: укажите фактическую дату`,
    );
  if (to !== 'published' && move.publishedOn && move.date < move.publishedOn)
    return refuse(
      'status_date',
      'body.date',
      `Дата ${d(move.date)} раньше размещения извещения ${d(move.publishedOn)}`,
    );
  if ((to === 'cancelled' || to === 'failed') && !move.reason)
    return refuse(
      'status_reason',
      'body.reason',
      to === 'cancelled' ? 'Укажите причину отмены закупки' : 'Укажите, почему закупка не состоялась',
    );
  return null;
}

/**
 * A contract is concluded not earlier than 10 days after the final protocol's placement
 * (ч. 15 ст. 3.2 223-ФЗ): the move to «Договор заключён» on an earlier day is refused.
 */
export function conclusionRefusal(
  date: string,
  window: { base_date: string; earliest_date: string | null } | undefined,
): Refusal | null {
  if (!window?.earliest_date || date >= window.earliest_date) return null;
  return refuse(
    'contract_window',
    'body.date',
    `Договор не может быть заключён ${d(date)}: не ранее чем через 10 дней после размещения итогового протокола ${d(window.base_date)}, то есть не ранее ${d(window.earliest_date)} (ч. 15 ст. 3.2 223-ФЗ)`,
  );
}

/** The date field a status move fills: the notice's placement, and planned dates left empty. */
export function statusDates(
  to: ProcurementStatus,
  date: string,
  p: DateFacts,
): Partial<Record<keyof DateFacts, string>> {
  switch (to) {
    case 'published':
      return { published_on: date };
    case 'bids_closed':
      return p.bids_deadline ? {} : { bids_deadline: date };
    case 'summing_up':
      return p.review_date ? {} : { review_date: date };
    case 'contract_concluded':
    case 'failed':
      return p.summing_up_date ? {} : { summing_up_date: date };
    default:
      return {};
  }
}

/** Statuses in which the procurement can be edited (the final ones are a record). */
export function editRefusal(status: ProcurementStatus): string | null {
  return status === 'contract_concluded' || status === 'cancelled' || status === 'failed'
    ? `Закупка в статусе ${title(status)}: изменять её нельзя`
    : null;
}

export function deleteRefusal(status: ProcurementStatus): string | null {
  return status === 'draft'
    ? null
    : `Удалить можно только черновик: закупка в статусе ${title(status)} остаётся в реестре, отмените её (статус «Отменена»)`;
}

/**
 * Why a procurement may not be deleted (null: it may): only a draft, and only while no contract
 * names it. The delete route refuses by it; the card's `can_delete` is its absence, so «Удалить»
 * is offered only where the route accepts.
 */
export function procurementDeleteRefusal(
  status: ProcurementStatus,
  contractNumbers: string[],
): { code: 'conflict' | 'has_dependents'; message: string } | null {
  const why = deleteRefusal(status);
  if (why) return { code: 'conflict', message: why };
  if (contractNumbers.length)
    return {
      code: 'has_dependents',
      message: `Закупку называют договоры (${contractNumbers.map((n) => `№ ${n}`).join(', ')}): сначала уберите ссылку в договорах`,
    };
  return null;
}

// ---------------------------------------------------------------- number, history

/** `З-<year>-<NNN>`: the next free number of the year among the company's numbers. */
export function nextNumber(year: number, taken: string[]): string {
  const prefix = `З-${year}-`;
  let max = 0;
  for (const n of taken) {
    if (!n.startsWith(prefix)) continue;
    const tail = n.slice(prefix.length);
    if (/^\d+$/.test(tail)) max = Math.max(max, Number(tail));
  }
  return `${prefix}${String(max + 1).padStart(3, '0')}`;
}

export const FIELD_TITLES: Record<string, string> = {
  number: 'Номер',
  eis_notice_number: 'Номер извещения в ЕИС',
  customer_id: 'Заказчик',
  method_id: 'Способ закупки',
  subject: 'Предмет закупки',
  subject_type: 'Вид предмета',
  lots: 'Лоты и позиции',
  nmcd: 'НМЦД',
  nmcd_method_id: 'Метод определения НМЦД',
  nmcd_justification: 'Обоснование НМЦД',
  currency_code: 'Валюта',
  funding_source_id: 'Источник финансирования',
  plan_position_id: 'Позиция плана',
  rule_version_id: 'Положение о закупке',
  application_security: 'Обеспечение заявки',
  contract_security: 'Обеспечение договора',
  sme_only: 'Только для субъектов МСП',
  electronic: 'В электронной форме',
  platform_name: 'Площадка',
  platform_url: 'Адрес площадки',
  planned_publication_date: 'Планируемая дата размещения',
  published_on: 'Дата размещения извещения',
  bids_deadline: 'Окончание подачи заявок',
  review_date: 'Рассмотрение заявок',
  summing_up_date: 'Подведение итогов',
};

/** Fields whose values differ (compared as JSON: lots with their items as one field). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(FIELD_TITLES).filter(
    (f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null),
  );
}
