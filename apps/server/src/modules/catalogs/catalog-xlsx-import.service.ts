import { type CatalogImportError, type CatalogImportResult, okpd2Level } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { badRequest } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { requireCompany } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { mayWrite } from './catalog-access.service.js';
import {
  type EntryRow,
  type EntryValues,
  INPUT_SCHEMA,
  type ParsedInput,
  sameValues,
  toEntry,
  type View,
  valuesOf,
} from './catalog-kinds.js';
import { assertMayOpen } from './catalogs.policy.js';
import {
  entriesOfOwner,
  findEntry,
  globalOkpd2Codes,
  nextNumericCode,
  updateEntry,
} from './catalogs.repository.js';
import { insertAuditedEntry } from './catalogs.service.js';
import {
  GLOBAL_OWNER,
  importRefused,
  issueMessages,
  rowError,
  rowInput,
  type SheetRow,
} from './catalogs.xlsx.js';

type Planned = {
  row: number;
  values: EntryValues;
  companyId: number | null;
  existing: EntryRow | null;
};

/**
 * XLSX import of one catalogue view. The whole file is checked first (cells, the body schema,
 * codes repeated in the file, codes of global entries, rights per row, ОКПД2 codes of goods);
 * any error refuses the file with every error by row. Then all rows are written in one
 * transaction: upsert by code within the owner (the selected company, or global entries for rows
 * marked «Общая» and for an import without company_id). Rows equal to what is stored are skipped.
 */
export type ImportTarget = { companyId: number | null; subjectType: number | null };

/** Who may import into which entries: checked when the upload comes and again when the job runs. */
export async function importTarget(
  deps: AppDeps,
  actor: Actor,
  view: View,
  query: { company_id?: number; subject_type?: number },
): Promise<ImportTarget> {
  const d = view.descriptor;
  assertMayOpen(actor, d);
  const companyId = query.company_id ?? null;
  if (companyId !== null) {
    if (!d.company_entries) throw badRequest(`В справочнике «${d.title}» нет записей отдельных компаний`);
    // the company is in the query, not the path: the explicit company check
    await requireCompany(deps.db, actor, companyId);
  }
  const subjectType =
    view.kind === 'exec' && view.typeCode === 1 ? (query.subject_type ?? view.subjectType) : null;
  if (view.kind === 'exec' && view.typeCode === 1 && subjectType === null)
    throw badRequest('Укажите subject_type: 1 — товары, 2 — работы, 3 — услуги');
  return { companyId, subjectType };
}

/** Checks and writes the rows of one import; runs in the caller's transaction (the job's). */
export async function importCatalog(
  tx: Tx,
  actor: Actor,
  view: View,
  target: ImportTarget,
  sheet: SheetRow[],
  progress: (share: number) => void = () => {},
): Promise<CatalogImportResult> {
  const d = view.descriptor;
  const { companyId, subjectType } = target;

  const may = {
    global: await mayWrite(tx, actor, d, null),
    company: companyId !== null && (await mayWrite(tx, actor, d, companyId)),
  };
  const byCode = (rows: EntryRow[]) => new Map(rows.map((r) => [r.code, r]));
  const globalRows = byCode(await entriesOfOwner(tx, view, subjectType, null));
  const companyRows =
    companyId !== null ? byCode(await entriesOfOwner(tx, view, subjectType, companyId)) : new Map();
  const okpd2Codes = view.kind === 'goods' ? await globalOkpd2Codes(tx) : null;

  const errors: CatalogImportError[] = [];
  const plan: Planned[] = [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  for (const [i, r] of sheet.entries()) {
    // checking 150 000 rows takes seconds of CPU: other requests are served between slices
    if (i % 500 === 499) await new Promise((resolve) => setImmediate(resolve));
    const { input, errors: cellErrors } = rowInput(d, r.cells);
    if (cellErrors.length) {
      for (const m of cellErrors) errors.push(rowError(r.row, m));
      continue;
    }
    const parsed = INPUT_SCHEMA[view.kind].safeParse(input);
    if (!parsed.success) {
      for (const m of issueMessages(d, parsed.error.issues)) errors.push(rowError(r.row, m));
      continue;
    }
    const values = valuesOf(view, { ...(parsed.data as ParsedInput), subject_type: subjectType });
    const owner =
      r.owner !== null && r.owner.trim().toLowerCase() === GLOBAL_OWNER.toLowerCase() ? null : companyId;
    let existing: EntryRow | null = null;
    if (values.code) {
      const key = `${owner ?? 'g'}:${values.code}`;
      const first = seen.get(key);
      if (first) {
        errors.push(rowError(r.row, `код «${values.code}» уже встречается в строке ${first}`));
        continue;
      }
      seen.set(key, r.row);
      existing = (owner === null ? globalRows : companyRows).get(values.code) ?? null;
      if (!existing && owner !== null && globalRows.has(values.code)) {
        errors.push(rowError(r.row, `код «${values.code}» занят общей записью справочника`));
        continue;
      }
      if (existing && sameValues(existing, values)) {
        unchanged++;
        continue;
      }
    }
    if (!(owner === null ? may.global : may.company)) {
      errors.push(
        rowError(
          r.row,
          owner === null
            ? 'общие записи справочника изменяют только администратор и специалисты'
            : 'нет прав изменять записи справочника этой компании',
        ),
      );
      continue;
    }
    const okpd2 = values.extra.okpd2_code;
    if (okpd2Codes && typeof okpd2 === 'string' && !okpd2Codes.has(okpd2)) {
      errors.push(rowError(r.row, `код ОКПД2 «${okpd2}» не найден в справочнике`));
      continue;
    }
    plan.push({ row: r.row, values, companyId: owner, existing });
  }
  if (errors.length) throw importRefused(errors);

  // ОКПД2: parents before children, so a new code finds a parent added by the same file
  if (view.kind === 'okpd2')
    plan.sort((a, b) => okpd2Level(a.values.code ?? '') - okpd2Level(b.values.code ?? ''));
  let created = 0;
  let updated = 0;
  await tx.transaction(async (tx) => {
    // codes the file names itself are never handed out to its rows without a code
    const nextCode = new Map<string, number>();
    for (const p of plan) {
      if (!p.values.code || !/^[0-9]{1,9}$/.test(p.values.code)) continue;
      const key = String(p.companyId ?? 'g');
      nextCode.set(key, Math.max(nextCode.get(key) ?? 0, Number(p.values.code) + 1));
    }
    for (const [i, p] of plan.entries()) {
      if (i % 1000 === 0) progress(i / plan.length);
      const v = p.values;
      if (p.existing) {
        const before = toEntry((await findEntry(tx, p.existing.id))!);
        await updateEntry(tx, p.existing.id, {
          title: v.title,
          description: v.description,
          subjectType: v.subjectType,
          extra: v.extra,
        });
        const after = toEntry((await findEntry(tx, p.existing.id))!);
        await audit(tx, actor, {
          action: 'update',
          entity: 'catalog_entry',
          entityId: p.existing.id,
          companyId: p.companyId,
          before,
          after,
        });
        updated++;
        continue;
      }
      let code = v.code;
      if (!code) {
        const key = String(p.companyId ?? 'g');
        const stored = Number(await nextNumericCode(tx, view, subjectType, p.companyId));
        const n = Math.max(nextCode.get(key) ?? 0, stored);
        nextCode.set(key, n + 1);
        code = String(n);
      }
      await insertAuditedEntry(tx, actor, view, v, p.companyId, code);
      created++;
    }
    await audit(tx, actor, {
      action: 'import',
      entity: 'catalog',
      entityId: d.key,
      companyId,
      after: { total: sheet.length, created, updated, unchanged },
    });
  });
  return { total: sheet.length, created, updated, unchanged };
}
