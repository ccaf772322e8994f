/**
 * The demo register: contracts a grid company and a water utility would really have. Every ИНН
 * passes its checksum; every line amount is quantity × unit price (with VAT), and the lines add up
 * to the price. Dates are days relative to the day of seeding, so due and overdue duties show.
 */

export type DemoSupplier = { name: string; inn: string; kpp: string | null; sme: boolean };
/** [name, ОКПД2, ОКЕИ, unit, quantity, unit price with VAT, VAT rate] */
export type DemoItem = [string, string, string, string, string, string, '20%' | '10%' | 'без НДС'];
export type DemoEvent = {
  kind: 'change' | 'acceptance' | 'payment' | 'execution' | 'termination';
  /** days after conclusion */
  at: number;
  /** days after the event it was placed in the EIS; null: not yet */
  published: number | null;
  /** share of the price accepted or paid (acceptance and payment), 0..1 */
  share?: number;
  doc?: string;
  description?: string;
};
export type DemoContract = {
  law?: '223' | '44';
  number: string;
  /** days before seeding; negative: in the future (drafts). `{yyyy}`/`{yy}` in number and plan position: the year of conclusion */
  ago: number;
  /** 'MM-DD' of the year before seeding: a fixed day of last year, instead of `ago` (the SME report's year) */
  lastYearOn?: string;
  /** conclusion is placed this many working days before today (to show «срок истекает») */
  agoWorkingDays?: number;
  /** days of execution after conclusion */
  term: number;
  subject: string;
  supplier: DemoSupplier;
  method: [string, string];
  status: 'draft' | 'concluded' | 'executed' | 'terminated' | 'cancelled';
  /** days after conclusion the contract was placed in the EIS; null: not yet */
  published: number | null;
  items: DemoItem[];
  terms: { kind: 'advance' | 'postpayment'; share: string; days: number; dayKind: 'working' | 'calendar' }[];
  stages?: { name: string; from: number; to: number; share: number }[];
  events?: DemoEvent[];
  planPosition?: string;
  /** generic catalogue codes: funding source (type 8) and contract basis (type 9) */
  funding?: string;
  basis?: string;
};

export const S = (name: string, inn: string, kpp: string | null, sme: boolean): DemoSupplier => ({
  name,
  inn,
  kpp,
  sme,
});
export const post7 = [{ kind: 'postpayment' as const, share: '100', days: 7, dayKind: 'working' as const }];
export const adv30 = [
  { kind: 'advance' as const, share: '30', days: 10, dayKind: 'working' as const },
  { kind: 'postpayment' as const, share: '70', days: 15, dayKind: 'working' as const },
];
export const AUCTION: [string, string] = ['e_auction', 'Аукцион в электронной форме'];
export const AUCTION_SME: [string, string] = [
  'e_auction_sme',
  'Аукцион в электронной форме, участниками которого могут являться только субъекты малого и среднего предпринимательства',
];
export const QUOTATION_SME: [string, string] = [
  'e_quotation_sme',
  'Запрос котировок в электронной форме, участниками которого могут являться только субъекты малого и среднего предпринимательства',
];
export const TENDER: [string, string] = ['e_tender', 'Конкурс в электронной форме'];
export const PROPOSAL: [string, string] = ['e_proposal', 'Запрос предложений в электронной форме'];
export const SINGLE: [string, string] = [
  'single_supplier',
  'Закупка у единственного поставщика (исполнителя, подрядчика)',
];

export const ELECTROSNAB = S('ООО «ЭлектроСнаб»', '7704123450', '770401001', true);
export const CABLE = S('АО «Северная кабельная компания»', '7810456789', '781001001', false);
const TRANSFORMER = S('ООО «ТрансформаторСервис»', '5003127893', '500301001', true);
export const METERING = S('ООО «Энергоучёт»', '7727456127', '772701001', true);
export const WORKWEAR = S('ООО «СпецодеждаПром»', '3662012349', '366201001', true);
const AUTO = S('ООО «АвтоТехЦентр»', '5260123451', '526001001', false);
export const SOKOLOV = S('ИП Соколов Андрей Викторович', '500301234503', null, true);
export const IT = S('ООО «ИТ-Решения»', '7715987652', '771501001', true);
const FUEL = S('ООО «Нефтересурс»', '7709876545', '770901001', false);

export const ENERGY_CONTRACTS: DemoContract[] = [
  {
    number: '112/{yy}-ЭА',
    ago: 210,
    term: 90,
    subject: 'Поставка кабельной продукции для реконструкции КЛ 10 кВ в г. Видное',
    supplier: CABLE,
    method: AUCTION,
    status: 'executed',
    published: 2,
    planPosition: '{yyyy}-0112',
    funding: '2',
    basis: '1',
    items: [
      ['Кабель силовой АПвПу2г 1х240/50-10', '27.32.13.154', '006', 'м', '2400', '1450.00', '20%'],
      ['Муфта соединительная 3ПСТ-10-150/240', '27.33.13.130', '796', 'шт', '24', '18500.00', '20%'],
      ['Муфта концевая 3ПКНтп-10-150/240', '27.33.13.130', '796', 'шт', '12', '21300.00', '20%'],
    ],
    terms: post7,
    events: [
      { kind: 'acceptance', at: 45, published: 4, share: 1, doc: 'УПД № 318' },
      { kind: 'payment', at: 52, published: 3, share: 1, doc: 'Платёжное поручение № 2291' },
      { kind: 'execution', at: 55, published: 5 },
    ],
  },
  {
    number: '118/{yy}-ЗК',
    ago: 180,
    term: 60,
    subject: 'Поставка трансформаторов силовых масляных ТМГ для ТП-10/0,4 кВ',
    supplier: TRANSFORMER,
    method: QUOTATION_SME,
    status: 'executed',
    published: 1,
    funding: '2',
    basis: '1',
    items: [
      ['Трансформатор ТМГ-400/10/0,4 У/Ун-0', '27.11.41.000', '796', 'шт', '3', '985000.00', '20%'],
      ['Трансформатор ТМГ-630/10/0,4 У/Ун-0', '27.11.41.000', '796', 'шт', '2', '1340000.00', '20%'],
    ],
    terms: adv30,
    events: [
      { kind: 'payment', at: 8, published: 4, share: 0.3, doc: 'Платёжное поручение № 1744' },
      { kind: 'acceptance', at: 40, published: 6, share: 1, doc: 'УПД № 77' },
      { kind: 'payment', at: 49, published: 5, share: 0.7, doc: 'Платёжное поручение № 1902' },
      { kind: 'execution', at: 50, published: 7 },
    ],
  },
  {
    number: '131/{yy}-ЭА',
    ago: 120,
    term: 240,
    subject: 'Поставка приборов учёта электрической энергии с функцией дистанционного считывания',
    supplier: METERING,
    method: AUCTION_SME,
    status: 'concluded',
    published: 3,
    funding: '2',
    basis: '1',
    items: [
      [
        'Счётчик электрической энергии однофазный многотарифный с PLC-модемом',
        '26.51.63.130',
        '796',
        'шт',
        '800',
        '6450.00',
        '20%',
      ],
      [
        'Счётчик электрической энергии трёхфазный с GSM-модемом',
        '26.51.63.130',
        '796',
        'шт',
        '150',
        '14800.00',
        '20%',
      ],
    ],
    terms: post7,
    events: [
      { kind: 'acceptance', at: 40, published: 5, share: 0.4, doc: 'УПД № 1203' },
      { kind: 'payment', at: 47, published: 6, share: 0.4, doc: 'Платёжное поручение № 3310' },
      { kind: 'acceptance', at: 95, published: null, share: 0.3, doc: 'УПД № 1588' },
    ],
  },
  {
    number: '140/{yy}-К',
    ago: 95,
    term: 300,
    subject: 'Выполнение работ по капитальному ремонту ВЛ 6 кВ фидер № 14 ПС «Расторгуево»',
    supplier: ELECTROSNAB,
    method: TENDER,
    status: 'concluded',
    published: 2,
    funding: '2',
    basis: '1',
    items: [
      [
        'Работы по капитальному ремонту воздушной линии электропередачи 6 кВ',
        '42.22.22.110',
        '008',
        'км',
        '7.5',
        '1186666.00',
        '20%',
      ],
    ],
    terms: post7,
    stages: [
      { name: 'Этап 1. Замена опор и провода на участке 0–4 км', from: 0, to: 120, share: 0.5 },
      { name: 'Этап 2. Замена опор и провода на участке 4–7,5 км', from: 120, to: 300, share: 0.5 },
    ],
    events: [
      {
        kind: 'change',
        at: 70,
        published: null,
        description: 'Дополнительное соглашение № 1: перенос срока этапа 2',
      },
    ],
  },
  {
    number: '151/{yy}-ЕП',
    ago: 40,
    term: 365,
    subject: 'Оказание услуг по сопровождению программного обеспечения «1С:Предприятие»',
    supplier: IT,
    method: SINGLE,
    status: 'concluded',
    published: null,
    funding: '2',
    basis: '4',
    items: [
      [
        'Услуги по сопровождению программного обеспечения, 12 месяцев',
        '62.02.30.000',
        '362',
        'мес',
        '12',
        '48500.00',
        '20%',
      ],
    ],
    terms: [{ kind: 'postpayment', share: '100', days: 10, dayKind: 'working' }],
  },
  {
    number: '155/{yy}-ЭА',
    ago: 25,
    term: 30,
    subject: 'Поставка специальной одежды и средств индивидуальной защиты для электромонтёров',
    supplier: WORKWEAR,
    method: AUCTION_SME,
    status: 'concluded',
    published: null,
    funding: '2',
    basis: '1',
    items: [
      [
        'Костюм летний для защиты от термических рисков электрической дуги',
        '14.12.30.131',
        '796',
        'шт',
        '120',
        '8900.00',
        '20%',
      ],
      ['Перчатки диэлектрические бесшовные', '22.19.60.119', '715', 'пар', '200', '680.00', '20%'],
      ['Каска защитная с защитным щитком', '32.99.11.140', '796', 'шт', '120', '2350.00', '20%'],
    ],
    terms: post7,
  },
  {
    number: '158/{yy}-ЗП',
    ago: 0,
    agoWorkingDays: 2,
    term: 45,
    subject: 'Поставка автомобильных шин и аккумуляторных батарей для автопарка',
    supplier: AUTO,
    method: PROPOSAL,
    status: 'concluded',
    published: null,
    funding: '2',
    basis: '1',
    items: [
      ['Шина автомобильная 315/80 R22,5', '22.11.13.110', '796', 'шт', '48', '27900.00', '20%'],
      ['Батарея аккумуляторная 6СТ-190', '27.20.22.000', '796', 'шт', '16', '21400.00', '20%'],
    ],
    terms: post7,
  },
  {
    number: '97/{yy}-ЕП',
    ago: 20,
    term: 10,
    subject: 'Оказание услуг по поверке средств измерений (мегаомметры, указатели напряжения)',
    supplier: SOKOLOV,
    method: SINGLE,
    status: 'executed',
    published: null,
    funding: '2',
    basis: '4',
    items: [['Услуги по поверке средств измерений', '71.20.19.130', '796', 'шт', '38', '1850.00', 'без НДС']],
    terms: post7,
    events: [
      { kind: 'acceptance', at: 7, published: null, share: 1, doc: 'Акт № 14' },
      { kind: 'payment', at: 9, published: null, share: 1, doc: 'Платёжное поручение № 4120' },
      { kind: 'execution', at: 9, published: null },
    ],
  },
  {
    number: '104/{yy}-ЭА',
    ago: 160,
    term: 180,
    subject: 'Поставка дизельного топлива для автотранспорта и дизель-генераторных установок',
    supplier: FUEL,
    method: AUCTION,
    status: 'terminated',
    published: 3,
    funding: '2',
    basis: '1',
    items: [
      [
        'Топливо дизельное ЕВРО, летнее, сорта C, экологического класса К5',
        '19.20.21.315',
        '112',
        'л',
        '60000',
        '68.40',
        '20%',
      ],
    ],
    terms: post7,
    events: [
      { kind: 'acceptance', at: 30, published: 4, share: 0.35, doc: 'УПД № 5512' },
      { kind: 'payment', at: 37, published: 5, share: 0.35, doc: 'Платёжное поручение № 2688' },
      { kind: 'termination', at: 120, published: 6, description: 'Расторжение по соглашению сторон' },
    ],
  },
  {
    number: 'Проект 03/{yyyy}',
    ago: -10,
    term: 180,
    subject: 'Поставка ячеек КРУ 10 кВ для реконструкции РП-3',
    supplier: ELECTROSNAB,
    method: TENDER,
    status: 'draft',
    published: null,
    funding: '2',
    basis: '1',
    items: [
      ['Ячейка КРУ-10 кВ с вакуумным выключателем', '27.12.10.110', '796', 'шт', '8', '1685000.00', '20%'],
    ],
    terms: adv30,
  },
  {
    number: 'Проект 04/{yyyy}',
    ago: -20,
    term: 60,
    subject: 'Поставка офисной мебели для административного здания',
    supplier: WORKWEAR,
    method: QUOTATION_SME,
    status: 'cancelled',
    published: null,
    items: [['Стол письменный однотумбовый', '31.01.12.160', '796', 'шт', '40', '11200.00', '20%']],
    terms: post7,
  },
  {
    number: '160/{yy}-ЕП',
    ago: 12,
    term: 30,
    subject: 'Поставка канцелярских товаров',
    supplier: SOKOLOV,
    method: SINGLE,
    status: 'concluded',
    published: null,
    funding: '2',
    basis: '4',
    items: [
      ['Бумага офисная А4, 80 г/м², 500 листов', '17.12.14.129', '796', 'шт', '200', '395.00', '20%'],
      ['Папка-регистратор 75 мм', '17.23.13.194', '796', 'шт', '80', '240.00', '20%'],
    ],
    terms: post7,
  },
];
