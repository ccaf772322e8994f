import type {
  EisPlan,
  EisPlanDiff,
  EisPlanDuty,
  EisPlanItem,
  EisPlanListQuery,
  EisPlanPositionOption,
  EisPlanPositionQuery,
  EisPlanViolation,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { invalid, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { procurementLinks } from './eis-plan-links.repository.js';
import {
  contractsForNumbers,
  findPositionByNumber,
  positionHistory,
  positionsPage,
  positionTotals,
  procurementSums,
  searchPositions,
} from './eis-plan-positions.repository.js';
import { cellsAnswer, countCap, totalsFromCells } from './eis-plan-totals.policy.js';
import { readViolations, storePlanViolations } from './eis-plan-violations.service.js';
import { diffPositions, dutyViolations, fieldChanges, planDuties } from './eis-plans.policy.js';
import {
  stateOf,
  toListItem,
  toPosition,
  toPositionOption,
  toTotals,
  toVersionSummary,
} from './eis-plans.presenter.js';
import {
  findPlan,
  findPlanVersion,
  findVersion,
  listPlans,
  type PlanRow,
  planVersions,
  type VersionRow,
  versionPositionRows,
} from './eis-plans.repository.js';
import { planVersionXlsx } from './eis-plans.xlsx.js';

const planNotFound = () => notFound('План закупки не найден');

export async function listEisPlans(deps: AppDeps, companyId: number, q: EisPlanListQuery) {
  const { db } = deps;
  const { rows, total } = await listPlans(db, companyId, q);
  return {
    items: rows.map((r) => toListItem(r.plan, r.current, r.versions)),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** Positions of the company's plans for a picker (the contract card): see `searchPositions`. */
export async function searchPlanPositions(
  deps: AppDeps,
  companyId: number,
  q: { q?: string; page: number; limit: number },
): Promise<{ items: EisPlanPositionOption[]; total: number; page: number; limit: number }> {
  const { rows, total } = await searchPositions(deps.db, companyId, q.q, q);
  return { items: rows.map(toPositionOption), total, page: q.page, limit: q.limit };
}

async function planOf(tx: Tx, companyId: number, planId: number): Promise<PlanRow> {
  const plan = await findPlan(tx, companyId, planId);
  if (!plan) throw planNotFound();
  return plan;
}

async function versionOf(tx: Tx, plan: PlanRow, version: number): Promise<VersionRow> {
  const v = await findVersion(tx, plan.id, version);
  if (!v) throw notFound(`Версия ${version} плана ${plan.registrationNumber} не загружена`);
  return v;
}

function duties(plan: PlanRow, versions: VersionRow[]) {
  return planDuties(
    plan.year,
    versions.map((v) => ({
      version: v.version,
      approveDate: v.approveDate,
      publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
    })),
    productionCalendar(),
    deadlineConfigFor(plan.companyId),
    todayMoscow(),
  );
}

/**
 * Every rule of item 5 broken by a plan, stored anew (a plan's import, in its transaction): its late
 * duties (computed: they depend on today) and its positions' violations.
 */
export async function storeAndListPlanViolations(
  tx: Tx,
  companyId: number,
  planId: number,
): Promise<EisPlanViolation[]> {
  const plan = await planOf(tx, companyId, planId);
  const versions = await planVersions(tx, plan.id);
  return [...dutyViolations(duties(plan, versions)), ...(await storePlanViolations(tx, companyId, plan.id))];
}

function dutyOut(d: ReturnType<typeof duties>[number]): EisPlanDuty {
  return {
    duty: d.duty as EisPlanDuty['duty'],
    title: d.title,
    version: d.version,
    base_date: d.eventDate,
    due_date: d.dueDate,
    done_on: d.doneDate,
    status: d.status,
    reference: d.reference,
    unconfirmed: d.unconfirmed,
  };
}

export async function getEisPlan(deps: AppDeps, companyId: number, planId: number): Promise<EisPlan> {
  const { db } = deps;
  const plan = await planOf(db, companyId, planId);
  const versions = await planVersions(db, plan.id);
  const current = versions.find((v) => v.version === plan.currentVersion) ?? versions[0];
  const totals = current.totals ?? (await positionTotals(db, companyId, current.id, {}));
  return {
    ...toListItem(plan, current, versions.length),
    initial_plan_guid: plan.initialPlanGuid,
    history: versions.map(toVersionSummary),
    totals: toTotals(totals),
    duties: duties(plan, versions).map(dutyOut),
    violations: [
      ...dutyViolations(duties(plan, versions)),
      ...(await readViolations(db, companyId, { planId: plan.id })),
    ],
  };
}

export async function listPositions(
  deps: AppDeps,
  companyId: number,
  planId: number,
  version: number,
  q: z.output<typeof EisPlanPositionQuery>,
) {
  const { db } = deps;
  // one query on the way in; the separate ones only to say what is missing
  const v =
    (await findPlanVersion(db, companyId, planId, version)) ??
    (await versionOf(db, await planOf(db, companyId, planId), version));
  const { page, limit, ...filter } = q;
  // the totals of a version as a whole and its cells by status, method and month are kept at
  // import: only a search counts its rows, and at most countCap of them («more than N» above)
  const filtered = Object.values(filter).some((x) => x !== undefined);
  const [rows, totals] = await Promise.all([
    positionsPage(db, companyId, v.id, filter, { page, limit }),
    !filtered && v.totals
      ? { ...v.totals, capped: false }
      : cellsAnswer(filter) && v.totalsCube
        ? { ...totalsFromCells(v.totalsCube, filter), capped: false }
        : positionTotals(db, companyId, v.id, filter, countCap(page, limit)),
  ]);
  return {
    items: rows.map(toPosition),
    total: totals.total,
    total_capped: totals.capped,
    page,
    limit,
    totals: totals.capped ? null : toTotals(totals),
  };
}

export async function diffVersions(
  deps: AppDeps,
  companyId: number,
  planId: number,
  from: number,
  to: number,
): Promise<EisPlanDiff> {
  if (from === to) {
    throw invalid([{ path: 'query.to', message: 'Версии совпадают' }], 'Выберите две разные версии плана');
  }
  const { db } = deps;
  const plan = await planOf(db, companyId, planId);
  const a = await versionOf(db, plan, from);
  const b = await versionOf(db, plan, to);
  const d = diffPositions(
    (await versionPositionRows(db, a.id)).map(stateOf),
    (await versionPositionRows(db, b.id)).map(stateOf),
  );
  const brief = (p: { number: string; guid: string; subject: string; price: string | null }) => ({
    number: p.number,
    guid: p.guid,
    subject: p.subject,
    price: p.price,
  });
  return {
    from,
    to,
    added: d.added.map(brief),
    changed: d.changed.map((c) => ({ ...brief(c.position), changes: c.changes })),
    annulled: d.annulled.map((x) => ({
      ...brief(x.position),
      removed: x.removed,
      cancellation_reason: x.position.cancellationReason,
    })),
    unchanged: d.unchanged,
  };
}

export async function getPlanItem(deps: AppDeps, companyId: number, number: string): Promise<EisPlanItem> {
  const { db } = deps;
  const found = await findPositionByNumber(db, companyId, number);
  if (!found) throw notFound(`Позиция плана ${number} не найдена`);
  const { position, plan } = found;
  const history = await positionHistory(db, position.id);
  // the position as the version in force states it, or as the newest version that holds it
  const cur = history.find((h) => h.version.version === plan.currentVersion) ?? history[history.length - 1];
  const contractRows = await contractsForNumbers(db, companyId, [number]);
  const procurementsOf = await procurementSums(db, companyId, [position.id]);
  const procurementRows = await procurementLinks(db, companyId, [position.id]);
  const summary = {
    pv: cur.pv,
    number,
    guid: position.guid,
    contracts: contractRows.length,
    contractAmount: contractRows.reduce((s, c) => s + Number(c.price), 0).toFixed(2),
    procurements: procurementsOf.get(position.id)?.n ?? 0,
    procurementAmount: procurementsOf.get(position.id)?.sum ?? '0',
  };
  const pv = cur.pv;
  return {
    ...toPosition(summary),
    plan_id: plan.id,
    registration_number: plan.registrationNumber,
    plan_type: plan.planType,
    plan_year: plan.year,
    version: cur.version.version,
    price_rub: pv.priceRub,
    long_term_volumes: pv.longTermVolumes ?? null,
    long_term_sme_volumes: pv.longTermSmeVolumes ?? null,
    innovation_equivalent: pv.innovationEquivalent,
    planned_after_second_year: pv.plannedAfterSecondYear,
    excluded_from_sme: pv.excludedFromSme,
    purchase_category: pv.purchaseCategory,
    customer_inn: pv.customerInn,
    customer_kpp: pv.customerKpp,
    customer_name: pv.customerName,
    region: pv.region,
    okato: pv.okato,
    modification_description: pv.modificationDescription,
    additional_info: pv.additionalInfo,
    change_flags: pv.changeFlags ?? null,
    initial_position_guid: pv.initialPositionGuid,
    initial_plan_guid: pv.initialPlanGuid,
    rows: pv.rows,
    history: history.map((h, i) => ({
      version: h.version.version,
      status: h.pv.status,
      approve_date: h.version.approveDate,
      published_at: h.version.publishedAt ? h.version.publishedAt.toISOString() : null,
      price: h.pv.price,
      changes:
        i === 0
          ? []
          : fieldChanges(
              stateOf({ ...history[i - 1].pv, number, guid: position.guid }),
              stateOf({ ...h.pv, number, guid: position.guid }),
            ),
    })),
    links: [
      ...procurementRows.map((p) => ({
        kind: 'procurement' as const,
        id: p.procurementId,
        number: p.number,
        date: p.publishedOn,
        subject: p.subject,
        amount: p.amount,
        status: p.status,
      })),
      ...contractRows.map((c) => ({
        kind: 'contract' as const,
        id: c.id,
        number: c.number,
        date: c.date,
        subject: c.subject,
        amount: c.price,
        status: c.status,
      })),
    ],
    violations: await readViolations(db, companyId, { positionId: position.id }),
  };
}

/** A plan version as XLSX (the download is audited like the register's). */
export async function exportPlanVersion(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  planId: number,
  version: number,
) {
  const { db } = deps;
  const plan = await planOf(db, companyId, planId);
  const v = await versionOf(db, plan, version);
  const rows = await versionPositionRows(db, v.id);
  const content = await planVersionXlsx(plan, v, rows);
  await audit(db, actor, {
    action: 'export',
    entity: 'eis_plan',
    entityId: plan.id,
    companyId,
    after: { version, positions: rows.length },
  });
  return { content, fileName: `План закупки ${plan.registrationNumber} версия ${version}.xlsx` };
}
