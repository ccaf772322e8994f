import {
  type Procurement,
  type ProcurementInput,
  type ProcurementItemInput,
  type ProcurementStatusInput,
  type ProtocolInput,
  procurementRoutes as r,
} from '@zakupki/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Caller, TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import {
  catalogEntries,
  procurementItems,
  procurementLots,
  procurementRuleVersions,
  procurements,
} from '../../db/schema/index.js';
import { day } from '../contracts/contracts.factories.js';
import { entryIds } from '../procurement-rules/procurement-rules.factories.js';

/**
 * The one procurement factory of the server tests (the documentation module reuses it): a valid
 * body and its creation, status moves and protocols through the API; and, for tests of what reads
 * procurements, a procurement stored straight into the tables. The demo companies' Положение
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

// ---------------------------------------------------------------- straight into the tables

/** A lot of a stored procurement: its subject and items; its НМЦД is their sum. */
export type StoredLot = { subject: string; items: ProcurementItemInput[] };

/**
 * A procurement stored straight into its tables, past the API and its rules of the law (any
 * method of the catalogue, any dates): fields of `ProcurementInput`, the company, the rule version
 * (the company's published one when omitted) and a global method's code (`e_auction` by default).
 */
export type StoredProcurement = Partial<
  Pick<
    ProcurementInput,
    | 'number'
    | 'subject'
    | 'customer_id'
    | 'application_security'
    | 'contract_security'
    | 'sme_only'
    | 'published_on'
    | 'planned_publication_date'
    | 'bids_deadline'
    | 'summing_up_date'
  >
> & { companyId: number; ruleVersionId?: number; method?: string; lots?: StoredLot[] };

let seq = 0;

/** The id of a global procurement method by its code. */
export async function methodId(db: Db, code: string): Promise<number> {
  const [m] = await db
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(eq(catalogEntries.kind, 'method'), eq(catalogEntries.code, code), isNull(catalogEntries.companyId)),
    );
  if (!m) throw new Error(`method ${code} missing`);
  return m.id;
}

/** The company's published (in force) rule version, as the demo seed makes it. */
export async function publishedVersion(db: Db, companyId: number): Promise<number> {
  const [v] = await db
    .select({ id: procurementRuleVersions.id })
    .from(procurementRuleVersions)
    .where(
      and(eq(procurementRuleVersions.companyId, companyId), eq(procurementRuleVersions.status, 'published')),
    );
  if (!v) throw new Error(`company ${companyId} has no published rule version`);
  return v.id;
}

const kop = (s: string) => Math.round(Number(s) * 100);
const rub = (k: number) => (k / 100).toFixed(2);
const money = (v: string | number | null | undefined) => (v === null || v === undefined ? null : String(v));

/** Stores a procurement with its lots and items (see `StoredProcurement`); the НМЦД are the items' sums. */
export async function insertProcurement(
  db: Db,
  s: StoredProcurement,
): Promise<{ id: number; number: string }> {
  seq += 1;
  const lots = s.lots ?? [
    {
      subject: 'Поставка бумаги',
      items: [
        {
          name: 'Бумага офисная А4',
          okpd2_code: '17.12.14.129',
          unit_name: 'упак',
          quantity: '10',
          unit_price: '389.00',
        },
      ],
    },
  ];
  const lotSums = lots.map((l) =>
    l.items.reduce((sum, i) => sum + Math.round(kop(String(i.unit_price)) * Number(i.quantity)), 0),
  );
  const number = s.number ?? `З-ТЕСТ-${process.pid}-${seq}`;
  const [p] = await db
    .insert(procurements)
    .values({
      companyId: s.companyId,
      number,
      ruleVersionId: s.ruleVersionId ?? (await publishedVersion(db, s.companyId)),
      methodId: await methodId(db, s.method ?? 'e_auction'),
      customerId: s.customer_id ?? null,
      subject: s.subject ?? lots.map((l) => l.subject).join('; '),
      nmcd: rub(lotSums.reduce((a, b) => a + b, 0)),
      applicationSecurity: money(s.application_security),
      contractSecurity: money(s.contract_security),
      smeOnly: s.sme_only ?? false,
      publishedOn: s.published_on ?? null,
      plannedPublicationDate: s.planned_publication_date ?? null,
      bidsDeadline: s.bids_deadline ?? null,
      summingUpDate: s.summing_up_date ?? null,
    })
    .returning({ id: procurements.id });
  for (const [i, l] of lots.entries()) {
    const [lot] = await db
      .insert(procurementLots)
      .values({ procurementId: p.id, number: i + 1, subject: l.subject, nmcd: rub(lotSums[i]) })
      .returning({ id: procurementLots.id });
    const rows = l.items.map((it, n) => ({
      lotId: lot.id,
      lineNo: n + 1,
      name: it.name,
      okpd2Code: it.okpd2_code ?? null,
      unitName: it.unit_name ?? null,
      quantity: String(it.quantity),
      unitPrice: String(it.unit_price),
      vatRate: it.vat_rate ?? 'без НДС',
      amount: rub(Math.round(kop(String(it.unit_price)) * Number(it.quantity))),
    }));
    for (let k = 0; k < rows.length; k += 1000)
      await db.insert(procurementItems).values(rows.slice(k, k + 1000));
  }
  return { id: p.id, number };
}
