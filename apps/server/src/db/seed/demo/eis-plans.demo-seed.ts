import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { EisPlan, EisPlanItem } from '../../../kernel/eis/eis.types.js';
import { todayMoscow } from '../../../lib/moscow-time.js';
import { findPositionByGuid } from '../../../modules/eis-plans/eis-plans.repository.js';
import { writePlanVersion } from '../../../modules/imports/eis/eis-plans-import.service.js';
import type { Tx } from '../../client.js';
import { companies, contractItems, contracts } from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/**
 * Demo plans: each client company has a plan for the current year in three versions — the first
 * placed in December, a change in February (a position's НМЦД raised, one added) and a change in
 * April placed late (one annulled, one moved to another month, one added). Positions are made from
 * the company's contracts of the year, which then name their position by its number; one contract
 * is above its position's НМЦД, so the plan shows that violation too.
 */

/** Positions without a contract: [subject, ОКПД2, price, ОКЕИ code, its name, quantity] (OK 034-2014, OK 015-94). */
const EXTRA: [string, string, string, string, string, string][] = [
  [
    'Техническое обслуживание систем пожарной сигнализации',
    '80.20.10.000',
    '1200000.00',
    '362',
    'Месяц',
    '12',
  ],
  ['Поставка канцелярских товаров', '17.23.13.199', '350000.00', '796', 'Штука', '2500'],
  ['Оказание услуг по уборке помещений', '81.21.10.000', '2400000.00', '055', 'Квадратный метр', '3200'],
  ['Страхование имущества', '65.12.49.000', '780000.00', '362', 'Месяц', '12'],
];

const guidOf = (companyId: number, n: number) =>
  `d0d0d0d0-0000-4000-8000-${String(companyId).padStart(4, '0')}${String(n).padStart(8, '0')}`;

type Pos = {
  n: number;
  subject: string;
  okpd2: string;
  /** ОКЕИ code, its name and the quantity of the position's row */
  okei: [string, string, string];
  price: string;
  month: number;
  method: [string, string];
};

function item(
  companyId: number,
  p: Pos,
  year: number,
  status: string,
  over: Partial<EisPlanItem> = {},
): EisPlanItem {
  return {
    guid: guidOf(companyId, p.n),
    ordinalNumber: p.n,
    contractSubject: p.subject,
    status,
    maximumContractPrice: p.price,
    currency: 'RUB',
    purchasePeriodYear: year,
    purchasePeriodQuarter: Math.ceil(p.month / 3),
    purchasePeriodMonth: p.month,
    purchasePlannedDate: null,
    contractEndDate: `${year}-12-31`,
    purchaseMethodCode: p.method[0],
    purchaseMethodName: p.method[1],
    isElectronic: true,
    isSmeOnly: p.n % 3 === 0,
    isInnovation: false,
    isLongTerm: false,
    cancellationReason: null,
    modificationDescription: null,
    additionalInfo: null,
    changedGoodsAndDates: null,
    changedPriceOver10Percent: null,
    otherChanges: null,
    isPurchasePlaced: null,
    maximumContractPriceRub: null,
    exchangeRate: null,
    okato: null,
    region: null,
    purchaseCategory: null,
    isExcludedFromSme: false,
    innovationEquivalent: false,
    plannedAfterSecondYear: null,
    customer: null,
    initialPositionGuid: null,
    initialPlanGuid: null,
    longTermVolumes: null,
    longTermSmeVolumes: null,
    rows: [
      {
        ordinalNumber: 1,
        okpd2Code: p.okpd2,
        okpd2Name: null,
        okved2Code: null,
        okved2Name: null,
        okeiCode: p.okei[0],
        okeiName: p.okei[1],
        qty: p.okei[2],
        qtyUndefined: false,
        okato: null,
        region: null,
        additionalInfo: null,
      },
    ],
    ...over,
  };
}

/** The first specification line of each contract (ОКПД2, ОКЕИ, unit, quantity). */
async function firstItems(tx: Tx, contractIds: number[]) {
  const rows = contractIds.length
    ? await tx
        .select()
        .from(contractItems)
        .where(inArray(contractItems.contractId, contractIds))
        .orderBy(contractItems.contractId, contractItems.lineNo)
    : [];
  const out = new Map<number, (typeof rows)[number]>();
  for (const r of rows) if (!out.has(r.contractId) && r.okpd2Code) out.set(r.contractId, r);
  return out;
}

export async function seedDemoPlans(tx: Tx, ids: DemoIds): Promise<void> {
  const year = Number(todayMoscow().slice(0, 4));
  for (const companyId of [ids.companies.client1, ids.companies.client2]) {
    const [co] = await tx.select().from(companies).where(eq(companies.id, companyId));
    const own = await tx
      .select()
      .from(contracts)
      .where(
        and(
          eq(contracts.companyId, companyId),
          eq(contracts.law, '223'),
          gte(contracts.contractDate, `${year}-01-01`),
          lte(contracts.contractDate, `${year}-12-31`),
        ),
      )
      .orderBy(contracts.contractDate, contracts.id);
    // a contract's position takes the ОКПД2, unit and quantity of its specification's first line
    const lines = await firstItems(
      tx,
      own.map((c) => c.id),
    );
    const positions: (Pos & { contractId?: number })[] = own.map((c, i) => ({
      n: i + 1,
      subject: c.subject,
      okpd2: lines.get(c.id)?.okpd2Code ?? '',
      okei: [
        lines.get(c.id)?.okeiCode ?? '796',
        lines.get(c.id)?.unitName ?? 'Штука',
        lines.get(c.id)?.quantity ?? '1',
      ],
      // the first contract exceeds its position (a violation to show); the others fit with a margin
      price: i === 0 ? (Number(c.price) * 0.9).toFixed(2) : (Number(c.price) * 1.1).toFixed(2),
      month: Number(c.contractDate.slice(5, 7)),
      method: [
        c.procurementMethodCode ?? 'e_auction',
        c.procurementMethodName ?? 'Аукцион в электронной форме',
      ],
      contractId: c.id,
    }));
    for (const [i, [subject, okpd2, price, okei, unit, qty]] of EXTRA.entries()) {
      positions.push({
        n: positions.length + 1,
        subject,
        okpd2,
        okei: [okei, unit, qty],
        price,
        month: 3 + i * 2,
        method: ['e_request_quotes', 'Запрос котировок в электронной форме'],
      });
    }
    const reg = `2${String(year).slice(2)}${co.inn.slice(0, 7)}`;
    const base = positions.slice(0, positions.length - 2);
    const added2 = positions[positions.length - 2];
    const added3 = positions[positions.length - 1];
    const header = (
      version: number,
      approve: string,
      published: string,
      items: EisPlanItem[],
      note: string | null,
    ): EisPlan => ({
      kind: 'plan',
      source: '223',
      documentType: 'eis223.purchasePlan',
      fileName: `demo-plan-${version}.xml`,
      schemaVersion: 'TFF-9.3',
      itemIndex: 1,
      guid: guidOf(companyId, 9000 + version),
      registrationNumber: reg,
      version,
      planType: 'COMMODITY',
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      approveDate: approve,
      createDateTime: `${published}T09:00:00.000Z`,
      publicationDate: `${published}T09:00:00.000Z`,
      url: null,
      customer: {
        fullName: co.fullTitle,
        shortName: co.title,
        inn: co.inn,
        kpp: co.kpp,
        ogrn: co.ogrn,
        regNum: null,
      },
      annualVolume: null,
      volumeSmb: null,
      status: 'A',
      name: `План закупки товаров, работ, услуг на ${year} год`,
      additionalInfo: null,
      modificationDescription: note,
      reportingYear: year,
      excludeVolume: null,
      percentSmb: null,
      flags: {},
      items,
      warnings: [],
    });
    const raised = base[1] ?? base[0];
    const v1 = base.map((p) => item(companyId, p, year, 'P'));
    const v2 = [
      ...base.map((p) =>
        p === raised
          ? item(companyId, { ...p, price: (Number(p.price) * 1.05).toFixed(2) }, year, 'C', {
              changedPriceOver10Percent: false,
            })
          : item(companyId, p, year, 'P'),
      ),
      item(companyId, added2, year, 'N'),
    ];
    const annulled = base[base.length - 1];
    const moved = base[base.length - 2];
    const v3 = [
      ...v2.map((i) =>
        i.guid === guidOf(companyId, annulled.n)
          ? { ...i, status: 'A', cancellationReason: 'REJECT' }
          : i.guid === guidOf(companyId, moved.n)
            ? { ...i, status: 'C', purchasePeriodMonth: 11, purchasePeriodQuarter: 4 }
            : i.status === 'N'
              ? { ...i, status: 'P' }
              : i,
      ),
      item(companyId, added3, year, 'N'),
    ];
    const ctx = { companyId, importId: null, sha256: 'demo' };
    const versions: EisPlan[] = [
      header(1, `${year - 1}-12-20`, `${year - 1}-12-25`, v1, null),
      header(2, `${year}-02-10`, `${year}-02-16`, v2, 'Изменена НМЦД позиции, добавлена позиция'),
      header(
        3,
        `${year}-04-01`,
        `${year}-04-20`,
        v3,
        'Аннулирована позиция, перенесён срок, добавлена позиция',
      ),
    ];
    for (const plan of versions) {
      await writePlanVersion(tx, ctx, {
        entry: { name: plan.fileName, data: Buffer.alloc(0), sha256: 'demo' },
        plan,
      });
    }
    for (const p of positions) {
      if (!p.contractId) continue;
      const pos = await findPositionByGuid(tx, companyId, guidOf(companyId, p.n));
      if (pos)
        await tx
          .update(contracts)
          .set({ planPositionNumber: pos.number })
          .where(eq(contracts.id, p.contractId));
    }
  }
}
