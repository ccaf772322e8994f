import { PassThrough } from 'node:stream';
import { fromKopecks, lineKopecks, type NmckApplyInput } from '@zakupki/shared';
import type { z } from 'zod';
import { conflict, serviceUnavailable } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { NMCK_METHOD_CATALOG_CODE } from '../law/law-nmck-methods.js';
import { fillKindTemplate } from '../procurement-documents/kind-templates.service.js';
import { bodyOf } from '../procurements/procurements.presenter.js';
import { updateProcurement } from '../procurements/procurements.service.js';
import { procurementOf } from '../procurements/procurements-query.service.js';
import { justificationDocx, requestLetterDocx, requestValues } from './nmck.docx.js';
import { documentHash } from './nmck.presenter.js';
import * as repo from './nmck.repository.js';
import { computeValues, loadFor, type NmckValues, requestOf, viewOf } from './nmck.service.js';
import { NMCK_REQUEST_KIND } from './nmck-document.service.js';

/**
 * Applying a justification to its procurement (through the procurements service, so every law
 * check of the card holds: НМЦД = the sum of the lots, each lot = the sum of its items), and the
 * «Обоснование НМЦД» built from the values it was generated with (docs/nmck.md).
 */

export async function applyJustification(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: z.output<typeof NmckApplyInput>,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    if (!l.settings.methods.includes(body.method))
      throw conflict(`Положение о закупке не допускает метод «${body.method}» для обоснования НМЦД`);
    const v = await computeValues(tx, l, body.method);
    if (v.items.length === 0) throw conflict('В закупке нет позиций: обосновывать нечего');
    const refused = v.items.filter((it) => it.refusal !== null);
    if (refused.length)
      throw conflict(
        `Обоснование не готово: ${refused.map((it) => `лот № ${it.lot_number}, позиция № ${it.line_no} — ${it.refusal}`).join('; ')}`,
      );
    const current = bodyOf(l.procurement);
    const lots = current.lots.map((lot) => {
      const items = lot.items.map((it, i) => {
        const r = v.items.find((x) => x.lot_number === lot.number && x.line_no === i + 1);
        return { ...it, unit_price: r?.result_unit_price ?? it.unit_price };
      });
      const sum = items.reduce((s, it) => s + lineKopecks(it.quantity, it.unit_price), 0n);
      return { ...lot, items, nmcd: fromKopecks(sum) };
    });
    const nmcd = fromKopecks(lots.reduce((s, lot) => s + lineKopecks('1', lot.nmcd), 0n));
    const methodId = await repo.nmcdMethodEntry(tx, NMCK_METHOD_CATALOG_CODE[body.method]);
    await updateProcurement({ ...deps, db: tx as AppDeps['db'] }, actor, companyId, id, {
      lots,
      nmcd,
      ...(methodId ? { nmcd_method_id: methodId } : {}),
    } as Parameters<typeof updateProcurement>[4]);
    const before = await repo.justificationOf(tx, id);
    const after = await repo.upsertJustification(tx, {
      procurementId: id,
      companyId,
      method: body.method,
      appliedAt: new Date(),
      appliedBy: actor.userId,
    });
    await audit(tx, actor, {
      action: 'apply',
      entity: 'nmck_justification',
      entityId: id,
      companyId,
      before: before ? { method: before.method, nmcd: l.procurement.nmcd } : { nmcd: l.procurement.nmcd },
      after: { method: after.method, nmcd },
    });
    return viewOf(tx, await loadFor(tx, deps, actor, companyId, id));
  });
}

/** Builds the «Обоснование НМЦД»: keeps the values it is made of (a later change makes it outdated). */
export async function generateDocument(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    const j = await repo.justificationOf(tx, id);
    const values = await computeValues(tx, l, j?.method ?? l.settings.methods[0] ?? 'market');
    if (values.items.every((it) => it.sources.length === 0))
      throw conflict('Нет ни одного источника цены: добавьте коммерческие предложения или цены контрактов');
    await repo.upsertJustification(tx, {
      procurementId: id,
      companyId,
      method: values.method,
      documentValues: values as unknown as Record<string, unknown>,
      documentHash: documentHash(values),
      documentAt: new Date(),
    });
    await audit(tx, actor, { action: 'generate', entity: 'nmck_document', entityId: id, companyId });
    return viewOf(tx, l);
  });
}

const NO_DOCUMENT = 'Обоснование НМЦД ещё не сформировано: нажмите «Сформировать»';

async function storedValues(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const l = await loadFor(deps.db, deps, actor, companyId, id);
  const j = await repo.justificationOf(deps.db, id);
  if (!j?.documentValues) throw conflict(NO_DOCUMENT);
  return { values: j.documentValues as unknown as NmckValues, number: l.procurement.number };
}

export async function documentDocx(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const { values, number } = await storedValues(deps, actor, companyId, id);
  return { fileName: `Обоснование НМЦД ${number}.docx`, content: justificationDocx(values) };
}

/** The PDF by the node's LibreOffice (503 without it), streamed as the SME report's. */
export async function documentPdf(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const { values, number } = await storedValues(deps, actor, companyId, id);
  const reason = await deps.pdf.unavailableReason();
  if (reason) throw serviceUnavailable(reason);
  const stream = new PassThrough();
  deps.pdf.toPdf(justificationDocx(values), `nmck-${id}.docx`).then(
    (pdf) => stream.end(pdf),
    (err: Error) => {
      deps.log.warn(
        { err, company_id: companyId, procurement_id: id },
        'НМЦД justification PDF conversion failed',
      );
      stream.destroy(err);
    },
  );
  return { fileName: `Обоснование НМЦД ${number}.pdf`, content: stream };
}

/**
 * The request letter: from the template of the version's documents rule of kind «Запрос
 * коммерческих предложений» (`price_request`) when the version has one for the procurement's
 * method (the system fields as a document's, `request.*` from the request), else the built-in one.
 */
export async function requestLetter(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  requestId: number,
) {
  const { procurement, request } = await requestOf(deps, actor, companyId, id, requestId);
  const fileName = `Запрос КП ${request.number} ${procurement.number}.docx`;
  const own = await fillKindTemplate(deps.db, id, NMCK_REQUEST_KIND, requestValues(request));
  if (own) return { fileName, content: own.content };
  const title = await repo.buyerTitle(deps.db, companyId, procurement.customer_id ?? null);
  return { fileName, content: requestLetterDocx(procurement, request, title) };
}
