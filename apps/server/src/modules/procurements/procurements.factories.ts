import {
  type Procurement,
  type ProcurementInput,
  type ProcurementStatusInput,
  type ProtocolInput,
  procurementRoutes as r,
} from '@zakupki/shared';
import type { Caller, TestApp } from '../../../test/harness.js';
import { day } from '../contracts/contracts.test-helpers.js';
import { entryIds } from '../procurement-rules/procurement-rules.factories.js';

/**
 * Test data of the procurement register (the documentation module reuses it): a valid body and
 * its creation, status moves and protocols through the API. The demo companies' Положение
 * (редакция № 2, in force) allows e_tender, e_auction (15 calendar days), e_quotation (5 working
 * days), e_proposal (7 working days) and single_supplier; its plan threshold is 100 000 ₽.
 */

export { day };

/** Ids of the global procurement methods by code (`e_auction`, `e_quotation`, …). */
export const methodIds = (t: TestApp) => entryIds(t, 'method');

/**
 * A consistent body: an electronic auction of one lot with two priced items, НМЦД 90 000 ₽ (below
 * the plan threshold, so no plan position is needed), notice in 10 days and bids 20 days later.
 */
export function procurementBody(
  methods: Record<string, number>,
  over: Partial<ProcurementInput> = {},
): ProcurementInput {
  return {
    method_id: methods.e_auction,
    subject: 'Поставка кабельной продукции для ремонта сетей 10 кВ',
    subject_type: 'goods',
    nmcd: '90000.00',
    lots: [
      {
        number: 1,
        subject: 'Кабельная продукция',
        nmcd: '90000.00',
        items: [
          {
            name: 'Кабель силовой АПвПу2г 1х240/50-10',
            okpd2_code: '27.32.13.154',
            okei_code: '006',
            unit_name: 'м',
            quantity: '10',
            unit_price: '5000.00',
            vat_rate: '22%',
          },
          {
            name: 'Муфта концевая 3ПКНтп-10-150/240',
            okpd2_code: '27.33.13.130',
            okei_code: '796',
            unit_name: 'шт',
            quantity: '4',
            unit_price: '10000.00',
            vat_rate: '22%',
          },
        ],
      },
    ],
    planned_publication_date: day(10),
    bids_deadline: day(30),
    review_date: day(32),
    summing_up_date: day(34),
    ...over,
  };
}

/** A body of one lot without items for the amount (the plan-threshold and SME tests). */
export function amountBody(
  methods: Record<string, number>,
  nmcd: string,
  over: Partial<ProcurementInput> = {},
) {
  return procurementBody(methods, {
    nmcd,
    lots: [{ number: 1, subject: 'Лот', nmcd, items: [] }],
    ...over,
  });
}

/** Creates the procurement through the API; throws unless it answers 201. */
export async function createProcurement(
  t: TestApp,
  companyId: number,
  body: ProcurementInput,
  as: Caller = 'specialist',
): Promise<Procurement> {
  const res = await t.call(r.create, { params: { company_id: companyId }, body, as });
  if (res.status !== 201) throw new Error(`procurement: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Moves the procurement; throws unless it answers 200. */
export async function moveTo(
  t: TestApp,
  companyId: number,
  id: number,
  body: ProcurementStatusInput,
  as: Caller = 'specialist',
): Promise<Procurement> {
  const res = await t.call(r.status, { params: { company_id: companyId, id }, body, as });
  if (res.status !== 200) throw new Error(`status: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Records a protocol; throws unless it answers 201. */
export async function addProtocol(
  t: TestApp,
  companyId: number,
  id: number,
  body: ProtocolInput,
  as: Caller = 'specialist',
): Promise<Procurement> {
  const res = await t.call(r.addProtocol, { params: { company_id: companyId, id }, body, as });
  if (res.status !== 201) throw new Error(`protocol: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * A published procurement: created with its notice placed `publishedDaysAgo` days ago and its
 * bids deadline 20 days after (the notice period of the auction).
 */
export async function publishedProcurement(
  t: TestApp,
  companyId: number,
  methods: Record<string, number>,
  publishedDaysAgo = 5,
  over: Partial<ProcurementInput> = {},
): Promise<Procurement> {
  const created = await createProcurement(
    t,
    companyId,
    procurementBody(methods, {
      planned_publication_date: day(-publishedDaysAgo),
      bids_deadline: day(-publishedDaysAgo + 20),
      review_date: day(-publishedDaysAgo + 21),
      summing_up_date: day(-publishedDaysAgo + 22),
      ...over,
    }),
  );
  return moveTo(t, companyId, created.id, { status: 'published', date: day(-publishedDaysAgo) });
}
