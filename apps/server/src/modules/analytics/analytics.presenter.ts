import type { AnalyticsFlag, FlagCode, FlagObject, SavingsRow } from '@zakupki/shared';
import { FLAG_TITLES } from '@zakupki/shared';
import type { SavingsAggregate } from './analytics.repository.js';
import type { DismissalRow } from './analytics-flags.repository.js';

/** Rows of the repositories → the API's shapes. */

export function toSavingsRow(r: SavingsAggregate | undefined, key = '', title = 'Итого'): SavingsRow {
  if (!r) return { key, title, count: 0, nmcd: '0.00', price: '0.00', saving: '0.00', saving_percent: null };
  return {
    key: r.key,
    title: r.title,
    count: Number(r.count),
    nmcd: r.nmcd,
    price: r.price,
    saving: r.saving,
    saving_percent: r.saving_percent,
  };
}

export const dismissalKey = (code: string, type: string, id: number) => `${code}|${type}|${id}`;

export function toFlag(
  f: { code: FlagCode; type: FlagObject; id: number; number: string; date: string; reason: string },
  dismissals: Map<string, DismissalRow>,
): AnalyticsFlag {
  const d = dismissals.get(dismissalKey(f.code, f.type, f.id));
  return {
    code: f.code,
    title: FLAG_TITLES[f.code],
    object_type: f.type,
    object_id: f.id,
    object_number: f.number,
    date: f.date,
    reason: f.reason,
    dismissal: d ? { comment: d.comment, by: d.by, at: d.at.toISOString() } : null,
  };
}
