import {
  type DocumentsRuleInput,
  type DocumentsRuleUpdateInput,
  isStaff,
  type TemplateField,
  type TemplateFields,
  type TemplateReport,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { conflict, forbidden, invalid, invalidFile, notFound } from '../../lib/app-error.js';
import { ParseError } from '../../lib/parse-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { readFiles, sha256Of, storeFile } from '../files/files.service.js';
import { checkTags, isOlderFieldName, SYSTEM_FIELDS } from './procurement-rules.policy.js';
import { presentDocRule } from './procurement-rules.presenter.js';
import * as repo from './procurement-rules.repository.js';
import { assertAllowed, versionOf } from './procurement-rules.service.js';
import { sampleData } from './procurement-templates.sample.js';
import { TEMPLATE_LIMITS } from './templates/template-limits.policy.js';
import { fillTemplateOffThread, readTemplateOffThread } from './templates/template-pool.js';

type DocIn = z.output<typeof DocumentsRuleInput>;
type DocUpdateIn = z.output<typeof DocumentsRuleUpdateInput>;
type Where = { companyId: number; ruleId: number; versionId: number };

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** docs/product.md §2: the documents rules are for staff; a client gets 403 even in its own company. */
export function assertStaff(actor: Actor) {
  if (!isStaff(actor.role)) throw forbidden('Правила документов доступны только сотрудникам');
}

async function docOf(tx: Db | Tx, actor: Actor, w: Where, id: number, lock = false) {
  const v = await versionOf(tx, actor, w.companyId, w.ruleId, w.versionId, lock);
  const d = await repo.findDocRule(tx, w.versionId, id);
  if (!d) throw notFound('Правило документа не найдено');
  return { v, d };
}

export async function listDocRules(deps: AppDeps, actor: Actor, w: Where) {
  const { db } = deps;
  assertStaff(actor);
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  return { items: (await repo.docRulesOf(db, [w.versionId])).map(presentDocRule) };
}

export async function getDocRule(deps: AppDeps, actor: Actor, w: Where, id: number) {
  const { db } = deps;
  assertStaff(actor);
  return presentDocRule((await docOf(db, actor, w, id)).d);
}

/** The method must be one the version allows; the kind an entry of the document-kinds catalogue. */
async function checkDocInput(tx: Tx, companyId: number, v: repo.VersionWithFile, body: DocIn) {
  const issues = [];
  if (!v.methods.some((m) => m.method_id === body.method_id))
    issues.push({ path: 'body.method_id', message: 'Этот способ закупки не предусмотрен редакцией' });
  const kinds = await repo.visibleEntries(tx, companyId, 'document_kind', [body.document_kind_id]);
  if (kinds.length === 0)
    issues.push({ path: 'body.document_kind_id', message: 'Вид документа не найден в справочнике' });
  if (issues.length) throw invalid(issues);
}

const docValues = (body: DocIn) => ({
  methodId: body.method_id,
  documentKindId: body.document_kind_id,
  title: body.title,
  required: body.required,
  formats: body.formats,
  condition: body.condition,
});

/** The documents rule as the API returns it, after its audit entry (inside the transaction). */
async function auditedDoc(tx: Tx, actor: Actor, action: string, w: Where, id: number, before: unknown) {
  const out = presentDocRule((await repo.findDocRule(tx, w.versionId, id))!);
  await audit(tx, actor, {
    action,
    entity: 'documents_rule',
    entityId: id,
    companyId: w.companyId,
    before,
    after: out,
  });
  return out;
}

export async function createDocRule(deps: AppDeps, actor: Actor, w: Where, body: DocIn) {
  const { db } = deps;
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, w.companyId, w.ruleId, w.versionId, true);
    assertAllowed(v.status, 'documents');
    await checkDocInput(tx, w.companyId, v, body);
    const position = body.position ?? (await repo.nextPosition(tx, w.versionId, body.method_id));
    const [{ id }] = await repo.insertDocRules(tx, [
      { versionId: w.versionId, companyId: w.companyId, ...docValues(body), position },
    ]);
    return auditedDoc(tx, actor, 'create', w, id, undefined);
  });
}

/** A field the request does not send keeps its stored value. */
export async function updateDocRule(deps: AppDeps, actor: Actor, w: Where, id: number, body: DocUpdateIn) {
  const { db } = deps;
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  return db.transaction(async (tx) => {
    const { v, d } = await docOf(tx, actor, w, id, true);
    assertAllowed(v.status, 'documents');
    const next: DocIn = {
      method_id: body.method_id ?? d.methodId,
      document_kind_id: body.document_kind_id ?? d.documentKindId,
      title: body.title ?? d.title,
      required: body.required ?? d.required,
      formats: body.formats ?? d.formats,
      condition: body.condition === undefined ? (d.condition as DocIn['condition']) : body.condition,
      position: body.position,
    };
    await checkDocInput(tx, w.companyId, v, next);
    await repo.updateDocRule(tx, id, {
      ...docValues(next),
      ...(body.position !== undefined ? { position: body.position } : {}),
    });
    return auditedDoc(tx, actor, 'update', w, id, presentDocRule(d));
  });
}

export async function deleteDocRule(deps: AppDeps, actor: Actor, w: Where, id: number) {
  const { db } = deps;
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  await db.transaction(async (tx) => {
    const { v, d } = await docOf(tx, actor, w, id, true);
    assertAllowed(v.status, 'documents');
    if ((await repo.docRulesInUse(tx, [id])).length)
      throw conflict(`По правилу «${d.title}» уже сформированы документы закупок: его нельзя удалить`);
    await repo.deleteDocRule(tx, id);
    await audit(tx, actor, {
      action: 'delete',
      entity: 'documents_rule',
      entityId: id,
      companyId: w.companyId,
      before: presentDocRule(d),
    });
  });
}

/** New order of one method's documents: every id of that method, each once. */
export async function orderDocRules(
  deps: AppDeps,
  actor: Actor,
  w: Where,
  body: { method_id: number; ids: number[] },
) {
  const { db } = deps;
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  return db.transaction(async (tx) => {
    const v = await versionOf(tx, actor, w.companyId, w.ruleId, w.versionId, true);
    assertAllowed(v.status, 'documents');
    const current = (await repo.docRulesOf(tx, [w.versionId])).filter((d) => d.methodId === body.method_id);
    const same =
      body.ids.length === current.length &&
      new Set(body.ids).size === body.ids.length &&
      current.every((d) => body.ids.includes(d.id));
    if (!same)
      throw invalid([
        { path: 'body.ids', message: 'Перечислите каждый документ этого способа закупки ровно один раз' },
      ]);
    for (const [i, id] of body.ids.entries()) await repo.updateDocRule(tx, id, { position: (i + 1) * 10 });
    await audit(tx, actor, {
      action: 'reorder',
      entity: 'documents_rule',
      entityId: w.versionId,
      companyId: w.companyId,
      before: current.map((d) => d.id),
      after: body.ids,
    });
    return { items: (await repo.docRulesOf(tx, [w.versionId])).map(presentDocRule) };
  });
}

/**
 * Reads an uploaded template's tags: unknown or malformed ones refuse it (400 invalid_file with
 * the report in details); otherwise it is stored once per content (hash) and bound to the rule.
 */
export async function uploadTemplate(
  deps: AppDeps,
  actor: Actor,
  w: Where,
  id: number,
  loadFile: () => Promise<{ name: string; content: Buffer }>,
): Promise<TemplateReport> {
  const { db } = deps;
  await versionOf(db, actor, w.companyId, w.ruleId, w.versionId);
  const file = await loadFile();
  if (!file.name.toLowerCase().endsWith('.docx'))
    throw invalidFile('Шаблон должен быть документом Word в формате DOCX');
  if (file.content.length > TEMPLATE_LIMITS.maxFileBytes)
    throw invalidFile(
      `Шаблон «${file.name}» не принят: файл больше ${TEMPLATE_LIMITS.maxFileBytes / 1024 / 1024} МБ (ограничение шаблона)`,
    );
  let read: { tags: string[]; malformed: string[] };
  try {
    read = await readTemplateOffThread(file.content);
  } catch (err) {
    if (err instanceof ParseError) throw invalidFile(`Шаблон «${file.name}» не принят: ${err.message}`);
    throw err;
  }
  return db.transaction(async (tx) => {
    const { v, d } = await docOf(tx, actor, w, id, true);
    assertAllowed(v.status, 'documents');
    const check = checkTags(read.tags, await repo.userFields(tx, w.companyId));
    const report = { ...check, malformed: read.malformed, rule: null };
    if (read.malformed.length || check.unknown.length) {
      const parts = [
        read.malformed.length ? `ошибки в записи полей: ${read.malformed.join('; ')}` : '',
        check.unknown.length ? `неизвестные поля: ${check.unknown.map((u) => `{${u}}`).join(', ')}` : '',
      ].filter(Boolean);
      throw invalidFile(`Шаблон «${file.name}» не принят — ${parts.join('; ')}`, report);
    }
    const hash = sha256Of(file.content);
    const fileId =
      (await repo.templateFileByHash(tx, hash)) ??
      (
        await storeFile(tx, {
          companyId: null,
          userId: actor.userId,
          purpose: 'document',
          name: file.name,
          mime: DOCX_MIME,
          content: file.content,
        })
      ).id;
    await repo.updateDocRule(tx, id, {
      templateFileId: fileId,
      templateName: file.name,
      templateTags: check.tags,
    });
    const out = presentDocRule((await repo.findDocRule(tx, w.versionId, id))!);
    await audit(tx, actor, {
      action: 'update',
      entity: 'documents_rule',
      entityId: id,
      companyId: w.companyId,
      before: { template_file_id: d.templateFileId, template_name: d.templateName },
      after: { template_file_id: fileId, template_name: file.name, tags: check.tags, sha256: hash },
    });
    return { ...report, rule: out };
  });
}

/** The template filled with sample values: what a procurement's document will look like. */
export async function previewTemplate(deps: AppDeps, actor: Actor, w: Where, id: number) {
  const { db } = deps;
  assertStaff(actor);
  const { d } = await docOf(db, actor, w, id);
  if (!d.templateFileId) throw conflict('У документа нет шаблона: загрузите DOCX');
  const [file] = await readFiles(db, [d.templateFileId]);
  const data = sampleData(
    await repo.companyForSample(db, w.companyId),
    await repo.userFields(db, w.companyId),
    d.title,
  );
  let content: Buffer;
  try {
    content = await fillTemplateOffThread(file.content, data);
  } catch (err) {
    if (err instanceof ParseError) throw invalidFile(`Шаблон не заполнен: ${err.message}`);
    throw invalidFile('Шаблон не удалось заполнить: загрузите его заново');
  }
  const base = (d.templateName ?? 'шаблон.docx').replace(/\.docx$/i, '');
  return { name: `${base} (предпросмотр).docx`, content };
}

/** A sample value as the field list shows it: loops say what they repeat. */
function exampleOf(tag: string, loop: string | null, data: Record<string, unknown>): string {
  const lots = data.lots as Record<string, unknown>[];
  const items = lots[0].items as Record<string, unknown>[];
  if (tag === 'lots') return `Повторяет свой фрагмент для каждого лота (в примере — ${lots.length})`;
  if (tag === 'items') return `Повторяет строку таблицы для каждой позиции (в примере — ${items.length})`;
  const scope = loop === 'lots' ? lots[0] : loop === 'items' ? items[0] : data;
  return String(scope[tag] ?? '');
}

/**
 * The fields a template may use, each with the value the preview fills it with: the system fields
 * (the one naming scheme), then the company's user fields, one name per value (an older name of a
 * system field is not offered). One definition for the server's check, the preview and the list
 * on the documents-rules screen.
 */
export async function templateFields(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
): Promise<TemplateFields> {
  const { db } = deps;
  assertStaff(actor);
  const fields = await repo.userFields(db, companyId);
  const data = sampleData(await repo.companyForSample(db, companyId), fields, 'Положение о закупке');
  const items: TemplateField[] = SYSTEM_FIELDS.map((f) => ({
    tag: f.tag,
    title: f.title,
    loop: f.loop,
    example: exampleOf(f.tag, f.loop, data),
    required: f.required ?? false,
  }));
  const user_fields: TemplateField[] = fields
    .filter((f) => !isOlderFieldName(f.code))
    .map((f) => ({
      tag: f.code,
      title: f.title,
      loop: null,
      example: String(data[f.code] ?? ''),
      required: f.required,
    }));
  return { items, user_fields };
}
