import { describe, expect, it } from 'vitest';
import { createRuCalendar } from '../calendar/production-calendar.js';
import {
  conclusionRefusal,
  nextNumber,
  procurementDeleteRefusal,
  statusDates,
  transitionRefusal,
} from './procurement-status.policy.js';
import {
  type AmountFacts,
  checkAmounts,
  checkDateOrder,
  checkMethod,
  checkNoticePeriod,
  checkPlanRequired,
  checkPosition,
  checkPositionFixed,
  checkSme,
  type DateFacts,
  matchMethod,
  noticePeriod,
  procurementWarnings,
  subjectKindOf,
  unpricedItems,
  type VersionFacts,
} from './procurements.policy.js';

const calendar = createRuCalendar();

const VERSION: VersionFacts = {
  number: 2,
  ruleTitle: 'Положение о закупке АО «Энергосеть»',
  effectiveFrom: '2026-02-01',
  methods: [
    { method_id: 1, notice_days: 15, notice_day_kind: 'calendar' },
    { method_id: 2, notice_days: 5, notice_day_kind: 'working' },
    { method_id: 3, notice_days: 0, notice_day_kind: 'calendar' },
  ],
  planThreshold: '100000',
  planThresholdLarge: '500000',
  smeCeiling: '800000000',
};
const method = (id: number, title: string, form: string, electronic: boolean) => ({
  id,
  title,
  flags: { form, competitive: form !== 'single_supplier', electronic, sme_only: false },
});
const AUCTION = method(1, 'Аукцион в электронной форме', 'auction', true);
const QUOTATION = method(2, 'Запрос котировок в электронной форме', 'quotation_request', true);
const PROPOSAL = method(3, 'Запрос предложений в электронной форме', 'proposal_request', true);
const TENDER = method(4, 'Открытый конкурс', 'competition', false);
const SINGLE = method(
  5,
  'Закупка у единственного поставщика (исполнителя, подрядчика)',
  'single_supplier',
  false,
);

const lot = (number: number, nmcd: string, items: [string, string][] = []) => ({
  number,
  nmcd,
  items: items.map(([quantity, unit_price]) => ({ quantity, unit_price })),
});
const rules = (r: { rule: string }[]) => r.map((x) => x.rule);

describe('amounts', () => {
  const cases: [string, AmountFacts, string[]][] = [
    [
      'one lot, items summing up',
      {
        nmcd: '90000',
        lots: [
          lot(1, '90000', [
            ['10', '5000'],
            ['4', '10000'],
          ]),
        ],
      },
      [],
    ],
    ['two lots summing up, no items', { nmcd: '300', lots: [lot(1, '100'), lot(2, '200')] }, []],
    ['НМЦД zero', { nmcd: '0', lots: [lot(1, '0')] }, ['nmcd_positive', 'nmcd_positive']],
    ['lots not summing up', { nmcd: '300', lots: [lot(1, '100'), lot(2, '100')] }, ['nmcd_lots']],
    ['items not summing up', { nmcd: '100', lots: [lot(1, '100', [['3', '30']])] }, ['lot_nmcd_items']],
    ['items without a price are not summed yet', { nmcd: '100', lots: [lot(1, '100', [['3', '0']])] }, []],
    ['a lot number twice', { nmcd: '200', lots: [lot(1, '100'), lot(1, '100')] }, ['lot_number_unique']],
    ['fractions rounded per line', { nmcd: '3.33', lots: [lot(1, '3.33', [['3', '1.11']])] }, []],
    // a one-item lot from an EIS notice: its unit price is the НМЦД over the quantity, rounded;
    // the item's amount is the НМЦД exactly (968,83 × 235 = 227 675,05 is not)
    [
      'a one-item lot priced at its НМЦД over the quantity',
      { nmcd: '227674.00', lots: [lot(1, '227674.00', [['235', '968.83']])] },
      [],
    ],
    [
      'a one-item lot priced a kopeck off',
      { nmcd: '227674.00', lots: [lot(1, '227674.00', [['235', '968.82']])] },
      ['lot_nmcd_items'],
    ],
  ];
  it.each(cases)('%s', (_name, facts, expected) => {
    expect(rules(checkAmounts(facts))).toEqual(expected);
  });

  it('names both sums with a decimal comma', () => {
    expect(checkAmounts({ nmcd: '1000000', lots: [lot(1, '999999.5')] })[0].message).toBe(
      'НМЦД закупки 1 000 000,00 ₽ не равна сумме НМЦД лотов 999 999,50 ₽',
    );
    expect(checkAmounts({ nmcd: '100', lots: [lot(1, '100', [['3', '30']])] })[0].message).toBe(
      'НМЦД лота № 1 (100,00 ₽) не равна сумме его позиций (90,00 ₽)',
    );
  });

  it('asks for the prices of items before the draft moves on', () => {
    const r = unpricedItems({
      nmcd: '100',
      lots: [
        lot(1, '100', [
          ['3', '0'],
          ['1', '0'],
        ]),
      ],
    });
    expect(r[0].message).toBe(
      'В лоте № 1 у 2 позиций не указана цена за единицу: НМЦД лота должна равняться сумме позиций',
    );
  });
});

describe('method and notice period', () => {
  it('allows only the methods of the version', () => {
    expect(checkMethod(AUCTION, VERSION, [AUCTION, QUOTATION])).toEqual([]);
    expect(checkMethod(TENDER, VERSION, [AUCTION, QUOTATION])[0].message).toBe(
      'Способ закупки «Открытый конкурс» не предусмотрен Положением «Положение о закупке АО «Энергосеть»» (редакция № 2, действует с 01.02.2026); допустимы: «Аукцион в электронной форме», «Запрос котировок в электронной форме» (ч. 1 ст. 3.2 223-ФЗ)',
    );
  });

  it.each([
    ['the version’s period', AUCTION, { days: 15, kind: 'calendar', source: 'version' }],
    ['the version’s working days', QUOTATION, { days: 5, kind: 'working', source: 'version' }],
    [
      'the law’s default when the version gives 0 days',
      PROPOSAL,
      { days: 7, kind: 'working', source: 'law' },
    ],
    [
      'the law’s default for a method the version does not list',
      TENDER,
      { days: 15, kind: 'calendar', source: 'law' },
    ],
    ['none for a single supplier', SINGLE, null],
  ] as const)('%s', (_n, method, expected) => {
    expect(noticePeriod(method, VERSION)).toEqual(expected);
  });

  const dates = (over: Partial<DateFacts>): DateFacts => ({
    planned_publication_date: null,
    published_on: null,
    bids_deadline: null,
    review_date: null,
    summing_up_date: null,
    ...over,
  });
  // 2026: 8 March is a Sunday, so Monday 9 March is a day off
  const cases: [string, typeof AUCTION, Partial<DateFacts>, boolean][] = [
    [
      '15 calendar days exactly',
      AUCTION,
      { planned_publication_date: '2026-03-02', bids_deadline: '2026-03-17' },
      true,
    ],
    [
      '14 calendar days',
      AUCTION,
      { planned_publication_date: '2026-03-02', bids_deadline: '2026-03-16' },
      false,
    ],
    [
      'the actual publication counts over the planned one',
      AUCTION,
      { planned_publication_date: '2026-03-01', published_on: '2026-03-03', bids_deadline: '2026-03-17' },
      false,
    ],
    [
      '5 working days over the 9 March holiday',
      QUOTATION,
      { planned_publication_date: '2026-03-06', bids_deadline: '2026-03-16' },
      true,
    ],
    [
      '4 working days (the holiday is not one)',
      QUOTATION,
      { planned_publication_date: '2026-03-06', bids_deadline: '2026-03-13' },
      false,
    ],
    ['no bids deadline yet', AUCTION, { planned_publication_date: '2026-03-02' }, true],
    [
      'a single supplier has no notice period',
      SINGLE,
      { planned_publication_date: '2026-03-02', bids_deadline: '2026-03-02' },
      true,
    ],
  ];
  it.each(cases)('%s', (_n, method, over, ok) => {
    expect(checkNoticePeriod(dates(over), method, VERSION, calendar).length === 0).toBe(ok);
  });

  it('names the period, the dates and the earliest deadline', () => {
    const [r] = checkNoticePeriod(
      dates({ planned_publication_date: '2026-03-06', bids_deadline: '2026-03-13' }),
      QUOTATION,
      VERSION,
      calendar,
    );
    expect(r.message).toBe(
      'Срок подачи заявок 13.03.2026 короче срока для способа «Запрос котировок в электронной форме»: не менее 5 рабочих дней после планируемого размещения извещения 06.03.2026, то есть не ранее 16.03.2026 (ст. 3.2 223-ФЗ; срок установлен Положением «Положение о закупке АО «Энергосеть»» (редакция № 2, действует с 01.02.2026))',
    );
  });

  it('keeps the dates in order', () => {
    expect(
      checkDateOrder(
        dates({
          planned_publication_date: '2026-03-01',
          bids_deadline: '2026-03-20',
          review_date: '2026-03-21',
          summing_up_date: '2026-03-22',
        }),
      ),
    ).toEqual([]);
    const [r] = checkDateOrder(
      dates({
        planned_publication_date: '2026-03-01',
        review_date: '2026-03-25',
        summing_up_date: '2026-03-22',
      }),
    );
    expect(r.message).toBe(
      'Даты закупки не по порядку: дата подведения итогов 22.03.2026 раньше, чем дата рассмотрения заявок 25.03.2026',
    );
    expect(rules(checkDateOrder(dates({ published_on: '2026-03-05', bids_deadline: '2026-03-04' })))).toEqual(
      ['dates_order'],
    );
  });

  it('finds the method of a plan position by its name', () => {
    const allowed = [
      { id: 1, title: 'Аукцион в электронной форме', extra: { form: 'auction', electronic: true } },
      {
        id: 2,
        title: 'Запрос котировок в электронной форме',
        extra: { form: 'quotation_request', electronic: true },
      },
      {
        id: 6,
        title: 'Аукцион в электронной форме, только МСП',
        extra: { form: 'auction', electronic: true, sme_only: true },
      },
    ];
    expect(matchMethod('запрос котировок в электронной форме', false, allowed)).toBe(2);
    expect(matchMethod('Электронный аукцион', false, allowed)).toBe(1);
    expect(matchMethod('Электронный аукцион', true, allowed)).toBe(6);
    expect(matchMethod('Открытый конкурс', false, allowed)).toBeNull();
    expect(matchMethod('', false, allowed)).toBeNull();
  });

  it('keeps the position’s form: a position that is not electronic never gets the electronic variant', () => {
    const allowed = [
      {
        id: 2,
        title: 'Запрос котировок в электронной форме',
        extra: { form: 'quotation_request', electronic: true },
      },
      { id: 3, title: 'Запрос котировок', extra: { form: 'quotation_request', electronic: false } },
    ];
    expect(matchMethod('Запрос котировок (неэлектронный)', false, allowed, false)).toBe(3);
    expect(matchMethod('Запрос котировок (неэлектронный)', false, allowed, true)).toBe(2);
    // only the electronic variant allowed: no silent switch, the user picks the method
    expect(matchMethod('Запрос котировок (неэлектронный)', false, [allowed[0]], false)).toBeNull();
  });

  it.each([
    [['27.32.13.190'], 'goods'],
    [['41.20.40.900'], 'works'],
    [['43.21.10.140'], 'works'],
    [['81.29.12.000'], 'services'],
    [['33.12.12.000'], 'services'],
    [[null, '62.01.11.000'], 'services'],
    [[], 'goods'],
  ] as const)('the subject kind of rows %j is %s', (codes, kind) => {
    expect(subjectKindOf([...codes])).toBe(kind);
  });
});

describe('plan position and SME', () => {
  it.each([
    ['below the threshold', '100000', null, [lot(1, '100000')], false, []],
    [
      'above it without a position',
      '100000.01',
      null,
      [lot(1, '100000.01')],
      false,
      ['plan_position_required'],
    ],
    ['above it with the procurement’s position', '200000', 7, [lot(1, '200000')], false, []],
    [
      'above it with every lot’s position',
      '200000',
      null,
      [
        { ...lot(1, '100000'), plan_position_id: 7 },
        { ...lot(2, '100000'), plan_position_id: 8 },
      ],
      false,
      [],
    ],
    [
      'a lot without one',
      '200000',
      null,
      [{ ...lot(1, '100000'), plan_position_id: 7 }, lot(2, '100000')],
      false,
      ['plan_position_required'],
    ],
    ['a large customer’s threshold', '400000', null, [lot(1, '400000')], true, []],
  ] as const)('%s', (_n, nmcd, pos, lots, large, expected) => {
    expect(
      rules(checkPlanRequired({ nmcd, lots: [...lots], plan_position_id: pos }, VERSION, large)),
    ).toEqual(expected);
  });

  it('names the threshold and the lots without a position', () => {
    const [r] = checkPlanRequired(
      {
        nmcd: '200000',
        lots: [{ ...lot(1, '100000'), plan_position_id: 7 }, lot(2, '100000')],
        plan_position_id: null,
      },
      VERSION,
      false,
    );
    expect(r.message).toBe(
      'НМЦД 200 000,00 ₽ больше порога 100 000,00 ₽, установленного Положением «Положение о закупке АО «Энергосеть»» (редакция № 2, действует с 01.02.2026) для включения закупки в план: укажите позицию плана закупки (без позиции: лот № 2) (ПП РФ № 932)',
    );
  });

  it('checks the position: annulled, НМЦД above its own', () => {
    const pos = { id: 7, number: '2180316803-5', price: '1000000.00', annulled: false };
    expect(checkPosition(pos, '1000000', 'закупки', 'body.plan_position_id')).toEqual([]);
    expect(checkPosition(pos, '1200000', 'закупки', 'body.plan_position_id')[0].message).toBe(
      'НМЦД закупки (1 200 000,00 ₽) больше НМЦД позиции плана 2180316803-5 (1 000 000,00 ₽): сначала измените позицию плана (ПП РФ № 932)',
    );
    expect(rules(checkPosition({ ...pos, annulled: true }, '1', 'закупки', 'x'))).toEqual([
      'plan_position_annulled',
    ]);
  });

  it('fixes the position after the notice', () => {
    const before = { plan_position_id: 7, lots: [{ number: 1, plan_position_id: null }] };
    const moved = { plan_position_id: 8, lots: [{ number: 1, plan_position_id: 9 }] };
    expect(checkPositionFixed('draft', null, before, moved)).toEqual([]);
    expect(checkPositionFixed('documentation_ready', null, before, moved)).toEqual([]);
    const r = checkPositionFixed('published', '2026-03-02', before, moved);
    expect(r.map((x) => [x.rule, x.status, x.path])).toEqual([
      ['plan_position_fixed', 409, 'body.plan_position_id'],
      ['plan_position_fixed', 409, 'body.lots.0.plan_position_id'],
    ]);
    expect(r[0].message).toContain('после размещения извещения (02.03.2026)');
    expect(checkPositionFixed('published', '2026-03-02', before, before)).toEqual([]);
  });

  it('keeps an SME-only procurement within the ceiling', () => {
    expect(checkSme({ nmcd: '800000000', sme_only: true }, AUCTION, VERSION)).toEqual([]);
    expect(checkSme({ nmcd: '900000000', sme_only: false }, AUCTION, VERSION)).toEqual([]);
    expect(checkSme({ nmcd: '800000000.01', sme_only: true }, AUCTION, VERSION)[0].message).toBe(
      'НМЦД закупки только для субъектов МСП 800 000 000,01 ₽ больше предела 800 000 000,00 ₽, установленного Положением «Положение о закупке АО «Энергосеть»» (редакция № 2, действует с 01.02.2026) (ст. 3.4 223-ФЗ)',
    );
    expect(rules(checkSme({ nmcd: '1', sme_only: false }, { ...AUCTION, smeOnly: true }, VERSION))).toEqual([
      'sme_method',
    ]);
    expect(
      checkSme({ nmcd: '900000000', sme_only: true }, AUCTION, { ...VERSION, smeCeiling: null }),
    ).toEqual([]);
  });
});

describe('statuses and numbers', () => {
  const move = { date: '2026-03-02', reason: null, today: '2026-03-05', publishedOn: null };
  it.each([
    ['draft', 'published', null],
    ['draft', 'bids_closed', 'status_transition'],
    ['published', 'draft' as never, 'status_transition'],
    ['contract_concluded', 'cancelled', 'status_transition'],
    ['published', 'cancelled', 'status_reason'],
  ] as const)('%s → %s', (from, to, expected) => {
    expect(transitionRefusal(from, to, move)?.rule ?? null).toBe(expected);
  });

  it('refuses a date to come and one before the notice', () => {
    expect(transitionRefusal('draft', 'published', { ...move, date: '2026-03-06' })?.message).toBe(
      'Дата 06.03.2026 ещё не наступила: укажите фактическую дату',
    );
    expect(
      transitionRefusal('published', 'bids_closed', {
        ...move,
        date: '2026-03-01',
        publishedOn: '2026-03-02',
      })?.message,
    ).toBe('Дата 01.03.2026 раньше размещения извещения 02.03.2026');
    expect(transitionRefusal('contract_concluded', 'failed', move)?.message).toBe(
      'Из статуса «Договор заключён» нельзя перейти в «Не состоялась»: статус окончательный',
    );
  });

  it('fills the dates a move makes known', () => {
    const none = {
      planned_publication_date: null,
      published_on: null,
      bids_deadline: null,
      review_date: null,
      summing_up_date: null,
    };
    expect(statusDates('published', '2026-03-02', none)).toEqual({ published_on: '2026-03-02' });
    expect(statusDates('bids_closed', '2026-03-20', none)).toEqual({ bids_deadline: '2026-03-20' });
    expect(statusDates('bids_closed', '2026-03-20', { ...none, bids_deadline: '2026-03-19' })).toEqual({});
    expect(statusDates('cancelled', '2026-03-20', none)).toEqual({});
  });

  it('refuses to conclude the contract before 10 days after the final protocol', () => {
    const window = { base_date: '2026-04-02', earliest_date: '2026-04-12' };
    expect(conclusionRefusal('2026-04-12', window)).toBeNull();
    expect(conclusionRefusal('2026-04-01', undefined)).toBeNull();
    expect(conclusionRefusal('2026-04-11', window)?.message).toBe(
      'Договор не может быть заключён 11.04.2026: не ранее чем через 10 дней после размещения итогового протокола 02.04.2026, то есть не ранее 12.04.2026 (ч. 15 ст. 3.2 223-ФЗ)',
    );
  });

  it.each([
    ['draft', [], null],
    ['draft', ['Д-1'], 'has_dependents'],
    ['documentation_ready', [], 'conflict'],
    ['published', [], 'conflict'],
    ['cancelled', ['Д-1'], 'conflict'],
  ] as const)('delete of a %s named by contracts %j: %s', (status, contracts, expected) => {
    expect(procurementDeleteRefusal(status, [...contracts])?.code ?? null).toBe(expected);
  });

  it('numbers procurements within the year', () => {
    expect(nextNumber(2026, [])).toBe('З-2026-001');
    expect(nextNumber(2026, ['З-2026-001', 'З-2026-009', 'З-2025-120', 'З-2026-x'])).toBe('З-2026-010');
    expect(nextNumber(2026, ['З-2026-999'])).toBe('З-2026-1000');
  });
});

describe('procurementWarnings (not refusals)', () => {
  const past =
    'Планируемая дата размещения 10.11.2026 уже прошла: укажите новую дату или разместите извещение';
  it.each([
    ['draft, planned date past', 'draft', '2026-11-10', null, [past]],
    ['documentation ready, planned date past', 'documentation_ready', '2026-11-10', null, [past]],
    ['planned today', 'draft', '2026-11-28', null, []],
    ['planned later', 'draft', '2026-12-01', null, []],
    ['no planned date', 'draft', null, null, []],
    ['already published', 'published', '2026-11-10', '2026-11-12', []],
  ] as const)('%s', (_name, status, planned, publishedOn, expected) => {
    const out = procurementWarnings({ status, plannedPublicationDate: planned, publishedOn }, '2026-11-28');
    expect(out.map((w) => w.message)).toEqual(expected);
    for (const w of out)
      expect(w).toMatchObject({ rule: 'planned_date_past', path: 'body.planned_publication_date' });
  });
});

describe('procurementWarnings: a method the pinned version does not allow is flagged', () => {
  const stored = { status: 'published', plannedPublicationDate: null, publishedOn: '2026-03-02' } as const;
  it.each([
    ['allowed by the version', 2, []],
    ['not in the version', 7, ['method_not_in_version']],
  ] as const)('%s', (_name, methodId, rules) => {
    const out = procurementWarnings(stored, '2026-11-28', {
      version: VERSION,
      method: { id: methodId, title: 'Запрос котировок' },
    });
    expect(out.map((w) => w.rule)).toEqual(rules);
    if (rules.length)
      expect(out[0]).toMatchObject({
        path: 'body.method_id',
        message: expect.stringMatching(/^Способ закупки «Запрос котировок» не предусмотрен .*редакци/),
      });
  });
  it('is not asked of an unpinned procurement', () => {
    expect(procurementWarnings(stored, '2026-11-28', null)).toEqual([]);
  });
});
