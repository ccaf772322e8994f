import type { CompanyInput, CompanyUpdate, PageQuery } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import {
  type AppError,
  conflict,
  duplicate,
  forbidden,
  hasDependents,
  notFound,
} from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { mayCreateCompanies, mayDeleteCompanies } from '../access/access.policy.js';
import { companyIdsFor } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { assertTariffAssignable } from '../tariffs/tariffs.service.js';
import {
  type CompanyStatus,
  companyChangeRefusal,
  dependentsMessage,
  duplicateCompanyMessage,
  sortDependents,
} from './companies.policy.js';
import { toCompany, toCompanyUser } from './companies.presenter.js';
import {
  addMember,
  type CompanyValues,
  companyOptions,
  companyUsers,
  countDependents,
  deleteCompanyRow,
  deleteMembers,
  findCompany,
  findSameInnKpp,
  insertCompany,
  listCompanies,
  pgError,
  updateCompanyRow,
} from './companies.repository.js';

/** The company body after the shared zod schema has parsed it. */
export type CompanyBody = z.output<typeof CompanyInput>;
/** An edit after the shared schema: an absent field is kept. */
export type CompanyUpdateBody = z.output<typeof CompanyUpdate>;

export async function listForActor(
  deps: AppDeps,
  actor: Actor,
  q: PageQuery & { title?: string; inn?: string; status?: CompanyStatus },
) {
  const { rows, total } = await listCompanies(deps.db, await companyIdsFor(deps.db, actor), q);
  return { items: rows.map(toCompany), total, page: q.page, limit: q.limit };
}

export async function myCompanies(deps: AppDeps, actor: Actor) {
  return companyOptions(deps.db, await companyIdsFor(deps.db, actor));
}

export async function getCompany(deps: AppDeps, id: number) {
  const row = await findCompany(deps.db, id);
  if (!row) throw notFound('Компания не найдена');
  return toCompany(row);
}

function valuesOf(
  body: CompanyBody,
  before: Pick<CompanyValues, 'tariffId' | 'status'> | null,
): CompanyValues {
  return {
    title: body.title,
    fullTitle: body.full_title,
    inn: body.inn,
    kpp: body.kpp,
    ogrn: body.ogrn,
    legalAddress: body.legal_address,
    postalAddress: body.postal_address,
    email: body.email ?? null,
    phone: body.phone,
    tariffId: body.tariff_id === undefined ? (before?.tariffId ?? null) : body.tariff_id,
    status: body.status ?? before?.status ?? 'active',
  };
}

/** The same ИНН+КПП twice: checked first; the unique index's violation is mapped by the caller. */
async function assertNoDuplicate(tx: Tx, inn: string, kpp: string | null, exceptId?: number) {
  if (await findSameInnKpp(tx, inn, kpp, exceptId)) {
    throw duplicate(duplicateCompanyMessage(inn, kpp), { fields: ['inn', 'kpp'] });
  }
}

/** The unique index on (inn, coalesce(kpp, '')) fired: the same answer as the check before it. */
export function mapCompanyWriteError(err: unknown, inn: string, kpp: string | null): AppError | null {
  const pg = pgError(err);
  if (pg?.code === '23505' && (pg.constraint === null || pg.constraint === 'companies_inn_kpp_uq')) {
    return duplicate(duplicateCompanyMessage(inn, kpp), { fields: ['inn', 'kpp'] });
  }
  return null;
}

export async function createCompany(deps: AppDeps, actor: Actor, body: CompanyBody) {
  if (!mayCreateCompanies(actor.role)) {
    throw forbidden('Создавать компании могут только сотрудники провайдера');
  }
  const refusal = companyChangeRefusal(actor.role, null, { tariffId: body.tariff_id });
  if (refusal) throw forbidden(refusal);
  const values = valuesOf(body, null);
  try {
    return await deps.db.transaction(async (tx) => {
      await assertNoDuplicate(tx, values.inn, values.kpp);
      if (values.tariffId !== null) await assertTariffAssignable(deps, tx, null, values.tariffId);
      const row = await insertCompany(tx, values);
      const after = toCompany(row);
      await audit(tx, actor, {
        action: 'create',
        entity: 'company',
        entityId: row.id,
        companyId: row.id,
        after,
      });
      if (actor.role !== 'admin') {
        const member = await addMember(tx, actor.userId, row.id);
        if (member) {
          await audit(tx, actor, {
            action: 'create',
            entity: 'company_member',
            entityId: `${actor.userId}:${row.id}`,
            companyId: row.id,
            after: { user_id: actor.userId, company_id: row.id, permissions: null },
          });
        }
      }
      return after;
    });
  } catch (err) {
    // a concurrent insert passed the same check: the unique index answers the same way
    throw mapCompanyWriteError(err, values.inn, values.kpp) ?? err;
  }
}

/** The stored company with the fields an edit sends over it (an absent field stays as it is). */
function editedValues(body: CompanyUpdateBody, before: CompanyValues): CompanyValues {
  const kept = <T>(v: T | undefined, was: T): T => (v === undefined ? was : v);
  return {
    title: kept(body.title, before.title),
    fullTitle: kept(body.full_title, before.fullTitle),
    inn: kept(body.inn, before.inn),
    kpp: kept(body.kpp, before.kpp),
    ogrn: kept(body.ogrn, before.ogrn),
    legalAddress: kept(body.legal_address, before.legalAddress),
    postalAddress: kept(body.postal_address, before.postalAddress),
    email: kept(body.email, before.email),
    phone: kept(body.phone, before.phone),
    tariffId: kept(body.tariff_id, before.tariffId),
    status: kept(body.status, before.status),
  };
}

export async function updateCompany(deps: AppDeps, actor: Actor, id: number, body: CompanyUpdateBody) {
  let values = null as CompanyValues | null;
  try {
    return await deps.db.transaction(async (tx) => {
      const beforeRow = await findCompany(tx, id, true);
      if (!beforeRow) throw notFound('Компания не найдена');
      const refusal = companyChangeRefusal(actor.role, beforeRow, {
        status: body.status,
        tariffId: body.tariff_id,
      });
      if (refusal) throw forbidden(refusal);
      const edited = editedValues(body, { ...beforeRow, title: beforeRow.title ?? '' });
      values = edited;
      await assertNoDuplicate(tx, edited.inn, edited.kpp, id);
      if (edited.tariffId !== null && edited.tariffId !== beforeRow.tariffId) {
        await assertTariffAssignable(deps, tx, id, edited.tariffId);
      }
      const row = await updateCompanyRow(tx, id, edited);
      const before = toCompany(beforeRow);
      const after = toCompany(row);
      const action =
        before.status !== 'archived' && after.status === 'archived'
          ? 'archive'
          : before.status === 'archived' && after.status !== 'archived'
            ? 'restore'
            : 'update';
      await audit(tx, actor, { action, entity: 'company', entityId: id, companyId: id, before, after });
      return after;
    });
  } catch (err) {
    throw (values && mapCompanyWriteError(err, values.inn, values.kpp)) ?? err;
  }
}

export async function deleteCompany(deps: AppDeps, actor: Actor, id: number) {
  if (!mayDeleteCompanies(actor.role)) {
    throw forbidden('Удалять компании может только администратор');
  }
  try {
    await deps.db.transaction(async (tx) => {
      const row = await findCompany(tx, id, true);
      if (!row) throw notFound('Компания не найдена');
      if (row.isProvider) {
        throw conflict('Компанию провайдера удалить нельзя');
      }
      const dependents = sortDependents(await countDependents(tx, id));
      if (dependents.length) {
        throw hasDependents(dependentsMessage(dependents), { dependents });
      }
      for (const m of await deleteMembers(tx, id)) {
        await audit(tx, actor, {
          action: 'delete',
          entity: 'company_member',
          entityId: `${m.userId}:${m.companyId}`,
          companyId: id,
          before: { user_id: m.userId, company_id: m.companyId, permissions: m.permissions },
        });
      }
      await deleteCompanyRow(tx, id);
      await audit(tx, actor, {
        action: 'delete',
        entity: 'company',
        entityId: id,
        companyId: id,
        before: toCompany(row),
      });
    });
  } catch (err) {
    // a row referring to the company appeared between the count and the delete
    if (pgError(err)?.code === '23503') {
      const dependents = sortDependents(await countDependents(deps.db, id));
      throw hasDependents(dependentsMessage(dependents), { dependents });
    }
    throw err;
  }
}

export async function usersOf(deps: AppDeps, id: number, q: PageQuery) {
  const { rows, total } = await companyUsers(deps.db, id, q);
  return {
    items: rows.map(toCompanyUser),
    total,
    page: q.page,
    limit: q.limit,
  };
}
