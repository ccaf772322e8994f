import { and, eq, isNull } from 'drizzle-orm';
import { todayMoscow } from '../../../lib/moscow-time.js';
import { addDays } from '../../../modules/calendar/iso-date.js';
import { productionCalendar } from '../../../modules/calendar/production-calendar.js';
import { earliestBidsDeadline, lawNoticePeriod } from '../../../modules/law/law-notice-periods.policy.js';
import type { Tx } from '../../client.js';
import {
  catalogEntries,
  companies,
  contractDuties,
  contractEvents,
  contractItems,
  contracts,
  contractVersions,
  eisPlanPositions,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurementRuleVersions,
  procurements,
} from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/**
 * The grid company's analytics set (docs/analytics.md, «Demo data»): two procurements with their
 * contracts and a handful of contracts beside them, dated 80 to 10 days before today, so that
 * every panel of the dashboard (the last 12 months; this year from late March) has figures and six
 * red flags are raised — a bids deadline at the legal minimum, a late placement, a price equal to
 * the НМЦД, a contract before the window of ч. 15 ст. 3.2, possible splitting and a price rise.
 * Seeded with the demo procurements (not in the server tests' default harness, whose files count
 * the register's rows).
 */
export async function seedDemoAnalytics(tx: Tx, ids: DemoIds): Promise<void> {
  const companyId = ids.companies.client1;
  const today = todayMoscow();
  const base = addDays(today, -80);
  const calendar = productionCalendar();
  const [co] = await tx.select().from(companies).where(eq(companies.id, companyId));
  const [version] = await tx
    .select({ id: procurementRuleVersions.id })
    .from(procurementRuleVersions)
    .where(
      and(eq(procurementRuleVersions.companyId, companyId), eq(procurementRuleVersions.status, 'published')),
    );
  const method = async (code: string) => {
    const [m] = await tx
      .select({ id: catalogEntries.id, extra: catalogEntries.extra, title: catalogEntries.title })
      .from(catalogEntries)
      .where(
        and(
          eq(catalogEntries.kind, 'method'),
          eq(catalogEntries.code, code),
          isNull(catalogEntries.companyId),
        ),
      );
    return m;
  };
  const [position] = await tx
    .select({ id: eisPlanPositions.id, number: eisPlanPositions.number })
    .from(eisPlanPositions)
    .where(eq(eisPlanPositions.companyId, companyId))
    .orderBy(eisPlanPositions.id)
    .limit(1);

  async function procurement(
    n: number,
    code: string,
    nmcd: string,
    okpd2: string,
    published: string,
    extraDays: number,
  ) {
    const m = await method(code);
    const law = lawNoticePeriod(m.extra, published, nmcd);
    const minimum = law ? earliestBidsDeadline(published, law, calendar) : addDays(published, 15);
    const [p] = await tx
      .insert(procurements)
      .values({
        companyId,
        number: `З-АН-${n}`,
        ruleVersionId: version?.id ?? null,
        methodId: m.id,
        subject: n === 1 ? 'Поставка серверного оборудования' : 'Поставка канцелярских товаров',
        nmcd,
        publishedOn: published,
        bidsDeadline: addDays(minimum, extraDays),
        status: 'contract_concluded',
        planPositionId: n === 1 ? (position?.id ?? null) : null,
      })
      .returning({ id: procurements.id });
    const [lot] = await tx
      .insert(procurementLots)
      .values({ procurementId: p.id, number: 1, subject: 'Лот 1', nmcd })
      .returning({ id: procurementLots.id });
    await tx.insert(procurementItems).values({
      lotId: lot.id,
      lineNo: 1,
      name: 'Товар по лоту',
      okpd2Code: okpd2,
      quantity: '1',
      unitPrice: nmcd,
      amount: nmcd,
    });
    return p.id;
  }

  async function contract(
    key: string,
    v: {
      date: string;
      price: string;
      supplier: { inn: string; name: string; sme?: boolean };
      okpd2: string;
      procurementId?: number;
      firstPrice?: string;
      placedAfterDays?: number;
      plan?: string | null;
    },
  ) {
    const [c] = await tx
      .insert(contracts)
      .values({
        companyId,
        number: `АН-${key}`,
        contractDate: v.date,
        subject: `Договор ${key}`,
        customerName: co.title ?? co.inn,
        customerInn: co.inn,
        customerKpp: co.kpp,
        supplierInn: v.supplier.inn,
        supplierName: v.supplier.name,
        supplierIsSme: v.supplier.sme ?? false,
        price: v.price,
        status: 'concluded',
        procurementId: v.procurementId ?? null,
        planPositionNumber: v.plan ?? null,
        revision: v.firstPrice ? 2 : 1,
        eisPublishedAt: new Date(`${addDays(v.date, v.placedAfterDays ?? 2)}T09:00:00+03:00`),
      })
      .returning({ id: contracts.id });
    const snapshot = (price: string) => ({ number: `АН-${key}`, contract_date: v.date, price });
    await tx.insert(contractVersions).values({
      contractId: c.id,
      companyId,
      revision: 1,
      action: 'create',
      snapshot: snapshot(v.firstPrice ?? v.price),
    });
    if (v.firstPrice) {
      await tx
        .insert(contractVersions)
        .values({ contractId: c.id, companyId, revision: 2, action: 'update', snapshot: snapshot(v.price) });
      await tx.insert(contractEvents).values({
        contractId: c.id,
        companyId,
        kind: 'change',
        eventDate: addDays(v.date, 20),
        amount: v.price,
        description: 'Дополнительное соглашение: увеличение объёма',
        eisPublishedAt: new Date(`${addDays(v.date, 22)}T09:00:00+03:00`),
      });
    }
    await tx.insert(contractItems).values({
      contractId: c.id,
      lineNo: 1,
      name: 'Позиция спецификации',
      okpd2Code: v.okpd2,
      quantity: '1',
      price: v.price,
      vatRate: 'без НДС',
      amount: v.price,
    });
    const due = calendar.addWorkingDays(v.date, 3);
    const done = addDays(v.date, v.placedAfterDays ?? 2);
    await tx.insert(contractDuties).values({
      contractId: c.id,
      companyId,
      kind: 'register',
      title: 'Сведения о договоре в реестре договоров',
      reference: 'ч. 2 ст. 4.1 223-ФЗ',
      baseDate: v.date,
      dueDate: due,
      doneOn: done,
    });
  }

  // an auction with its bids deadline at the legal minimum; the contract in the window, placed late
  const p1 = await procurement(1, 'e_auction', '2400000.00', '26.20.11.110', base, 0);
  await tx.insert(procurementProtocols).values({
    procurementId: p1,
    kind: 'summing_up',
    final: true,
    signedOn: addDays(base, 19),
    publishedOn: addDays(base, 20),
  });
  await contract('1', {
    date: addDays(base, 31),
    price: '2100000.00',
    supplier: { inn: '7707083893', name: 'ООО «Техносфера»' },
    okpd2: '26.20.11.110',
    procurementId: p1,
    placedAfterDays: 9,
    plan: position?.number ?? null,
  });
  // a quotation whose contract is at the НМЦД and concluded three days after the protocol
  const p2 = await procurement(2, 'e_quotation', '800000.00', '17.23.13.191', addDays(base, 5), 3);
  await tx.insert(procurementProtocols).values({
    procurementId: p2,
    kind: 'summing_up',
    final: true,
    signedOn: addDays(base, 25),
    publishedOn: addDays(base, 25),
  });
  await contract('2', {
    date: addDays(base, 28),
    price: '800000.00',
    supplier: { inn: '5001234567', name: 'ООО «Канцторг»', sme: true },
    okpd2: '17.23.13.191',
    procurementId: p2,
  });
  // three purchases of paper from one supplier on one day, each below 600 000, together above
  const smirnov = { inn: '500100732259', name: 'ИП Смирнов А. В.', sme: true };
  for (const [k, price] of [
    ['3', '250000.00'],
    ['4', '280000.00'],
    ['5', '190000.00'],
  ] as const)
    await contract(k, { date: addDays(today, -12), price, supplier: smirnov, okpd2: '17.12.14.129' });
  // works whose price rose by 20 % with an additional agreement
  await contract('6', {
    date: addDays(base, 10),
    price: '600000.00',
    firstPrice: '500000.00',
    supplier: { inn: '7810456789', name: 'АО «Стройресурс»' },
    okpd2: '41.20.40.000',
  });
}
