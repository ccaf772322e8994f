import type {
  AnalyticsFlag,
  AnalyticsSettings,
  FlagCode,
  FlagDismissalInput,
  FlagList,
  FlagObject,
  FlagsQuery,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { invalid } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { formatRub } from '../law/law-money.js';
import { matchInRnp, rnpStatus } from '../rnp/rnp.service.js';
import {
  conclusionWindow,
  flagRules,
  noticeAtMinimum,
  periodOf,
  type RnpEntryFacts,
  rnpReason,
  settingsOf,
} from './analytics.policy.js';
import { dismissalKey, toFlag } from './analytics.presenter.js';
import * as repo from './analytics-flags.repository.js';

/**
 * The red flags (docs/analytics.md, «Red flags»): each active rule's objects in the period with the
 * reason, the dismissals with their comments, the thresholds per company.
 */

type Raw = { code: FlagCode; type: FlagObject; id: number; number: string; date: string; reason: string };

const quarterTitle = (q: string) => `${Math.floor(Number(q.slice(5, 7)) / 3) + 1} кв. ${q.slice(0, 4)}`;

/**
 * Every flag of the active rules on the scope (a period, optionally one contract or procurement),
 * dismissed or not, by date. The РНП rule raises nothing while the register is not loaded.
 */
export async function computeFlags(
  tx: Tx,
  scope: repo.FlagScope,
  s: AnalyticsSettings,
  today = todayMoscow(),
): Promise<Raw[]> {
  const calendar = productionCalendar();
  const out: Raw[] = [];
  const c = (code: FlagCode, r: repo.ContractFact, reason: string) =>
    out.push({ code, type: 'contract', id: Number(r.id), number: r.number, date: r.date, reason });
  // one statement after another: `tx` may be a transaction
  for (const r of await repo.priceEqualsNmcd(tx, scope, s.price_equal_tolerance_percent))
    c('price_equals_nmcd', r, `Цена ${formatRub(r.price)} при НМЦД ${formatRub(r.nmcd)}`);
  for (const r of await repo.priceRise(tx, scope, s.price_rise_percent))
    c(
      'price_rise',
      r,
      `Цена выросла с ${formatRub(r.first_price)} до ${formatRub(r.price)} (порог ${s.price_rise_percent} %)`,
    );
  for (const r of await repo.splitting(tx, scope, s.split_threshold, s.split_min_count))
    c(
      'splitting',
      r,
      `${r.n} договоров с «${r.supplier_name}» по классу ОКПД2 ${r.cls} за ${quarterTitle(r.quarter)} на ${formatRub(r.total)}, каждый дешевле ${formatRub(s.split_threshold)}`,
    );
  for (const [r, w] of await conclusionHits(tx, scope, calendar))
    c(
      'conclusion_window',
      r,
      `Заключён ${formatRuDate(r.date)}; итоговый протокол размещён ${formatRuDate(r.protocol_date)}, допустимо с ${formatRuDate(w.earliest)} по ${formatRuDate(w.latest)}`,
    );
  for (const r of await repo.latePlacements(tx, scope, today))
    c(
      'late_placement',
      r,
      `${r.title}: срок ${formatRuDate(r.due_date)}, ${r.done_on ? `размещено ${formatRuDate(r.done_on)}` : 'не размещено'}${r.late > 1 ? ` (всего просрочено: ${r.late})` : ''}`,
    );
  for (const [p, m] of await noticeHits(tx, scope, s, calendar))
    out.push({
      code: 'notice_minimum',
      type: 'procurement',
      id: Number(p.id),
      number: p.number,
      date: p.published_on,
      reason: `Извещение ${formatRuDate(p.published_on)}, окончание подачи заявок ${formatRuDate(p.bids_deadline)}; минимум по закону — ${m.days} ${m.kind === 'working' ? 'раб.' : 'кал.'} дн. (не ранее ${formatRuDate(m.earliest)})`,
    });
  for (const p of await repo.singleBidLots(tx, scope))
    out.push({
      code: 'single_participant',
      type: 'procurement',
      id: Number(p.id),
      number: p.number,
      date: p.published_on,
      reason: `Лот № ${p.lot_number}: подана одна заявка (${p.participant})`,
    });
  for (const [r, entries] of await rnpHits(tx, scope)) c('rnp_supplier', r, rnpReason(entries, r.kpp));
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
}

type Calendar = ReturnType<typeof productionCalendar>;

/** The contracts concluded outside the window of ч. 15 ст. 3.2, with the window (modules/law). */
async function conclusionHits(tx: Tx, scope: repo.FlagScope, calendar: Calendar) {
  const out: [repo.ContractFact & { protocol_date: string }, ReturnType<typeof conclusionWindow>][] = [];
  for (const r of await repo.conclusionFacts(tx, scope)) {
    const w = conclusionWindow(r.date, r.protocol_date, calendar);
    if (w.outside) out.push([r, w]);
  }
  return out;
}

/** The procurements whose notice period is at the legal minimum, with that minimum (modules/law). */
async function noticeHits(tx: Tx, scope: repo.FlagScope, s: AnalyticsSettings, calendar: Calendar) {
  type Fact = Awaited<ReturnType<typeof repo.noticeFacts>>[number];
  const out: [Fact, NonNullable<ReturnType<typeof noticeAtMinimum>>][] = [];
  for (const p of await repo.noticeFacts(tx, scope)) {
    const m = noticeAtMinimum(p, s.notice_margin_days, calendar);
    if (m) out.push([p, m]);
  }
  return out;
}

/** The scope's contracts whose supplier is in the РНП on the contract's date, with those entries. */
async function rnpHits(tx: Tx, scope: repo.FlagScope) {
  const { hits } = await matchInRnp<repo.RnpSubject>({ db: tx }, repo.rnpSubjects(scope));
  const byContract = new Map<number, [repo.RnpSubject, RnpEntryFacts[]]>();
  for (const h of hits) {
    const id = Number(h.subject.id);
    if (!byContract.has(id)) byContract.set(id, [h.subject, []]);
    byContract.get(id)![1].push(h.entry);
  }
  return [...byContract.values()];
}

async function dismissalMap(tx: Tx, companyId: number) {
  return new Map(
    (await repo.dismissalsOf(tx, companyId)).map((d) => [dismissalKey(d.code, d.objectType, d.objectId), d]),
  );
}

export async function companySettings(tx: Tx, companyId: number): Promise<AnalyticsSettings> {
  return settingsOf(await repo.settingsOf(tx, companyId));
}

/** The flags of the scope with their dismissals. */
export async function flagsOf(
  tx: Tx,
  scope: repo.FlagScope,
  today = todayMoscow(),
): Promise<AnalyticsFlag[]> {
  const s = await companySettings(tx, scope.companyId);
  const raw = await computeFlags(tx, scope, s, today);
  const dismissals = await dismissalMap(tx, scope.companyId);
  return raw.map((f) => toFlag(f, dismissals));
}

/** Active (not dismissed) flags counted by rule. */
export function flagCounts(flags: AnalyticsFlag[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const rule of flagRules(settingsOf(null))) counts[rule.code] = 0;
  for (const f of flags) if (!f.dismissal) counts[f.code] = (counts[f.code] ?? 0) + 1;
  return counts;
}

/**
 * The dashboard's path: the active (not dismissed) flags of the scope counted by rule without
 * building them. The rules decided in SQL are counted there (`sqlRuleCounts`: the listing's own
 * statements counted); the notice period and the conclusion window read the same facts and the
 * same law rules as the listing (`noticeHits`, `conclusionHits`), the РНП the same match.
 * Equal to `flagCounts(await flagsOf(...))` (analytics.test.ts checks it).
 */
export async function countFlags(
  tx: Tx,
  scope: repo.FlagScope,
  today = todayMoscow(),
): Promise<Record<string, number>> {
  const s = await companySettings(tx, scope.companyId);
  const calendar = productionCalendar();
  // one statement after another: `tx` may be a transaction
  const inSql = await repo.sqlRuleCounts(tx, scope, s, today);
  const dismissals = await dismissalMap(tx, scope.companyId);
  const active = (code: FlagCode, type: FlagObject, ids: number[]) =>
    ids.filter((id) => !dismissals.has(dismissalKey(code, type, id))).length;
  const conclusion = (await conclusionHits(tx, scope, calendar)).map(([r]) => Number(r.id));
  const notice = (await noticeHits(tx, scope, s, calendar)).map(([p]) => Number(p.id));
  const rnp = (await rnpHits(tx, scope)).map(([r]) => Number(r.id));
  const counts: Record<string, number> = {};
  for (const rule of flagRules(settingsOf(null))) counts[rule.code] = 0;
  return Object.assign(counts, {
    ...Object.fromEntries(Object.entries(inSql).map(([k, v]) => [k, Number(v)])),
    conclusion_window: active('conclusion_window', 'contract', conclusion),
    notice_minimum: active('notice_minimum', 'procurement', notice),
    rnp_supplier: active('rnp_supplier', 'contract', rnp),
  });
}

/**
 * The list: the period's flags, or one object's flags of every date (its card), with the rules.
 * `dismissed` narrows to dismissed or active ones.
 */
export async function flagList(
  deps: AppDeps,
  companyId: number,
  q: z.output<typeof FlagsQuery>,
): Promise<FlagList> {
  const today = todayMoscow();
  const one = q.object_id !== undefined;
  const p =
    one && !q.from && !q.to
      ? { dateFrom: '1900-01-01', dateTo: '2999-12-31' }
      : periodOf(today, q.from, q.to);
  const scope: repo.FlagScope = {
    companyId,
    dateFrom: p.dateFrom,
    dateTo: p.dateTo,
    contractId: q.object_type === 'contract' ? q.object_id : undefined,
    procurementId: q.object_type === 'procurement' ? q.object_id : undefined,
  };
  const s = await companySettings(deps.db, companyId);
  let items = await flagsOf(deps.db, scope, today);
  if (q.object_type && !one) items = items.filter((f) => f.object_type === q.object_type);
  if (q.dismissed) items = items.filter((f) => (f.dismissal !== null) === (q.dismissed === 'true'));
  return { rules: flagRules(s, (await rnpStatus(deps)).loaded), items };
}

const NO_OBJECT = { contract: 'Договор не найден', procurement: 'Закупка не найдена' } as const;

/**
 * Dismisses a flag that is raised on the object now, with the comment; a second dismissal replaces
 * the comment. Audited in the transaction.
 */
export async function dismissFlag(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof FlagDismissalInput>,
): Promise<AnalyticsFlag> {
  const owner = await repo.objectOwner(deps.db, body.object_type, body.object_id);
  await assertOwned(deps.db, actor, {
    entity: body.object_type,
    id: body.object_id,
    owner,
    companyId,
    notFound: NO_OBJECT[body.object_type],
  });
  const scope: repo.FlagScope = {
    companyId,
    dateFrom: '1900-01-01',
    dateTo: '2999-12-31',
    contractId: body.object_type === 'contract' ? body.object_id : undefined,
    procurementId: body.object_type === 'procurement' ? body.object_id : undefined,
  };
  return deps.db.transaction(async (tx) => {
    const flags = await flagsOf(tx, scope);
    const flag = flags.find(
      (f) => f.code === body.code && f.object_type === body.object_type && f.object_id === body.object_id,
    );
    if (!flag)
      throw invalid([
        { path: 'body.code', message: 'Этот флаг на объекте сейчас не поднят: снимать нечего' },
      ]);
    await repo.upsertDismissal(tx, {
      companyId,
      code: body.code,
      objectType: body.object_type,
      objectId: body.object_id,
      comment: body.comment,
      by: actor.userId,
    });
    await audit(tx, actor, {
      action: flag.dismissal ? 'update' : 'create',
      entity: 'analytics_flag_dismissal',
      entityId: dismissalKey(body.code, body.object_type, body.object_id),
      companyId,
      before: flag.dismissal ? { comment: flag.dismissal.comment } : null,
      after: { comment: body.comment },
    });
    const [after] = (await flagsOf(tx, scope)).filter(
      (f) => f.code === body.code && f.object_type === body.object_type && f.object_id === body.object_id,
    );
    return after;
  });
}

export async function getSettings(deps: AppDeps, companyId: number) {
  return companySettings(deps.db, companyId);
}

export async function saveSettings(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: AnalyticsSettings,
): Promise<AnalyticsSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await companySettings(tx, companyId);
    await repo.saveSettings(tx, companyId, body, actor.userId);
    await audit(tx, actor, {
      action: 'update',
      entity: 'analytics_settings',
      entityId: companyId,
      companyId,
      before,
      after: body,
    });
    return companySettings(tx, companyId);
  });
}
