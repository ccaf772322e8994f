import type {
  BankRequisiteInput,
  CompanyInput,
  ContactInput,
  CustomerInput,
  ValidationIssue,
} from '@zakupki/shared';
import type { z } from 'zod';
import { errorOf, type TestApp } from '../../../test/harness.js';

/** Test data with valid checksums, and audit look-ups; used by the companies tests only. */

const INN10 = [2, 4, 10, 3, 5, 9, 4, 6, 8];
const ACCOUNT_WEIGHTS = [7, 1, 3];

/** A valid 10-digit ИНН built from `n` (first nine digits, then the control digit). */
export function innFor(n: number): string {
  const body = String(770000000 + (n % 100000000)).padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(body[i]) * INN10[i];
  return body + String((sum % 11) % 10);
}

/** A valid 13-digit ОГРН built from `n`. */
export function ogrnFor(n: number): string {
  const body = String(102770000000 + (n % 10000000));
  return body + String(Number((BigInt(body) % 11n) % 10n));
}

/** A settlement account 40702810… whose control key matches the БИК. */
export function accountFor(bik: string, n: number): string {
  const digits = `40702810X${String(n).padStart(11, '0')}`;
  for (let d = 0; d <= 9; d++) {
    const acc = digits.replace('X', String(d));
    const all = bik.slice(6, 9) + acc;
    let sum = 0;
    for (let i = 0; i < all.length; i++) sum += Number(all[i]) * ACCOUNT_WEIGHTS[i % 3];
    if (sum % 10 === 0) return acc;
  }
  throw new Error('unreachable');
}

/** The same account with its control digit broken. */
export function breakKey(account: string): string {
  const d = (Number(account[8]) + 1) % 10;
  return `${account.slice(0, 8)}${d}${account.slice(9)}`;
}

export type CompanyIn = z.input<typeof CompanyInput>;
export type CustomerIn = z.input<typeof CustomerInput>;
export type ContactIn = z.input<typeof ContactInput>;
export type BankIn = z.input<typeof BankRequisiteInput>;

/** A valid company body numbered `n` (its ИНН and ОГРН from `innFor`/`ogrnFor`). */
export function companyBody(n: number, extra: Partial<CompanyIn> = {}): CompanyIn {
  return {
    title: `ООО «Тест ${n}»`,
    full_title: `Общество с ограниченной ответственностью «Тест ${n}»`,
    inn: innFor(n),
    kpp: '770101001',
    ogrn: ogrnFor(n),
    legal_address: 'г. Москва, ул. Тестовая, д. 1',
    postal_address: null,
    email: `test${n}@example.ru`,
    phone: '+7 495 000-00-00',
    ...extra,
  };
}

/** A valid customer body numbered `n`. */
export function customerBody(n: number, extra: Partial<CustomerIn> = {}): CustomerIn {
  return {
    title: `МУП «Заказчик ${n}»`,
    inn: innFor(n),
    kpp: '770101001',
    ogrn: ogrnFor(n),
    address: 'г. Москва',
    ...extra,
  };
}

/** The error answer of a call (`t.call` types the body as the route's success body). */
export { errorOf };

/** The validation issues of an error answer, in order. */
export const issueList = (r: { body: unknown }) =>
  (errorOf(r).details as { issues: ValidationIssue[] }).issues;

/** The validation issues of an error answer, as `{path: message}`. */
export const issuesOf = (r: { body: unknown }) =>
  Object.fromEntries(
    (errorOf(r).details as { issues: ValidationIssue[] }).issues.map((i) => [i.path, i.message]),
  );

export type AuditRow = {
  user_id: number | null;
  company_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

export async function auditRows(
  t: TestApp,
  where: { entity?: string; entity_id?: string | number; action?: string },
) {
  const conds: string[] = [];
  const params: unknown[] = [];
  for (const [k, v] of Object.entries(where)) {
    if (v === undefined) continue;
    params.push(String(v));
    conds.push(`${k} = $${params.length}`);
  }
  return t.app.deps.database.query<AuditRow>(
    `select user_id, company_id, action, entity, entity_id, before, after from audit_log
     ${conds.length ? `where ${conds.join(' and ')}` : ''} order by id`,
    params,
  );
}

export async function auditCount(t: TestApp): Promise<number> {
  const [r] = await t.app.deps.database.query<{ n: number }>('select count(*)::int as n from audit_log');
  return Number(r.n);
}
