import { fromKopecks, lineKopecks, type ProcurementStatus, toScaled } from '@zakupki/shared';
import { methodFlagsByName } from '../../kernel/eis/eis223-method.js';
import { formatRuDate } from '../calendar/iso-date.js';
import type { ProductionCalendar } from '../calendar/production-calendar.js';
import { formatRub } from '../law/deadline-core.js';
import { type MethodFlags, methodKind } from '../law/law-methods.policy.js';
import {
  earliestBidsDeadline as lawEarliestBidsDeadline,
  noticePeriod as lawNoticePeriod,
  type NoticePeriod,
} from '../law/law-notice-periods.policy.js';
import { planThreshold as lawPlanThreshold } from '../law/law-thresholds.js';

/**
 * Pure rules of the procurement register (docs/procurements.md «Rules of the law»): amounts, the
 * method and notice period of the pinned Положение version, the order of dates, the plan position
 * and the SME ceiling, status moves and the internal number. Each rule answers a list of
 * refusals, every one a Russian sentence naming the rule, the values and the dates. Tested from
 * tables in procurements.policy.test.ts.
 */

export type Refusal = {
  /** the rule's code (docs/procurements.md) */
  rule: string;
  /** where in the request body (`body.bids_deadline`) */
  path: string;
  message: string;
  /** 400: the values break the rule; 409: the procurement's state forbids the change */
  status: 400 | 409;
};

const refuse = (rule: string, path: string, message: string, status: 400 | 409 = 400): Refusal => ({
  rule,
  path,
  message,
  status,
});

const rub = (kopecks: bigint) => formatRub(fromKopecks(kopecks));
const kop = (v: string) => toScaled(v, 2);
const d = formatRuDate;

// ---------------------------------------------------------------- amounts

export type ItemFacts = { quantity: string; unit_price: string };
export type LotFacts = { number: number; nmcd: string; items: ItemFacts[]; plan_position_id?: number | null };
export type AmountFacts = { nmcd: string; lots: LotFacts[] };

/** Sum of the items of a lot in kopecks (each line rounded as the contract specification does). */
export const itemsSum = (items: ItemFacts[]) =>
  items.reduce((s, it) => s + lineKopecks(it.quantity, it.unit_price), 0n);

/**
 * A one-item lot whose unit price is its НМЦД over the quantity, rounded to kopecks (as the EIS
 * import writes it: 227 674,00 for 235 units is 968,83 a unit): the item's amount is the lot's
 * НМЦД exactly, not quantity × price (227 675,05).
 */
export function exactSingleItem(lot: { nmcd: string; items: ItemFacts[] }): boolean {
  if (lot.items.length !== 1) return false;
  const qty = toScaled(lot.items[0].quantity, 8);
  if (qty <= 0n) return false;
  const nmcd = kop(lot.nmcd) * 10n ** 8n;
  return (nmcd * 2n + qty) / (qty * 2n) === kop(lot.items[0].unit_price); // half up
}

/** The amounts of a lot's items in kopecks: quantity × price, or the НМЦД of an exact one-item lot. */
export const itemAmounts = (lot: { nmcd: string; items: ItemFacts[] }): bigint[] =>
  exactSingleItem(lot) ? [kop(lot.nmcd)] : lot.items.map((it) => lineKopecks(it.quantity, it.unit_price));

/** A lot whose every item has a price: its НМЦД is checked against the items (from a plan, prices come later). */
const priced = (lot: LotFacts) => lot.items.length > 0 && lot.items.every((it) => kop(it.unit_price) > 0n);

/**
 * НМЦД > 0 and equal to the sum of the lots; each lot's НМЦД > 0 and equal to its items' sum once
 * its items are priced (a draft may hold items without a price, see `unpricedItems`); lot numbers
 * unique.
 */
export function checkAmounts(p: AmountFacts): Refusal[] {
  const out: Refusal[] = [];
  if (kop(p.nmcd) <= 0n)
    out.push(
      refuse(
        'nmcd_positive',
        'body.nmcd',
        'НМЦД закупки должна быть больше нуля: извещение указывает начальную (максимальную) цену договора (п. 5 ч. 9 ст. 4 223-ФЗ)',
      ),
    );
  const seen = new Set<number>();
  p.lots.forEach((lot, i) => {
    if (seen.has(lot.number))
      out.push(refuse('lot_number_unique', `body.lots.${i}.number`, `Номер лота ${lot.number} повторяется`));
    seen.add(lot.number);
    if (kop(lot.nmcd) <= 0n)
      out.push(
        refuse('nmcd_positive', `body.lots.${i}.nmcd`, `НМЦД лота № ${lot.number} должна быть больше нуля`),
      );
    if (priced(lot)) {
      const sum = itemAmounts(lot).reduce((a, b) => a + b, 0n);
      if (sum !== kop(lot.nmcd))
        out.push(
          refuse(
            'lot_nmcd_items',
            `body.lots.${i}.nmcd`,
            `НМЦД лота № ${lot.number} (${rub(kop(lot.nmcd))}) не равна сумме его позиций (${rub(sum)})`,
          ),
        );
    }
  });
  const lots = p.lots.reduce((s, l) => s + kop(l.nmcd), 0n);
  if (p.lots.length && lots !== kop(p.nmcd))
    out.push(
      refuse(
        'nmcd_lots',
        'body.nmcd',
        `НМЦД закупки ${rub(kop(p.nmcd))} не равна сумме НМЦД лотов ${rub(lots)}`,
      ),
    );
  return out;
}

/** Before the procurement leaves the draft every item has its price (a plan gives none). */
export function unpricedItems(p: AmountFacts): Refusal[] {
  return p.lots.flatMap((lot, i) => {
    const n = lot.items.filter((it) => kop(it.unit_price) <= 0n).length;
    return n
      ? [
          refuse(
            'items_priced',
            `body.lots.${i}.items`,
            `В лоте № ${lot.number} у ${n} ${n === 1 ? 'позиции' : 'позиций'} не указана цена за единицу: НМЦД лота должна равняться сумме позиций`,
          ),
        ]
      : [];
  });
}

// ---------------------------------------------------------------- method and notice period

export type VersionMethod = {
  method_id: number;
  notice_days: number;
  notice_day_kind: 'calendar' | 'working';
};

export type VersionFacts = {
  number: number;
  ruleTitle: string;
  effectiveFrom: string | null;
  methods: VersionMethod[];
  planThreshold: string;
  planThresholdLarge: string;
  smeCeiling: string | null;
};

/** A method of the catalogue: its title for messages, its entry's flags (`extra`) for the law. */
export type MethodFacts = { id: number; title: string; smeOnly?: boolean; flags: MethodFlags };

const versionName = (v: VersionFacts) =>
  `Положением «${v.ruleTitle}» (редакция № ${v.number}${v.effectiveFrom ? `, действует с ${d(v.effectiveFrom)}` : ''})`;

/** The method must be one the pinned version allows. */
export function checkMethod(method: MethodFacts, v: VersionFacts, allowed: MethodFacts[]): Refusal[] {
  if (v.methods.some((m) => m.method_id === method.id)) return [];
  const names = allowed.map((m) => `«${m.title}»`).join(', ');
  return [
    refuse(
      'method_allowed',
      'body.method_id',
      `Способ закупки «${method.title}» не предусмотрен ${versionName(v)}${names ? `; допустимы: ${names}` : ''} (ч. 1 ст. 3.2 223-ФЗ)`,
    ),
  ];
}

/**
 * The method of a plan position among the methods a version allows, by its name: the same title
 * (letter case aside), else the same kind of method (процедура by the law's name) with the same
 * electronic form, an SME-only one for an SME-only position. Null when none fits.
 */
export function matchMethod(
  name: string,
  smeOnly: boolean,
  allowed: { id: number; title: string; extra: Record<string, unknown> }[],
  /** the position's own «в электронной форме» flag; when stated, the form is kept as it is */
  positionElectronic: boolean | null = null,
): number | null {
  const n = name.trim().toLowerCase();
  if (!n) return null;
  const exact = allowed.find((m) => m.title.trim().toLowerCase() === n);
  if (exact) return exact.id;
  // the position's method name is EIS text (a plan file): parsed as the EIS import parses it, and
  // classified by the law as a catalogue entry's flags are
  const named = methodFlagsByName(name);
  if (!named) return null;
  const { form, electronic: namedElectronic } = methodKind(named);
  if (form === 'other') return null;
  const electronic = positionElectronic ?? namedElectronic;
  const isElectronic = (m: { extra: Record<string, unknown> }) => methodKind(m.extra).electronic;
  // a position that says it is not electronic never becomes the electronic variant (nor back)
  const fits = allowed.filter(
    (m) =>
      methodKind(m.extra).form === form &&
      (positionElectronic === null || isElectronic(m) === positionElectronic),
  );
  const score = (m: (typeof fits)[number]) =>
    (isElectronic(m) === electronic ? 2 : 0) + (methodKind(m.extra).smeOnly === smeOnly ? 1 : 0);
  return fits.sort((a, b) => score(b) - score(a))[0]?.id ?? null;
}

/**
 * The subject kind of a plan position from the ОКПД2 codes of its rows (the first that says):
 * classes 01–32 are products (goods), 41–43 construction (works), the rest services. Goods when
 * no row has a code.
 */
export function subjectKindOf(okpd2Codes: (string | null)[]): 'goods' | 'works' | 'services' {
  for (const code of okpd2Codes) {
    const m = /^(\d{2})/.exec(code ?? '');
    if (!m) continue;
    const cls = Number(m[1]);
    if (cls === 0) continue;
    if (cls <= 32) return 'goods';
    return cls >= 41 && cls <= 43 ? 'works' : 'services';
  }
  return 'goods';
}

export type { NoticePeriod };

/**
 * The notice period of the method on a date (the notice's): the version's setting, else the law's
 * minimum (modules/law, law-notice-periods.policy.ts), else none (a single supplier, negotiations).
 */
export function noticePeriod(
  method: MethodFacts,
  v: VersionFacts,
  on: string = v.effectiveFrom ?? formatIso(new Date()),
  price: string | null = null,
): NoticePeriod | null {
  const own = v.methods.find((m) => m.method_id === method.id) ?? null;
  return lawNoticePeriod(method.flags, own, on, price);
}

const formatIso = (d: Date) => d.toISOString().slice(0, 10);

/** The earliest bids deadline for a notice placed on `publication` (law-notice-periods.policy.ts). */
export const earliestBidsDeadline = lawEarliestBidsDeadline;

/** «15 календарных дней», «5 рабочих дней», «1 рабочего дня». */
export function periodWords(days: number, kind: 'calendar' | 'working'): string {
  const one = days % 10 === 1 && days % 100 !== 11;
  return kind === 'working'
    ? `${days} ${one ? 'рабочего дня' : 'рабочих дней'}`
    : `${days} ${one ? 'календарного дня' : 'календарных дней'}`;
}

export type DateFacts = {
  planned_publication_date: string | null;
  published_on: string | null;
  bids_deadline: string | null;
  review_date: string | null;
  summing_up_date: string | null;
};

/** The bids deadline leaves at least the method's notice period after the (planned) publication. */
export function checkNoticePeriod(
  p: DateFacts & { nmcd?: string | null },
  method: MethodFacts,
  v: VersionFacts,
  calendar: ProductionCalendar,
): Refusal[] {
  const publication = p.published_on ?? p.planned_publication_date;
  if (!publication || !p.bids_deadline) return [];
  const period = noticePeriod(method, v, publication, p.nmcd ?? null);
  if (!period) return [];
  const earliest = earliestBidsDeadline(publication, period, calendar);
  if (p.bids_deadline >= earliest) return [];
  const what = p.published_on ? 'размещения извещения' : 'планируемого размещения извещения';
  const source =
    period.source === 'version' ? `ст. 3.2 223-ФЗ; срок установлен ${versionName(v)}` : 'ст. 3.2 223-ФЗ';
  return [
    refuse(
      'notice_period',
      'body.bids_deadline',
      `Срок подачи заявок ${d(p.bids_deadline)} короче срока для способа «${method.title}»: не менее ${periodWords(period.days, period.kind)} после ${what} ${d(publication)}, то есть не ранее ${d(earliest)} (${source})`,
    ),
  ];
}

/** A notice of a method with a notice period names the bids deadline. */
export function checkBidsDeadlineSet(p: DateFacts, method: MethodFacts, v: VersionFacts): Refusal[] {
  const period = noticePeriod(method, v);
  if (!period || p.bids_deadline) return [];
  return [
    refuse(
      'bids_deadline_required',
      'body.bids_deadline',
      `Укажите дату окончания подачи заявок: для способа «${method.title}» она не ранее чем через ${periodWords(period.days, period.kind)} после размещения извещения (ст. 3.2 223-ФЗ)`,
    ),
  ];
}

const DATE_TITLES: Record<keyof DateFacts, string> = {
  planned_publication_date: 'планируемая дата размещения извещения',
  published_on: 'дата размещения извещения',
  bids_deadline: 'дата окончания подачи заявок',
  review_date: 'дата рассмотрения заявок',
  summing_up_date: 'дата подведения итогов',
};

/** planned publication ≤ bids deadline ≤ review ≤ summing up; the actual publication ≤ bids deadline too. */
export function checkDateOrder(p: DateFacts): Refusal[] {
  const chain: (keyof DateFacts)[][] = [
    ['planned_publication_date', 'bids_deadline', 'review_date', 'summing_up_date'],
    ['published_on', 'bids_deadline'],
  ];
  const out: Refusal[] = [];
  for (const fields of chain) {
    const present = fields.filter((f) => p[f]);
    for (let i = 1; i < present.length; i++) {
      const a = present[i - 1];
      const b = present[i];
      if ((p[b] as string) < (p[a] as string)) {
        const title = DATE_TITLES[b];
        out.push(
          refuse(
            'dates_order',
            `body.${b}`,
            `Даты закупки не по порядку: ${title} ${d(p[b] as string)} раньше, чем ${DATE_TITLES[a]} ${d(p[a] as string)}`,
          ),
        );
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------- plan position, SME

/** The plan threshold of the version for the customer (the large one above 5 bn ₽ of revenue). */
export const planThreshold = (v: VersionFacts, largeCustomer: boolean) =>
  lawPlanThreshold(largeCustomer, v.effectiveFrom ?? '2012-01-01', v);

/**
 * Above the version's plan threshold the procurement comes from a plan position (ПП РФ № 932): its
 * own position, or one for each lot.
 */
export function checkPlanRequired(
  p: AmountFacts & { plan_position_id: number | null },
  v: VersionFacts,
  largeCustomer: boolean,
): Refusal[] {
  const threshold = planThreshold(v, largeCustomer);
  if (kop(p.nmcd) <= kop(threshold) || p.plan_position_id) return [];
  const missing = p.lots.filter((l) => !l.plan_position_id);
  if (p.lots.length && missing.length === 0) return [];
  const lots =
    p.lots.length > 1 ? ` (без позиции: ${missing.map((l) => `лот № ${l.number}`).join(', ')})` : '';
  return [
    refuse(
      'plan_position_required',
      'body.plan_position_id',
      `НМЦД ${rub(kop(p.nmcd))} больше порога ${rub(kop(threshold))}, установленного ${versionName(v)} для включения закупки в план: укажите позицию плана закупки${lots} (ПП РФ № 932)`,
    ),
  ];
}

export type PositionFacts = {
  id: number;
  number: string;
  price: string | null;
  annulled: boolean;
};

/** A position named by the procurement or a lot: not annulled, and its НМЦД not exceeded. */
export function checkPosition(pos: PositionFacts, amount: string, what: string, path: string): Refusal[] {
  if (pos.annulled)
    return [
      refuse(
        'plan_position_annulled',
        path,
        `Позиция плана ${pos.number} аннулирована: закупку по ней объявить нельзя (ПП РФ № 932)`,
      ),
    ];
  if (pos.price && kop(amount) > kop(pos.price))
    return [
      refuse(
        'plan_position_price',
        path,
        `НМЦД ${what} (${rub(kop(amount))}) больше НМЦД позиции плана ${pos.number} (${rub(kop(pos.price))}): сначала измените позицию плана (ПП РФ № 932)`,
      ),
    ];
  return [];
}

const NOTICE_PLACED = new Set<ProcurementStatus>([
  'published',
  'bids_closed',
  'summing_up',
  'contract_concluded',
  'failed',
]);
export const noticePlaced = (status: ProcurementStatus, publishedOn: string | null) =>
  NOTICE_PLACED.has(status) || (status === 'cancelled' && publishedOn !== null);

/**
 * After the notice is placed the plan position (the procurement's and each lot's) is fixed: a
 * change of the position goes into the plan before the notice (ПП РФ № 932 п. 4).
 */
export function checkPositionFixed(
  status: ProcurementStatus,
  publishedOn: string | null,
  before: { plan_position_id: number | null; lots: { number: number; plan_position_id: number | null }[] },
  after: { plan_position_id: number | null; lots: { number: number; plan_position_id?: number | null }[] },
): Refusal[] {
  if (!noticePlaced(status, publishedOn)) return [];
  const when = publishedOn ? ` (${d(publishedOn)})` : '';
  const out: Refusal[] = [];
  if ((before.plan_position_id ?? null) !== (after.plan_position_id ?? null))
    out.push(
      refuse(
        'plan_position_fixed',
        'body.plan_position_id',
        `Позицию плана закупки нельзя изменить после размещения извещения${when}: изменения позиции вносятся в план до размещения извещения (ПП РФ № 932)`,
        409,
      ),
    );
  const was = new Map(before.lots.map((l) => [l.number, l.plan_position_id ?? null]));
  after.lots.forEach((l, i) => {
    if (was.has(l.number) && was.get(l.number) !== (l.plan_position_id ?? null))
      out.push(
        refuse(
          'plan_position_fixed',
          `body.lots.${i}.plan_position_id`,
          `Позицию плана лота № ${l.number} нельзя изменить после размещения извещения${when} (ПП РФ № 932)`,
          409,
        ),
      );
  });
  return out;
}

/** An SME-only procurement stays within the version's ceiling; an SME-only method needs the flag. */
export function checkSme(
  p: { nmcd: string; sme_only: boolean },
  method: MethodFacts,
  v: VersionFacts,
): Refusal[] {
  const out: Refusal[] = [];
  if (method.smeOnly && !p.sme_only)
    out.push(
      refuse(
        'sme_method',
        'body.sme_only',
        `Способ «${method.title}» — закупка только у субъектов МСП: отметьте «Только для субъектов МСП» (ст. 3.4 223-ФЗ)`,
      ),
    );
  if (p.sme_only && v.smeCeiling && kop(p.nmcd) > kop(v.smeCeiling))
    out.push(
      refuse(
        'sme_ceiling',
        'body.nmcd',
        `НМЦД закупки только для субъектов МСП ${rub(kop(p.nmcd))} больше предела ${rub(kop(v.smeCeiling))}, установленного ${versionName(v)} (ст. 3.4 223-ФЗ)`,
      ),
    );
  return out;
}

/**
 * Remarks that do not block (the card's `warnings`, in the refusals' shape without a status): a
 * planned publication date already past while the notice is not placed yet.
 */
export function procurementWarnings(
  p: { status: ProcurementStatus; plannedPublicationDate: string | null; publishedOn: string | null },
  today: string,
  /** the pinned version and the procurement's method: an imported method it does not allow is flagged */
  pinned: { version: VersionFacts; method: { id: number; title: string } } | null = null,
): { rule: string; path: string; message: string }[] {
  const out: { rule: string; path: string; message: string }[] = [];
  if (pinned && !pinned.version.methods.some((m) => m.method_id === pinned.method.id))
    out.push({
      rule: 'method_not_in_version',
      path: 'body.method_id',
      message: `Способ закупки «${pinned.method.title}» не предусмотрен ${versionName(pinned.version)} (ч. 1 ст. 3.2 223-ФЗ): проверьте способ закупки или редакцию Положения`,
    });
  const beforeNotice = p.status === 'draft' || p.status === 'documentation_ready';
  if (beforeNotice && !p.publishedOn && p.plannedPublicationDate && p.plannedPublicationDate < today)
    out.push({
      rule: 'planned_date_past',
      path: 'body.planned_publication_date',
      message: `Планируемая дата размещения ${formatRuDate(p.plannedPublicationDate)} уже прошла: укажите новую дату или разместите извещение`,
    });
  return out;
}
