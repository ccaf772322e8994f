import type { EisPlanFieldChange, EisPlanViolation } from '@zakupki/shared';
import { formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { type DueItem, formatRub, priceToKopecks } from '../law/deadline-core.js';
import type { DeadlineConfig } from '../law/deadline-rules.js';
import { dutyDue, planYearDue } from '../law/law-due-dates.js';

/**
 * Pure rules of the plans module: position numbers, changes between versions, the violations of
 * item 5 (ПП 932) that do not need the calendar. Tested from tables in eis-plans.policy.test.ts.
 */

/** A position as one version states it: the fields compared between versions. */
export type PositionState = {
  guid: string;
  number: string;
  subject: string;
  status: string | null;
  cancellationReason: string | null;
  price: string | null;
  currency: string | null;
  methodCode: string | null;
  methodName: string | null;
  year: number | null;
  month: number | null;
  plannedDate: string | null;
  contractEndDate: string | null;
  electronic: boolean | null;
  smeOnly: boolean;
  longTerm: boolean | null;
  customerInn: string | null;
  /** the rows as text: «ОКПД2 × количество ОКЕИ» joined by «; » */
  rows: string;
};

/**
 * The number of a position: `<plan registration number>-<ordinal>`, the pair EIS notices name in
 * `lotPlanInfo`. A position carried over from an earlier plan (it has `initialPositionData` and
 * keeps its old ordinal, which the plan's own positions reuse) gets `-<its planned year>` added,
 * so a number opens exactly one position; should even that be taken, `-<first 8 of the guid>`.
 */
export function positionNumber(
  registrationNumber: string,
  ordinal: number,
  carriedOver: { year: number | null } | null,
  taken: (n: string) => boolean,
  guid: string,
): string {
  const plain = `${registrationNumber}-${ordinal}`;
  let n = carriedOver ? `${plain}-${carriedOver.year ?? 'прежн'}` : plain;
  if (taken(n)) n = `${n}-${guid.slice(0, 8)}`;
  return n;
}

export const isAnnulled = (p: Pick<PositionState, 'status'>) => p.status === 'A';

const yesNo = (v: boolean | null) => (v === null ? null : v ? 'да' : 'нет');
const period = (p: PositionState) =>
  p.year === null
    ? null
    : p.month === null
      ? String(p.year)
      : `${String(p.month).padStart(2, '0')}.${p.year}`;

/** The compared fields, in the order a change lists them. */
const FIELDS: { field: string; title: string; value: (p: PositionState) => string | null }[] = [
  { field: 'subject', title: 'Предмет договора', value: (p) => p.subject },
  { field: 'price', title: 'НМЦД', value: (p) => p.price },
  { field: 'currency', title: 'Валюта', value: (p) => p.currency },
  { field: 'method', title: 'Способ закупки', value: (p) => p.methodName ?? p.methodCode },
  { field: 'period', title: 'Планируемый срок размещения извещения', value: period },
  { field: 'planned_date', title: 'Планируемая дата размещения', value: (p) => p.plannedDate },
  { field: 'contract_end_date', title: 'Срок исполнения договора', value: (p) => p.contractEndDate },
  { field: 'electronic', title: 'В электронной форме', value: (p) => yesNo(p.electronic) },
  { field: 'sme_only', title: 'Только для субъектов МСП', value: (p) => yesNo(p.smeOnly) },
  { field: 'long_term', title: 'Долгосрочный договор', value: (p) => yesNo(p.longTerm) },
  { field: 'customer', title: 'Заказчик (ИНН)', value: (p) => p.customerInn },
  { field: 'rows', title: 'Строки позиции (ОКПД2, количество)', value: (p) => p.rows || null },
];

/** Fields that differ between two states of one position (status and annulment aside). */
export function fieldChanges(from: PositionState, to: PositionState): EisPlanFieldChange[] {
  const out: EisPlanFieldChange[] = [];
  for (const f of FIELDS) {
    const a = f.value(from);
    const b = f.value(to);
    if (a !== b) out.push({ field: f.field, title: f.title, from: a, to: b });
  }
  return out;
}

export type PositionDiff = {
  added: PositionState[];
  changed: { position: PositionState; changes: EisPlanFieldChange[] }[];
  /** annulled in `to`, or left out of it (`removed`) */
  annulled: { position: PositionState; removed: boolean }[];
  unchanged: number;
};

/**
 * Changes from one version to another by position guid: added (absent before), annulled (status A
 * now and not before, or gone), changed (any compared field differs), unchanged the rest. A
 * position already annulled in `from` that stays annulled is unchanged.
 */
export function diffPositions(from: PositionState[], to: PositionState[]): PositionDiff {
  const before = new Map(from.map((p) => [p.guid, p]));
  const diff: PositionDiff = { added: [], changed: [], annulled: [], unchanged: 0 };
  const seen = new Set<string>();
  for (const p of to) {
    seen.add(p.guid);
    const old = before.get(p.guid);
    if (!old) {
      diff.added.push(p);
      continue;
    }
    if (isAnnulled(p) && !isAnnulled(old)) {
      diff.annulled.push({ position: p, removed: false });
      continue;
    }
    const changes = fieldChanges(old, p);
    if (changes.length > 0) diff.changed.push({ position: p, changes });
    else diff.unchanged++;
  }
  for (const p of from) {
    if (!seen.has(p.guid) && !isAnnulled(p)) diff.annulled.push({ position: p, removed: true });
  }
  return diff;
}

/** What a procurement or contract linked to a position holds, for the rules below. */
export type LinkFact = {
  kind: 'procurement' | 'contract';
  label: string;
  amount: string;
  /** a procurement: when its notice was placed; a contract: its date */
  date: string | null;
  /** a live procurement (not cancelled, not failed) or a contract not cancelled */
  live: boolean;
};

export type PositionFacts = {
  number: string;
  status: string | null;
  price: string | null;
  /** publication of the latest plan version that changed the position (or added it) */
  lastChangePublishedOn: string | null;
  lastChangeVersion: number | null;
  links: LinkFact[];
};

export type PositionViolation = {
  code:
    | 'procurement_before_change'
    | 'annulled_with_procurement'
    | 'procurement_over_price'
    | 'contract_over_price';
  message: string;
  version: number | null;
  dueDate: string | null;
  doneDate: string | null;
};

const fromKopecks = (k: bigint) => `${k / 100n}.${(k % 100n).toString().padStart(2, '0')}`;

/** Sum of decimal strings, exactly (kopecks). */
export function sumMoney(values: (string | null)[]): string {
  return fromKopecks(values.reduce<bigint>((s, v) => s + (v ? priceToKopecks(v) : 0n), 0n));
}

/**
 * Item 5 of the plans issue for one position: a procurement announced before the position's last
 * change was placed (ПП 932 п. 4: a change is placed before the notice); an annulled position with
 * a live procurement; procurements or contracts summing above the position's НМЦД.
 */
export function positionViolations(p: PositionFacts): PositionViolation[] {
  const out: PositionViolation[] = [];
  const live = p.links.filter((l) => l.live);
  const procurements = live.filter((l) => l.kind === 'procurement');
  for (const pr of procurements) {
    if (pr.date && p.lastChangePublishedOn && pr.date < p.lastChangePublishedOn) {
      out.push({
        code: 'procurement_before_change',
        message: `Позиция ${p.number}: закупка ${pr.label} объявлена до размещения изменения позиции (версия ${p.lastChangeVersion})`,
        version: p.lastChangeVersion,
        dueDate: pr.date,
        doneDate: p.lastChangePublishedOn,
      });
    }
  }
  if (p.status === 'A') {
    for (const pr of procurements) {
      out.push({
        code: 'annulled_with_procurement',
        message: `Позиция ${p.number} аннулирована, а закупка ${pr.label} по ней не отменена`,
        version: p.lastChangeVersion,
        dueDate: null,
        doneDate: null,
      });
    }
  }
  if (p.price) {
    const limit = priceToKopecks(p.price);
    for (const kind of ['procurement', 'contract'] as const) {
      const mine = live.filter((l) => l.kind === kind);
      const total = mine.reduce((s, l) => s + priceToKopecks(l.amount), 0n);
      if (mine.length && total > limit) {
        const what = kind === 'procurement' ? 'Закупки' : 'Договоры';
        out.push({
          code: kind === 'procurement' ? 'procurement_over_price' : 'contract_over_price',
          message: `Позиция ${p.number}: ${what} (${mine.map((l) => l.label).join(', ')}) на ${formatRub(fromKopecks(total))} больше НМЦД позиции ${formatRub(p.price)}`,
          version: null,
          dueDate: null,
          doneDate: null,
        });
      }
    }
  }
  return out;
}

export type VersionFacts = {
  version: number;
  approveDate: string | null;
  /** ISO timestamp of its placement in the EIS */
  publishedAt: string | null;
};

export type PlanDutyItem = DueItem & { version: number | null };

/**
 * The plan's duties (docs/domain.md §1, ПП 932) as due items of modules/law: the plan for a year
 * placed by 31 December of the year before (known only when version 1 was imported: its placement
 * is the plan's), and each version placed within the configured days (10 by default) of its
 * approval. Late ones are violations too.
 */
export function planDuties(
  planYear: number,
  versions: VersionFacts[],
  calendar: ProductionCalendar,
  config: DeadlineConfig,
  today: string,
): PlanDutyItem[] {
  const out: PlanDutyItem[] = [];
  const context = { calendar, config, today };
  const first = versions.find((v) => v.version === 1);
  if (first) out.push({ ...planYearDue(planYear, first.publishedAt, context), version: 1 });
  for (const v of versions) {
    if (!v.approveDate) continue;
    const approved = v.approveDate;
    const item = dutyDue(
      'plan_publish',
      approved,
      v.publishedAt,
      context,
      (rule) => `${rule.title}: версия ${v.version} от ${formatRuDate(approved)}`,
    );
    out.push({ ...item, version: v.version });
  }
  return out;
}

/** Duties done late, as violations. */
export function dutyViolations(duties: PlanDutyItem[]): EisPlanViolation[] {
  return duties
    .filter((d) => d.status === 'done_late' || d.status === 'overdue')
    .map((d) => ({
      code: d.duty === 'plan_next_year' ? 'plan_next_year_late' : 'plan_publish_late',
      message: `${d.title}: срок ${formatRuDate(d.dueDate)}, ${d.doneDate ? `размещено ${formatRuDate(d.doneDate)}` : 'не размещено'}`,
      position_number: null,
      version: d.version,
      due_date: d.dueDate,
      done_date: d.doneDate,
    }));
}
