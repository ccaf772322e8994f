import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import { dutyDue, monthlyReportDue, smeReportDue } from './law-due-dates.js';
import {
  contractDeadlines,
  DEFAULT_DEADLINE_CONFIG,
  type DeadlineContract,
  deadlineConfig,
  registerExemption,
  violationsForImportedContract,
} from './law-duties.js';

const calendar = createRuCalendar();
const config = DEFAULT_DEADLINE_CONFIG;

function contract(partial: Partial<DeadlineContract> = {}): DeadlineContract {
  return {
    law: '223',
    contractDate: '2024-03-06',
    publishedAt: null,
    price: '1250000.00',
    changes: [],
    executions: [],
    ...partial,
  };
}

describe('contractDeadlines, 223-FZ', () => {
  it('register: 3 working days across 8 March; placed late', () => {
    const items = contractDeadlines(contract({ publishedAt: '2024-03-15' }), [], {
      calendar,
      config,
      today: '2024-04-01',
    });
    expect(items).toEqual([
      {
        duty: 'contract_register',
        title: 'Сведения о договоре в реестре договоров',
        eventDate: '2024-03-06',
        dueDate: '2024-03-12',
        doneDate: '2024-03-15',
        status: 'done_late',
        reference: 'ч. 2 ст. 4.1 223-ФЗ',
        unconfirmed: false,
        coverage: 'calendar',
      },
    ]);
  });

  it('register: concluded on the working Saturday 2024-12-28, due after the New Year holidays', () => {
    const [item] = contractDeadlines(
      contract({ contractDate: '2024-12-28', publishedAt: '2025-01-10' }),
      [],
      { calendar, config, today: '2025-02-01' },
    );
    expect(item).toMatchObject({ dueDate: '2025-01-13', status: 'done' });
  });

  it('open items: due, due_soon (at most 2 working days left), overdue', () => {
    const c = contract({ contractDate: '2024-02-28' }); // due 04.03.2024 (29.02, 01.03, 04.03)
    const at = (today: string) => contractDeadlines(c, [], { calendar, config, today })[0];
    expect(at('2024-02-28')).toMatchObject({ dueDate: '2024-03-04', status: 'due', doneDate: null });
    expect(at('2024-02-29')).toMatchObject({ status: 'due_soon' });
    expect(at('2024-03-04')).toMatchObject({ status: 'due_soon' });
    expect(at('2024-03-05')).toMatchObject({ status: 'overdue' });
  });

  it('changes and execution: 10 calendar days, moved off holidays (ст. 193 ГК РФ)', () => {
    const c = contract({
      publishedAt: '2024-03-11',
      changes: [
        { date: '2024-04-26', publishedAt: '2024-05-06' }, // +10 = 06.05 (Monday)
        { date: '2024-04-29', publishedAt: '2024-05-13' }, // +10 = 09.05 holiday, 10.05 off, weekend -> 13.05
      ],
      executions: [{ date: '2024-12-21', publishedAt: null }], // +10 = 31.12 day off -> 09.01.2025
    });
    const items = contractDeadlines(c, [{ kind: 'payment', date: '2024-05-06', publishedAt: '2024-05-17' }], {
      calendar,
      config,
      today: '2025-01-09',
    });
    expect(items.map((i) => [i.duty, i.title, i.dueDate, i.status])).toEqual([
      ['contract_register', 'Сведения о договоре в реестре договоров', '2024-03-12', 'done'],
      [
        'contract_change',
        'Сведения об изменении договора в реестре договоров (изменение от 26.04.2024)',
        '2024-05-06',
        'done',
      ],
      [
        'contract_change',
        'Сведения об изменении договора в реестре договоров (изменение от 29.04.2024)',
        '2024-05-13',
        'done',
      ],
      [
        'contract_execution',
        'Сведения об исполнении договора в реестре договоров (оплата от 06.05.2024)',
        '2024-05-16',
        'done_late',
      ],
      [
        'contract_execution',
        'Сведения об исполнении договора в реестре договоров (исполнение от 21.12.2024)',
        '2025-01-09',
        'due_soon',
      ],
    ]);
    expect(items[1]).toMatchObject({ unconfirmed: true, reference: 'ч. 2 ст. 4.1 223-ФЗ, ПП РФ № 1132' });
  });

  it('a timestamp is read as a Moscow date', () => {
    // 22:30 UTC on 12.03 is 01:30 on 13.03 in Moscow: one day late.
    const [item] = contractDeadlines(contract({ publishedAt: '2024-03-12T22:30:00Z' }), [], {
      calendar,
      config,
      today: '2024-04-01',
    });
    expect(item).toMatchObject({ doneDate: '2024-03-13', status: 'done_late' });
    const [onTime] = contractDeadlines(contract({ publishedAt: '2024-03-12T20:59:00Z' }), [], {
      calendar,
      config,
      today: '2024-04-01',
    });
    expect(onTime).toMatchObject({ doneDate: '2024-03-12', status: 'done' });
  });

  it('a period crossing an unknown year is flagged weekends-only', () => {
    const [item] = contractDeadlines(contract({ contractDate: '2027-12-29' }), [], {
      calendar,
      config,
      today: '2027-12-29',
    });
    expect(item.coverage).toBe('weekends-only');
  });
});

describe('register threshold (ч. 15 ст. 4 223-ФЗ)', () => {
  it('up to 100 000 rub no register entries; 500 000 rub for a customer with revenue over 5 bn', () => {
    expect(registerExemption(contract({ price: '100000.00' }), config)).toBe(
      'Цена договора 100 000,00 ₽ не превышает 100 000,00 ₽: сведения в реестр договоров можно не размещать (ч. 15 ст. 4 223-ФЗ)',
    );
    expect(
      contractDeadlines(contract({ price: '100000' }), [], { calendar, config, today: '2024-04-01' }),
    ).toEqual([]);
    expect(registerExemption(contract({ price: '100000.01' }), config)).toBeNull();
    expect(
      registerExemption(contract({ price: '450000.00', customerRevenueOver5bn: true }), config),
    ).not.toBeNull();
    expect(
      registerExemption(contract({ price: '500000.01', customerRevenueOver5bn: true }), config),
    ).toBeNull();
  });

  it('is configuration: the Положение may require registering small contracts; 44-FZ has no such exemption', () => {
    const strict = deadlineConfig({ registerSmallContracts: true });
    expect(registerExemption(contract({ price: '50000.00' }), strict)).toBeNull();
    expect(
      contractDeadlines(contract({ price: '50000.00' }), [], {
        calendar,
        config: strict,
        today: '2024-04-01',
      }),
    ).toHaveLength(1);
    expect(registerExemption(contract({ law: '44', price: '50000.00' }), config)).toBeNull();
    const higher = deadlineConfig({
      registerThreshold: { standard: '300000.00', largeCustomer: '500000.00' },
    });
    expect(registerExemption(contract({ price: '250000.00' }), higher)).not.toBeNull();
  });
});

describe('44-FZ', () => {
  it('contract and change in the register within 5 working days (ч. 3 ст. 103)', () => {
    const c = contract({
      law: '44',
      publishedAt: '2024-03-14',
      changes: [{ date: '2024-04-26', publishedAt: '2024-05-08' }],
    });
    const items = contractDeadlines(c, [], { calendar, config, today: '2024-06-01' });
    expect(items.map((i) => [i.duty, i.dueDate, i.status, i.reference])).toEqual([
      ['contract_register_44', '2024-03-14', 'done', 'ч. 3 ст. 103 44-ФЗ'],
      // 26.04 -> 27.04 (working Saturday), 02.05, 03.05, 06.05, 07.05
      ['contract_change_44', '2024-05-07', 'done_late', 'ч. 3 ст. 103 44-ФЗ'],
    ]);
  });
});

describe('violationsForImportedContract', () => {
  it('names the due date and the actual date', () => {
    const v = violationsForImportedContract(contract({ publishedAt: '2024-03-15' }), [], {
      calendar,
      config,
      today: '2024-04-01',
    });
    expect(v).toEqual([
      {
        duty: 'contract_register',
        message:
          'Сведения о договоре размещены в реестре позже 3 рабочих дней после заключения (срок 12.03.2024, размещены 15.03.2024)',
        dueDate: '2024-03-12',
        doneDate: '2024-03-15',
        reference: 'ч. 2 ст. 4.1 223-ФЗ',
        unconfirmed: false,
      },
    ]);
  });

  it('late changes, missing execution information, 44-FZ wording', () => {
    const c = contract({
      publishedAt: '2024-03-12',
      changes: [{ date: '2024-04-05', publishedAt: '2024-04-19' }],
      executions: [{ date: '2024-05-06', publishedAt: null }],
    });
    expect(
      violationsForImportedContract(c, [], { calendar, config, today: '2024-06-01' }).map((v) => v.message),
    ).toEqual([
      'Сведения об изменении договора от 05.04.2024 размещены в реестре позже 10 дней после изменения (срок 15.04.2024, размещены 19.04.2024)',
      'Сведения об исполнении договора (исполнение от 06.05.2024) не размещены в реестре: срок 16.05.2024 истёк',
    ]);
    const c44 = contract({ law: '44', publishedAt: '2024-03-14' });
    expect(
      violationsForImportedContract(c44, [], { calendar, config, today: '2024-06-01' }).map((v) => v.message),
    ).toEqual([]);
    const late44 = contract({ law: '44', publishedAt: '2024-03-15', contractDate: '2024-03-01' });
    expect(
      violationsForImportedContract(late44, [], { calendar, config, today: '2024-06-01' })[0].message,
    ).toBe(
      'Сведения о контракте размещены в реестре позже 5 рабочих дней после заключения (срок 11.03.2024, размещены 15.03.2024)',
    );
  });

  it('payments recorded by the execution module', () => {
    const v = violationsForImportedContract(
      contract({ publishedAt: '2024-03-12' }),
      [{ kind: 'payment', date: '2024-12-21', publishedAt: '2025-01-10' }],
      { calendar, config, today: '2025-02-01' },
    );
    expect(v.map((x) => x.message)).toEqual([
      'Сведения об исполнении договора (оплата от 21.12.2024) размещены в реестре позже 10 дней после оплаты (срок 09.01.2025, размещены 10.01.2025)',
    ]);
  });

  it('contract concluded outside 10-20 days after the final protocol (ч. 15 ст. 3.2)', () => {
    const base = { publishedAt: '2024-03-12', finalProtocolPlacedAt: '2024-03-01' };
    const early = violationsForImportedContract(contract({ ...base, contractDate: '2024-03-07' }), [], {
      calendar,
      config,
      today: '2024-04-01',
    });
    expect(early.map((v) => v.message)).toEqual([
      'Договор заключён ранее чем через 10 дней после размещения итогового протокола (не ранее 11.03.2024, заключён 07.03.2024)',
    ]);
    const lateOne = contract({ ...base, contractDate: '2024-03-25', publishedAt: '2024-03-26' });
    expect(
      violationsForImportedContract(lateOne, [], { calendar, config, today: '2024-04-01' }).map(
        (v) => v.message,
      ),
    ).toEqual([
      'Договор заключён позже 20 дней после размещения итогового протокола (срок 21.03.2024, заключён 25.03.2024)',
    ]);
    const inWindow = contract({ ...base, contractDate: '2024-03-11' });
    expect(violationsForImportedContract(inWindow, [], { calendar, config, today: '2024-04-01' })).toEqual(
      [],
    );
    const items = contractDeadlines(inWindow, [], { calendar, config, today: '2024-04-01' });
    expect(items.find((i) => i.duty === 'contract_conclusion')).toMatchObject({
      duty: 'contract_conclusion',
      dueDate: '2024-03-21',
      doneDate: '2024-03-11',
      status: 'done',
    });
  });

  it('a small contract has no register violations', () => {
    expect(
      violationsForImportedContract(contract({ price: '99000.00' }), [], {
        calendar,
        config,
        today: '2025-01-01',
      }),
    ).toEqual([]);
  });
});

describe('reports and other duties', () => {
  it('monthly report by the 10th of the next month, moved off a Sunday', () => {
    expect(monthlyReportDue(2024, 2, null, { calendar, config, today: '2024-03-01' })).toMatchObject({
      title: 'Ежемесячные сведения о договорах (ПП РФ № 814) за февраль 2024 г.',
      dueDate: '2024-03-11', // 10.03.2024 is a Sunday
      status: 'due',
      reference: 'ч. 19 ст. 4 223-ФЗ',
    });
    expect(monthlyReportDue(2024, 12, '2025-01-10', { calendar, config, today: '2025-02-01' })).toMatchObject(
      {
        dueDate: '2025-01-10',
        status: 'done',
      },
    );
  });

  it('annual SME report by 1 February (a Saturday in 2025)', () => {
    expect(smeReportDue(2024, '2025-02-03', { calendar, config, today: '2025-03-01' })).toMatchObject({
      title: 'Годовой отчёт о закупках у субъектов МСП за 2024 г.',
      dueDate: '2025-02-03',
      status: 'done',
      reference: 'ч. 21 ст. 4 223-ФЗ',
    });
    expect(smeReportDue(2023, null, { calendar, config, today: '2024-02-02' }).status).toBe('overdue');
  });

  it('protocols in 3 days, rules in 15 days (unconfirmed), next year plan by 31 December', () => {
    expect(
      dutyDue('protocol_publish', '2024-03-06', null, { calendar, config, today: '2024-03-06' }),
    ).toMatchObject({
      dueDate: '2024-03-11', // 09.03 Saturday -> 11.03
      status: 'due_soon',
    });
    expect(
      dutyDue('rules_publish', '2024-01-15', '2024-01-30', { calendar, config, today: '2024-02-01' }),
    ).toMatchObject({
      dueDate: '2024-01-30',
      status: 'done',
      unconfirmed: true,
    });
    expect(
      dutyDue('plan_next_year', '2024-11-01', null, { calendar, config, today: '2024-12-01' }).dueDate,
    ).toBe('2025-01-09');
    const noMove = deadlineConfig({ rules: { plan_next_year: { moveToWorkingDay: false } } });
    expect(
      dutyDue('plan_next_year', '2024-11-01', null, { calendar, config: noMove, today: '2024-12-01' })
        .dueDate,
    ).toBe('2024-12-31');
  });

  it('a rule period is configuration', () => {
    const custom = deadlineConfig({
      rules: { contract_change: { period: { kind: 'working-days', days: 10 } } },
    });
    expect(custom.rules.contract_change.title).toBe(DEFAULT_DEADLINE_CONFIG.rules.contract_change.title);
    const c = contract({ publishedAt: '2024-03-12', changes: [{ date: '2024-04-26', publishedAt: null }] });
    const change = contractDeadlines(c, [], { calendar, config: custom, today: '2024-05-01' }).find(
      (i) => i.duty === 'contract_change',
    );
    expect(change?.dueDate).toBe('2024-05-16'); // 27.04, 02.05, 03.05, 06-08.05, 13-16.05
    expect(DEFAULT_DEADLINE_CONFIG.rules.contract_change.period).toEqual({ kind: 'calendar-days', days: 10 });
  });
});

describe('the dated rule of each event', () => {
  // a company's rule from 01.06.2024 (a new row): events before keep the table's row of their date
  const dated = deadlineConfig({
    rules: { contract_change: { period: { kind: 'working-days', days: 5 }, validFrom: '2024-06-01' } },
  });
  it.each([
    ['a change before the new row: 10 calendar days', '2024-05-20', '2024-05-30'],
    ['a change on the first day of the new row: 5 working days', '2024-06-01', '2024-06-07'],
    ['a change after it, across 12 June: 5 working days', '2024-06-10', '2024-06-18'],
  ])('%s', (_name, date, due) => {
    const c = contract({ publishedAt: '2024-03-12', changes: [{ date, publishedAt: null }] });
    const items = contractDeadlines(c, [], { calendar, config: dated, today: '2024-05-01' });
    expect(items.find((i) => i.duty === 'contract_change')?.dueDate).toBe(due);
    expect(
      dutyDue('contract_change', date, null, { calendar, config: dated, today: '2024-05-01' }).dueDate,
    ).toBe(due);
  });

  it.each([
    ['standard customer, at the threshold', false, '100000.00', true],
    ['standard customer, above it', false, '100000.01', false],
    ['large customer, at its threshold', true, '500000.00', true],
    ['large customer, above it', true, '500000.01', false],
  ])('register threshold in force on the contract date: %s', (_name, large, price, exempt) => {
    const c = contract({ price, customerRevenueOver5bn: large, contractDate: '2026-03-02' });
    expect(registerExemption(c, config) !== null).toBe(exempt);
  });
});
