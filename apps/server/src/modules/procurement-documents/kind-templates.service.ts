import type { FieldValue } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { readFiles } from '../files/files.service.js';
import { fillTemplateOffThread } from '../procurement-rules/templates/template-pool.js';
import { codesOfTags, templateData } from './procurement-documents.policy.js';
import * as repo from './procurement-documents.repository.js';
import { fieldDefs, prefill } from './procurement-fields.policy.js';

/**
 * A template of the procurement's pinned version filled outside the documentation: the first
 * documents rule of a kind (for the procurement's method, with a template) that a module fills
 * itself (`templateKinds` of its declaration, e.g. the НМЦД request letter). The system fields
 * are prefilled and the specialist's saved values used as for a document; `extra` (the module's
 * own values, `request.*`) lies on top. Null when the version has no such template.
 */
export async function fillKindTemplate(
  tx: Tx,
  procurementId: number,
  kindCode: string,
  extra: Record<string, FieldValue>,
): Promise<{ content: Buffer; title: string } | null> {
  const p = await repo.loadProcurement(tx, procurementId);
  if (!p) return null;
  const rule = (await repo.documentsRulesOf(tx, p.version.id, p.p.methodId)).find(
    (d) => d.kindCode === kindCode && d.templateFileId !== null,
  );
  if (!rule?.templateFileId) return null;
  const userFields = await repo.userFieldsOf(tx, p.p.companyId);
  const defs = fieldDefs(codesOfTags(rule.templateTags), userFields);
  const pre = prefill(p, productionCalendar(), userFields);
  const stored = await repo.storedValues(tx, procurementId);
  const values: Record<string, FieldValue> = {};
  for (const f of defs) {
    if (Object.hasOwn(extra, f.code)) values[f.code] = extra[f.code];
    else if (f.editable && Object.hasOwn(stored, f.code)) values[f.code] = stored[f.code] as FieldValue;
    else values[f.code] = pre.get(f.code)?.value ?? null;
  }
  const { data } = templateData(defs, values);
  const [template] = await readFiles(tx, [rule.templateFileId]);
  return { content: await fillTemplateOffThread(template.content, data), title: rule.title };
}
