import {
  type ApproveInput,
  EFFECTIVE_BEFORE_DECISION,
  type PublishInput,
  type RuleInput,
  type RuleUpdateInput,
  type VersionInput,
  type VersionUpdateInput,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { conflict, hasDependents, invalid, invalidFile, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { uploadType } from '../files/files.policy.js';
import { storeFile } from '../files/files.service.js';
import {
  eisDueDate,
  inForce,
  RULE_NOT_FOUND,
  refusal,
  ruleDeleteRefusal,
  supersede,
  type VersionAction,
} from './procurement-rules.policy.js';
import { nearestDuty, presentRule, presentVersion } from './procurement-rules.presenter.js';
import * as repo from './procurement-rules.repository.js';

type RuleIn = z.output<typeof RuleInput>;
type RuleUpdateIn = z.output<typeof RuleUpdateInput>;
export type VersionIn = z.output<typeof VersionInput>;
type VersionUpdateIn = z.output<typeof VersionUpdateInput>;
type ApproveIn = z.output<typeof ApproveInput>;
type PublishIn = z.output<typeof PublishInput>;

/** Rules and versions of a Положение о закупке: reads, writes (each audited), states. */

// ---------------------------------------------------------------- lookups

/**
 * The rule of the company, or 404; a rule of another company also leaves an audit entry. Writes
 * call it before their transaction (a rolled-back transaction would take the audit entry along)
 * and again inside it to lock the row: it runs in the caller's transaction or on the pool.
 */
export async function ruleOf(tx: Tx, actor: Actor, companyId: number, ruleId: number, lock = false) {
  const row = await repo.findRule(tx, companyId, ruleId, { lock });
  if (row) return row;
  // a rule of another company answers exactly like a missing one (audited): ids cannot be probed
  await assertOwned(tx as Db, actor, {
    entity: 'procurement_rule',
    id: ruleId,
    owner: await repo.ruleCompany(tx, ruleId),
    companyId,
    notFound: RULE_NOT_FOUND,
  });
  throw notFound(RULE_NOT_FOUND);
}

/** The version of the company's rule, or 404; runs in the caller's transaction or on the pool (like ruleOf). */
export async function versionOf(
  tx: Tx,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
  lock = false,
) {
  await ruleOf(tx, actor, companyId, ruleId, lock);
  const v = await repo.findVersion(tx, ruleId, versionId, { lock });
  if (!v) throw notFound('Редакция положения о закупке не найдена');
  return v;
}

export function assertAllowed(status: Parameters<typeof refusal>[0], action: VersionAction) {
  const why = refusal(status, action);
  if (why) throw conflict(why);
}

async function methodNames(tx: Db | Tx, companyId: number, versions: repo.VersionWithFile[]) {
  const ids = [...new Set(versions.flatMap((v) => v.methods.map((m) => m.method_id)))];
  const rows = await repo.visibleEntries(tx, companyId, 'method', ids);
  return new Map(rows.map((r) => [r.id, { code: r.code, title: r.title }]));
}

async function customerTitles(tx: Db | Tx, companyId: number) {
  return new Map((await repo.customersOf(tx, companyId)).map((c) => [c.id, c.title]));
}

async function loadRule(tx: Db | Tx, row: repo.RuleRow) {
  const versions = await repo.versionsOfRules(tx, [row.id]);
  const copies = await repo.copyCounts(tx, [row.id]);
  return presentRule(row, versions, await customerTitles(tx, row.companyId), copies.get(row.id) ?? 0);
}

async function loadVersion(tx: Db | Tx, ruleId: number, versionId: number) {
  const v = (await repo.findVersion(tx, ruleId, versionId))!;
  return presentVersion(v, await methodNames(tx, v.companyId, [v]));
}

/** The version as the API returns it, after its audit entry (inside the write's transaction). */
async function auditedVersion(
  tx: Tx,
  actor: Actor,
  action: string,
  ruleId: number,
  versionId: number,
  companyId: number,
  before?: unknown,
  extra?: Record<string, unknown>,
) {
  const out = await loadVersion(tx, ruleId, versionId);
  const after = extra ? { ...out, ...extra } : out;
  await audit(tx, actor, {
    action,
    entity: 'procurement_rule_version',
    entityId: versionId,
    companyId,
    before,
    after,
  });
  return out;
}

/** Keeps procurement_rules.status (read by GET /companies/{id}/procurement_rules) in step. */
async function syncRuleStatus(tx: Tx, ruleId: number) {
  const versions = await repo.versionsOfRules(tx, [ruleId]);
  const today = todayMoscow();
  const current = versions.find((v) => inForce(v, today)) ?? versions[0];
  await repo.updateRule(tx, ruleId, { status: current?.status ?? 'draft' });
}

// ---------------------------------------------------------------- rules

export async function listRules(
  deps: AppDeps,
  companyId: number,
  q: { page: number; limit: number; include_archived?: 'true' | 'false'; q?: string },
) {
  const { db } = deps;
  const { rows, total } = await repo.listRules(db, companyId, {
    page: q.page,
    limit: q.limit,
    includeArchived: q.include_archived === 'true',
    text: q.q || undefined,
  });
  const versions = await repo.versionsOfRules(
    db,
    rows.map((r) => r.id),
  );
  const titles = await customerTitles(db, companyId);
  const copies = await repo.copyCounts(
    db,
    rows.map((r) => r.id),
  );
  const today = todayMoscow();
  return {
    items: rows.map((r) =>
      presentRule(
        r,
        versions.filter((v) => v.ruleId === r.id),
        titles,
        copies.get(r.id) ?? 0,
        today,
      ),
    ),
    total,
    page: q.page,
    limit: q.limit,
  };
}

export async function getRule(deps: AppDeps, actor: Actor, companyId: number, ruleId: number) {
  const { db } = deps;
  return loadRule(db, await ruleOf(db, actor, companyId, ruleId));
}

async function checkCustomers(tx: Tx, companyId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.customersOf(tx, companyId, unique);
  if (found.length !== unique.length)
    throw invalid([{ path: 'body.customer_ids', message: 'Заказчик не найден среди заказчиков компании' }]);
  return unique;
}

export async function createRule(deps: AppDeps, actor: Actor, companyId: number, body: RuleIn) {
  const { db } = deps;
  return db.transaction(async (tx) => {
    const customerIds = await checkCustomers(tx, companyId, body.customer_ids);
    const row = await repo.insertRule(tx, { companyId, title: body.title, customerIds, status: 'draft' });
    const out = await loadRule(tx, row);
    await audit(tx, actor, {
      action: 'create',
      entity: 'procurement_rule',
      entityId: row.id,
      companyId,
      after: out,
    });
    return out;
  });
}

export async function updateRule(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  body: RuleUpdateIn,
) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const row = await ruleOf(tx, actor, companyId, ruleId, true);
    const before = await loadRule(tx, row);
    const customerIds =
      body.customer_ids === undefined
        ? row.customerIds
        : await checkCustomers(tx, companyId, body.customer_ids);
    const archivedAt =
      body.archived === undefined ? row.archivedAt : body.archived ? (row.archivedAt ?? new Date()) : null;
    const updated = await repo.updateRule(tx, ruleId, { title: body.title, customerIds, archivedAt });
    const out = await loadRule(tx, updated);
    const action = before.archived !== out.archived ? (out.archived ? 'archive' : 'restore') : 'update';
    await audit(tx, actor, {
      action,
      entity: 'procurement_rule',
      entityId: ruleId,
      companyId,
      before,
      after: out,
    });
    return out;
  });
}

/**
 * Deletes a rule nothing uses: one whose versions are all drafts and from which no copy was made.
 * An approved Положение is a legal record: 409 has_dependents, archive it instead.
 */
export async function deleteRule(deps: AppDeps, actor: Actor, companyId: number, ruleId: number) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  await db.transaction(async (tx) => {
    const row = await ruleOf(tx, actor, companyId, ruleId, true);
    const versions = await repo.versionsOfRules(tx, [ruleId]);
    const refusal = ruleDeleteRefusal(
      row.title,
      versions.map((v) => v.status),
      await repo.copiesOf(tx, ruleId),
    );
    if (refusal) throw hasDependents(refusal);
    const before = await loadRule(tx, row);
    await repo.deleteRule(tx, ruleId);
    await audit(tx, actor, {
      action: 'delete',
      entity: 'procurement_rule',
      entityId: ruleId,
      companyId,
      before,
    });
  });
}

/** Open 15-day duties of the company, nearest first, with counts by state. */
export async function ruleDeadlines(deps: AppDeps, companyId: number) {
  const { db } = deps;
  const rows = await repo.dutyVersions(db, companyId);
  const today = todayMoscow();
  const items = rows
    .map((r) => {
      const d = nearestDuty([{ ...r.v, fileName: null, docsCount: 0 }], today);
      return d ? { ...d, rule_id: r.v.ruleId, rule_title: r.ruleTitle } : null;
    })
    .filter((d) => d !== null);
  const counts = { overdue: 0, due_soon: 0, due: 0 };
  for (const d of items) if (d.status in counts) counts[d.status as keyof typeof counts] += 1;
  return { items, counts };
}

// ---------------------------------------------------------------- versions

export async function listVersions(deps: AppDeps, actor: Actor, companyId: number, ruleId: number) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  const versions = await repo.versionsOfRules(db, [ruleId]);
  const names = await methodNames(db, companyId, versions);
  const today = todayMoscow();
  return { items: versions.map((v) => presentVersion(v, names, today)) };
}

export async function getVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
) {
  const { db } = deps;
  const v = await versionOf(db, actor, companyId, ruleId, versionId);
  return presentVersion(v, await methodNames(db, companyId, [v]));
}

/** Methods must be procurement methods the company sees; an archived one only if already chosen. */
async function checkMethods(tx: Tx, companyId: number, body: VersionIn, previous: number[]) {
  const ids = body.methods.map((m) => m.method_id);
  const found = new Map((await repo.visibleEntries(tx, companyId, 'method', ids)).map((r) => [r.id, r]));
  const issues = body.methods.flatMap((m, i) => {
    const e = found.get(m.method_id);
    if (e && (!e.archivedAt || previous.includes(e.id))) return [];
    return [
      { path: `body.methods.${i}.method_id`, message: 'Способ закупки не найден в справочнике или в архиве' },
    ];
  });
  if (issues.length) throw invalid(issues);
}

function versionValues(body: VersionIn) {
  return {
    approvingBody: body.approving_body,
    decisionNumber: body.decision_number,
    decisionDate: body.decision_date,
    effectiveFrom: body.effective_from,
    changesSummary: body.changes_summary,
    methods: body.methods,
    planThreshold: body.plan_threshold,
    planThresholdLarge: body.plan_threshold_large,
    smeCeiling: body.sme_ceiling,
    nmckSettings: body.nmck_settings,
  };
}

async function assertNoDraft(tx: Tx, ruleId: number) {
  const draft = await repo.draftOf(tx, ruleId);
  if (draft) throw conflict(`У положения уже есть черновик (редакция № ${draft.number}): измените его`);
}

export async function createVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  body: VersionIn,
) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const rule = await ruleOf(tx, actor, companyId, ruleId, true);
    if (rule.archivedAt) throw conflict('Положение в архиве: сначала верните его из архива');
    await assertNoDraft(tx, ruleId);
    await checkMethods(tx, companyId, body, []);
    const number = await repo.nextVersionNumber(tx, ruleId);
    const row = await repo.insertVersion(tx, {
      ruleId,
      companyId,
      number,
      status: 'draft',
      createdBy: actor.userId,
      ...versionValues(body),
    });
    await syncRuleStatus(tx, ruleId);
    return auditedVersion(tx, actor, 'create', ruleId, row.id, companyId, undefined);
  });
}

/** The draft's settings after a save: what the request sent over what is stored. */
function mergedVersion(v: repo.VersionWithFile, body: VersionUpdateIn): VersionIn {
  const sent = <T>(value: T | undefined, stored: T) => (value === undefined ? stored : value);
  return {
    approving_body: sent(body.approving_body, v.approvingBody),
    decision_number: sent(body.decision_number, v.decisionNumber),
    decision_date: sent(body.decision_date, v.decisionDate),
    effective_from: sent(body.effective_from, v.effectiveFrom),
    changes_summary: sent(body.changes_summary, v.changesSummary),
    methods: sent(body.methods, v.methods),
    plan_threshold: sent(body.plan_threshold, v.planThreshold),
    plan_threshold_large: sent(body.plan_threshold_large, v.planThresholdLarge),
    sme_ceiling: sent(body.sme_ceiling, v.smeCeiling),
    nmck_settings: sent(body.nmck_settings, v.nmckSettings),
  };
}

/**
 * The documents rules of the methods a save drops: deleted (with their templates) only when the
 * request confirms it, and never while a generated document was built from one of them.
 */
async function dropDocRulesOfMethods(tx: Tx, versionId: number, methodIds: number[], confirmed: boolean) {
  const kept = new Set(methodIds);
  const dropped = (await repo.docRulesOf(tx, [versionId])).filter((d) => !kept.has(d.methodId));
  if (dropped.length === 0) return [];
  if (!confirmed)
    throw conflict(
      `У исключаемых способов закупки есть правила документов (${dropped.length}: ${dropped
        .slice(0, 3)
        .map((d) => `«${d.title}»`)
        .join(', ')}${dropped.length > 3 ? ', …' : ''}): подтвердите их удаление вместе с шаблонами`,
      { documents_rule_ids: dropped.map((d) => d.id), confirm: 'remove_documents_rules' },
    );
  const used = await repo.docRulesInUse(
    tx,
    dropped.map((d) => d.id),
  );
  if (used.length)
    throw conflict(
      `По правилам документов исключаемых способов уже сформированы документы закупок (${used.length}): способ нельзя исключить`,
      { documents_rule_ids: used },
    );
  await repo.deleteDocRules(
    tx,
    dropped.map((d) => d.id),
  );
  return dropped.map((d) => ({
    id: d.id,
    method_id: d.methodId,
    title: d.title,
    template_file_id: d.templateFileId,
  }));
}

export async function updateVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
  body: VersionUpdateIn,
) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, companyId, ruleId, versionId, true);
    assertAllowed(v.status, 'edit');
    const next = mergedVersion(v, body);
    if (next.decision_date && next.effective_from && next.effective_from < next.decision_date)
      throw invalid([{ path: 'body.effective_from', message: EFFECTIVE_BEFORE_DECISION }]);
    await checkMethods(
      tx,
      companyId,
      next,
      v.methods.map((m) => m.method_id),
    );
    const before = await loadVersion(tx, ruleId, versionId);
    const removed = await dropDocRulesOfMethods(
      tx,
      versionId,
      next.methods.map((m) => m.method_id),
      body.remove_documents_rules === true,
    );
    await repo.updateVersion(tx, versionId, versionValues(next));
    const extra = removed.length ? { removed_documents_rules: removed } : undefined;
    return auditedVersion(tx, actor, 'update', ruleId, versionId, companyId, before, extra);
  });
}

/** Attaches the Положение itself (PDF, DOCX or ZIP) to a draft, stored as a company file. */
export async function attachVersionFile(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
  loadFile: () => Promise<{ name: string; content: Buffer }>,
) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  const file = await loadFile();
  const type = uploadType(file.name, file.content, ['pdf', 'docx', 'zip']);
  if ('wrong' in type && type.wrong === 'type')
    throw invalidFile('Файл положения: допустимы PDF, DOCX или ZIP');
  if ('wrong' in type)
    throw invalidFile(`Файл «${file.name}» повреждён или не является ${type.ext.toUpperCase()}`);
  const { mime } = type;
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, companyId, ruleId, versionId, true);
    assertAllowed(v.status, 'edit');
    const stored = await storeFile(tx, {
      companyId,
      userId: actor.userId,
      purpose: 'document',
      name: file.name,
      mime,
      content: file.content,
    });
    await repo.updateVersion(tx, versionId, { fileId: stored.id });
    return auditedVersion(tx, actor, 'update', ruleId, versionId, companyId, { file_id: v.fileId });
  });
}

export async function approveVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
  body: ApproveIn,
) {
  const { db } = deps;
  if (body.effective_from < body.decision_date)
    throw invalid([
      {
        path: 'body.effective_from',
        message: 'Дата вступления в силу не может быть раньше даты решения об утверждении',
      },
    ]);
  if (body.decision_date > todayMoscow())
    throw invalid([{ path: 'body.decision_date', message: 'Дата решения не может быть в будущем' }]);
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, companyId, ruleId, versionId, true);
    assertAllowed(v.status, 'approve');
    if (v.methods.length === 0)
      throw invalid([{ path: 'body.methods', message: 'В редакции не указан ни один способ закупки' }]);
    const before = await loadVersion(tx, ruleId, versionId);
    await repo.updateVersion(tx, versionId, {
      status: 'approved',
      approvingBody: body.approving_body,
      decisionNumber: body.decision_number,
      decisionDate: body.decision_date,
      effectiveFrom: body.effective_from,
      eisDueDate: eisDueDate(body.decision_date, productionCalendar()),
    });
    await syncRuleStatus(tx, ruleId);
    return auditedVersion(tx, actor, 'approve', ruleId, versionId, companyId, before);
  });
}

/** Records the EIS placement; the versions published before end the day before this one starts. */
export async function publishVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
  body: PublishIn,
) {
  const { db } = deps;
  if (body.eis_published_on > todayMoscow())
    throw invalid([{ path: 'body.eis_published_on', message: 'Дата размещения не может быть в будущем' }]);
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, companyId, ruleId, versionId, true);
    assertAllowed(v.status, 'publish');
    if (v.decisionDate && body.eis_published_on < v.decisionDate)
      throw invalid([
        { path: 'body.eis_published_on', message: 'Дата размещения не может быть раньше даты утверждения' },
      ]);
    const before = await loadVersion(tx, ruleId, versionId);
    const ended = supersede(await repo.publishedVersions(tx, ruleId, versionId), v.effectiveFrom as string);
    for (const e of ended)
      await repo.updateVersion(tx, e.id, { status: 'superseded', effectiveTo: e.effectiveTo });
    await repo.updateVersion(tx, versionId, {
      status: 'published',
      eisPublishedOn: body.eis_published_on,
      eisRegistrationNumber: body.eis_registration_number,
    });
    await syncRuleStatus(tx, ruleId);
    return auditedVersion(tx, actor, 'publish', ruleId, versionId, companyId, before, { superseded: ended });
  });
}

/** A new draft with the settings and documents rules of this version. */
export async function newDraft(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  ruleId: number,
  versionId: number,
) {
  const { db } = deps;
  await ruleOf(db, actor, companyId, ruleId);
  return db.transaction(async (tx) => {
    const rule = await ruleOf(tx, actor, companyId, ruleId, true);
    if (rule.archivedAt) throw conflict('Положение в архиве: сначала верните его из архива');
    const v = (await repo.findVersion(tx, ruleId, versionId))!;
    if (!v) throw notFound('Редакция положения о закупке не найдена');
    assertAllowed(v.status, 'new_draft');
    await assertNoDraft(tx, ruleId);
    const row = await repo.insertVersion(tx, {
      ruleId,
      companyId,
      number: await repo.nextVersionNumber(tx, ruleId),
      status: 'draft',
      createdBy: actor.userId,
      changesSummary: null,
      methods: v.methods,
      planThreshold: v.planThreshold,
      planThresholdLarge: v.planThresholdLarge,
      smeCeiling: v.smeCeiling,
      nmckSettings: v.nmckSettings,
      basedOnVersionId: v.id,
    });
    const docs = await repo.docRulesOf(tx, [versionId]);
    await repo.insertDocRules(
      tx,
      docs.map(({ id: _id, kindTitle: _k, createdAt: _c, updatedAt: _u, ...d }) => ({
        ...d,
        versionId: row.id,
      })),
    );
    await syncRuleStatus(tx, ruleId);
    return auditedVersion(tx, actor, 'create', ruleId, row.id, companyId, undefined, {
      based_on_version_id: versionId,
    });
  });
}
