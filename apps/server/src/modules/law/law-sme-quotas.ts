import type { SmeQuotaCode, SmeRuleStatus } from '@zakupki/shared';

/**
 * The law of the annual SME report (ПП РФ от 11.12.2014 № 1352, «Положение об особенностях
 * участия субъектов малого и среднего предпринимательства в закупках…»): the quotas and the
 * exclusions from the annual value, as dated rows like the other rules of modules/law. A change
 * of the regulation is a new row from a date (and the old row's `validTo` the day before); a
 * report year takes the rows in force on its last day (`smeRulesFor`). Each row carries its
 * reference and whether it was confirmed against the regulation's current text. The text of ПП
 * 1352 could not be read while this was written (no network): every rule taken from it is
 * `unconfirmed` and says the reading used. modules/sme-report does the arithmetic.
 */

export const PP1352 = 'ПП РФ от 11.12.2014 № 1352';

export type SmeQuotaRule = {
  code: SmeQuotaCode;
  title: string;
  /** The least share, whole percent. */
  percent: bigint;
  reference: string;
  /** The first day the row is in force. */
  validFrom: string;
  /** The last day it is in force; null: in force today. */
  validTo: string | null;
  status: SmeRuleStatus;
};

/** The quotas in force from 1 January 2023 (25 % and 20 %), as docs/domain.md states them. */
export const SME_QUOTAS: readonly SmeQuotaRule[] = [
  {
    code: 'sme',
    title: 'Договоры с субъектами МСП, всего',
    percent: 25n,
    reference: `п. 4 Положения, ${PP1352}`,
    validFrom: '2023-01-01',
    validTo: null,
    status: 'unconfirmed',
  },
  {
    code: 'sme_only',
    title: 'Договоры по закупкам, участниками которых могут быть только субъекты МСП',
    percent: 20n,
    reference: `пп. «а» п. 4 Положения, ${PP1352}`,
    validFrom: '2023-01-01',
    validTo: null,
    status: 'unconfirmed',
  },
];

/** What the exclusions look at in a contract. */
export type SmeContractFacts = {
  id: number;
  price: string;
  currency: string;
  supplierIsSme: boolean;
  /** The procedure was SME-only; null: the register does not say (no method). */
  smeOnly: boolean | null;
  /** Title of the contract basis (catalogue 9), when chosen. */
  basis: string | null;
};

export type SmeExclusionRule = {
  code: string;
  title: string;
  reference: string;
  reading: string;
  status: SmeRuleStatus;
  validFrom: string;
  validTo: string | null;
  /** null: the register keeps no sign of it, the rule is listed and removes nothing. */
  matches: ((c: SmeContractFacts) => boolean) | null;
};

const basisMatches = (re: RegExp) => (c: SmeContractFacts) => re.test(c.basis ?? '');

/**
 * The exclusions, in the order they are applied (a contract is removed by the first that matches).
 * The first is the law's scope (ч. 4 ст. 1 223-ФЗ), the rest п. 7 of the Положение.
 */
export const SME_EXCLUSIONS: readonly SmeExclusionRule[] = [
  {
    code: 'not_223',
    title: 'Договоры, на которые Закон № 223-ФЗ не распространяется',
    reference: 'ч. 4 ст. 1 Закона № 223-ФЗ',
    reading:
      'Не закупки по Закону № 223-ФЗ, в годовой объём не входят. Определяется по основанию заключения договора (справочник 9): «…не распространяется…».',
    status: 'confirmed',
    validFrom: '2012-01-01',
    validTo: null,
    matches: basisMatches(/не распространяется/i),
  },
  {
    code: 'natural_monopoly',
    title: 'Закупки у единственного поставщика: услуги субъектов естественных монополий',
    reference: `п. 7 Положения, ${PP1352}`,
    reading:
      'Договоры с субъектами естественных монополий по регулируемым видам деятельности не учитываются. Определяется по основанию заключения договора (справочник 9): «…естественных монополий…».',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: basisMatches(/естественн\S* монопол/i),
  },
  {
    code: 'regulated_utilities',
    title: 'Коммунальные услуги, энергоснабжение по регулируемым ценам (тарифам)',
    reference: `п. 7 Положения, ${PP1352}`,
    reading:
      'Водо-, тепло-, газо- и энергоснабжение, водоотведение, подключение к сетям по регулируемым ценам (тарифам) не учитываются. Определяется по основанию заключения договора (справочник 9): «…коммунальные услуги…», «…энергоснабжение…», «…регулируемым ценам…».',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: basisMatches(/коммунальн|энергоснабжен|регулируем\S* цен/i),
  },
  {
    code: 'foreign',
    title: 'Закупки за пределами Российской Федерации (договоры в иностранной валюте)',
    reference: `п. 7 Положения, ${PP1352}`,
    reading:
      'Закупки у иностранных поставщиков и за пределами РФ не учитываются. Реестр не хранит страну поставщика: договор в иностранной валюте считается такой закупкой (и его цену в рублях без курса не посчитать).',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: (c) => c.currency !== 'RUB',
  },
  {
    code: 'state_secret',
    title: 'Закупки, сведения о которых составляют государственную тайну',
    reference: `п. 7 Положения, ${PP1352}; ч. 15 ст. 4 Закона № 223-ФЗ`,
    reading:
      'Реестр не содержит признака таких закупок (сведения о них в реестр договоров не вносятся): правило ничего не исключает; если такие договоры были, исключите их вручную.',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: null,
  },
  {
    code: 'government_decision',
    title: 'Закупки, по которым принято решение Правительства РФ (ч. 16 ст. 4 Закона № 223-ФЗ)',
    reference: `п. 7 Положения, ${PP1352}; ч. 16 ст. 4 Закона № 223-ФЗ`,
    reading:
      'Реестр не содержит признака решения Правительства РФ: правило ничего не исключает; если такие договоры были, исключите их вручную.',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: null,
  },
  {
    code: 'atomic_energy_credit',
    title: 'Закупки в области использования атомной энергии, услуги по предоставлению кредитов',
    reference: `п. 7 Положения, ${PP1352}`,
    reading:
      'Реестр не содержит признака таких закупок (отрасль договора и вид финансовой услуги не хранятся): правило ничего не исключает.',
    status: 'unconfirmed',
    validFrom: '2015-01-01',
    validTo: null,
    matches: null,
  },
];

/** Which contracts count as the year's. */
export const YEAR_READING =
  'Годовой объём — договоры по Закону № 223-ФЗ с датой заключения в отчётном году (с 1 января по 31 декабря), в статусах «Заключен», «Исполнен» и «Расторгнут» (расторжение не отменяет заключения); проекты и отменённые не учитываются, договоры по Закону № 44-ФЗ — тоже. Стоимость — цена договора на дату формирования отчёта.';

/** Notes of readings the figures rest on, shown with every report. */
export const SME_READINGS: readonly string[] = [
  'Исключения (п. 7 Положения) уменьшают годовой объём; исключённый договор не учитывается и в объёме закупок у субъектов МСП (прочтение не подтверждено по тексту акта).',
  'Договоры с субъектами МСП — по признаку «Субъект МСП» поставщика в карточке договора.',
  'Закупки только среди субъектов МСП — по признаку способа закупки в справочнике способов («только субъекты МСП») или по признаку закупки, из которой заключён договор.',
  'Договоры субподряда с субъектами МСП (пп. «в» п. 4 Положения) реестр не содержит: в отчёт не включены.',
];

const inForce = (r: { validFrom: string; validTo: string | null }, on: string) =>
  r.validFrom <= on && (r.validTo === null || on <= r.validTo);

/** The rows of a table in force on a date; before the table's first row, its earliest rows. */
function rowsOn<R extends { validFrom: string; validTo: string | null }>(
  rows: readonly R[],
  on: string,
): R[] {
  const now = rows.filter((r) => inForce(r, on));
  if (now.length) return now;
  const first = [...rows].sort((a, b) => a.validFrom.localeCompare(b.validFrom))[0]?.validFrom;
  return rows.filter((r) => r.validFrom === first);
}

/** The quotas and exclusions a report year is measured by: the rows in force on its last day. */
export function smeRulesFor(year: number): {
  quotas: readonly SmeQuotaRule[];
  exclusions: readonly SmeExclusionRule[];
} {
  const on = `${year}-12-31`;
  return { quotas: rowsOn(SME_QUOTAS, on), exclusions: rowsOn(SME_EXCLUSIONS, on) };
}
