import type { CatalogSort, Page } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { badRequest, duplicate, hasDependents, invalid, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { requireCompany } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import {
  assertMayReadCompany,
  assertMayWrite,
  presentEntries,
  presentEntry,
} from './catalog-access.service.js';
import {
  type EntryListRow,
  type EntryValues,
  type ParsedInput,
  toEntry,
  type View,
  valuesOf,
  viewOf,
} from './catalog-kinds.js';
import { catalogEntryUsage } from './catalog-usage.service.js';
import { assertMayOpen } from './catalogs.policy.js';
import {
  countChildren,
  deleteEntry,
  findByCode,
  findEntry,
  insertEntry,
  listEntries,
  nextNumericCode,
  okpd2CodeExists,
  updateEntry,
} from './catalogs.repository.js';
import { okpd2ParentId } from './okpd2.service.js';

export type CatalogQuery = {
  company_id?: number;
  q?: string;
  sort?: CatalogSort;
  order?: 'asc' | 'desc';
  include_archived?: 'true' | 'false';
  subject_type?: number;
  subject_kind?: string;
};

export { type CatalogUsageChecker, catalogEntryUsage } from './catalog-usage.service.js';

// ---------- reading ----------

export function filterOf(view: View, q: CatalogQuery) {
  return {
    companyId: q.company_id ?? null,
    q: q.q || undefined,
    sort: q.sort ?? view.descriptor.default_sort,
    order: q.order ?? 'asc',
    includeArchived: q.include_archived === 'true',
    subjectType: q.subject_type ?? null,
    subjectKind: q.subject_kind ?? null,
  };
}

/** Global entries plus the selected company's (tenancy checked), searched, sorted, paged. */
export async function listCatalog<T>(
  deps: AppDeps,
  actor: Actor,
  view: View,
  q: CatalogQuery & { page: number; limit: number },
): Promise<Page<T>> {
  const { db } = deps;
  assertMayOpen(actor, view.descriptor);
  if (q.company_id) await assertMayReadCompany(db, actor, view.descriptor, q.company_id);
  const { rows, total } = await listEntries(db, view, filterOf(view, q), q);
  return { items: await presentEntries<T>(deps, db, actor, view, rows), total, page: q.page, limit: q.limit };
}

/** An entry of the view the actor may see: another view's or an unreachable company's is 404. */
async function loadEntry(db: Tx, actor: Actor, view: View, id: number): Promise<EntryListRow> {
  assertMayOpen(actor, view.descriptor);
  const row = await findEntry(db, id);
  const missing = 'Запись справочника не найдена';
  if (!row || row.kind !== view.kind || (row.typeCode ?? null) !== view.typeCode) throw notFound(missing);
  // not company-scoped by path: the company is learnt from the entry (explicit check; a foreign
  // entry answers like a missing one)
  if (row.companyId !== null) await requireCompany(db, actor, row.companyId, undefined, missing);
  return row;
}

export async function getCatalogEntry<T>(deps: AppDeps, actor: Actor, view: View, id: number): Promise<T> {
  return presentEntry<T>(deps, deps.db, actor, view, await loadEntry(deps.db, actor, view, id));
}

// ---------- writing ----------

/** 23505 from the natural-key index: a concurrent write took the code. */
function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const codeTaken = (code: string, global: boolean) =>
  duplicate(`Запись с кодом «${code}» уже есть в справочнике${global ? ' среди общих записей' : ''}`, {
    issues: [{ path: 'body.code', message: 'Код уже занят' }],
  });

/** A code is unique among the owner's entries and, for a company entry, among the global ones. */
async function assertCodeFree(
  tx: Tx,
  view: View,
  subjectType: number | null,
  companyId: number | null,
  code: string,
  exceptId?: number,
) {
  if (await findByCode(tx, view, subjectType, companyId, code, exceptId)) throw codeTaken(code, false);
  if (companyId !== null && (await findByCode(tx, view, subjectType, null, code, exceptId)))
    throw codeTaken(code, true);
}

/** Checks a kind needs beyond the body's schema. */
/**
 * Stores a new entry of the view (an ОКПД2 code linked to its parent) and audits its creation, in
 * the caller's transaction: the form and the XLSX import create entries this one way.
 */
export async function insertAuditedEntry(
  tx: Tx,
  actor: Actor,
  view: View,
  v: EntryValues,
  companyId: number | null,
  code: string,
) {
  const row = await insertEntry(tx, {
    kind: view.kind,
    typeCode: view.typeCode,
    subjectType: v.subjectType,
    code,
    title: v.title,
    description: v.description,
    extra: v.extra,
    companyId,
    parentId: view.kind === 'okpd2' ? await okpd2ParentId(tx, code) : null,
  });
  const saved = (await findEntry(tx, row.id))!;
  await audit(tx, actor, {
    action: 'create',
    entity: 'catalog_entry',
    entityId: row.id,
    companyId,
    after: toEntry(saved),
  });
  return saved;
}

async function assertKindRules(db: Tx, view: View, v: EntryValues) {
  if (view.kind === 'goods' && typeof v.extra.okpd2_code === 'string') {
    if (!(await okpd2CodeExists(db, v.extra.okpd2_code)))
      throw invalid([{ path: 'body.okpd2_code', message: 'Код ОКПД2 не найден в справочнике' }]);
  }
}

async function withDuplicateMapping<T>(code: () => string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken(code(), false);
    throw err;
  }
}

export async function createCatalogEntry<T>(
  deps: AppDeps,
  actor: Actor,
  view: View,
  body: ParsedInput,
): Promise<T> {
  const { db } = deps;
  const companyId = view.kind === 'okpd2' ? null : (body.company_id ?? null);
  await assertMayWrite(db, actor, view.descriptor, companyId);
  const v = valuesOf(view, body);
  await assertKindRules(db, view, v);
  let code = v.code ?? '';
  const created = await withDuplicateMapping(
    () => code,
    () =>
      db.transaction(async (tx) => {
        code = v.code ?? (await nextNumericCode(tx, view, v.subjectType, companyId));
        await assertCodeFree(tx, view, v.subjectType, companyId, code);
        return insertAuditedEntry(tx, actor, view, v, companyId, code);
      }),
  );
  return presentEntry<T>(deps, db, actor, view, created);
}

export async function updateCatalogEntry<T>(
  deps: AppDeps,
  actor: Actor,
  view: View,
  id: number,
  body: ParsedInput,
): Promise<T> {
  const { db } = deps;
  const before = await loadEntry(db, actor, view, id);
  await assertMayWrite(db, actor, view.descriptor, before.companyId);
  if (body.company_id !== undefined && (body.company_id ?? null) !== before.companyId)
    throw badRequest('Принадлежность записи справочника изменить нельзя');
  const v = valuesOf(view, { ...body, subject_type: body.subject_type ?? before.subjectType });
  await assertKindRules(db, view, v);
  const code = v.code ?? before.code;
  if (view.kind === 'okpd2' && code !== before.code && (await countChildren(db, id)) > 0)
    throw hasDependents('У кода ОКПД2 есть подчинённые коды: изменить код нельзя');
  const updated = await withDuplicateMapping(
    () => code,
    () =>
      db.transaction(async (tx) => {
        await assertCodeFree(tx, view, v.subjectType, before.companyId, code, id);
        await updateEntry(tx, id, {
          code,
          title: v.title,
          description: v.description,
          subjectType: v.subjectType,
          extra: v.extra,
          ...(view.kind === 'okpd2' && code !== before.code
            ? { parentId: await okpd2ParentId(tx, code) }
            : {}),
        });
        const saved = (await findEntry(tx, id))!;
        await audit(tx, actor, {
          action: 'update',
          entity: 'catalog_entry',
          entityId: id,
          companyId: before.companyId,
          before: toEntry(before),
          after: toEntry(saved),
        });
        return saved;
      }),
  );
  return presentEntry<T>(deps, db, actor, view, updated);
}

/** Deletes an entry nothing refers to; one in use answers 409 has_dependents (archive it instead). */
export async function deleteCatalogEntry(deps: AppDeps, actor: Actor, view: View, id: number) {
  const { db } = deps;
  const before = await loadEntry(db, actor, view, id);
  await assertMayWrite(db, actor, view.descriptor, before.companyId);
  await db.transaction(async (tx) => {
    const usage = await catalogEntryUsage(deps, tx, id);
    if (usage.length) {
      const where = usage.map((u) => `${u.name}: ${u.count}`).join(', ');
      throw hasDependents(
        `Запись «${before.title}» используется (${where}); её можно только перенести в архив`,
        { usage },
      );
    }
    await deleteEntry(tx, id);
    await audit(tx, actor, {
      action: 'delete',
      entity: 'catalog_entry',
      entityId: id,
      companyId: before.companyId,
      before: toEntry(before),
    });
  });
}

export async function setEntryArchived<T>(
  deps: AppDeps,
  actor: Actor,
  view: View,
  id: number,
  archived: boolean,
): Promise<T> {
  const { db } = deps;
  const before = await loadEntry(db, actor, view, id);
  await assertMayWrite(db, actor, view.descriptor, before.companyId);
  if ((before.archivedAt !== null) === archived) return presentEntry<T>(deps, db, actor, view, before);
  const saved = await db.transaction(async (tx) => {
    await updateEntry(tx, id, { archivedAt: archived ? new Date() : null });
    const row = (await findEntry(tx, id))!;
    await audit(tx, actor, {
      action: archived ? 'archive' : 'restore',
      entity: 'catalog_entry',
      entityId: id,
      companyId: before.companyId,
      before: toEntry(before),
      after: toEntry(row),
    });
    return row;
  });
  return presentEntry<T>(deps, db, actor, view, saved);
}

export { viewOf };
