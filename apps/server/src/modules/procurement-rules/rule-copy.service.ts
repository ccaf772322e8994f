import type { Tx } from '../../db/client.js';
import type { StoredRuleMethod } from '../../db/schema/index.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { requireCompany } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { copyKey, copyTitle, RULE_NOT_FOUND } from './procurement-rules.policy.js';
import * as repo from './procurement-rules.repository.js';

export type CopyRequest = {
  rule_id: number;
  target_company_id: number;
  version_ids?: number[];
};

/**
 * The checks of a copy request before its job is sent: the caller must act for the rule's company
 * (rules.read) and for the target (rules.write); any other company answers 404 and is audited
 * like every foreign company. Returns the source company and the request's idempotency key.
 */
export async function checkCopyRequest(deps: AppDeps, actor: Actor, p: CopyRequest) {
  const { db } = deps;
  const source = await repo.ruleCompany(db, p.rule_id);
  if (source === null) throw notFound(RULE_NOT_FOUND);
  // a rule of a company the caller does not act for answers like a missing one (still audited)
  await requireCompany(db, actor, source, 'rules.read').catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'not_found' ? notFound(RULE_NOT_FOUND) : e;
  });
  await requireCompany(db, actor, p.target_company_id, 'rules.write');
  if (source === p.target_company_id)
    throw conflict('Выберите другую компанию: положение уже принадлежит этой');
  return { sourceCompanyId: source, key: copyKey(p.rule_id, p.target_company_id, p.version_ids) };
}

class AlreadyCopied extends Error {}

export type CopyResult = { newRuleId: number; warnings: string[]; existed: boolean };

/**
 * Copies a rule with the chosen versions (all by default) into the target company as drafts, in
 * one transaction: global catalogue entries are kept, company-specific ones (methods, document
 * kinds) are matched by code in the target and listed as warnings when missing; templates are
 * referred to (files shared by hash). The same request twice makes one copy (procurement_rule_copies).
 */
export async function copyRule(
  deps: AppDeps,
  actor: Actor,
  p: CopyRequest & { source_company_id: number; key: string },
): Promise<CopyResult> {
  const { db } = deps;
  const done = await repo.findCopy(db, p.target_company_id, p.key);
  if (done) return { newRuleId: done.ruleId, warnings: done.warnings, existed: true };
  try {
    return await db.transaction((tx) => copyInTx(tx, actor, p));
  } catch (err) {
    if (!(err instanceof AlreadyCopied)) throw err;
    const row = (await repo.findCopy(db, p.target_company_id, p.key))!;
    return { newRuleId: row.ruleId, warnings: row.warnings, existed: true };
  }
}

async function copyInTx(
  tx: Tx,
  actor: Actor,
  p: CopyRequest & { source_company_id: number; key: string },
): Promise<CopyResult> {
  const rule = await repo.findRule(tx, p.source_company_id, p.rule_id);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  const all = await repo.versionsOfRules(tx, [rule.id]);
  const wanted = p.version_ids?.length ? all.filter((v) => p.version_ids!.includes(v.id)) : all;
  if (p.version_ids?.length && wanted.length !== new Set(p.version_ids).size)
    throw notFound('Не все выбранные редакции принадлежат этому положению');
  const docs = await repo.docRulesOf(
    tx,
    wanted.map((v) => v.id),
  );
  const warnings: string[] = [];
  if (rule.customerIds.length)
    warnings.push('Заказчики положения относятся к исходной компании и не скопированы: укажите их заново');

  // catalogue entries: global ones stay, the source company's own are matched by code
  const methodIds = [
    ...new Set([...wanted.flatMap((v) => v.methods.map((m) => m.method_id)), ...docs.map((d) => d.methodId)]),
  ];
  const kindIds = [...new Set(docs.map((d) => d.documentKindId))];
  const mapEntries = async (kind: 'method' | 'document_kind', ids: number[], what: string) => {
    const rows = await repo.visibleEntries(tx, p.source_company_id, kind, ids);
    const own = rows.filter((r) => r.companyId !== null);
    const byCode = await repo.entriesByCode(
      tx,
      p.target_company_id,
      kind,
      own.map((r) => r.code),
    );
    const map = new Map<number, number | null>();
    for (const r of rows) {
      if (r.companyId === null) map.set(r.id, r.id);
      else {
        const target = byCode.get(r.code) ?? null;
        map.set(r.id, target);
        if (target === null)
          warnings.push(`${what} «${r.title}» (код ${r.code}) нет в компании-получателе: не скопирован`);
      }
    }
    return map;
  };
  const methods = await mapEntries('method', methodIds, 'Способа закупки');
  const kinds = await mapEntries('document_kind', kindIds, 'Вида документа');

  const newRule = await repo.insertRule(tx, {
    companyId: p.target_company_id,
    title: copyTitle(
      rule.title,
      await repo.companyNames(tx, p.source_company_id),
      await repo.companyNames(tx, p.target_company_id),
    ),
    customerIds: [],
    status: 'draft',
    copiedFromRuleId: rule.id,
  });
  const ordered = [...wanted].sort((a, b) => a.number - b.number);
  for (const [i, v] of ordered.entries()) {
    if (v.fileId)
      warnings.push(
        `Файл положения редакции № ${v.number} не скопирован: загрузите его в компании-получателе`,
      );
    const vMethods: StoredRuleMethod[] = v.methods
      .filter((m) => methods.get(m.method_id))
      .map((m) => ({ ...m, method_id: methods.get(m.method_id) as number }));
    const copy = await repo.insertVersion(tx, {
      ruleId: newRule.id,
      companyId: p.target_company_id,
      number: i + 1,
      status: 'draft',
      // a draft is not approved: the source's approval (body, decision) is not copied
      approvingBody: null,
      decisionNumber: null,
      decisionDate: null,
      effectiveFrom: v.effectiveFrom,
      changesSummary: v.changesSummary,
      methods: vMethods,
      planThreshold: v.planThreshold,
      planThresholdLarge: v.planThresholdLarge,
      smeCeiling: v.smeCeiling,
      nmckSettings: v.nmckSettings,
      createdBy: actor.userId,
    });
    await repo.insertDocRules(
      tx,
      docs
        .filter((d) => d.versionId === v.id && methods.get(d.methodId) && kinds.get(d.documentKindId))
        .map((d) => ({
          versionId: copy.id,
          companyId: p.target_company_id,
          methodId: methods.get(d.methodId) as number,
          documentKindId: kinds.get(d.documentKindId) as number,
          position: d.position,
          title: d.title,
          required: d.required,
          formats: d.formats,
          condition: d.condition,
          templateFileId: d.templateFileId,
          templateName: d.templateName,
          templateTags: d.templateTags,
        })),
    );
  }
  const unique = [...new Set(warnings)];
  const recorded = await repo.insertCopy(tx, {
    companyId: p.target_company_id,
    copyKey: p.key,
    sourceRuleId: rule.id,
    ruleId: newRule.id,
    warnings: unique,
  });
  // the same request ran at the same time on another worker and finished first
  if (!recorded) throw new AlreadyCopied();
  await audit(tx, actor, {
    action: 'copy',
    entity: 'procurement_rule',
    entityId: newRule.id,
    companyId: p.target_company_id,
    before: { rule_id: rule.id, company_id: p.source_company_id },
    after: { rule_id: newRule.id, versions: ordered.map((v) => v.number), warnings: unique },
  });
  return { newRuleId: newRule.id, warnings: unique, existed: false };
}
