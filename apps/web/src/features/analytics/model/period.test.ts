import { describe, expect, it } from 'vitest';
import { contractsLink, monthEnd, periodFrom, presets } from './period';

describe('the dashboard period', () => {
  it('reads valid months from the URL, else this year to this month', () => {
    expect(periodFrom(new URLSearchParams('from=2025-02&to=2025-05'), '2026-11-29')).toEqual({
      from: '2025-02',
      to: '2025-05',
    });
    expect(periodFrom(new URLSearchParams('from=2025-06&to=2025-05'), '2026-11-29')).toEqual({
      from: '2026-01',
      to: '2026-11',
    });
    expect(periodFrom(new URLSearchParams('from=2025-13&to=2025-14'), '2026-11-29')).toEqual({
      from: '2026-01',
      to: '2026-11',
    });
  });

  it('links the contract register with its own date filters', () => {
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(contractsLink('2024-01', '2024-02', { supplier: '7704123450' })).toBe(
      '/contracts/register?date_from=2024-01-01&date_to=2024-02-29&supplier=7704123450',
    );
  });

  it('offers this year, last year and the last 12 months', () => {
    expect(presets('2026-11-29').map((p) => p.period)).toEqual([
      { from: '2026-01', to: '2026-11' },
      { from: '2025-01', to: '2025-12' },
      { from: '2025-12', to: '2026-11' },
    ]);
  });
});
