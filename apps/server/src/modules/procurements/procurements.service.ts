import { fromKopecks, type Procurement, ProcurementInput, type ProcurementUpdate } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { procurements } from '../../db/schema/index.js';
import { appError, conflict, duplicate, invalid } from '../../lib/app-error.js';
import { trimDecimal } from '../../lib/decimal.js';
import { keptOver } from '../../lib/kept-fields.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { storeQueuedViolations } from '../eis-plans/eis-plan-violations.service.js';
import {
  checkForeign,
  checkRefs,
  lawRefusals,
  type ProcurementIn,
  throwRefusals,
  UNPINNED,
  versionFacts,
  versionInForce,
} from './procurement-checks.js';
import {
  changedFields,
  editRefusal,
  nextNumber,
  procurementDeleteRefusal,
} from './procurement-status.policy.js';
import { itemAmounts } from './procurements.policy.js';
import { bodyOf, snapshot } from './procurements.presenter.js';
import * as repo from './procurements.repository.js';
import { loadProcurement, procurementOf, refreshProcurementDuties } from './procurements-query.service.js';

/** Writes of the procurement register: create (also from a plan position), edit, delete. */

function columns(body: ProcurementIn) {
  return {
    eisNoticeNumber: body.eis_notice_number,
    customerId: body.customer_id ?? null,
    methodId: body.method_id,
    subject: body.subject,
    subjectType: body.subject_type,
    nmcd: body.nmcd,
    nmcdMethodId: body.nmcd_method_id ?? null,
    nmcdJustification: body.nmcd_justification,
    currencyCode: body.currency_code,
    fundingSourceId: body.funding_source_id ?? null,
    planPositionId: body.plan_position_id ?? null,
    applicationSecurity: body.application_security,
    contractSecurity: body.contract_security,
    smeOnly: body.sme_only,
    electronic: body.electronic,
    platformName: body.platform_name,
    platformUrl: body.platform_url,
    plannedPublicationDate: body.planned_publication_date,
    bidsDeadline: body.bids_deadline,
    reviewDate: body.review_date,
    summingUpDate: body.summing_up_date,
  } satisfies Partial<typeof procurements.$inferInsert>;
}

function lotValues(body: ProcurementIn): repo.LotValues[] {
  return body.lots.map((l) => ({
    number: l.number,
    subject: l.subject,
    nmcd: l.nmcd,
    planPositionId: l.plan_position_id ?? null,
    items: l.items.map((it, i, all) => ({
      lineNo: i + 1,
      name: it.name,
      okpd2Code: it.okpd2_code,
      okeiCode: it.okei_code,
      unitName: it.unit_name,
      quantity: trimDecimal(it.quantity),
      unitPrice: it.unit_price,
      vatRate: it.vat_rate,
      amount: fromKopecks(itemAmounts({ nmcd: l.nmcd, items: all })[i]),
    })),
  }));
}

/** Internal and EIS numbers are unique in the company: 409 naming the procurement that has it. */
async function checkUnique(
  tx: Tx,
  companyId: number,
  number: string,
  eis: string | null,
  selfId: number | null,
) {
  const probes = [
    ['number', number, 'номером'],
    ['eis_notice_number', eis, 'номером извещения'],
  ] as const;
  for (const [field, value, words] of probes) {
    if (!value) continue;
    const other = await repo.findTaken(tx, companyId, field, value, selfId);
    if (other)
      throw duplicate(`Закупка с ${words} ${value} уже есть в реестре (№ ${other.number})`, {
        field,
        procurement_id: other.id,
      });
  }
}

async function auditWrite(
  tx: Tx,
  actor: Actor,
  action: string,
  row: repo.ProcurementRow,
  before?: Procurement,
): Promise<Procurement> {
  const out = await loadProcurement(tx, row);
  await audit(tx, actor, {
    action,
    entity: 'procurement',
    entityId: row.id,
    companyId: row.companyId,
    before,
    after: out,
  });
  return out;
}

export async function createProcurement(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: ProcurementIn,
  opts: { source?: 'manual' | 'plan'; comment?: string } = {},
): Promise<Procurement> {
  await checkForeign(deps.db, actor, companyId, body);
  if (body.published_on)
    throw invalid([
      {
        path: 'body.published_on',
        message: 'Дата размещения извещения ставится при переводе закупки в статус «Извещение размещено»',
      },
    ]);
  return deps.db.transaction(async (tx) => {
    const today = todayMoscow();
    const refs = await checkRefs(tx, companyId, body, null);
    const version = await versionInForce(tx, companyId, refs.customer, today);
    throwRefusals(
      await lawRefusals(tx, {
        body,
        version: versionFacts(version),
        method: refs.method,
        largeCustomer: refs.customer?.annualRevenueOver5bn ?? false,
        status: 'draft',
        publishedOn: null,
        before: null,
        strict: false,
      }),
    );
    await repo.lockNumbering(tx, companyId);
    const number =
      body.number ??
      nextNumber(
        Number(today.slice(0, 4)),
        await repo.numbersWithPrefix(tx, companyId, `З-${today.slice(0, 4)}-`),
      );
    await checkUnique(tx, companyId, number, body.eis_notice_number, null);
    const row = await repo.insertProcurement(tx, {
      ...columns(body),
      companyId,
      number,
      ruleVersionId: version.id,
      status: 'draft',
      source: opts.source ?? 'manual',
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await repo.replaceLots(tx, row.id, lotValues(body));
    await repo.insertEvent(tx, {
      procurementId: row.id,
      kind: 'created',
      toStatus: 'draft',
      comment: opts.comment ?? null,
      userId: actor.userId,
    });
    await refreshProcurementDuties(tx, [row.id]);
    await storeQueuedViolations(tx, companyId);
    return auditWrite(tx, actor, 'create', (await repo.findProcurement(tx, companyId, row.id))!);
  });
}

export async function updateProcurement(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  edit: z.output<typeof ProcurementUpdate>,
): Promise<Procurement> {
  await procurementOf(deps, actor, companyId, id);
  await checkForeign(deps.db, actor, companyId, edit);
  return deps.db.transaction(async (tx) => {
    const row = (await repo.findProcurement(tx, companyId, id, { lock: true }))!;
    const closed = editRefusal(row.status);
    if (closed) throw conflict(closed);
    const before = await loadProcurement(tx, row);
    // a field the request does not send keeps its stored value; the whole is checked again
    const body = keptOver(ProcurementInput, bodyOf(before), edit);
    const refs = await checkRefs(tx, companyId, body, row);
    const draft = row.status === 'draft';
    let versionId = row.ruleVersionId;
    if ((body.customer_id ?? null) !== row.customerId) {
      // the customer decides the Положение: a draft takes the version in force for the new one
      if (!draft)
        throw conflict(
          'Заказчика можно изменить только в черновике: закупка проводится по Положению, действовавшему при её создании',
        );
      versionId = (await versionInForce(tx, companyId, refs.customer, todayMoscow())).id;
    }
    if (versionId === null) throw conflict(UNPINNED);
    // the notice's placement is set by the status move; it may be corrected, not removed, afterwards
    const publishedOn = row.publishedOn ? (body.published_on ?? row.publishedOn) : null;
    if (!row.publishedOn && body.published_on)
      throw invalid([
        {
          path: 'body.published_on',
          message: 'Дата размещения извещения ставится при переводе закупки в статус «Извещение размещено»',
        },
      ]);
    throwRefusals(
      await lawRefusals(tx, {
        body,
        version: versionFacts(await repo.versionById(tx, versionId)),
        method: refs.method,
        largeCustomer: refs.customer?.annualRevenueOver5bn ?? false,
        status: row.status,
        publishedOn,
        before: {
          plan_position_id: row.planPositionId,
          lots: before.lots.map((l) => ({ number: l.number, plan_position_id: l.plan_position_id })),
        },
        // out of the draft the completeness rules hold too; an imported notice is the EIS's record
        // (its items come without prices), checked only for consistency
        strict: !draft && row.source !== 'eis',
      }),
    );
    const number = body.number ?? row.number;
    await checkUnique(tx, companyId, number, body.eis_notice_number, id);
    await repo.updateProcurement(tx, id, {
      ...columns(body),
      number,
      publishedOn,
      ruleVersionId: versionId,
      updatedBy: actor.userId,
    });
    await repo.replaceLots(tx, id, lotValues(body));
    await refreshProcurementDuties(tx, [id]);
    await storeQueuedViolations(tx, companyId);
    const fresh = (await repo.findProcurement(tx, companyId, id))!;
    const after = await loadProcurement(tx, fresh);
    const changed = changedFields(snapshot(before), snapshot(after));
    if (changed.length)
      await repo.insertEvent(tx, {
        procurementId: id,
        kind: 'updated',
        changedFields: changed,
        userId: actor.userId,
      });
    return auditWrite(tx, actor, 'update', fresh, before);
  });
}

/** Only a draft is deleted; a procurement announced or prepared stays a record: cancel it. */
export async function deleteProcurement(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await procurementOf(deps, actor, companyId, id);
  await deps.db.transaction(async (tx) => {
    const row = (await repo.findProcurement(tx, companyId, id, { lock: true }))!;
    const contracts = await repo.contractsOf(tx, companyId, [id]);
    const refusal = procurementDeleteRefusal(
      row.status,
      contracts.map((c) => c.number),
    );
    if (refusal) throw appError(refusal.code, refusal.message);
    const before = await loadProcurement(tx, row);
    await repo.deleteProcurement(tx, id);
    await storeQueuedViolations(tx, companyId);
    await audit(tx, actor, { action: 'delete', entity: 'procurement', entityId: id, companyId, before });
  });
}
