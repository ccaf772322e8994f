import type { EisPlanPositionQuery } from '@zakupki/shared/api/eis-plans';
import { MONTHS_TITLE } from '@zakupki/shared/months';

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
