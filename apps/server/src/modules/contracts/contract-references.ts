import type { Db, Tx } from '../../db/client.js';
import type { contracts } from '../../db/schema/index.js';
import { invalid } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { auditRefused } from '../access/access.service.js';
import { assertTariffAllows } from '../tariffs/tariffs.service.js';
import {
  companyProcurement,
  foreignReferences,
  methodByCode,
  visibleEntries,
} from './contract-references.repository.js';
import { planPositionOf } from './contracts.repository.js';

type Refs = {
  funding_source_id?: number | null;
  contract_basis_id?: number | null;
  price_method_id?: number | null;
  procurement_method_id?: number | null;
  procurement_method_code?: string | null;
  procurement_method_name?: string | null;
  plan_position_number?: string | null;
};
type Previous = Pick<
  typeof contracts.$inferSelect,
  | 'fundingSourceId'
  | 'contractBasisId'
  | 'priceMethodId'
  | 'procurementMethodId'
  | 'procurementMethodCode'
  | 'procurementMethodName'
  | 'planPositionNumber'
> | null;

/** The catalogue references of a contract body: the field, the stored column, the catalogue. */
const REFS = [
  {
    field: 'funding_source_id',
    prev: 'fundingSourceId',
    kind: 'generic',
    typeCode: 8,
    what: 'Источник финансирования',
  },
  {
    field: 'contract_basis_id',
    prev: 'contractBasisId',
    kind: 'generic',
    typeCode: 9,
    what: 'Основание заключения договора',
  },
  {
    field: 'price_method_id',
    prev: 'priceMethodId',
    kind: 'generic',
    typeCode: 1,
    what: 'Метод определения НМЦД',
  },
  {
    field: 'procurement_method_id',
    prev: 'procurementMethodId',
    kind: 'method',
    typeCode: null,
    what: 'Способ закупки',
  },
] as const;

/** What a contract row stores of its procurement method. */
export type MethodColumns = {
  procurementMethodId: number | null;
  procurementMethodCode: string | null;
  procurementMethodName: string | null;
};

/**
 * Funding source (catalogue 8), contract basis (9), НМЦД method (1) and procurement method (the
 * methods catalogue) must be entries the company sees: global ones or its own, not archived. An
 * entry archived after it was chosen stays valid on the contracts that already point at it. Another
 * company's entry is refused like a missing one (auditForeignReferences has audited it).
 *
 * Answers the procurement method columns: the chosen entry's id, code and title; without an id, the
 * entry of the methods catalogue with the body's code; or, on a contract that keeps a method that
 * is not in the catalogue (an EIS import, a text of before), that text sent back unchanged.
 */
export async function checkCatalogEntries(
  tx: Tx,
  companyId: number,
  body: Refs,
  previous: Previous,
): Promise<MethodColumns> {
  const wanted = REFS.filter((r) => body[r.field]);
  const rows = wanted.length
    ? await visibleEntries(
        tx,
        companyId,
        wanted.map((r) => body[r.field] as number),
      )
    : [];
  const issues: { path: string; message: string }[] = [];
  let method: MethodColumns | null = null;
  for (const r of wanted) {
    const id = body[r.field] as number;
    const row = rows.find((x) => x.id === id && x.kind === r.kind && (x.typeCode ?? null) === r.typeCode);
    const keptArchived = row?.archivedAt && previous?.[r.prev] === id;
    if (!row || (row.archivedAt && !keptArchived)) {
      issues.push({
        path: `body.${r.field}`,
        message: `${r.what}: запись справочника не найдена или в архиве`,
      });
    } else if (r.field === 'procurement_method_id') {
      method = {
        procurementMethodId: row.id,
        procurementMethodCode: row.code,
        procurementMethodName: row.title,
      };
    }
  }
  if (!body.procurement_method_id) method = await methodWithoutId(tx, companyId, body, previous, issues);
  const planIssue = await planPositionProblem(tx, companyId, body.plan_position_number ?? null, previous);
  if (planIssue) issues.push(planIssue);
  if (issues.length) throw invalid(issues);
  return method ?? { procurementMethodId: null, procurementMethodCode: null, procurementMethodName: null };
}

/** The procurement method of a body without `procurement_method_id` (see checkCatalogEntries). */
async function methodWithoutId(
  tx: Tx,
  companyId: number,
  body: Refs,
  previous: Previous,
  issues: { path: string; message: string }[],
): Promise<MethodColumns | null> {
  const code = body.procurement_method_code ?? null;
  const name = body.procurement_method_name ?? null;
  if (!code && !name) return null;
  if (
    previous &&
    previous.procurementMethodId === null &&
    code === previous.procurementMethodCode &&
    name === previous.procurementMethodName
  ) {
    return { procurementMethodId: null, procurementMethodCode: code, procurementMethodName: name };
  }
  if (code) {
    const row = await methodByCode(tx, companyId, code, previous?.procurementMethodId ?? 0);
    if (row)
      return {
        procurementMethodId: row.id,
        procurementMethodCode: row.code,
        procurementMethodName: row.title,
      };
  }
  issues.push({
    path: 'body.procurement_method_id',
    message: `Способ закупки выберите из справочника «Способы закупки»: «${name ?? code}» в нём нет`,
  });
  return null;
}

/**
 * A plan position is one of the company's EIS plans (by its number); a number the contract already
 * holds is kept even when no imported plan has it (entered before the plans, or from an EIS import).
 */
async function planPositionProblem(
  tx: Tx,
  companyId: number,
  number: string | null,
  previous: Previous,
): Promise<{ path: string; message: string } | null> {
  if (!number || number === previous?.planPositionNumber) return null;
  if (await planPositionOf(tx, companyId, number)) return null;
  return {
    path: 'body.plan_position_number',
    message: `Позиции № ${number} нет в планах закупки компании: выберите позицию из загруженных планов`,
  };
}

/**
 * Ids in a contract's body that point at another company's rows (a catalogue entry, a customer)
 * are refused inside the write transaction exactly like missing ones (the same message); this
 * writes the `access_denied` audit entry for each, before and outside that transaction, so the
 * entry survives the refusal.
 */
export async function auditForeignReferences(
  db: Db,
  actor: Actor,
  companyId: number,
  body: Refs & { customer_id?: number | null; procurement_id?: number | null },
): Promise<void> {
  const entryIds = REFS.map((r) => body[r.field]).filter((id): id is number => !!id);
  const [entries, customerRows, procurementRows] = await foreignReferences(db, companyId, {
    entries: entryIds,
    customer: body.customer_id,
    procurement: body.procurement_id,
  });
  for (const e of entries) await auditRefused(db, actor, 'catalog_entry', e.id, e.companyId, companyId);
  for (const c of customerRows) await auditRefused(db, actor, 'customer', c.id, c.companyId, companyId);
  for (const p of procurementRows) await auditRefused(db, actor, 'procurement', p.id, p.companyId, companyId);
}

/**
 * The procurement a contract names must be the company's (another company's one is refused like a
 * missing one, audited by `auditForeignReferences`). Returns the id to store: on update an absent
 * `procurement_id` keeps the link the contract has.
 */
export async function checkProcurement(
  tx: Tx,
  companyId: number,
  body: { procurement_id?: number | null },
  previous: { procurementId: number | null } | null,
): Promise<number | null> {
  if (body.procurement_id === undefined) return previous?.procurementId ?? null;
  if (body.procurement_id === null) return null;
  const row = await companyProcurement(tx, companyId, body.procurement_id);
  if (!row)
    throw invalid([{ path: 'body.procurement_id', message: 'Закупка не найдена среди закупок компании' }]);
  return row.id;
}

/** 409 tariff_limit when one more contract would exceed the company's tariff (contracts per year). */
export async function checkTariff(deps: AppDeps, tx: Tx, companyId: number): Promise<void> {
  await assertTariffAllows(deps, tx, companyId, 'contracts');
}
