import { type CompanyStatus, isStaff, type Role } from '@zakupki/shared';

export type { CompanyStatus };

/**
 * Which fields of a company the role may not change, as a Russian refusal; null when allowed.
 * The status (archive / restore) is the provider's decision; the tariff is the administrator's.
 * Sending the current value back is not a change (the edit form round-trips every field).
 */
export function companyChangeRefusal(
  role: Role,
  before: { status: CompanyStatus; tariffId: number | null } | null,
  input: { status?: CompanyStatus; tariffId?: number | null },
): string | null {
  const statusChanges = input.status !== undefined && input.status !== (before?.status ?? 'active');
  if (statusChanges && !isStaff(role)) {
    return 'Перевести компанию в архив или вернуть её из архива может только сотрудник провайдера';
  }
  const tariffChanges = input.tariffId !== undefined && input.tariffId !== (before?.tariffId ?? null);
  if (tariffChanges && role !== 'admin') return 'Тариф компании может назначить только администратор';
  return null;
}

/** Russian plural form: 1 контакт, 2 контакта, 5 контактов. */
export function plural(n: number, forms: readonly [string, string, string]): string {
  const n10 = n % 10;
  const n100 = n % 100;
  if (n10 === 1 && n100 !== 11) return forms[0];
  if (n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14)) return forms[1];
  return forms[2];
}

/** How each known table that refers to a company is named in the refusal, and in what order. */
const DEPENDENT_NAMES: Record<string, readonly [string, string, string]> = {
  contacts: ['контакт', 'контакта', 'контактов'],
  users: ['пользователь', 'пользователя', 'пользователей'],
  bank_requisites: ['банковский реквизит', 'банковских реквизита', 'банковских реквизитов'],
  customers: ['заказчик', 'заказчика', 'заказчиков'],
  procurement_rules: ['положение о закупке', 'положения о закупке', 'положений о закупке'],
};
const ORDER = Object.keys(DEPENDENT_NAMES);

export type Dependent = { table: string; count: number };

/** Orders the dependents: the known ones first in the order above, then the rest by table name. */
export function sortDependents(list: Dependent[]): Dependent[] {
  const rank = (t: string) => (ORDER.includes(t) ? ORDER.indexOf(t) : ORDER.length);
  return list
    .filter((d) => d.count > 0)
    .sort((a, b) => rank(a.table) - rank(b.table) || a.table.localeCompare(b.table));
}

/** «У компании есть данные: 3 контакта, 2 пользователя. Переведите её в архив». */
export function dependentsMessage(list: Dependent[]): string {
  const parts = sortDependents(list).map((d) => {
    const forms = DEPENDENT_NAMES[d.table];
    return forms
      ? `${d.count} ${plural(d.count, forms)}`
      : `${d.count} ${plural(d.count, ['запись', 'записи', 'записей'])} в разделе «${d.table}»`;
  });
  return `У компании есть данные: ${parts.join(', ')}. Переведите её в архив`;
}

/** «Компания с ИНН 7705123452 и КПП 770501001 уже есть в системе». */
export function duplicateCompanyMessage(inn: string, kpp: string | null): string {
  return kpp
    ? `Компания с ИНН ${inn} и КПП ${kpp} уже есть в системе`
    : `Компания с ИНН ${inn} без КПП уже есть в системе`;
}

/** How the data that refers to a customer, contact or bank requisite is named, and in what order. */
const USE_NAMES: Record<string, readonly [string, string, string]> = {
  procurements: ['закупка', 'закупки', 'закупок'],
  contracts: ['договор', 'договора', 'договоров'],
  procurement_rules: ['положение о закупке', 'положения о закупке', 'положений о закупке'],
};
const USE_ORDER = Object.keys(USE_NAMES);

function usesText(uses: Dependent[]): string | null {
  const rank = (t: string) => (USE_ORDER.includes(t) ? USE_ORDER.indexOf(t) : USE_ORDER.length);
  const list = uses
    .filter((d) => d.count > 0)
    .sort((a, b) => rank(a.table) - rank(b.table) || a.table.localeCompare(b.table));
  if (!list.length) return null;
  return list
    .map((d) => {
      const forms = USE_NAMES[d.table];
      return forms
        ? `${d.count} ${plural(d.count, forms)}`
        : `${d.count} ${plural(d.count, ['запись', 'записи', 'записей'])} в разделе «${d.table}»`;
    })
    .join(', ');
}

/**
 * Why a customer may not be deleted: the data naming it (procurements, contracts, Положения);
 * null when nothing does. The delete refuses with it and the list's `can_delete` is its absence.
 */
export function customerDeleteRefusal(title: string, uses: Dependent[]): string | null {
  const text = usesText(uses);
  return text ? `Заказчик «${title}» используется: ${text}. Удалить его нельзя` : null;
}

/** Why a bank requisite may not be deleted: the data referring to it; null when nothing does. */
export function bankRequisiteDeleteRefusal(account: string, uses: Dependent[]): string | null {
  const text = usesText(uses);
  return text ? `Счёт ${account} используется: ${text}. Удалить его нельзя` : null;
}

/**
 * Why a contact may not be deleted: the active contact while the company has others (one of them
 * must take the mark first), or data referring to it; null otherwise.
 */
export function contactDeleteRefusal(
  c: { fullName: string; isActive: boolean },
  others: number,
  uses: Dependent[] = [],
): string | null {
  if (c.isActive && others > 0)
    return `Нельзя удалить активный контакт «${c.fullName}»: сначала сделайте активным другой контакт`;
  const text = usesText(uses);
  return text ? `Контакт «${c.fullName}» используется: ${text}. Удалить его нельзя` : null;
}
