import { type CatalogDescriptor, catalogOf, type ImportKind } from '@zakupki/shared';
import { and, asc, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { arrayParam } from '../../db/bulk.js';
import {
  catalogImports,
  procurementDocumentsRules as docRules,
  files,
  importRuns,
  procurementRules,
  reportRuns,
  procurementRuleVersions as versions,
} from '../../db/schema/index.js';
import type { FileOwnerResolver, FileOwnerScope, ResolvedFileOwner } from './file-owners.js';

/**
 * The owners the files module knows (read-only queries of the owners' tables): the Положение of a
 * rule version, a documents rule's DOCX template, an import's upload (contracts, УПД, bank
 * statements, plans; catalogues) and a generated report.
 */

/** The scope as a condition on an owner's company column (for resolvers). */
export function ownerInScope(column: AnyPgColumn, scope: FileOwnerScope): SQL {
  if (scope.companyIds === null) return sql`true`;
  if (scope.companyIds.length === 0) return sql`false`;
  return sql`${column} = any(${arrayParam(scope.companyIds, 'int')})`;
}

/** `column = any($ids)` with one array parameter (docs/server.md: no parameter per value). */
export const idIn = (column: AnyPgColumn, ids: number[]): SQL =>
  sql`${column} = any(${arrayParam(ids, 'int')})`;

const uniq = <T>(xs: T[]) => [...new Set(xs)];

/** Groups `[key, fileId]` pairs into file id lists, in the order given. */
function filesBy<K>(pairs: [K, number | null][]): Map<K, number[]> {
  const out = new Map<K, number[]>();
  for (const [k, fileId] of pairs) {
    if (fileId === null) continue;
    const list = out.get(k) ?? [];
    if (!list.includes(fileId)) list.push(fileId);
    out.set(k, list);
  }
  return out;
}

/** The file of a version of a Положение; its versions: the files of the rule's other versions. */
export const ruleVersionOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const rows = await db
    .select({
      fileId: versions.fileId,
      id: versions.id,
      ruleId: versions.ruleId,
      number: versions.number,
      companyId: versions.companyId,
      ruleTitle: procurementRules.title,
    })
    .from(versions)
    .innerJoin(procurementRules, eq(procurementRules.id, versions.ruleId))
    .where(and(idIn(versions.fileId, fileIds), ownerInScope(versions.companyId, scope)))
    .orderBy(asc(versions.id));
  const out = new Map<number, ResolvedFileOwner>();
  if (rows.length === 0) return out;
  const siblings = await db
    .select({ ruleId: versions.ruleId, fileId: versions.fileId })
    .from(versions)
    .where(and(idIn(versions.ruleId, uniq(rows.map((r) => r.ruleId))), isNotNull(versions.fileId)))
    .orderBy(desc(versions.number));
  const byRule = filesBy(siblings.map((s) => [s.ruleId, s.fileId]));
  for (const r of rows) {
    if (r.fileId === null || out.has(r.fileId)) continue;
    out.set(r.fileId, {
      kind: 'rule_version',
      kind_title: 'Положение о закупке',
      id: r.id,
      title: `«${r.ruleTitle}», версия ${r.number}`,
      link: `/procurementsRules/${r.ruleId}/versions`,
      companyId: r.companyId,
      versions: byRule.get(r.ruleId) ?? [],
    });
  }
  return out;
};

/**
 * A documents rule's DOCX template (shared by content hash, so the first rule in scope names it);
 * its versions: the templates of the same document (method and document kind) in the other
 * versions of the same Положение.
 */
export const documentsRuleOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const rows = await db
    .select({
      fileId: docRules.templateFileId,
      id: docRules.id,
      title: docRules.title,
      methodId: docRules.methodId,
      documentKindId: docRules.documentKindId,
      companyId: docRules.companyId,
      versionId: versions.id,
      number: versions.number,
      ruleId: versions.ruleId,
      ruleTitle: procurementRules.title,
    })
    .from(docRules)
    .innerJoin(versions, eq(versions.id, docRules.versionId))
    .innerJoin(procurementRules, eq(procurementRules.id, versions.ruleId))
    .where(and(idIn(docRules.templateFileId, fileIds), ownerInScope(docRules.companyId, scope)))
    .orderBy(asc(docRules.id));
  const out = new Map<number, ResolvedFileOwner>();
  if (rows.length === 0) return out;
  const siblings = await db
    .select({
      ruleId: versions.ruleId,
      methodId: docRules.methodId,
      documentKindId: docRules.documentKindId,
      fileId: docRules.templateFileId,
    })
    .from(docRules)
    .innerJoin(versions, eq(versions.id, docRules.versionId))
    .where(and(idIn(versions.ruleId, uniq(rows.map((r) => r.ruleId))), isNotNull(docRules.templateFileId)))
    .orderBy(desc(versions.number), asc(docRules.position));
  const key = (r: { ruleId: number; methodId: number; documentKindId: number }) =>
    `${r.ruleId}:${r.methodId}:${r.documentKindId}`;
  const byDocument = filesBy(siblings.map((s) => [key(s), s.fileId]));
  for (const r of rows) {
    if (r.fileId === null || out.has(r.fileId)) continue;
    out.set(r.fileId, {
      kind: 'documents_rule',
      kind_title: 'Шаблон документа закупки',
      id: r.id,
      title: `«${r.title}» — положение «${r.ruleTitle}», версия ${r.number}`,
      link: `/procurementsRules/${r.ruleId}/versions/${r.versionId}/documentsRules`,
      companyId: r.companyId,
      versions: byDocument.get(key(r)) ?? [],
    });
  }
  return out;
};

const IMPORT_KINDS: Record<ImportKind, { title: string; link: string }> = {
  upd: { title: 'Импорт УПД / УКД', link: '/contracts/execution?section=history' },
  payments: { title: 'Импорт банковской выписки', link: '/contracts/execution?section=history' },
  'eis-contracts': { title: 'Импорт договоров из ЕИС', link: '/contracts/export' },
  'eis-plans': { title: 'Импорт плана закупки из ЕИС', link: '/eisPlans' },
  'eis-procurements': { title: 'Импорт извещений и протоколов из ЕИС', link: '/documents' },
};

/** An upload of an import run (a run may hold several files); no versions. */
export const importRunOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const ids = arrayParam(fileIds, 'int');
  const rows = await db
    .select({
      id: importRuns.id,
      kind: importRuns.kind,
      companyId: importRuns.companyId,
      uploadFileName: importRuns.uploadFileName,
      fileIds: importRuns.fileIds,
    })
    .from(importRuns)
    .where(
      and(
        ownerInScope(importRuns.companyId, scope),
        // the runs of the files' companies only (the company index), then the file among the run's
        sql`${importRuns.companyId} in (select ${files.companyId} from ${files} where ${idIn(files.id, fileIds)})`,
        sql`exists (select 1 from jsonb_array_elements_text(${importRuns.fileIds}) f where f::int = any(${ids}))`,
      ),
    )
    .orderBy(asc(importRuns.id));
  const out = new Map<number, ResolvedFileOwner>();
  for (const r of rows) {
    const kind = IMPORT_KINDS[r.kind as ImportKind] ?? { title: 'Импорт', link: null };
    for (const fileId of r.fileIds) {
      if (!fileIds.includes(fileId) || out.has(fileId)) continue;
      out.set(fileId, {
        kind: 'import_run',
        kind_title: kind.title,
        id: r.id,
        title: `Загрузка № ${r.id}: ${r.uploadFileName}`,
        link: kind.link,
        companyId: r.companyId,
      });
    }
  }
  return out;
};

/** The XLSX of a catalogue import (a global catalogue's import has no company); no versions. */
export const catalogImportOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const rows = await db
    .select({
      id: catalogImports.id,
      fileId: catalogImports.fileId,
      catalog: catalogImports.catalog,
      params: catalogImports.params,
      companyId: catalogImports.companyId,
      fileName: catalogImports.fileName,
    })
    .from(catalogImports)
    .where(
      and(
        idIn(catalogImports.fileId, fileIds),
        or(sql`${catalogImports.companyId} is null`, ownerInScope(catalogImports.companyId, scope)),
      ),
    )
    .orderBy(asc(catalogImports.id));
  const out = new Map<number, ResolvedFileOwner>();
  for (const r of rows) {
    if (out.has(r.fileId)) continue;
    const screen = catalogOf(r.catalog as CatalogDescriptor['kind'], r.params.type, r.params.subject_type);
    out.set(r.fileId, {
      kind: 'catalog_import',
      kind_title: 'Импорт справочника из XLSX',
      id: r.id,
      title: screen ? `«${screen.title}»: ${r.fileName}` : r.fileName,
      link: screen?.route ?? null,
      companyId: r.companyId,
    });
  }
  return out;
};

/** Most versions of a report listed. */
const REPORT_VERSIONS = 20;

/**
 * A generated export or report; its versions: the same report made again (same company, kind and
 * contract; for a report of no contract, the same parameters, e.g. the same month).
 */
export const reportOwners: FileOwnerResolver = async (db, fileIds, scope) => {
  const rows = await db
    .select({
      id: reportRuns.id,
      fileId: reportRuns.fileId,
      companyId: reportRuns.companyId,
      reportCode: reportRuns.reportCode,
      title: reportRuns.title,
      contractId: reportRuns.contractId,
      params: reportRuns.params,
    })
    .from(reportRuns)
    .where(and(idIn(reportRuns.fileId, fileIds), ownerInScope(reportRuns.companyId, scope)))
    .orderBy(asc(reportRuns.id));
  const out = new Map<number, ResolvedFileOwner>();
  for (const r of rows) {
    if (r.fileId === null || out.has(r.fileId)) continue;
    const same = await db
      .select({ fileId: reportRuns.fileId })
      .from(reportRuns)
      .where(
        and(
          eq(reportRuns.companyId, r.companyId),
          eq(reportRuns.reportCode, r.reportCode),
          isNotNull(reportRuns.fileId),
          r.contractId === null
            ? and(
                sql`${reportRuns.contractId} is null`,
                sql`${reportRuns.params} = ${JSON.stringify(r.params)}::jsonb`,
              )
            : eq(reportRuns.contractId, r.contractId),
        ),
      )
      .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
      .limit(REPORT_VERSIONS + 1);
    out.set(r.fileId, {
      kind: 'report',
      kind_title: 'Отчёт или выгрузка',
      id: r.id,
      title: r.title,
      link: '/contracts/export',
      companyId: r.companyId,
      versions: same.map((s) => s.fileId).filter((id): id is number => id !== null),
    });
  }
  return out;
};

/** The resolvers of this module, in the order they are asked. */
export const BUILT_IN_FILE_OWNERS: FileOwnerResolver[] = [
  ruleVersionOwners,
  documentsRuleOwners,
  importRunOwners,
  catalogImportOwners,
  reportOwners,
];
