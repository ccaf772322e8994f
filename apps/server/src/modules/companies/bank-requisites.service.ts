import type { BankRequisiteInput, PageQuery } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { pageResult } from '../../db/paging.js';
import { duplicate, hasDependents, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import {
  type BankValues,
  bankRequisiteOwner,
  clearMain,
  deleteBankRequisiteRow,
  findBankRequisite,
  findSameAccount,
  insertBankRequisite,
  listBankRequisites,
  updateBankRequisiteRow,
} from './bank-requisites.repository.js';
import { bankRequisiteDeleteRefusal } from './companies.policy.js';
import { toBankRequisite } from './companies.presenter.js';
import { lockCompany, pgError } from './companies.repository.js';
import { ensureOwned } from './company-items.service.js';
import { referencesTo } from './item-references.repository.js';

/** БИК and the control keys of both accounts are checked by the shared zod schema. */
type BankBody = z.output<typeof BankRequisiteInput>;

const BANK = {
  entity: 'bank_requisite',
  notFound: 'Банковские реквизиты не найдены',
  ownerOf: bankRequisiteOwner,
};

const valuesOf = (b: BankBody): BankValues => ({
  bankName: b.bank_name,
  bik: b.bik,
  settlementAccount: b.settlement_account,
  correspondentAccount: b.correspondent_account,
  isMain: b.is_main,
});

/** The page with `can_delete`: the delete's own refusal (bankRequisiteDeleteRefusal) for each row. */
export async function listCompanyBankRequisites(deps: AppDeps, companyId: number, q: PageQuery) {
  const { rows, total } = await listBankRequisites(deps.db, companyId, q);
  const uses = await referencesTo(
    deps.db,
    'bank_requisites',
    rows.map((r) => r.id),
  );
  return pageResult(
    rows.map((r) => ({
      ...toBankRequisite(r),
      can_delete: bankRequisiteDeleteRefusal(r.settlementAccount, uses.get(r.id) ?? []) === null,
    })),
    total,
    q,
  );
}

async function assertNewAccount(tx: Tx, companyId: number, b: BankBody, exceptId?: number) {
  if (await findSameAccount(tx, companyId, b.bik, b.settlement_account, exceptId)) {
    throw duplicate(`Расчётный счёт ${b.settlement_account} в банке с БИК ${b.bik} уже есть у компании`, {
      fields: ['bik', 'settlement_account'],
    });
  }
}

/** One main account at a time: marking one main clears the others, each change audited. */
async function clearOtherMain(tx: Tx, actor: Actor, companyId: number) {
  for (const r of await clearMain(tx, companyId)) {
    await audit(tx, actor, {
      action: 'update',
      entity: 'bank_requisite',
      entityId: r.id,
      companyId,
      before: toBankRequisite(r),
      after: toBankRequisite({ ...r, isMain: false }),
    });
  }
}

export async function createBankRequisite(deps: AppDeps, actor: Actor, companyId: number, body: BankBody) {
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await assertNewAccount(tx, companyId, body);
    if (body.is_main) await clearOtherMain(tx, actor, companyId);
    const row = await insertBankRequisite(tx, companyId, valuesOf(body));
    const after = toBankRequisite(row);
    await audit(tx, actor, {
      action: 'create',
      entity: 'bank_requisite',
      entityId: row.id,
      companyId,
      after,
    });
    return after;
  });
}

export async function updateBankRequisite(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: BankBody,
) {
  await ensureOwned(deps, actor, companyId, id, BANK);
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const beforeRow = await findBankRequisite(tx, companyId, id);
    if (!beforeRow) throw notFound(BANK.notFound);
    await assertNewAccount(tx, companyId, body, id);
    if (body.is_main && !beforeRow.isMain) await clearOtherMain(tx, actor, companyId);
    const row = await updateBankRequisiteRow(tx, id, valuesOf(body));
    const before = toBankRequisite(beforeRow);
    const after = toBankRequisite(row);
    await audit(tx, actor, {
      action: 'update',
      entity: 'bank_requisite',
      entityId: id,
      companyId,
      before,
      after,
    });
    return after;
  });
}

export async function deleteBankRequisite(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await ensureOwned(deps, actor, companyId, id, BANK);
  try {
    await deps.db.transaction(async (tx) => {
      const row = await findBankRequisite(tx, companyId, id);
      if (!row) throw notFound(BANK.notFound);
      const refusal = bankRequisiteDeleteRefusal(
        row.settlementAccount,
        (await referencesTo(tx, 'bank_requisites', [id])).get(id) ?? [],
      );
      if (refusal) throw hasDependents(refusal);
      await deleteBankRequisiteRow(tx, id);
      await audit(tx, actor, {
        action: 'delete',
        entity: 'bank_requisite',
        entityId: id,
        companyId,
        before: toBankRequisite(row),
      });
    });
  } catch (err) {
    if (pgError(err)?.code === '23503') {
      throw hasDependents('Эти банковские реквизиты используются в других данных системы, удалить их нельзя');
    }
    throw err;
  }
}
