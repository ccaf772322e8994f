/**
 * Rows of the monthly report on contracts (ч. 19 ст. 4 223-ФЗ): 4 sections, 16 codes, as
 * docs/domain.md §1 describes the form («form of ПП 814: 4 sections, 16 codes»). Sources of the row
 * set (docs/exports.md explains them):
 * - the text of ч. 19 ст. 4 223-ФЗ: contracts concluded by results of purchases, among them with
 *   a single supplier, with a single supplier after a failed competitive purchase, purchases whose
 *   information is a state secret or covered by a decision of the Government (ч. 16 ст. 4), and
 *   purchases from SMEs;
 * - the EIS integration schema Types.xsd 12.2, `purchaseContractTypeCodeType`: the EIS's own
 *   kinds of this report (1–6), given in `eisType` below.
 * The codes and wording are our reconstruction: check them against the form in force before
 * filing (the text of the form itself was not available when this was written).
 */

export type MonthlyMeasure = 'count' | 'amount';

/** How a row is filled from the register; 'unknown' rows are always 0 with a note. */
export type MonthlyRule =
  | 'all'
  | 'competitive'
  | 'single'
  | 'single-failed'
  | 'state-secret'
  | 'government-decision'
  | 'sme'
  | 'sme-only';

export type MonthlyRow = {
  code: string;
  section: 1 | 2 | 3 | 4;
  name: string;
  measure: MonthlyMeasure;
  rule: MonthlyRule;
  /** `purchaseContractTypeCodeType` of Types.xsd the row corresponds to. */
  eisType: number;
};

export const MONTHLY_SECTIONS: Record<MonthlyRow['section'], string> = {
  1: 'Раздел 1. Договоры, заключённые заказчиком по результатам закупки товаров, работ, услуг',
  2: 'Раздел 2. Договоры, заключённые с единственным поставщиком (исполнителем, подрядчиком)',
  3: 'Раздел 3. Договоры по закупкам, сведения о которых не размещаются в ЕИС (ч. 15 и 16 ст. 4 223-ФЗ)',
  4: 'Раздел 4. Договоры, заключённые с субъектами малого и среднего предпринимательства',
};

const pair = (
  code: number,
  section: MonthlyRow['section'],
  what: string,
  rule: MonthlyRule,
  eisType: number,
): MonthlyRow[] => [
  {
    code: `0${code}`,
    section,
    name: `Количество договоров, ${what}`,
    measure: 'count',
    rule,
    eisType,
  },
  {
    code: `0${code + 1}`,
    section,
    name: `Стоимость договоров, ${what}, руб.`,
    measure: 'amount',
    rule,
    eisType,
  },
];

export const MONTHLY_ROWS: MonthlyRow[] = [
  ...pair(101, 1, 'заключённых по результатам закупки товаров, работ, услуг, всего', 'all', 6),
  ...pair(103, 1, 'в том числе заключённых по результатам конкурентной закупки', 'competitive', 1),
  ...pair(
    201,
    2,
    'заключённых по результатам закупки у единственного поставщика (исполнителя, подрядчика)',
    'single',
    2,
  ),
  ...pair(
    203,
    2,
    'из них заключённых с единственным поставщиком по результатам несостоявшейся конкурентной закупки',
    'single-failed',
    5,
  ),
  ...pair(
    301,
    3,
    'заключённых по результатам закупки, сведения о которой составляют государственную тайну',
    'state-secret',
    3,
  ),
  ...pair(
    303,
    3,
    'заключённых по результатам закупки, в отношении которой принято решение Правительства Российской Федерации (ч. 16 ст. 4 223-ФЗ)',
    'government-decision',
    3,
  ),
  ...pair(
    401,
    4,
    'заключённых по результатам закупки у субъектов малого и среднего предпринимательства',
    'sme',
    4,
  ),
  ...pair(
    403,
    4,
    'в том числе по результатам закупок, участниками которых могут быть только субъекты малого и среднего предпринимательства (ст. 3.4 223-ФЗ)',
    'sme-only',
    4,
  ),
];

export const MONTHLY_REPORT_CODE = 'monthly-223-19';
