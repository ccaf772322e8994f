import type { SmeContractLine, SmeReport } from '@zakupki/shared/api/sme-report';

export const line = (over: Partial<SmeContractLine> = {}): SmeContractLine => ({
  id: 1,
  number: 'МСП-01/25',
  registry_number: null,
  contract_date: '2025-02-14',
  subject: 'Поставка светильников',
  supplier_name: 'ООО «ЭлектроСнаб»',
  supplier_inn: '7704123450',
  supplier_is_sme: true,
  price: '2600000.00',
  currency: 'RUB',
  status: 'executed',
  method: 'Аукцион в электронной форме, участниками которого могут являться только субъекты МСП',
  sme_only: true,
  basis: null,
  ...over,
});

const SME_ONLY = line();
const SME = line({
  id: 2,
  number: 'МСП-03/25',
  supplier_name: 'ООО «ИТ-Решения»',
  price: '1140000.00',
  sme_only: false,
});
const OTHER = line({
  id: 3,
  number: 'МСП-04/25',
  supplier_name: 'АО «Северная кабельная компания»',
  supplier_is_sme: false,
  price: '4560000.00',
  sme_only: false,
});
const MONOPOLY = line({
  id: 4,
  number: 'МСП-05/25',
  supplier_name: 'АО «Газораспределение»',
  supplier_is_sme: false,
  price: '850000.00',
});

/** A report of 2025: SME 44,99 % (met), SME-only 31,45 % (met) unless `over` says otherwise. */
export const report = (over: Partial<SmeReport> = {}): SmeReport => ({
  company: { name: 'АО «Энергосеть»', inn: '5003000001', kpp: null },
  year: 2025,
  period_from: '2025-01-01',
  period_to: '2025-12-31',
  partial: false,
  reading: 'Годовой объём — договоры по Закону № 223-ФЗ с датой заключения в отчётном году.',
  due_date: '2026-02-02',
  due_reference: 'ч. 21 ст. 4 223-ФЗ',
  total: { amount: '9150000.00', count: 4, contracts: [SME_ONLY, SME, OTHER, MONOPOLY] },
  exclusions: [
    {
      code: 'natural_monopoly',
      title: 'Закупки у единственного поставщика: услуги субъектов естественных монополий',
      reference: 'п. 7 Положения, ПП РФ от 11.12.2014 № 1352',
      reading: 'По основанию заключения договора.',
      status: 'unconfirmed',
      detectable: true,
      amount: '850000.00',
      count: 1,
      contracts: [MONOPOLY],
    },
  ],
  excluded: { amount: '850000.00', count: 1, contracts: [MONOPOLY] },
  base: { amount: '8300000.00', count: 3, contracts: [SME_ONLY, SME, OTHER] },
  sme: { amount: '3740000.00', count: 2, contracts: [SME_ONLY, SME] },
  sme_only: { amount: '2600000.00', count: 1, contracts: [SME_ONLY] },
  quotas: [
    {
      code: 'sme',
      title: 'Договоры с субъектами МСП, всего',
      reference: 'п. 4 Положения',
      status: 'unconfirmed',
      required_percent: '25',
      share_percent: '45.06',
      met: true,
      amount: '3740000.00',
    },
    {
      code: 'sme_only',
      title: 'Договоры по закупкам, участниками которых могут быть только субъекты МСП',
      reference: 'пп. «а» п. 4 Положения',
      status: 'unconfirmed',
      required_percent: '20',
      share_percent: '31.33',
      met: true,
      amount: '2600000.00',
    },
  ],
  notes: ['Договоры с субъектами МСП — по признаку «Субъект МСП» поставщика.'],
  filing: null,
  ...over,
});
