import type { ProcurementInput, ProcurementStatus } from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import type { Actor } from '../../types.js';
import { assertOwned, auditRefused } from '../access/access.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { inForce } from '../procurement-rules/procurement-rules.policy.js';
import * as planRepo from './procurement-positions.repository.js';
import {
  checkAmounts,
  checkDateOrder,
  checkMethod,
  checkNoticePeriod,
  checkPlanRequired,
  checkPosition,
  checkPositionFixed,
  checkSme,
  type MethodFacts,
  noticePlaced,
  type Refusal,
  unpricedItems,
  type VersionFacts,
} from './procurements.policy.js';
import * as repo from './procurements.repository.js';

/**
 * The checks of a procurement's body against the company's data and the law (procurements.policy):
 * references (customer, catalogue entries, plan positions), the pinned Положение version, and the
 * refusals turned into one error.
 */

export type ProcurementIn = z.output<typeof ProcurementInput>;

/** One error for the refusals: 409 when the state forbids the change, else 400 with every issue. */
export function throwRefusals(refusals: Refusal[]): void {
  if (refusals.length === 0) return;
  const issues = refusals.map((r) => ({ path: r.path, message: r.message, rule: r.rule }));
  const first = refusals.find((r) => r.status === 409) ?? refusals[0];
  const more = refusals.length > 1 ? ` (и ещё замечаний: ${refusals.length - 1})` : '';
  const message = `${first.message}${more}`;
  throw first.status === 409 ? conflict(message, { issues }) : invalid(issues, message);
}

/** An imported procurement not pinned to a Положение is checked against none: it is pinned first. */
export const UNPINNED =
  'Закупка загружена из ЕИС без привязки к Положению о закупке: сначала привяжите её к редакции Положения («Привязать к Положению» в карточке)';

const POSITION_NOT_FOUND = 'Позиция плана закупки не найдена';

const positionIdsOf = (body: Partial<Pick<ProcurementIn, 'plan_position_id' | 'lots'>>) =>
  [body.plan_position_id, ...(body.lots ?? []).map((l) => l.plan_position_id)].filter(
    (x): x is number => typeof x === 'number',
  );

/**
 * Before the write transaction: ids of another company in the body. Plan positions answer 404
 * like missing ones (assertOwned); a foreign customer or catalogue entry is audited here and then
 * refused inside the transaction like a missing one.
 */
/** (An update's body may omit any field: only what it sends is checked here.) */
export async function checkForeign(db: Db, actor: Actor, companyId: number, body: Partial<ProcurementIn>) {
  const owners = await planRepo.positionOwners(db, positionIdsOf(body));
  for (const id of positionIdsOf(body))
    await assertOwned(db, actor, {
      entity: 'eis_plan_position',
      id,
      owner: owners.get(id),
      companyId,
      notFound: POSITION_NOT_FOUND,
    });
  const ids = [body.method_id, body.nmcd_method_id, body.funding_source_id].filter(
    (x): x is number => typeof x === 'number',
  );
  for (const e of (await repo.entries(db, ids)).values())
    if (e.companyId !== null && e.companyId !== companyId)
      await auditRefused(db, actor, 'catalog_entry', e.id, e.companyId, companyId);
  if (body.customer_id) {
    const c = await repo.customerOf(db, companyId, body.customer_id);
    if (!c) {
      const owner = await repo.customerOwner(db, body.customer_id);
      if (owner !== null) await auditRefused(db, actor, 'customer', body.customer_id, owner, companyId);
    }
  }
}

export type Refs = {
  customer: Awaited<ReturnType<typeof repo.customerOf>> | null;
  method: MethodFacts;
};

/** Customer and catalogue entries of the body: the company's (or global ones), of the right kind. */
export async function checkRefs(
  tx: Tx,
  companyId: number,
  body: ProcurementIn,
  previous: { methodId: number; nmcdMethodId: number | null; fundingSourceId: number | null } | null,
): Promise<Refs> {
  const issues: { path: string; message: string }[] = [];
  const customer = body.customer_id ? await repo.customerOf(tx, companyId, body.customer_id) : null;
  if (body.customer_id && !customer)
    issues.push({ path: 'body.customer_id', message: 'Заказчик не найден среди заказчиков компании' });
  const found = await repo.entries(
    tx,
    [body.method_id, body.nmcd_method_id, body.funding_source_id].filter((x): x is number => !!x),
  );
  const refs = [
    {
      field: 'method_id',
      id: body.method_id,
      kind: 'method',
      type: null,
      prev: previous?.methodId,
      what: 'Способ закупки',
    },
    {
      field: 'nmcd_method_id',
      id: body.nmcd_method_id,
      kind: 'generic',
      type: 1,
      prev: previous?.nmcdMethodId,
      what: 'Метод определения НМЦД',
    },
    {
      field: 'funding_source_id',
      id: body.funding_source_id,
      kind: 'generic',
      type: 8,
      prev: previous?.fundingSourceId,
      what: 'Источник финансирования',
    },
  ] as const;
  for (const r of refs) {
    if (!r.id) continue;
    const e = found.get(r.id);
    const ok =
      e &&
      e.kind === r.kind &&
      (r.type === null || e.typeCode === r.type) &&
      (e.companyId === null || e.companyId === companyId) &&
      (!e.archivedAt || r.prev === e.id);
    if (!ok)
      issues.push({
        path: `body.${r.field}`,
        message: `${r.what}: запись справочника не найдена или в архиве`,
      });
  }
  if (issues.length) throw invalid(issues);
  const m = found.get(body.method_id)!;
  return {
    customer,
    method: { id: m.id, title: m.title, smeOnly: m.extra.sme_only === true, flags: m.extra },
  };
}

/**
 * The version of the Положение in force today for the customer: of a rule naming the customer
 * when there is one, else of the company's rule (one naming no customer). 409 naming what is
 * missing otherwise.
 */
export async function versionInForce(
  tx: Tx,
  companyId: number,
  customer: { id: number; title: string } | null,
  today: string,
) {
  const all = await repo.governingVersions(tx, companyId, customer?.id ?? null);
  // a rule naming the customer governs it; the company's rule (naming nobody) the rest
  const own = all.filter((v) => v.forCustomer);
  const versions = own.length ? own : all;
  const chosen = versions.find((v) => inForce(v, today));
  if (chosen) return chosen;
  const whom = customer ? `заказчика «${customer.title}»` : 'компании';
  if (versions.length === 0)
    throw conflict(
      `Нет Положения о закупке для ${whom}: заведите положение в разделе «Положения о закупке» (ч. 1 ст. 2 223-ФЗ)`,
    );
  const titles = [...new Set(versions.map((v) => `«${v.ruleTitle}»`))].join(', ');
  throw conflict(
    `Нет редакции Положения о закупке, действующей на ${formatRuDate(today)}, для ${whom}: у положения ${titles} нет утверждённой и размещённой в ЕИС редакции, вступившей в силу (ч. 1 ст. 2 223-ФЗ)`,
  );
}

export const versionFacts = (v: repo.VersionRow): VersionFacts => ({
  number: v.number,
  ruleTitle: v.ruleTitle,
  effectiveFrom: v.effectiveFrom,
  methods: v.methods,
  planThreshold: v.planThreshold,
  planThresholdLarge: v.planThresholdLarge,
  smeCeiling: v.smeCeiling,
});

export type LawContext = {
  body: ProcurementIn;
  version: VersionFacts;
  method: MethodFacts;
  largeCustomer: boolean;
  status: ProcurementStatus;
  publishedOn: string | null;
  before: {
    plan_position_id: number | null;
    lots: { number: number; plan_position_id: number | null }[];
  } | null;
  /** leaving the draft (or already out of it): completeness rules too */
  strict: boolean;
};

/** Every rule of the law for a body, as refusals (docs/procurements.md «Rules of the law»). */
export async function lawRefusals(tx: Tx, ctx: LawContext): Promise<Refusal[]> {
  const { body, version, method } = ctx;
  const allowedIds = version.methods.map((m) => m.method_id);
  const allowed = [...(await repo.entries(tx, allowedIds)).values()].map((e) => ({
    id: e.id,
    title: e.title,
    flags: e.extra,
  }));
  const dates = {
    planned_publication_date: body.planned_publication_date,
    published_on: ctx.publishedOn,
    bids_deadline: body.bids_deadline,
    review_date: body.review_date,
    summing_up_date: body.summing_up_date,
  };
  const amounts = {
    nmcd: body.nmcd,
    lots: body.lots.map((l) => ({ ...l, plan_position_id: l.plan_position_id ?? null })),
  };
  const out: Refusal[] = [
    ...checkAmounts(amounts),
    ...checkMethod(method, version, allowed),
    ...checkDateOrder(dates),
    ...checkNoticePeriod({ ...dates, nmcd: body.nmcd }, method, version, productionCalendar()),
    ...checkSme({ nmcd: body.nmcd, sme_only: body.sme_only }, method, version),
  ];
  if (ctx.strict) {
    out.push(...unpricedItems(amounts));
    out.push(
      ...checkPlanRequired(
        { ...amounts, plan_position_id: body.plan_position_id ?? null },
        version,
        ctx.largeCustomer,
      ),
    );
  }
  if (ctx.before)
    out.push(
      ...checkPositionFixed(ctx.status, ctx.publishedOn, ctx.before, {
        plan_position_id: body.plan_position_id ?? null,
        lots: body.lots,
      }),
    );
  const positions = await planRepo.positionStates(tx, positionIdsOf(body));
  const missing = positionIdsOf(body).find((id) => !positions.get(id));
  if (missing) throw notFound(POSITION_NOT_FOUND);
  // the positions as the plan states them now: checked while the notice is not placed (after it
  // they are fixed, and a later annulment or change is the plan's violation, not this edit's)
  if (noticePlaced(ctx.status, ctx.publishedOn)) return out;
  if (body.plan_position_id)
    out.push(
      ...checkPosition(positions.get(body.plan_position_id)!, body.nmcd, 'закупки', 'body.plan_position_id'),
    );
  body.lots.forEach((l, i) => {
    if (l.plan_position_id)
      out.push(
        ...checkPosition(
          positions.get(l.plan_position_id)!,
          l.nmcd,
          `лота № ${l.number}`,
          `body.lots.${i}.plan_position_id`,
        ),
      );
  });
  return out;
}
