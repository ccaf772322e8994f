import {
  AUCTION,
  AUCTION_SME,
  CABLE,
  type DemoContract,
  ELECTROSNAB,
  IT,
  METERING,
  PROPOSAL,
  post7,
  QUOTATION_SME,
  S,
  SINGLE,
  SOKOLOV,
  TENDER,
  WORKWEAR,
} from './contracts.demo-data.js';

/**
 * Last year's contracts of the grid company (client1), on fixed days of that year, behind its
 * annual SME report (ПП РФ № 1352), which the demo shows filed. By hand (rubles):
 *
 * | № | contract | price | counts as |
 * |---|---|---|---|
 * | 1 | МСП-01, SME-only auction, SME supplier | 2 600 000,00 | SME, SME-only |
 * | 2 | МСП-02, SME-only quotation, SME supplier | 1 740 000,00 | SME, SME-only |
 * | 3 | МСП-03, open e-tender, SME supplier | 1 140 000,00 | SME |
 * | 4 | МСП-04, e-auction, not SME | 4 560 000,00 | — |
 * | 5 | МСП-05, single supplier, natural monopoly | 850 000,00 | excluded (п. 7) |
 * | 6 | МСП-06, single supplier, heat at regulated tariffs | 870 000,00 | excluded (п. 7) |
 * | 7 | МСП-07, proposals, SME, terminated later | 480 000,00 | SME |
 * | 8 | МСП-08, SME-only auction, cancelled | 820 000,00 | not concluded: not counted |
 *
 * Total 12 240 000,00 (7 contracts); excluded 1 720 000,00; annual value 10 520 000,00; with SMEs
 * 5 960 000,00 = 56,65 % (quota 25 %: met); SME-only 4 340 000,00 = 41,25 % (quota 20 %: met).
 * `sme-report.test.ts` checks these figures.
 */

const GAS = S('АО «Газораспределение Подмосковья»', '5032098710', '503201001', false);
const HEAT = S('АО «Теплосеть Видное»', '5003114580', '500301001', false);
const FIXED = { ago: 0, published: 2, funding: '2', terms: post7 } as const;

export const SME_YEAR_CONTRACTS: DemoContract[] = [
  {
    ...FIXED,
    number: 'МСП-01/{yy}',
    lastYearOn: '02-14',
    term: 60,
    subject: 'Поставка светодиодных светильников уличного освещения',
    supplier: ELECTROSNAB,
    method: AUCTION_SME,
    status: 'executed',
    basis: '1',
    items: [['Светильник светодиодный уличный 100 Вт', '27.40.39.110', '796', 'шт', '400', '6500.00', '20%']],
    events: [
      { kind: 'acceptance', at: 40, published: 3, share: 1, doc: 'УПД № 51' },
      { kind: 'payment', at: 47, published: 2, share: 1, doc: 'Платёжное поручение № 611' },
      { kind: 'execution', at: 48, published: 4 },
    ],
  },
  {
    ...FIXED,
    number: 'МСП-02/{yy}',
    lastYearOn: '04-08',
    term: 45,
    subject: 'Поставка приборов учёта электрической энергии',
    supplier: METERING,
    method: QUOTATION_SME,
    status: 'executed',
    basis: '1',
    items: [
      ['Счётчик электрической энергии трёхфазный', '26.51.63.130', '796', 'шт', '500', '3480.00', '20%'],
    ],
    events: [
      { kind: 'acceptance', at: 30, published: 2, share: 1, doc: 'УПД № 140' },
      { kind: 'payment', at: 37, published: 3, share: 1, doc: 'Платёжное поручение № 1032' },
      { kind: 'execution', at: 38, published: 5 },
    ],
  },
  {
    ...FIXED,
    number: 'МСП-03/{yy}',
    lastYearOn: '06-17',
    term: 365,
    subject: 'Техническая поддержка автоматизированной системы учёта электроэнергии',
    supplier: IT,
    method: TENDER,
    status: 'concluded',
    basis: '1',
    items: [['Техническая поддержка АИИС КУЭ', '62.03.12.130', '362', 'мес', '12', '95000.00', '20%']],
  },
  {
    ...FIXED,
    number: 'МСП-04/{yy}',
    lastYearOn: '03-03',
    term: 90,
    subject: 'Поставка кабеля силового для ремонта КЛ 6 кВ',
    supplier: CABLE,
    method: AUCTION,
    status: 'executed',
    basis: '1',
    items: [['Кабель силовой АПвПу2г 1х185/35-10', '27.32.13.154', '006', 'м', '3000', '1520.00', '20%']],
    events: [
      { kind: 'acceptance', at: 50, published: 3, share: 1, doc: 'УПД № 402' },
      { kind: 'payment', at: 57, published: 2, share: 1, doc: 'Платёжное поручение № 812' },
      { kind: 'execution', at: 58, published: 3 },
    ],
  },
  {
    ...FIXED,
    number: 'МСП-05/{yy}',
    lastYearOn: '01-20',
    term: 340,
    subject: 'Транспортировка газа по газораспределительным сетям для котельной базы',
    supplier: GAS,
    method: SINGLE,
    status: 'concluded',
    basis: '5',
    items: [['Транспортировка газа', '35.22.11.000', '876', 'усл. ед', '1', '850000.00', '20%']],
  },
  {
    ...FIXED,
    number: 'МСП-06/{yy}',
    lastYearOn: '01-15',
    term: 350,
    subject: 'Теплоснабжение административного здания',
    supplier: HEAT,
    method: SINGLE,
    status: 'concluded',
    basis: '6',
    items: [['Тепловая энергия', '35.30.11.120', '233', 'Гкал', '300', '2900.00', '20%']],
  },
  {
    ...FIXED,
    number: 'МСП-07/{yy}',
    lastYearOn: '09-02',
    term: 60,
    subject: 'Ремонт кровли здания районных электрических сетей',
    supplier: SOKOLOV,
    method: PROPOSAL,
    status: 'terminated',
    basis: '1',
    items: [['Ремонт мягкой кровли', '43.91.19.110', '876', 'усл. ед', '1', '480000.00', 'без НДС']],
    events: [{ kind: 'termination', at: 40, published: 3, description: 'Соглашение о расторжении' }],
  },
  {
    ...FIXED,
    number: 'МСП-08/{yy}',
    lastYearOn: '10-01',
    term: 30,
    subject: 'Поставка специальной одежды для бригад',
    supplier: WORKWEAR,
    method: AUCTION_SME,
    status: 'cancelled',
    published: null,
    basis: '1',
    items: [
      [
        'Костюм летний для защиты от термических рисков электрической дуги',
        '14.12.11.120',
        '796',
        'шт',
        '200',
        '4100.00',
        '20%',
      ],
    ],
  },
];
