import { describe, expect, it } from 'vitest';
import { productionCalendar } from '../calendar/production-calendar.js';
import {
  conclusionWindow,
  deadlineMonths,
  flagRules,
  monthsOf,
  noticeAtMinimum,
  periodOf,
  RNP_NOT_LOADED,
  rnpReason,
  settingsOf,
} from './analytics.policy.js';

const calendar = productionCalendar();

describe('analytics policy', () => {
  it('reads the period of months, by default this year to this month', () => {
    expect(periodOf('2026-11-29')).toEqual({
      from: '2026-01',
      to: '2026-11',
      dateFrom: '2026-01-01',
      dateTo: '2026-11-30',
    });
    expect(periodOf('2026-11-29', '2024-02', '2024-02')).toEqual({
      from: '2024-02',
      to: '2024-02',
      dateFrom: '2024-02-01',
      dateTo: '2024-02-29',
    });
    expect(monthsOf('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });

  it('counts duties by the month they fall due: on time, late, overdue; open ones not yet due are left out', () => {
    const months = deadlineMonths(
      [
        { due_date: '2026-01-10', state: 'done' },
        { due_date: '2026-01-20', state: 'done_late' },
        { due_date: '2026-02-05', state: 'overdue' },
        { due_date: '2026-02-06', state: 'due' },
        { due_date: '2026-04-01', state: 'done' },
      ],
      '2026-01',
      '2026-03',
    );
    expect(months).toEqual([
      { month: '2026-01', on_time: 1, late: 1, overdue: 0 },
      { month: '2026-02', on_time: 0, late: 0, overdue: 1 },
      { month: '2026-03', on_time: 0, late: 0, overdue: 0 },
    ]);
  });

  it('asks the law for the window of ч. 15 ст. 3.2: not before 10 and not after 20 days after the protocol', () => {
    // protocol placed Monday 02.03.2026: earliest 12.03.2026, latest 22.03.2026 (Sunday) → 23.03.2026
    const w = conclusionWindow('2026-03-12', '2026-03-02', calendar);
    expect(w).toEqual({ earliest: '2026-03-12', latest: '2026-03-23', outside: false });
    expect(conclusionWindow('2026-03-11', '2026-03-02', calendar).outside).toBe(true);
    expect(conclusionWindow('2026-03-23', '2026-03-02', calendar).outside).toBe(false);
    expect(conclusionWindow('2026-03-24', '2026-03-02', calendar).outside).toBe(true);
  });

  it('flags a bids deadline at the law minimum of the method, not one a day longer', () => {
    const auction = { form: 'auction', competitive: true, electronic: true, sme_only: false };
    const fact = (bids: string) => ({
      published_on: '2026-03-02',
      bids_deadline: bids,
      nmcd: '50000000.00',
      method_extra: auction,
    });
    const at = noticeAtMinimum(fact('2026-03-17'), 0, calendar);
    expect(at).toMatchObject({ earliest: '2026-03-17', days: 15, kind: 'calendar' });
    expect(noticeAtMinimum(fact('2026-03-18'), 0, calendar)).toBeNull();
    expect(noticeAtMinimum(fact('2026-03-18'), 1, calendar)).not.toBeNull();
    // a single supplier: the law sets no period
    expect(
      noticeAtMinimum({ ...fact('2026-03-03'), method_extra: { form: 'single_supplier' } }, 0, calendar),
    ).toBeNull();
  });

  it('keeps the defaults for thresholds not stored', () => {
    expect(settingsOf(null).price_rise_percent).toBe(10);
    expect(settingsOf({ price_rise_percent: 5 }).price_rise_percent).toBe(5);
    expect(settingsOf({ price_rise_percent: -1 }).price_rise_percent).toBe(10);
  });

  it('lists the РНП rule inactive with its reason until the register is loaded', () => {
    const rnp = (loaded?: boolean) =>
      flagRules(settingsOf(null), loaded).find((r) => r.code === 'rnp_supplier');
    expect(rnp()).toMatchObject({ active: false, inactive_reason: RNP_NOT_LOADED });
    expect(rnp(true)).toMatchObject({ active: true, inactive_reason: null });
    expect(flagRules(settingsOf(null), true).every((r) => r.active)).toBe(true);
  });

  it('quotes the РНП entries as the register keeps them, and a КПП that differs', () => {
    const entry = {
      registryNumber: '25000101',
      law: '44-fz' as const,
      kpp: '770101001',
      name: 'ООО «Ромашка»',
      includedOn: '2025-03-10',
      excludedOn: '2027-03-10',
      customerName: null,
      purchaseNumber: '0373100000125000001',
      reason: null,
    };
    expect(rnpReason([entry], '770102001')).toBe(
      'Запись РНП № 25000101 (44-ФЗ): ООО «Ромашка», включена 10.03.2025, исключение 10.03.2027; основание: не указано в реестре; закупка № 0373100000125000001; КПП в записи 770101001, в договоре 770102001',
    );
    expect(
      rnpReason([entry, { ...entry, registryNumber: '2', excludedOn: null, purchaseNumber: null }], null),
    ).toBe(
      'Запись РНП № 25000101 (44-ФЗ): ООО «Ромашка», включена 10.03.2025, исключение 10.03.2027; основание: не указано в реестре; закупка № 0373100000125000001. Запись РНП № 2 (44-ФЗ): ООО «Ромашка», включена 10.03.2025; основание: не указано в реестре',
    );
  });
});
