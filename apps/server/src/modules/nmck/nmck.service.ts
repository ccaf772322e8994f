import type { NmckJustification, NmckSettings, Procurement } from '@zakupki/shared';
import {
  fromKopecks,
  type NmckComparableQuery,
  type NmckRequestInput,
  type NmckSourceInput,
  toScaled,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { DEFAULT_NMCK_VERSION_SETTINGS } from '../law/law-nmck-methods.js';
import { loadProcurement, procurementOf } from '../procurements/procurements-query.service.js';
import { itemResult } from './nmck.policy.js';
import { documentHash, toRequest, toSource } from './nmck.presenter.js';
import * as repo from './nmck.repository.js';

/**
 * The justification of a procurement's НМЦД (docs/nmck.md): the view (items, sources, statistics,
 * results), the sources and the requests for offers. Applying and the document are in
 * nmck-apply.service.ts.
 */

export const SOURCE_NOT_FOUND = 'Источник цены не найден';
const REQUEST_NOT_FOUND = 'Запрос коммерческих предложений не найден';

export type Loaded = { procurement: Procurement; settings: NmckSettings };

/** The procurement (404 and audited for another company's) with its version's settings. */
export async function loadFor(
  tx: Tx,
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
): Promise<Loaded> {
  const row = await procurementOf({ ...deps, db: tx as AppDeps['db'] }, actor, companyId, id);
  const procurement = await loadProcurement(tx, row);
  const settings = (await repo.versionSettings(tx, row.ruleVersionId)) ?? DEFAULT_NMCK_VERSION_SETTINGS;
  return { procurement, settings };
}

/** The values the justification is made of (the document keeps them; their hash tells it outdated). */
export async function computeValues(tx: Tx, l: Loaded, method: NmckJustification['method']) {
  const today = todayMoscow();
  const sources = (await repo.sourcesOf(tx, l.procurement.id)).map((s) => toSource(s, l.settings, today));
  const items = l.procurement.lots.flatMap((lot) =>
    lot.items.map((it, i) => {
      const own = sources.filter((s) => s.lot_number === lot.number && s.line_no === i + 1);
      const r = itemResult(
        own.map((s) => toScaled(s.adjusted_price, 2)),
        it.quantity,
        l.settings,
      );
      return {
        lot_number: lot.number,
        line_no: i + 1,
        name: it.name,
        okpd2_code: it.okpd2_code,
        okei_code: it.okei_code,
        unit_name: it.unit_name,
        quantity: it.quantity,
        unit_price: it.unit_price,
        sources: own,
        stats: {
          count: r.stats.count,
          mean: r.stats.mean,
          min: r.stats.min,
          max: r.stats.max,
          deviation: r.stats.deviation,
          variation: r.stats.variation,
          too_varied: r.stats.tooVaried,
        },
        result_unit_price: r.unitPrice,
        result_amount: r.amount,
        refusal: r.refusal,
      };
    }),
  );
  const lots = l.procurement.lots.map((lot) => {
    const mine = items.filter((it) => it.lot_number === lot.number);
    const done = mine.length > 0 && mine.every((it) => it.result_amount !== null);
    const sum = mine.reduce((s, it) => s + (it.result_amount ? toScaled(it.result_amount, 2) : 0n), 0n);
    return {
      number: lot.number,
      subject: lot.subject,
      nmcd: lot.nmcd,
      result_nmcd: done ? fromKopecks(sum) : null,
    };
  });
  const resultNmcd = lots.every((x) => x.result_nmcd !== null)
    ? fromKopecks(lots.reduce((s, x) => s + toScaled(x.result_nmcd as string, 2), 0n))
    : null;
  return {
    method,
    settings: l.settings,
    procurement: { id: l.procurement.id, number: l.procurement.number, subject: l.procurement.subject },
    nmcd: l.procurement.nmcd,
    result_nmcd: resultNmcd,
    lots,
    items,
  };
}
export type NmckValues = Awaited<ReturnType<typeof computeValues>>;

/** The whole justification of a procurement as the API answers it. */
export async function viewOf(tx: Tx, l: Loaded): Promise<NmckJustification> {
  const j = await repo.justificationOf(tx, l.procurement.id);
  const values = await computeValues(tx, l, j?.method ?? l.settings.methods[0] ?? 'market');
  const requests = await repo.requestsOf(tx, l.procurement.id);
  const fileNames = await repo.offerFileNames(tx, l.procurement.id);
  const items = values.items.map((it) => ({
    ...it,
    sources: it.sources.map((s) => ({
      ...s,
      file_name: s.file_id === null ? null : (fileNames.get(s.file_id) ?? null),
    })),
  }));
  return {
    procurement_id: l.procurement.id,
    procurement_status: l.procurement.status,
    settings: l.settings,
    method: values.method,
    nmcd: values.nmcd,
    result_nmcd: values.result_nmcd,
    lots: values.lots,
    items,
    applied_at: j?.appliedAt?.toISOString() ?? null,
    document: {
      state: !j?.documentHash ? 'none' : j.documentHash === documentHash(values) ? 'generated' : 'outdated',
      generated_at: j?.documentAt?.toISOString() ?? null,
    },
    requests: requests.map((r) => toRequest(r.request, r.offers)),
  };
}

export async function getJustification(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  return viewOf(deps.db, await loadFor(deps.db, deps, actor, companyId, id));
}

/** A price source of an item: the item must exist; an offer's file and request, a contract item are the company's. */
export async function addSource(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: z.output<typeof NmckSourceInput>,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    const lot = l.procurement.lots.find((x) => x.number === body.lot_number);
    if (!lot?.items[body.line_no - 1])
      throw invalid([
        {
          path: 'body.line_no',
          message: `В лоте № ${body.lot_number} нет позиции № ${body.line_no}`,
        },
      ]);
    const values: Parameters<typeof repo.insertSource>[1] = {
      companyId,
      procurementId: id,
      lotNumber: body.lot_number,
      lineNo: body.line_no,
      kind: body.kind,
      price: body.price,
      includesVat: body.includes_vat,
      vatRate: body.vat_rate,
      sourceDate: body.source_date,
      priceIndex: body.index,
      indexSource: body.index === null ? null : body.index_source,
      note: body.note,
      createdBy: actor.userId,
    };
    if (body.kind === 'offer') {
      if (body.file_id && !(await repo.companyFile(tx, companyId, body.file_id)))
        throw invalid([{ path: 'body.file_id', message: 'Файл коммерческого предложения не найден' }]);
      if (body.request_id && !(await repo.findRequest(tx, id, body.request_id)))
        throw invalid([{ path: 'body.request_id', message: REQUEST_NOT_FOUND }]);
      Object.assign(values, {
        supplierInn: body.supplier_inn,
        supplierName: body.supplier_name,
        fileId: body.file_id ?? null,
        requestId: body.request_id ?? null,
      });
    } else if (body.kind === 'contract') {
      const c = await repo.companyContractItem(tx, companyId, body.contract_item_id);
      if (!c)
        throw invalid([{ path: 'body.contract_item_id', message: 'Позиция договора в реестре не найдена' }]);
      Object.assign(values, {
        contractItemId: c.contract_item_id,
        contractNumber: c.contract_number,
        registryNumber: c.registry_number,
        supplierInn: c.supplier_inn,
        supplierName: c.supplier_name,
      });
    } else {
      Object.assign(values, { url: body.url, title: body.title });
    }
    const row = await repo.insertSource(tx, values);
    await audit(tx, actor, {
      action: 'create',
      entity: 'nmck_source',
      entityId: row.id,
      companyId,
      after: row,
    });
    return viewOf(tx, l);
  });
}

export async function removeSource(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  sourceId: number,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    const row = await repo.findSource(tx, id, sourceId);
    if (!row) throw notFound(SOURCE_NOT_FOUND);
    await repo.deleteSource(tx, sourceId);
    await audit(tx, actor, {
      action: 'delete',
      entity: 'nmck_source',
      entityId: sourceId,
      companyId,
      before: row,
    });
    return viewOf(tx, l);
  });
}

/** Contract items of the own register comparable to an item (ОКПД2 prefix and unit). */
export async function comparable(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  q: z.output<typeof NmckComparableQuery>,
) {
  await procurementOf(deps, actor, companyId, id);
  const rows = await repo.comparableItems(deps.db, companyId, q.okpd2, q.okei ?? null, q.limit);
  return { items: rows };
}

export async function addRequest(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: z.output<typeof NmckRequestInput>,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const l = await loadFor(tx, deps, actor, companyId, id);
    if (l.procurement.lots.every((lot) => lot.items.length === 0))
      throw conflict('В закупке нет позиций: запрашивать цены не на что');
    const row = await repo.insertRequest(tx, {
      companyId,
      procurementId: id,
      suppliers: body.suppliers,
      terms: body.terms,
      answerUntil: body.answer_until,
      createdBy: actor.userId,
    });
    await audit(tx, actor, {
      action: 'create',
      entity: 'nmck_request',
      entityId: row.id,
      companyId,
      after: row,
    });
    return viewOf(tx, l);
  });
}

export async function requestOf(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  requestId: number,
) {
  const l = await loadFor(deps.db, deps, actor, companyId, id);
  const r = await repo.findRequest(deps.db, id, requestId);
  if (!r) throw notFound(REQUEST_NOT_FOUND);
  return { procurement: l.procurement, request: r };
}
