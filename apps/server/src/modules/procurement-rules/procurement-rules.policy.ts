import { createHash } from 'node:crypto';
import type { RuleVersionStatus } from '@zakupki/shared';
import { statusOf } from '../calendar/due-dates.policy.js';
import { addDays, daysBetween, formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { dutyDueDate } from '../law/law-due-dates.js';
import { ruleOn } from '../law/law-rules.js';

/** A rule that is missing or of a company the caller does not act for (the two answer alike). */
export const RULE_NOT_FOUND = 'Положение о закупке не найдено';

/** Pure rules of the procurement-rules module: states, the EIS duty, the version in force, tags. */

export type VersionAction = 'edit' | 'approve' | 'publish' | 'new_draft' | 'documents';

/** Which action a version in a state allows; the reason (Russian) when it does not. */
export function refusal(status: RuleVersionStatus, action: VersionAction): string | null {
  switch (action) {
    case 'edit':
    case 'documents':
      return status === 'draft'
        ? null
        : 'Изменять можно только черновик: утверждённая редакция неизменна, создайте новый черновик';
    case 'approve':
      return status === 'draft' ? null : 'Утвердить можно только черновик';
    case 'publish':
      return status === 'approved' ? null : 'Разместить в ЕИС можно только утверждённую редакцию';
    case 'new_draft':
      return status === 'draft' ? 'Это уже черновик' : null;
  }
}

/** Due date: 15 calendar days after the approval decision, moved to the next working day. */
export function eisDueDate(decisionDate: string, calendar: ProductionCalendar): string {
  return dutyDueDate('rules_publish', decisionDate, calendar);
}

export type DutyVersion = {
  id: number;
  number: number;
  status: RuleVersionStatus;
  decisionDate: string | null;
  eisDueDate: string | null;
  eisPublishedOn: string | null;
};

/** The duty of a version as of today, or null when it owes the EIS nothing (a draft). */
export function versionDuty(
  v: DutyVersion,
  today: string,
  calendar: ProductionCalendar,
  dueSoonWorkingDays: number,
) {
  if (v.status === 'draft' || !v.decisionDate || !v.eisDueDate) return null;
  const status = statusOf(v.eisDueDate, v.eisPublishedOn, today, calendar, dueSoonWorkingDays);
  const open = !v.eisPublishedOn;
  // the EIS duty of an approved version (ч. 1 ст. 4 223-ФЗ), as the rule of the decision's date has it
  const rule = ruleOn('rules_publish', v.decisionDate);
  return {
    version_id: v.id,
    version_number: v.number,
    title: `${rule.title}: редакция № ${v.number}, утверждена ${formatRuDate(v.decisionDate)}`,
    reference: rule.reference,
    unconfirmed: rule.unconfirmed,
    base_date: v.decisionDate,
    due_date: v.eisDueDate,
    done_on: v.eisPublishedOn,
    status,
    days_left: daysBetween(today, v.eisDueDate),
    working_days_left:
      open && v.eisDueDate >= today ? calendar.workingDaysBetween(today, v.eisDueDate) : null,
  };
}

/** The version governs procurements on `today`: published and within its effective dates. */
export function inForce(
  v: { status: RuleVersionStatus; effectiveFrom: string | null; effectiveTo: string | null },
  today: string,
): boolean {
  if (v.status !== 'published' && v.status !== 'superseded') return false;
  if (!v.effectiveFrom || v.effectiveFrom > today) return false;
  return !v.effectiveTo || v.effectiveTo >= today;
}

/**
 * Publishing a version with `effectiveFrom` ends the versions published before it: each one that
 * is still open (no effective_to) or runs past that date ends the day before. Returns the ids
 * and their new end date; a version that took effect on or after that date ends at once (its
 * effective_to is the day before its own start, so it never counts as in force again).
 */
export function supersede(
  previous: { id: number; effectiveFrom: string | null; effectiveTo: string | null }[],
  effectiveFrom: string,
): { id: number; effectiveTo: string }[] {
  const end = addDays(effectiveFrom, -1);
  return previous
    .filter((p) => !p.effectiveTo || p.effectiveTo > end)
    .map((p) => ({
      id: p.id,
      effectiveTo: p.effectiveFrom && p.effectiveFrom > end ? addDays(p.effectiveFrom, -1) : end,
    }));
}

/** The same copy request (rule, target, versions in any order) gives the same key. */
export function copyKey(ruleId: number, targetCompanyId: number, versionIds: number[] | undefined): string {
  const versions = versionIds?.length ? [...new Set(versionIds)].sort((a, b) => a - b).join(',') : 'all';
  return createHash('sha256').update(`${ruleId}:${targetCompanyId}:${versions}`).digest('hex').slice(0, 32);
}

/**
 * Why a rule may not be deleted (null when it may): an approved version is a legal record and a
 * rule copied elsewhere is a source. The delete route refuses by it; the API's can_delete shows it.
 */
export function ruleDeleteRefusal(title: string, statuses: string[], copies: number): string | null {
  const used = statuses.filter((s) => s !== 'draft').length;
  if (!used && !copies) return null;
  const parts = [
    used ? `утверждённых редакций: ${used}` : '',
    copies ? `копий в других компаниях: ${copies}` : '',
  ].filter(Boolean);
  return `Положение «${title}» используется (${parts.join(', ')}): удалить его нельзя, перенесите в архив`;
}

export type CompanyNames = { title: string | null; fullTitle: string | null };

/**
 * The title of a rule's copy in another company: every name of the source company in it (full
 * title, short title; longest first, any case) becomes the target's matching name, so the copy
 * does not carry the source company's name. A title without the source's name stays as it is.
 */
export function copyTitle(title: string, source: CompanyNames, target: CompanyNames): string {
  const pairs = [
    [source.fullTitle, target.fullTitle ?? target.title],
    [source.title, target.title ?? target.fullTitle],
  ]
    .filter((p): p is [string, string] => Boolean(p[0]?.trim() && p[1]?.trim()))
    .sort((a, b) => b[0].length - a[0].length);
  let out = title;
  for (const [from, to] of pairs) {
    const escaped = from.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(escaped, 'giu'), to.trim());
  }
  return out;
}

// ---------------------------------------------------------------- template fields

/**
 * Fields every template may use besides the user fields: what the system knows itself.
 * `required`: a document using it is not generated while it is empty (procurement-documents).
 */
export const SYSTEM_FIELDS: { tag: string; title: string; loop: string | null; required?: boolean }[] = [
  { tag: 'company.title', title: 'Краткое наименование организации', loop: null, required: true },
  { tag: 'company.full_title', title: 'Полное наименование организации', loop: null },
  { tag: 'company.inn', title: 'ИНН организации', loop: null, required: true },
  { tag: 'company.kpp', title: 'КПП организации', loop: null },
  { tag: 'company.ogrn', title: 'ОГРН организации', loop: null },
  { tag: 'company.address', title: 'Юридический адрес организации', loop: null },
  { tag: 'company.email', title: 'Адрес электронной почты организации', loop: null },
  { tag: 'company.phone', title: 'Телефон организации', loop: null },
  { tag: 'customer.title', title: 'Наименование заказчика', loop: null, required: true },
  { tag: 'customer.inn', title: 'ИНН заказчика', loop: null, required: true },
  { tag: 'customer.kpp', title: 'КПП заказчика', loop: null },
  { tag: 'customer.ogrn', title: 'ОГРН заказчика', loop: null },
  { tag: 'customer.address', title: 'Адрес заказчика', loop: null },
  { tag: 'procurement.number', title: 'Номер закупки', loop: null, required: true },
  { tag: 'procurement.subject', title: 'Предмет закупки', loop: null, required: true },
  { tag: 'procurement.method', title: 'Способ закупки', loop: null, required: true },
  { tag: 'procurement.nmcd', title: 'НМЦД, ₽', loop: null, required: true },
  { tag: 'procurement.date', title: 'Дата размещения извещения', loop: null },
  { tag: 'procurement.rules_title', title: 'Положение о закупке', loop: null },
  { tag: 'procurement.nmcd_words', title: 'НМЦД прописью', loop: null },
  { tag: 'procurement.eis_number', title: 'Номер извещения в ЕИС', loop: null },
  {
    tag: 'procurement.bids_deadline',
    title: 'Дата окончания срока подачи заявок',
    loop: null,
    required: true,
  },
  { tag: 'procurement.review_date', title: 'Дата рассмотрения заявок', loop: null },
  { tag: 'procurement.summing_up_date', title: 'Дата подведения итогов', loop: null },
  {
    tag: 'procurement.notice_period',
    title: 'Срок размещения извещения до окончания подачи заявок',
    loop: null,
  },
  { tag: 'procurement.application_security', title: 'Размер обеспечения заявки, ₽', loop: null },
  { tag: 'procurement.contract_security', title: 'Размер обеспечения исполнения договора, ₽', loop: null },
  { tag: 'procurement.funding_source', title: 'Источник финансирования', loop: null },
  { tag: 'procurement.nmcd_method', title: 'Метод определения НМЦД', loop: null },
  { tag: 'procurement.platform', title: 'Электронная площадка', loop: null },
  { tag: 'plan_position.number', title: 'Номер позиции плана закупки', loop: null },
  // the request for commercial offers of the НМЦД justification (a rule of kind «Запрос
  // коммерческих предложений»; its letter is filled by the nmck module, docs/nmck.md)
  { tag: 'request.number', title: 'Номер запроса коммерческих предложений', loop: null },
  { tag: 'request.date', title: 'Дата запроса коммерческих предложений', loop: null },
  { tag: 'request.suppliers', title: 'Поставщики, которым направлен запрос', loop: null },
  { tag: 'request.terms', title: 'Условия запроса коммерческих предложений', loop: null },
  { tag: 'request.answer_until', title: 'Срок ответа на запрос', loop: null },
  { tag: 'plan_position.year', title: 'Год плана закупки', loop: null },
  { tag: 'lots', title: 'Лоты (цикл {#lots}…{/lots})', loop: 'lots' },
  { tag: 'lot.number', title: 'Номер лота', loop: 'lots' },
  { tag: 'lot.subject', title: 'Предмет лота', loop: 'lots' },
  { tag: 'lot.nmcd', title: 'НМЦД лота, ₽', loop: 'lots' },
  {
    tag: 'items',
    title: 'Позиции спецификации (цикл {#items}…{/items}, строка таблицы)',
    loop: 'items',
    required: true,
  },
  { tag: 'item.no', title: '№ позиции', loop: 'items' },
  { tag: 'item.name', title: 'Наименование товара, работы, услуги', loop: 'items' },
  { tag: 'item.okpd2', title: 'Код ОКПД2', loop: 'items' },
  { tag: 'item.unit', title: 'Единица измерения (ОКЕИ)', loop: 'items' },
  { tag: 'item.quantity', title: 'Количество', loop: 'items' },
  { tag: 'item.price', title: 'Цена за единицу, ₽', loop: 'items' },
  { tag: 'item.sum', title: 'Стоимость, ₽', loop: 'items' },
];
const SYSTEM_TAGS = new Set(SYSTEM_FIELDS.map((f) => f.tag));

/**
 * One naming scheme: the system fields' dotted names (`customer.title`). The older names of the
 * same values (`customer_name`…, once user fields of the shared catalogue, archived since) are
 * neither offered nor written by the product; a template uploaded with one keeps working (filled
 * with the system field's value, required like it) and its check warns to use the new name.
 */
export const FIELD_ALIASES: Record<string, string> = {
  customer_name: 'customer.title',
  customer_inn: 'customer.inn',
  customer_address: 'customer.address',
  procurement_subject: 'procurement.subject',
  procurement_method: 'procurement.method',
  nmcd: 'procurement.nmcd',
  nmcd_method: 'procurement.nmcd_method',
  funding_source: 'procurement.funding_source',
  application_deadline: 'procurement.bids_deadline',
  results_date: 'procurement.summing_up_date',
  application_security: 'procurement.application_security',
  contract_security: 'procurement.contract_security',
};

/** The system field an older name stands for (`customer_name` → `customer.title`), else the tag. */
export const isOlderFieldName = (tag: string): boolean => Object.hasOwn(FIELD_ALIASES, tag);
export const currentFieldName = (tag: string): string => (isOlderFieldName(tag) ? FIELD_ALIASES[tag] : tag);

export type TagCheck = {
  tags: string[];
  unknown: string[];
  missing_required: { code: string; title: string }[];
  /** older names the template uses, each naming its new name */
  warnings: string[];
};

/**
 * Sorts the tags of a template: each must be a user field (by its code), a system field or an
 * older name of one (a warning naming the new name); required user fields the template does not
 * use, under their code or the system field they are an alias of, are reported (a warning, not a
 * refusal).
 */
export function checkTags(
  tags: string[],
  userFields: { code: string; title: string; required: boolean }[],
): TagCheck {
  const codes = new Set(userFields.map((f) => f.code));
  const used = [...new Set(tags.map((t) => t.trim()))];
  return {
    tags: used,
    unknown: used.filter((t) => !codes.has(t) && !SYSTEM_TAGS.has(t) && !isOlderFieldName(t)),
    missing_required: userFields
      .filter((f) => f.required && !used.includes(f.code) && !used.includes(currentFieldName(f.code)))
      .map((f) => ({ code: f.code, title: f.title })),
    warnings: used
      .filter(isOlderFieldName)
      .map((t) => `Поле «${t}» устарело: используйте «${FIELD_ALIASES[t]}»`),
  };
}

/** A docxtemplater template error as one Russian line for the refusal list. */
export function describeTemplateError(e: { id?: string; xtag?: string; context?: string }): string {
  const tag = e.xtag || e.context || '';
  switch (e.id) {
    case 'unclosed_tag':
      return `Поле без закрывающей скобки «}»: «${tag}»`;
    case 'unopened_tag':
      return `Лишняя закрывающая скобка после «${tag}»`;
    case 'unopened_loop':
      return `Конец цикла без начала: «{/${tag}}»`;
    case 'unclosed_loop':
      return `Цикл без конца: «{#${tag}}»`;
    case 'closing_tag_does_not_match_opening_tag':
      return `Конец цикла не совпадает с началом: «${tag}»`;
    case 'duplicate_open_tag':
    case 'duplicate_close_tag':
      return `Двойная скобка в поле «${tag}»`;
    default:
      return `Ошибка в записи поля «${tag}»${e.id ? ` (${e.id})` : ''}`;
  }
}
