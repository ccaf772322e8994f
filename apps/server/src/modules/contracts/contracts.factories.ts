import {
  type Contract,
  type ContractCreateInput,
  type ContractUpdateInput,
  contractRoutes,
} from '@zakupki/shared';
import { errorOf, type TestApp } from '../../../test/harness.js';
import { moscowDay } from '../../lib/moscow-time.js';

/**
 * The one contract factory of the server tests (contracts, exports): a request body of a valid
 * contract, typed from the contract's input schema, and its creation through the API. Tests of
 * other modules start from it and override what they need (the exports fix the dates, see
 * exports.factories.ts).
 */

/** Valid supplier requisites (checksums pass). */
export const SUPPLIER = { inn: '7704123450', kpp: '770401001', name: 'ООО «ЭлектроСнаб»' };
export const SUPPLIER2 = { inn: '7810456789', kpp: '781001001', name: 'АО «Северная кабельная компания»' };

/** Moscow date `days` from today (negative: in the past). */
export function day(days: number): string {
  return moscowDay(new Date(Date.now() + days * 86_400_000));
}

/** A request body of a contract (`ContractCreateInput`) with its lists present: any field may be replaced by a test. */
export type ContractBody = ContractCreateInput &
  Required<Pick<ContractCreateInput, 'items' | 'stages' | 'payment_terms'>>;

/** A request body of an edit (`ContractUpdateInput`) with its lists present. */
export type ContractUpdateBody = ContractUpdateInput &
  Required<Pick<ContractUpdateInput, 'items' | 'stages' | 'payment_terms'>>;

/**
 * A consistent contract body dated 30 days ago: 2 items at 20 % VAT summing to the price,
 * 30 % advance and 70 % after acceptance.
 */
export function contractBody(over: Partial<ContractCreateInput> = {}): ContractBody {
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
  over: Partial<ContractCreateInput> = {},
): Promise<Contract> {
  const r = await t.call(contractRoutes.create, {
    params: { company_id: companyId },
    body: contractBody(over),
    as: { token },
  });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** The error of a refused call; `details.issues` for a 400. */
export { errorOf };

/** The issues of a 400 answer as `path: message` lines. */
export const issuesOf = (r: { body: unknown }) =>
  errorOf(r).details.issues.map((i) => `${i.path}: ${i.message}`);
