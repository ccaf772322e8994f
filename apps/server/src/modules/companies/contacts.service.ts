import type { ContactInput } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { pageResult } from '../../db/paging.js';
import { conflict, hasDependents, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { contactDeleteRefusal } from './companies.policy.js';
import { toContact } from './companies.presenter.js';
import { lockCompany, pgError } from './companies.repository.js';
import { ensureOwned } from './company-items.service.js';
import {
  activeContact,
  type ContactFilter,
  type ContactValues,
  contactOwner,
  countOtherContacts,
  deactivateContacts,
  deleteContactRow,
  findContact,
  insertContact,
  listContacts,
  updateContactRow,
} from './contacts.repository.js';
import { referencesTo } from './item-references.repository.js';

type ContactBody = z.output<typeof ContactInput>;

const CONTACT = { entity: 'contact', notFound: 'Контакт не найден', ownerOf: contactOwner };

const valuesOf = (b: ContactBody, isActive: boolean): ContactValues => ({
  fullName: b.full_name,
  position: b.position,
  email: b.email ?? null,
  phone: b.phone,
  isActive,
});

/** The page with `can_delete`: the delete's own refusal (contactDeleteRefusal) for each row. */
export async function listCompanyContacts(deps: AppDeps, companyId: number, q: ContactFilter) {
  const { rows, total } = await listContacts(deps.db, companyId, q);
  const all = await countOtherContacts(deps.db, companyId, 0);
  const uses = await referencesTo(
    deps.db,
    'contacts',
    rows.map((r) => r.id),
  );
  return pageResult(
    rows.map((r) => ({
      ...toContact(r),
      can_delete: contactDeleteRefusal(r, all - 1, uses.get(r.id) ?? []) === null,
    })),
    total,
    q,
  );
}

export async function getActiveContact(deps: AppDeps, companyId: number) {
  const row = await activeContact(deps.db, companyId);
  return row ? toContact(row) : null;
}

/** Makes room for a new active contact: the others lose the mark, each change audited. */
async function deactivateOthers(tx: Tx, actor: Actor, companyId: number) {
  for (const r of await deactivateContacts(tx, companyId)) {
    await audit(tx, actor, {
      action: 'update',
      entity: 'contact',
      entityId: r.id,
      companyId,
      before: toContact(r),
      after: toContact({ ...r, isActive: false }),
    });
  }
}

/**
 * Exactly one active contact per company that has contacts: the first contact becomes active,
 * and making a contact active takes the mark from the others in the same transaction.
 */
export async function createContact(deps: AppDeps, actor: Actor, companyId: number, body: ContactBody) {
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const current = await activeContact(tx, companyId);
    const makeActive = body.is_active || !current;
    if (makeActive && current) await deactivateOthers(tx, actor, companyId);
    const row = await insertContact(tx, companyId, valuesOf(body, makeActive));
    const after = toContact(row);
    await audit(tx, actor, { action: 'create', entity: 'contact', entityId: row.id, companyId, after });
    return after;
  });
}

export async function updateContact(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: ContactBody,
) {
  await ensureOwned(deps, actor, companyId, id, CONTACT);
  return deps.db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    const beforeRow = await findContact(tx, companyId, id);
    if (!beforeRow) throw notFound(CONTACT.notFound);
    if (beforeRow.isActive && !body.is_active) {
      throw conflict(
        `«${beforeRow.fullName}» — активный контакт компании. Чтобы снять отметку, сделайте активным другой контакт`,
        { field: 'is_active' },
      );
    }
    if (body.is_active && !beforeRow.isActive) await deactivateOthers(tx, actor, companyId);
    const row = await updateContactRow(tx, id, valuesOf(body, body.is_active));
    const before = toContact(beforeRow);
    const after = toContact(row);
    await audit(tx, actor, { action: 'update', entity: 'contact', entityId: id, companyId, before, after });
    return after;
  });
}

export async function deleteContact(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await ensureOwned(deps, actor, companyId, id, CONTACT);
  try {
    await deps.db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const row = await findContact(tx, companyId, id);
      if (!row) throw notFound(CONTACT.notFound);
      const others = await countOtherContacts(tx, companyId, id);
      const uses = (await referencesTo(tx, 'contacts', [id])).get(id) ?? [];
      const refusal = contactDeleteRefusal(row, others, uses);
      if (refusal) throw uses.length ? hasDependents(refusal) : conflict(refusal);
      await deleteContactRow(tx, id);
      await audit(tx, actor, {
        action: 'delete',
        entity: 'contact',
        entityId: id,
        companyId,
        before: toContact(row),
      });
    });
  } catch (err) {
    if (pgError(err)?.code === '23503') {
      throw hasDependents('Контакт используется в других данных системы, удалить его нельзя');
    }
    throw err;
  }
}
