import type { Contract } from '@zakupki/shared';
import type { TestApp } from '../../../test/harness.js';
import { moscowDay } from '../../lib/moscow-time.js';

/**
 * The one contract factory of the server tests (contracts, exports): a request body of a valid
 * contract and its creation through the API. Tests of other modules start from it and override
 * what they need (the exports fix the dates, see exports.test-helpers.ts).
 */

/** Valid supplier requisites (checksums pass). */
export const SUPPLIER = { inn: '7704123450', kpp: '770401001', name: 'ООО «ЭлектроСнаб»' };
export const SUPPLIER2 = { inn: '7810456789', kpp: '781001001', name: 'АО «Северная кабельная компания»' };

/** Moscow date `days` from today (negative: in the past). */
export function day(days: number): string {
  return moscowDay(new Date(Date.now() + days * 86_400_000));
}

type Rows = Record<string, unknown>[];
/** A request body of a contract: any field may be replaced by a test. */
export type ContractBody = Record<string, unknown> & { items: Rows; stages: Rows; payment_terms: Rows };

/**
 * A consistent contract body dated 30 days ago: 2 items at 20 % VAT summing to the price,
 * 30 % advance and 70 % after acceptance.
 */
export function contractBody(over: Record<string, unknown> = {}): ContractBody {
  return {
    law: '223',
    number: '15/2024-ЭА',
    contract_date: day(-30),
    subject: 'Поставка кабельной продукции для ремонта сетей 10 кВ',
    supplier_inn: SUPPLIER.inn,
    supplier_kpp: SUPPLIER.kpp,
    supplier_name: SUPPLIER.name,
    supplier_is_sme: true,
    price: '1250000.00',
    start_date: day(-30),
    end_date: day(200),
    items: [
      {
        name: 'Кабель силовой АПвПу2г 1х240/50-10',
        okpd2_code: '27.32.13.154',
        okei_code: '006',
        unit_name: 'м',
        quantity: '1000',
        price: '1000.00',
        vat_rate: '20%',
      },
      {
        name: 'Муфта концевая 3ПКНтп-10-150/240',
        okpd2_code: '27.33.13.130',
        okei_code: '796',
        unit_name: 'шт',
        quantity: '50',
        price: '5000',
        vat_rate: '20%',
      },
    ],
    stages: [],
    payment_terms: [
      { kind: 'advance', share_percent: '30', term_days: 10, day_kind: 'working' },
      { kind: 'postpayment', share_percent: '70', term_days: 7, day_kind: 'working' },
    ],
    ...over,
  } as ContractBody;
}

/** Creates the contract of `contractBody(over)` through the API; throws unless it answers 201. */
export async function createContract(
  t: TestApp,
  token: string,
  companyId: number,
  over: Record<string, unknown> = {},
): Promise<Contract> {
  const r = await t.req<Contract>('POST', `/api/companies/${companyId}/contracts`, {
    token,
    body: contractBody(over),
  });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}
