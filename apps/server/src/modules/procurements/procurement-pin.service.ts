import type { ProcurementPinInput, ProcurementPinOption } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { conflict, invalid } from '../../lib/app-error.js';
import { moscowDay } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { auditRefused } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { inForce } from '../procurement-rules/procurement-rules.policy.js';
import * as repo from './procurements.repository.js';
import { loadProcurement, procurementOf } from './procurements-query.service.js';

/**
 * Pinning an imported procurement to a Положение version (docs/procurement-import.md): a notice
 * from before the company used Zakupki is imported unpinned when no version was in force on its
 * day; the specialist pins it later to a version of the company, covering its customer, in force
 * on that day. Only an unpinned procurement is pinned: a pinned one keeps its version.
 */

/** The day a procurement is conducted on: its notice, else its planned publication, else its creation. */
const dayOf = (row: repo.ProcurementRow) =>
  row.publishedOn ?? row.plannedPublicationDate ?? moscowDay(row.createdAt);

async function candidates(tx: Tx, row: repo.ProcurementRow) {
  const day = dayOf(row);
  const all = await repo.governingVersions(tx, row.companyId, row.customerId);
  // a rule naming the customer first, as the version in force is chosen for a new procurement
  const fit = all
    .filter((v) => inForce(v, day))
    .sort((a, b) => Number(b.forCustomer) - Number(a.forCustomer));
  return { day, all, fit };
}

const toOption = (v: Awaited<ReturnType<typeof repo.governingVersions>>[number]): ProcurementPinOption => ({
  rule_version_id: v.id,
  rule_id: v.ruleId,
  rule_title: v.ruleTitle,
  number: v.number,
  effective_from: v.effectiveFrom,
  effective_to: v.effectiveTo,
});

/** GET …/procurements/:id/pin: the versions it may be pinned to (empty for a pinned one). */
export async function pinOptions(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const row = await procurementOf(deps, actor, companyId, id);
  const { day, fit } = await candidates(deps.db, row);
  return { day, items: row.ruleVersionId === null ? fit.map(toOption) : [] };
}

const PATH = 'body.rule_version_id';

/** POST …/procurements/:id/pin: pins it to a version in force on its day; audited, kept in its history. */
export async function pinProcurement(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: ProcurementPinInput,
) {
  await procurementOf(deps, actor, companyId, id);
  const owner = await repo.versionOwner(deps.db, body.rule_version_id);
  if (owner !== null && owner !== companyId)
    await auditRefused(deps.db, actor, 'procurement_rule_version', body.rule_version_id, owner, companyId);
  return deps.db.transaction(async (tx) => {
    const row = (await repo.findProcurement(tx, companyId, id, { lock: true }))!;
    if (row.ruleVersionId !== null) {
      const pinned = await repo.versionById(tx, row.ruleVersionId);
      throw conflict(
        `Закупка уже привязана к редакции ${pinned.number} Положения «${pinned.ruleTitle}»: редакция закупки не меняется`,
      );
    }
    const { day, all, fit } = await candidates(tx, row);
    const version = all.find((v) => v.id === body.rule_version_id);
    if (!version)
      throw invalid(
        [
          {
            path: PATH,
            message:
              'Редакция не найдена среди Положений о закупке компании, которые распространяются на заказчика закупки',
          },
        ],
        'Редакция Положения о закупке не найдена',
      );
    if (!fit.some((v) => v.id === version.id)) {
      const message = `Редакция ${version.number} Положения «${version.ruleTitle}» не действовала на ${formatRuDate(day)} — день закупки: привязать можно только редакцию, утверждённую, размещённую в ЕИС и вступившую в силу к этому дню`;
      throw invalid([{ path: PATH, message }], message);
    }
    const before = await loadProcurement(tx, row);
    const fresh = await repo.updateProcurement(tx, id, {
      ruleVersionId: version.id,
      updatedBy: actor.userId,
    });
    await repo.insertEvent(tx, {
      procurementId: id,
      kind: 'updated',
      changedFields: ['rule_version_id'],
      comment: `Привязана к редакции ${version.number} Положения «${version.ruleTitle}», действовавшей на ${formatRuDate(day)}`,
      userId: actor.userId,
    });
    const after = await loadProcurement(tx, fresh);
    await audit(tx, actor, {
      action: 'pin',
      entity: 'procurement',
      entityId: id,
      companyId,
      before: { rule_version_id: before.rule_version_id },
      after: { rule_version_id: after.rule_version_id, rule_title: after.rule_title, day },
    });
    return after;
  });
}
