import type { CustomerInput } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { pageResult } from '../../db/paging.js';
import { duplicate, hasDependents, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { assertTariffAllows } from '../tariffs/tariffs.service.js';
import { customerDeleteRefusal } from './companies.policy.js';
import { toCustomer } from './companies.presenter.js';
import { lockCompany, pgError } from './companies.repository.js';
import { ensureOwned } from './company-items.service.js';
import {
  type CustomerFilter,
  type CustomerValues,
  customerOwner,
  deleteCustomerRow,
  findCustomer,
  findSameCustomer,
  insertCustomer,
  listCustomers,
  updateCustomerRow,
} from './customers.repository.js';
import { referencesTo } from './item-references.repository.js';

type CustomerBody = z.output<typeof CustomerInput>;

const CUSTOMER = { entity: 'customer', notFound: 'Заказчик не найден', ownerOf: customerOwner };

const valuesOf = (b: CustomerBody): CustomerValues => ({
  title: b.title,
  inn: b.inn,
  kpp: b.kpp,
  ogrn: b.ogrn,
  address: b.address,
  annualRevenueOver5bn: b.annual_revenue_over_5bn,
});

/** The page with `can_delete`: the delete's own refusal (customerDeleteRefusal) over what refers to each. */
export async function listCompanyCustomers(deps: AppDeps, companyId: number, q: CustomerFilter) {
  const { rows, total } = await listCustomers(deps.db, companyId, q);
  const uses = await referencesTo(
    deps.db,
    'customers',
    rows.map((r) => r.id),
  );
  return pageResult(
    rows.map((r) => ({
      ...toCustomer(r),
      can_delete: customerDeleteRefusal(r.title, uses.get(r.id) ?? []) === null,
    })),
    total,
    q,
  );
}

/** One customer per ИНН in a company: a second card of the same organisation is refused (409). */
async function assertNewCustomer(tx: Tx, companyId: number, b: CustomerBody, exceptId?: number) {
  const same = await findSameCustomer(tx, companyId, b.inn, exceptId);
  if (same) {
    throw duplicate(
      `Заказчик с ИНН ${b.inn} уже есть у компании: «${same.title}»${same.kpp ? ` (КПП ${same.kpp})` : ''}. Измените его карточку вместо новой`,
      { fields: ['inn'], customer_id: same.id },
    );
  }
}

export async function createCustomer(deps: AppDeps, actor: Actor, companyId: number, body: CustomerBody) {
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await assertNewCustomer(tx, companyId, body);
    await assertTariffAllows(deps, tx, companyId, 'companies');
    const row = await insertCustomer(tx, companyId, valuesOf(body));
    const after = toCustomer(row);
    await audit(tx, actor, { action: 'create', entity: 'customer', entityId: row.id, companyId, after });
    return after;
  });
}

export async function updateCustomer(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: CustomerBody,
) {
  await ensureOwned(deps, actor, companyId, id, CUSTOMER);
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const beforeRow = await findCustomer(tx, companyId, id);
    if (!beforeRow) throw notFound(CUSTOMER.notFound);
    await assertNewCustomer(tx, companyId, body, id);
    const row = await updateCustomerRow(tx, id, valuesOf(body));
    const before = toCustomer(beforeRow);
    const after = toCustomer(row);
    await audit(tx, actor, { action: 'update', entity: 'customer', entityId: id, companyId, before, after });
    return after;
  });
}

export async function deleteCustomer(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await ensureOwned(deps, actor, companyId, id, CUSTOMER);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await findCustomer(tx, companyId, id);
      if (!row) throw notFound(CUSTOMER.notFound);
      const refusal = customerDeleteRefusal(
        row.title,
        (await referencesTo(tx, 'customers', [id])).get(id) ?? [],
      );
      if (refusal) throw hasDependents(refusal);
      await deleteCustomerRow(tx, id);
      await audit(tx, actor, {
        action: 'delete',
        entity: 'customer',
        entityId: id,
        companyId,
        before: toCustomer(row),
      });
    });
  } catch (err) {
    if (pgError(err)?.code === '23503') {
      throw hasDependents('Заказчик используется в других данных системы, удалить его нельзя');
    }
    throw err;
  }
}
