/** The dashboard's period in the URL (`?from=2026-01&to=2026-11`) and the links to the registers. */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export type Period = { from: string; to: string };

/** This year's January to this month, unless the URL names valid months (from ≤ to). */
export function periodFrom(params: URLSearchParams, today: string): Period {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const fallback = { from: `${today.slice(0, 4)}-01`, to: today.slice(0, 7) };
  if (!MONTH.test(from) || !MONTH.test(to) || from > to) return fallback;
  return { from, to };
}

/** The last day of a month YYYY-MM. */
export function monthEnd(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(d).padStart(2, '0')}`;
}

/** The contract register's rows of a period of months (its own URL filters). */
export function contractsLink(from: string, to: string, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({ date_from: `${from}-01`, date_to: monthEnd(to), ...extra });
  return `/contracts/register?${q.toString()}`;
}

/** The procurement register's rows of a period of months. */
export function procurementsLink(from: string, to: string): string {
  const q = new URLSearchParams({ date_from: `${from}-01`, date_to: monthEnd(to) });
  return `/documents?${q.toString()}`;
}

const MONTHS = ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'];

/** «мар 2026» for 2026-03. */
export const monthLabel = (month: string) => `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** Period presets: this year, last year, the last 12 months. */
export function presets(today: string): { label: string; period: Period }[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const back = m === 12 ? `${y}-01` : `${y - 1}-${String(m + 1).padStart(2, '0')}`;
  return [
    { label: 'Этот год', period: { from: `${y}-01`, to: today.slice(0, 7) } },
    { label: 'Прошлый год', period: { from: `${y - 1}-01`, to: `${y - 1}-12` } },
    { label: '12 месяцев', period: { from: back, to: today.slice(0, 7) } },
  ];
}
