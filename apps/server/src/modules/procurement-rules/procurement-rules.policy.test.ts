import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import {
  checkTags,
  copyKey,
  copyTitle,
  describeTemplateError,
  eisDueDate,
  inForce,
  refusal,
  supersede,
  versionDuty,
} from './procurement-rules.policy.js';

const calendar = createRuCalendar();

describe('refusal: what a version in a state allows', () => {
  it.each([
    ['draft', 'edit', true],
    ['draft', 'documents', true],
    ['draft', 'approve', true],
    ['draft', 'publish', false],
    ['draft', 'new_draft', false],
    ['approved', 'edit', false],
    ['approved', 'documents', false],
    ['approved', 'approve', false],
    ['approved', 'publish', true],
    ['approved', 'new_draft', true],
    ['published', 'edit', false],
    ['published', 'publish', false],
    ['published', 'new_draft', true],
    ['superseded', 'edit', false],
    ['superseded', 'new_draft', true],
  ] as const)('%s: %s allowed = %s', (status, action, allowed) => {
    expect(refusal(status, action) === null).toBe(allowed);
  });
});

describe('the 15-day EIS duty (ч. 1 ст. 4 223-ФЗ)', () => {
  it.each([
    // 15 calendar days; a due date on a day off moves to the next working day
    ['2025-03-03', '2025-03-18'],
    ['2025-03-01', '2025-03-17'], // 16.03.2025 is a Sunday
    ['2024-12-20', '2025-01-09'], // 04.01.2025 falls in the New Year holidays
  ])('approved %s: due %s', (decision, due) => {
    expect(eisDueDate(decision, calendar)).toBe(due);
  });

  const base = { id: 1, number: 2, decisionDate: '2025-03-03', eisDueDate: '2025-03-18' };
  it.each([
    ['draft', null, '2025-03-20', null],
    ['approved', null, '2025-03-05', 'due'],
    ['approved', null, '2025-03-17', 'due_soon'],
    ['approved', null, '2025-03-19', 'overdue'],
    ['published', '2025-03-10', '2025-04-01', 'done'],
    ['published', '2025-03-25', '2025-04-01', 'done_late'],
  ] as const)('%s, placed %s, on %s: %s', (status, published, today, expected) => {
    const d = versionDuty({ ...base, status, eisPublishedOn: published }, today, calendar, 2);
    expect(d?.status ?? null).toBe(expected);
  });

  it('counts days left and names the version', () => {
    const d = versionDuty({ ...base, status: 'approved', eisPublishedOn: null }, '2025-03-20', calendar, 2)!;
    expect(d.days_left).toBe(-2);
    expect(d.working_days_left).toBeNull();
    expect(d.title).toBe(
      'Размещение положения о закупке (изменений) в ЕИС: редакция № 2, утверждена 03.03.2025',
    );
  });
});

describe('the version in force and supersession', () => {
  it.each([
    ['published', '2025-01-01', null, '2025-06-01', true],
    ['published', '2025-07-01', null, '2025-06-01', false],
    ['superseded', '2025-01-01', '2025-06-30', '2025-06-01', true],
    ['superseded', '2025-01-01', '2025-05-31', '2025-06-01', false],
    ['approved', '2025-01-01', null, '2025-06-01', false],
    ['draft', null, null, '2025-06-01', false],
  ] as const)('%s from %s to %s on %s: %s', (status, from, to, today, expected) => {
    expect(inForce({ status, effectiveFrom: from, effectiveTo: to }, today)).toBe(expected);
  });

  it('ends the open versions the day before the new one takes effect', () => {
    expect(
      supersede(
        [
          { id: 1, effectiveFrom: '2024-01-01', effectiveTo: '2024-12-31' },
          { id: 2, effectiveFrom: '2025-01-01', effectiveTo: null },
          { id: 3, effectiveFrom: '2025-08-01', effectiveTo: null },
        ],
        '2025-07-01',
      ),
    ).toEqual([
      { id: 2, effectiveTo: '2025-06-30' },
      { id: 3, effectiveTo: '2025-07-31' },
    ]);
  });
});

describe('template tags', () => {
  const fields = [
    { code: 'delivery_place', title: 'Место поставки', required: true },
    { code: 'delivery_term', title: 'Срок поставки', required: true },
    { code: 'payment_term', title: 'Срок оплаты', required: false },
  ];
  const both = ['delivery_place', 'delivery_term'];
  it.each([
    [both, [], [], []],
    [['delivery_place', 'company.inn', 'items', 'item.name'], [], ['delivery_term'], []],
    [
      ['delivery_plac', 'company.bogus', 'delivery_term'],
      ['delivery_plac', 'company.bogus'],
      ['delivery_place'],
      [],
    ],
    [[' delivery_term ', 'delivery_term', 'delivery_place'], [], [], []],
    // one scheme: system fields by their dotted names; an older name is accepted with a warning
    [['customer.title', 'procurement.nmcd', ...both], [], [], []],
    [
      ['customer_name', 'nmcd', 'constructor', ...both],
      ['constructor'],
      [],
      [
        'Поле «customer_name» устарело: используйте «customer.title»',
        'Поле «nmcd» устарело: используйте «procurement.nmcd»',
      ],
    ],
    [['customer.inn'], [], both, []],
  ])('%j: unknown %j, missing required %j, warnings %j', (tags, unknown, missing, warnings) => {
    const r = checkTags(tags, fields);
    expect(r.unknown).toEqual(unknown);
    expect(r.missing_required.map((m) => m.code)).toEqual(missing);
    expect(r.warnings).toEqual(warnings);
  });

  it('a required field kept under an older name (a company’s own) is satisfied by either name', () => {
    const own = [{ code: 'application_deadline', title: 'Срок подачи заявок', required: true }];
    expect(checkTags(['procurement.bids_deadline'], own).missing_required).toEqual([]);
    expect(checkTags(['application_deadline'], own).missing_required).toEqual([]);
    expect(checkTags(['customer.title'], own).missing_required.map((m) => m.code)).toEqual([
      'application_deadline',
    ]);
  });

  it('describes docxtemplater errors in Russian', () => {
    expect(describeTemplateError({ id: 'unclosed_tag', context: '{customer' })).toBe(
      'Поле без закрывающей скобки «}»: «{customer»',
    );
    expect(describeTemplateError({ id: 'unclosed_loop', xtag: 'items' })).toBe('Цикл без конца: «{#items}»');
  });
});

describe('copy key', () => {
  it('is the same for the same request, versions in any order', () => {
    expect(copyKey(1, 2, [5, 3])).toBe(copyKey(1, 2, [3, 5, 5]));
    expect(copyKey(1, 2, undefined)).toBe(copyKey(1, 2, []));
    expect(copyKey(1, 2, [3])).not.toBe(copyKey(1, 3, [3]));
  });
});

describe("a copy's title", () => {
  const source = { title: 'ООО «Ромашка»', fullTitle: 'Общество с ограниченной ответственностью «Ромашка»' };
  const target = { title: 'АО «Лютик»', fullTitle: 'Акционерное общество «Лютик»' };
  it("replaces the source company's names by the target's, full title first, any case", () => {
    expect(copyTitle('Положение о закупке ООО «Ромашка»', source, target)).toBe(
      'Положение о закупке АО «Лютик»',
    );
    expect(
      copyTitle(
        'Положение о закупке общество с ограниченной ответственностью «Ромашка» (ред. 2)',
        source,
        target,
      ),
    ).toBe('Положение о закупке Акционерное общество «Лютик» (ред. 2)');
  });
  it('keeps a title without the source name and copes with missing names', () => {
    expect(copyTitle('Положение о закупке', source, target)).toBe('Положение о закупке');
    expect(copyTitle('Положение ООО «Ромашка»', source, { title: null, fullTitle: 'АО «Лютик»' })).toBe(
      'Положение АО «Лютик»',
    );
    expect(copyTitle('Положение (a+b)', { title: '(a+b)', fullTitle: null }, target)).toBe(
      'Положение АО «Лютик»',
    );
  });
});
