import type { Documentation, DocumentField, FieldValue } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned, requireCompany } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import type { DocumentationDeclared, GeneratedDocumentBuild } from './generated-documents.js';
import {
  checkValue,
  codesOfTags,
  conditionHolds,
  isEmpty,
  valuesHash,
} from './procurement-documents.policy.js';
import { presentDocumentation, presentOutput } from './procurement-documents.presenter.js';
import * as repo from './procurement-documents.repository.js';
import { type FieldDef, fieldDefs, prefill } from './procurement-fields.policy.js';

export const PROCUREMENT_NOT_FOUND = 'Закупка не найдена';

const NONE_DECLARED: DocumentationDeclared = { generatedDocuments: {}, templateKinds: [] };

/**
 * The procurement of a company path: a missing one and another company's answer the same 404
 * (a foreign one is audited).
 */
export async function assertProcurement(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const { db } = deps;
  const owner = await repo.procurementOwner(db, id);
  await assertOwned(db, actor, {
    entity: 'procurement',
    id,
    owner,
    companyId,
    notFound: PROCUREMENT_NOT_FOUND,
  });
}

/**
 * The procurement named in a socket payload: the company is learnt from the row, so the explicit
 * check (a company out of reach answers like a missing procurement). Returns its company.
 */
export async function procurementForSocket(
  deps: AppDeps,
  actor: Actor,
  id: number,
  permission: 'procurements.read' | 'procurements.write',
): Promise<number> {
  const { db } = deps;
  const owner = await repo.procurementOwner(db, id);
  if (owner === null) throw notFound(PROCUREMENT_NOT_FOUND);
  await requireCompany(db, actor, owner, permission, PROCUREMENT_NOT_FOUND);
  return owner;
}

export type DocModel = Awaited<ReturnType<typeof documentationModel>>;

/** A document the job can make: it has a template, or a module builds it (a generated document). */
export const canGenerate = (d: DocModel['documents'][number]) =>
  d.generated !== null || d.rule.templateFileId !== null;

/**
 * The documentation of a procurement as the server knows it: the documents its pinned version
 * asks for its method (conditions applied), the fields their templates use, the values (stored
 * over prefilled), and for each document the codes it uses, their hash and what is missing.
 * A rule whose kind a module builds itself (`generated`, deps.declared) takes
 * its values, hash and missing from that build, not from a template's fields; a rule of a kind a
 * module fills itself outside the documentation (`templateKinds`: a letter) is left out.
 * Reads in the caller's transaction (the demo seed's) or on the pool.
 */
export async function documentationModel(
  tx: Tx,
  procurementId: number,
  declared: DocumentationDeclared = NONE_DECLARED,
) {
  const generated = declared.generatedDocuments;
  const p = await repo.loadProcurement(tx, procurementId);
  if (!p) {
    // an EIS notice imported with no Положение in force has no documents rules until it is pinned
    if (await repo.procurementOwner(tx, procurementId))
      throw conflict(
        'Закупка загружена из ЕИС без привязки к Положению о закупке: документация формируется по правилам редакции Положения — привяжите закупку к редакции в карточке',
      );
    throw notFound(PROCUREMENT_NOT_FOUND);
  }
  const facts = {
    applicationSecurity: p.p.applicationSecurity,
    contractSecurity: p.p.contractSecurity,
    smeOnly: p.p.smeOnly,
    lotsCount: p.lots.length,
  };
  const rules = (await repo.documentsRulesOf(tx, p.version.id, p.p.methodId)).filter(
    (d) => !declared.templateKinds.includes(d.kindCode) && conditionHolds(d.condition, facts),
  );
  const builds = new Map<number, GeneratedDocumentBuild>();
  for (const d of rules) {
    const build = Object.hasOwn(generated, d.kindCode) ? generated[d.kindCode] : undefined;
    const built = build ? await build(tx, procurementId) : null;
    if (built) builds.set(d.id, built);
  }
  const userFields = await repo.userFieldsOf(tx, p.p.companyId);
  const codesByDoc = new Map(
    rules.map((d) => [d.id, codesOfTags(d.templateFileId && !builds.has(d.id) ? d.templateTags : [])]),
  );
  const defs = fieldDefs(new Set([...codesByDoc.values()].flat()), userFields);
  const pre = prefill(p, productionCalendar(), userFields);
  const stored = await repo.storedValues(tx, procurementId);
  const values: Record<string, FieldValue> = {};
  const overridden: string[] = [];
  const fields: DocumentField[] = defs.map((f) => {
    const own = f.editable && Object.hasOwn(stored, f.code);
    const pf = pre.get(f.code);
    values[f.code] = own ? (stored[f.code] as FieldValue) : (pf?.value ?? null);
    if (own) overridden.push(f.code);
    return {
      ...f,
      // where the value would come from; `overridden` says the specialist replaced it
      source: pf?.source ?? f.source,
      document_ids: rules.filter((d) => codesByDoc.get(d.id)?.includes(f.code)).map((d) => d.id),
    };
  });
  const byCode = new Map(fields.map((f) => [f.code, f]));
  const documents = rules.map((d) => {
    const built = builds.get(d.id);
    if (built)
      return {
        rule: d,
        codes: [] as string[],
        used: built.values,
        hash: valuesHash(null, built.values),
        missing: built.missing,
        generated: built,
      };
    const codes = codesByDoc.get(d.id) ?? [];
    const used = Object.fromEntries(codes.map((c) => [c, values[c] ?? null]));
    const missing = codes
      .map((c) => byCode.get(c))
      .filter((f): f is DocumentField => !!f && f.required && isEmpty(values[f.code]))
      .map((f) => ({ code: f.code, title: f.title }));
    return {
      rule: d,
      codes,
      used,
      hash: valuesHash(d.templateFileId, used),
      missing,
      generated: null as GeneratedDocumentBuild | null,
    };
  });
  return { p, fields, defs, values, overridden, documents };
}

/** GET …/documentation: the model with each document's state, the PDF setting and a running job. */
export async function getDocumentation(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
): Promise<Documentation> {
  await assertProcurement(deps, actor, companyId, id);
  return loadDocumentation(deps, id);
}

async function loadDocumentation(deps: AppDeps, id: number): Promise<Documentation> {
  const db = deps.db;
  const m = await documentationModel(db, id, deps.declared);
  const outputs = await repo.latestOutputs(db, id);
  const run = await repo.openRun(db, id);
  return presentDocumentation(id, m, outputs, run, await deps.pdf.unavailableReason());
}

/**
 * PUT …/documentation/values: only the fields sent change; null gives a field back its prefilled
 * value. Each value is checked by its field's type; one bad value refuses them all (400 naming
 * every field), nothing is half-written.
 */
export async function saveValues(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: { values: Record<string, FieldValue> },
): Promise<Documentation> {
  const db = deps.db;
  await assertProcurement(deps, actor, companyId, id);
  const m = await documentationModel(db, id, deps.declared);
  const defs = new Map<string, FieldDef>(m.defs.map((f) => [f.code, f]));
  const issues: { path: string; message: string }[] = [];
  const changes: Record<string, FieldValue> = {};
  for (const [code, raw] of Object.entries(body.values)) {
    const f = defs.get(code);
    if (!f) {
      issues.push({
        path: `body.values.${code}`,
        message: `Поле «${code}» не используется шаблонами документов этой закупки`,
      });
      continue;
    }
    const r = checkValue(f, raw);
    if ('error' in r) issues.push({ path: `body.values.${code}`, message: r.error });
    else changes[code] = r.value;
  }
  if (issues.length) throw invalid(issues);
  if (Object.keys(changes).length) {
    await db.transaction(async (tx) => {
      const before = await repo.lockValues(tx, id);
      const next: Record<string, unknown> = { ...before };
      for (const [code, v] of Object.entries(changes)) {
        if (v === null) delete next[code];
        else next[code] = v;
      }
      await repo.writeValues(tx, id, next, actor.userId);
      await audit(tx, actor, {
        action: 'update',
        entity: 'procurement_field_values',
        entityId: id,
        companyId,
        before: Object.fromEntries(Object.keys(changes).map((c) => [c, before[c] ?? null])),
        after: changes,
      });
    });
  }
  return loadDocumentation(deps, id);
}

/** GET …/documentation/:document_id/outputs: every version of one document, newest first. */
export async function documentOutputs(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  documentId: number,
) {
  const { db } = deps;
  await assertProcurement(deps, actor, companyId, id);
  const rows = await repo.outputsOf(db, id, documentId);
  if (rows.length === 0) {
    // a document of the procurement that was never generated has no versions yet; any other is unknown
    const m = await documentationModel(db, id, deps.declared);
    if (!m.documents.some((d) => d.rule.id === documentId)) throw notFound('Документ закупки не найден');
  }
  return {
    items: rows.map((r) => ({ ...presentOutput(r), values: r.values as Record<string, FieldValue> })),
  };
}

/** documentUserfieldsRequest: the fields and the values of the procurement's form. */
export async function userfieldsForSocket(deps: AppDeps, actor: Actor, procurementId: number) {
  const { db } = deps;
  await procurementForSocket(deps, actor, procurementId, 'procurements.read');
  const m = await documentationModel(db, procurementId, deps.declared);
  return { fields: m.fields, values: m.values };
}
