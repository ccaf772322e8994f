import { describe, expect, it } from 'vitest';
import type { SmeContractFacts } from '../law/law-sme-quotas.js';
import {
  computeSmeFigures,
  filingDateProblem,
  quotaMet,
  quotaYearNote,
  sharePercent,
} from './sme-report.policy.js';

let next = 0;
const c = (price: string, over: Partial<SmeContractFacts> = {}): SmeContractFacts & { number: string } => {
  next += 1;
  return {
    id: next,
    number: `Д-${next}`,
    price,
    currency: 'RUB',
    supplierIsSme: false,
    smeOnly: false,
    basis: null,
    ...over,
  };
};
const MONOPOLY = 'Закупка у единственного поставщика: услуги субъектов естественных монополий';
const UTILITIES =
  'Закупка у единственного поставщика: коммунальные услуги, энергоснабжение по регулируемым ценам (тарифам)';
const NOT_223 = 'Договор, на который Закон № 223-ФЗ не распространяется (ч. 4 ст. 1 Закона № 223-ФЗ)';

describe('sme-report.policy: shares and quotas', () => {
  it.each<[string, string, string | null]>([
    ['25', '100', '25.00'],
    ['1', '3', '33.33'],
    ['2', '3', '66.67'],
    ['0', '100', '0.00'],
    ['1', '0', null],
    ['24999', '100000', '25.00'], // 24.999 rounds up to 25.00 for the reader
  ])('%s of %s is %s %%', (part, whole, share) => {
    expect(sharePercent(BigInt(part), BigInt(whole))).toBe(share);
  });

  it.each<[string, string, bigint, boolean | null]>([
    ['2500000', '10000000', 25n, true], // exactly 25 %: met
    ['2499999', '10000000', 25n, false], // one kopeck short: not met
    ['2000000', '10000000', 20n, true], // exactly 20 %: met
    ['1999999', '10000000', 20n, false],
    ['24999', '100000', 25n, false], // shown as 25.00 %, yet short of it: the check is exact
    ['0', '0', 25n, null],
  ])('%s of %s against %s %%: met %s', (part, whole, percent, met) => {
    expect(quotaMet(BigInt(part), BigInt(whole), percent)).toBe(met);
  });
});

describe('sme-report.policy: figures', () => {
  it('removes each exclusion with its contracts, and measures the shares against what is left', () => {
    const sme = c('300000.00', { supplierIsSme: true });
    const smeOnly = c('250000.50', { supplierIsSme: true, smeOnly: true });
    const plain = c('449999.50');
    const monopoly = c('1000000.00', { basis: MONOPOLY, supplierIsSme: true });
    const utilities = c('500000.00', { basis: UTILITIES });
    const outside = c('70000.00', { basis: NOT_223 });
    const foreign = c('9000.00', { currency: 'EUR', supplierIsSme: true, smeOnly: true });
    const f = computeSmeFigures([sme, smeOnly, plain, monopoly, utilities, outside, foreign]);
    const byCode = Object.fromEntries(f.exclusions.map((e) => [e.rule.code, e.contracts.map((x) => x.id)]));
    expect(byCode).toEqual({
      not_223: [outside.id],
      natural_monopoly: [monopoly.id],
      regulated_utilities: [utilities.id],
      foreign: [foreign.id],
      state_secret: [],
      government_decision: [],
      atomic_energy_credit: [],
    });
    expect(f.kopecks).toEqual({
      total: 257_000_000n, // 2 570 000,00: the euro contract has no ruble price
      excluded: 157_000_000n,
      base: 100_000_000n,
      sme: 55_000_050n,
      smeOnly: 25_000_050n,
    });
    expect(f.base.map((x) => x.id)).toEqual([sme.id, smeOnly.id, plain.id]);
    expect(f.quotas.map((q) => [q.rule.code, q.sharePercent, q.met])).toEqual([
      ['sme', '55.00', true],
      ['sme_only', '25.00', true],
    ]);
    expect(f.notes[0]).toContain(`№ ${foreign.number}`);
  });

  it.each<[string, string, string, boolean, boolean]>([
    // base 1 000 000,00: SME 25 % / SME-only 20 % are the boundaries
    ['250000.00', '200000.00', 'both met at exactly the quotas', true, true],
    ['249999.99', '200000.00', 'SME a kopeck short', false, true],
    ['250000.00', '199999.99', 'SME-only a kopeck short', true, false],
  ])('SME %s, SME-only %s: %s', (smeAmount, smeOnlyAmount, _what, smeMet, smeOnlyMet) => {
    const rest = (1_000_000_00n - BigInt(smeAmount.replace('.', ''))).toString();
    const other = `${rest.slice(0, -2)}.${rest.slice(-2)}`;
    const smeOnlyK = BigInt(smeOnlyAmount.replace('.', ''));
    const smeRestK = BigInt(smeAmount.replace('.', '')) - smeOnlyK;
    const money = (k: bigint) => `${k / 100n}.${String(k % 100n).padStart(2, '0')}`;
    const f = computeSmeFigures([
      c(smeOnlyAmount, { supplierIsSme: true, smeOnly: true }),
      c(money(smeRestK), { supplierIsSme: true }),
      c(other),
    ]);
    expect(f.kopecks.base).toBe(100_000_000n);
    expect(f.quotas.map((q) => q.met)).toEqual([smeMet, smeOnlyMet]);
  });

  it('counts an SME-only contract only with an SME supplier, and says why; an unknown method is not SME-only', () => {
    const wrongFlag = c('100.00', { smeOnly: true });
    const unknown = c('200.00', { supplierIsSme: true, smeOnly: null });
    const f = computeSmeFigures([wrongFlag, unknown]);
    expect(f.kopecks).toMatchObject({ base: 30_000n, sme: 20_000n, smeOnly: 0n });
    expect(f.notes.join(' ')).toContain(
      `не отмечен как субъект МСП — не учтены в объёме закупок у МСП, проверьте карточки: № ${wrongFlag.number}`,
    );
    expect(f.notes.join(' ')).toContain(`в этот объём не включены: № ${unknown.number}`);
  });

  it('an empty year has no shares and no verdict', () => {
    const f = computeSmeFigures([]);
    expect(f.quotas.map((q) => [q.sharePercent, q.met])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});

describe('sme-report.policy: filing date', () => {
  it.each<[number, string, string, string | null]>([
    [2025, '2026-01-20', '2026-11-28', null],
    [2025, '2026-01-01', '2026-01-01', null],
    [
      2025,
      '2025-12-31',
      '2026-11-28',
      'Отчёт за 2025 год размещается после окончания года: дата размещения не ранее 01.01.2026',
    ],
    [2025, '2026-11-29', '2026-11-28', 'Дата размещения не может быть в будущем'],
  ])('year %s filed on %s (today %s): %s', (year, filedOn, today, problem) => {
    expect(filingDateProblem(year, filedOn, today)).toBe(problem);
  });
});

describe('sme-report.policy: quotas of another time', () => {
  it.each<[number, string | null]>([
    [2023, null],
    [2025, null],
    [
      2022,
      'Нормативы 25 % и 20 % действуют с 01.01.2023: доли за 2022 год сравнены с ними, нормативы той редакции ПП РФ № 1352 сверьте сами',
    ],
  ])('%s: %s', (year, note) => {
    expect(quotaYearNote(year)).toBe(note);
  });
});
