import {
  EIS_POSITION_STATUS_TITLES,
  type EisPlanFieldChange,
  type EisPlanPositionQuery,
} from '@zakupki/shared/api/eis-plans';
import { MONTHS_TITLE } from '@zakupki/shared/months';
import { formatDate, formatMoney } from '../../../lib/formatters';

/** The plans screen's state in the URL: the plan, its version, the positions' filters and page, a comparison. */
export type PlanView = {
  year: number | null;
  type: 'COMMODITY' | 'INNOVATION' | null;
  plan: number | null;
  version: number | null;
  from: number | null;
  to: number | null;
  positions: EisPlanPositionQuery & { page: number; limit: number };
};

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);
const text = (v: string | null) => (v?.trim() ? v.trim() : undefined);
export const POSITION_LIMITS = [20, 50, 100];

export function readPlanView(p: URLSearchParams): PlanView {
  const type = p.get('type');
  const bool = (v: string | null) => (v === 'true' || v === 'false' ? v : undefined);
  const status = p.get('status');
  return {
    year: num(p.get('year')),
    type: type === 'COMMODITY' || type === 'INNOVATION' ? type : null,
    plan: num(p.get('plan')),
    version: num(p.get('version')),
    from: num(p.get('from')),
    to: num(p.get('to')),
    positions: {
      page: num(p.get('page')) ?? 1,
      limit: POSITION_LIMITS.includes(num(p.get('limit')) ?? 0) ? (num(p.get('limit')) as number) : 20,
      status: status === 'N' || status === 'P' || status === 'C' || status === 'A' ? status : undefined,
      method: text(p.get('method')),
      month: num(p.get('month')) ?? undefined,
      okpd2: text(p.get('okpd2')),
      q: text(p.get('q')),
      has_procurement: bool(p.get('has_procurement')),
      has_contract: bool(p.get('has_contract')),
    },
  };
}

/** Sets (or with null/'' removes) URL keys; a change of anything but the page goes back to page 1. */
export function patchView(
  p: URLSearchParams,
  patch: Record<string, string | number | null | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(p);
  for (const [k, v] of Object.entries(patch)) {
    if (v === null || v === undefined || v === '') next.delete(k);
    else next.set(k, String(v));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}

export const MONTHS = MONTHS_TITLE;

/** A duty's state, worded as the contract duties are (lib/duties.ts). */
export { PLACEMENT_DUTY_VIEW as DUTY_VIEW } from '../../../lib/duties';

export const POSITION_STATUS_COLOR: Record<string, string> = {
  N: 'blue',
  P: 'green',
  C: 'yellow',
  A: 'gray',
};

/**
 * A compared field's value as the rest of the screen shows it (the server sends plain values:
 * `6198500.00`, `03.2026`, `2026-12-31`): money `6 198 500,00 ₽`, a month `Март 2026`, a day
 * `31.12.2026`; other fields as they are. A missing value is «—».
 */
export function changeValue(field: string, value: string | null): string {
  if (value === null || value === '') return '—';
  if (field === 'price') return formatMoney(value) || value;
  if (field === 'period') {
    const m = /^(\d{2})\.(\d{4})$/.exec(value);
    return m ? `${MONTHS_TITLE[Number(m[1]) - 1]} ${m[2]}` : value;
  }
  if (field === 'planned_date' || field === 'contract_end_date') return formatDate(value) || value;
  return value;
}

/** `Цена: «1 000,00 ₽» → «2 000,00 ₽»` */
export const changeText = (c: EisPlanFieldChange) =>
  `${c.title}: «${changeValue(c.field, c.from)}» → «${changeValue(c.field, c.to)}»`;

/** A position status code (`P`) in Russian (`Размещена`). */
export const positionStatusTitle = (status: string | null) =>
  status ? (EIS_POSITION_STATUS_TITLES[status] ?? status) : '—';

/** A month of the plan («Март 2026»), a year alone («2026 г.») or «Без срока». */
export const monthLabel = (m: { year: number | null; month: number | null }) =>
  m.month ? `${MONTHS[m.month - 1]} ${m.year ?? ''}` : m.year ? `${m.year} г.` : 'Без срока';
