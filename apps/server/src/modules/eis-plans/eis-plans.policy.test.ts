import { describe, expect, it } from 'vitest';
import { productionCalendar } from '../calendar/production-calendar.js';
import { DEFAULT_DEADLINE_CONFIG } from '../law/deadline-rules.js';
import {
  diffPositions,
  dutyViolations,
  type LinkFact,
  type PositionFacts,
  type PositionState,
  planDuties,
  positionNumber,
  positionViolations,
  sumMoney,
} from './eis-plans.policy.js';

const pos = (guid: string, over: Partial<PositionState> = {}): PositionState => ({
  guid,
  number: `R-${guid}`,
  subject: `Позиция ${guid}`,
  status: 'P',
  cancellationReason: null,
  price: '100.00',
  currency: 'RUB',
  methodCode: '1',
  methodName: 'Аукцион',
  year: 2025,
  month: 3,
  plannedDate: null,
  contractEndDate: '2025-12-31',
  electronic: true,
  smeOnly: false,
  longTerm: false,
  customerInn: '7710043065',
  rows: '26.20 × 1 Штука',
  ...over,
});

describe('positionNumber', () => {
  const none = () => false;
  it.each([
    ['a position of the plan', null, none, 'R-7'],
    ['a position carried over from 2018', { year: 2018 }, none, 'R-7-2018'],
    ['a carried-over one without a year', { year: null }, none, 'R-7-прежн'],
    ['a number already taken', null, (n: string) => n === 'R-7', 'R-7-abcdef12'],
  ])('%s', (_name, carried, taken, expected) => {
    expect(positionNumber('R', 7, carried, taken, 'abcdef12-0000')).toBe(expected);
  });
});

describe('diffPositions', () => {
  const cases: [
    string,
    PositionState[],
    PositionState[],
    { added: string[]; changed: [string, string[]][]; annulled: [string, boolean][]; unchanged: number },
  ][] = [
    ['nothing changed', [pos('a')], [pos('a')], { added: [], changed: [], annulled: [], unchanged: 1 }],
    [
      'a new guid is added',
      [pos('a')],
      [pos('a'), pos('b')],
      { added: ['b'], changed: [], annulled: [], unchanged: 1 },
    ],
    [
      'price and month changed',
      [pos('a')],
      [pos('a', { price: '120.00', month: 4 })],
      { added: [], changed: [['a', ['price', 'period']]], annulled: [], unchanged: 0 },
    ],
    [
      'status P -> C alone is not a change',
      [pos('a')],
      [pos('a', { status: 'C' })],
      { added: [], changed: [], annulled: [], unchanged: 1 },
    ],
    [
      'annulled (status A)',
      [pos('a')],
      [pos('a', { status: 'A' })],
      { added: [], changed: [], annulled: [['a', false]], unchanged: 0 },
    ],
    [
      'left out of the new version',
      [pos('a'), pos('b')],
      [pos('a')],
      { added: [], changed: [], annulled: [['b', true]], unchanged: 1 },
    ],
    [
      'annulled before and still annulled',
      [pos('a', { status: 'A' })],
      [pos('a', { status: 'A' })],
      { added: [], changed: [], annulled: [], unchanged: 1 },
    ],
    [
      'an annulled one left out',
      [pos('a', { status: 'A' })],
      [],
      { added: [], changed: [], annulled: [], unchanged: 0 },
    ],
    [
      'rows, method and SME flag',
      [pos('a')],
      [pos('a', { rows: '26.20 × 2 Штука', methodName: 'Запрос котировок', smeOnly: true })],
      { added: [], changed: [['a', ['method', 'sme_only', 'rows']]], annulled: [], unchanged: 0 },
    ],
  ];
  it.each(cases)('%s', (_name, from, to, expected) => {
    const d = diffPositions(from, to);
    expect({
      added: d.added.map((p) => p.guid),
      changed: d.changed.map((c) => [c.position.guid, c.changes.map((x) => x.field)]),
      annulled: d.annulled.map((a) => [a.position.guid, a.removed]),
      unchanged: d.unchanged,
    }).toEqual(expected);
  });
  it('gives old and new values', () => {
    const d = diffPositions([pos('a')], [pos('a', { price: '120.00', electronic: false })]);
    expect(d.changed[0].changes).toEqual([
      { field: 'price', title: 'НМЦД', from: '100.00', to: '120.00' },
      { field: 'electronic', title: 'В электронной форме', from: 'да', to: 'нет' },
    ]);
  });
});

describe('positionViolations (item 5)', () => {
  const link = (over: Partial<LinkFact>): LinkFact => ({
    kind: 'procurement',
    label: '№ 1',
    amount: '50.00',
    date: '2025-03-10',
    live: true,
    ...over,
  });
  const facts = (over: Partial<PositionFacts>): PositionFacts => ({
    number: 'R-1',
    status: 'P',
    price: '100.00',
    lastChangePublishedOn: '2025-03-01',
    lastChangeVersion: 2,
    links: [],
    ...over,
  });
  it.each<[string, Partial<PositionFacts>, string[]]>([
    ['no links', {}, []],
    ['a procurement after the last change', { links: [link({})] }, []],
    [
      'a procurement before the last change was placed',
      { links: [link({ date: '2025-02-20' })] },
      ['procurement_before_change'],
    ],
    [
      'an annulled position with a live procurement',
      { status: 'A', links: [link({})] },
      ['annulled_with_procurement'],
    ],
    [
      'an annulled position with a cancelled procurement',
      { status: 'A', links: [link({ live: false })] },
      [],
    ],
    [
      'procurements above the НМЦД',
      { links: [link({ amount: '60.00' }), link({ amount: '50.00', label: '№ 2' })] },
      ['procurement_over_price'],
    ],
    ['a contract equal to the НМЦД', { links: [link({ kind: 'contract', amount: '100.00' })] }, []],
    [
      'a contract above the НМЦД',
      { links: [link({ kind: 'contract', amount: '100.01' })] },
      ['contract_over_price'],
    ],
    ['a position without a price', { price: null, links: [link({ kind: 'contract', amount: '1.00' })] }, []],
  ])('%s', (_name, over, codes) => {
    expect(positionViolations(facts(over)).map((v) => v.code)).toEqual(codes);
  });
});

describe('planDuties (ПП 932)', () => {
  const calendar = productionCalendar();
  const cfg = DEFAULT_DEADLINE_CONFIG;
  it.each<
    [
      string,
      { version: number; approveDate: string | null; publishedAt: string | null }[],
      string,
      [string, string, string][],
    ]
  >([
    [
      'version 1 placed in time (30 and 31 December 2024 were days off: due 09.01.2025), a change placed on the 10th day',
      [
        { version: 1, approveDate: '2024-12-20', publishedAt: '2024-12-25T09:00:00Z' },
        { version: 2, approveDate: '2025-03-03', publishedAt: '2025-03-13T09:00:00Z' },
      ],
      '2025-06-01',
      [
        ['plan_next_year', '2025-01-09', 'done'],
        ['plan_publish', '2025-01-09', 'done'],
        ['plan_publish', '2025-03-13', 'done'],
      ],
    ],
    [
      'a change placed on the 11th day',
      [{ version: 3, approveDate: '2025-03-03', publishedAt: '2025-03-14T09:00:00Z' }],
      '2025-06-01',
      [['plan_publish', '2025-03-13', 'done_late']],
    ],
    [
      'a change not placed yet, still in time',
      [{ version: 4, approveDate: '2025-05-28', publishedAt: null }],
      '2025-06-01',
      [['plan_publish', '2025-06-09', 'due']],
    ],
  ])('%s', (_name, versions, today, expected) => {
    const duties = planDuties(2025, versions, calendar, cfg, today);
    expect(duties.map((d) => [d.duty, d.dueDate, d.status])).toEqual(expected);
    expect(dutyViolations(duties).length).toBe(
      expected.filter((e) => e[2] === 'done_late' || e[2] === 'overdue').length,
    );
  });
});

describe('sumMoney', () => {
  it('adds exactly, in kopecks', () => {
    expect(sumMoney(['0.10', '0.20', null, '1166063136.73'])).toBe('1166063137.03');
  });
});
