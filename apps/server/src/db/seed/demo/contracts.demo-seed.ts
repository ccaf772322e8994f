import { fromKopecks, lineKopecks, toScaled, vatInsideKopecks } from '@zakupki/shared';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { trimDecimal } from '../../../lib/decimal.js';
import { moscowInstant, todayMoscow } from '../../../lib/moscow-time.js';
import { addDays } from '../../../modules/calendar/iso-date.js';
import { productionCalendar } from '../../../modules/calendar/production-calendar.js';
import { refreshDuties } from '../../../modules/contracts/contract-duties.service.js';
import { commitNewContracts } from '../../../modules/contracts/contract-versions.js';
import type { Tx } from '../../client.js';
import {
  catalogEntries,
  companies,
  contractEvents,
  contractItems,
  contractStages,
  contracts,
  paymentTerms,
} from '../../schema/index.js';
import { type DemoContract, ENERGY_CONTRACTS } from './contracts.demo-data.js';
import { WATER_CONTRACTS } from './contracts.demo-water.js';
import type { DemoIds } from './demo.seed.js';
import { SME_YEAR_CONTRACTS } from './sme-report.demo-data.js';

/** Moscow noon of a date, as the moment something was placed in the EIS. */
const noon = (iso: string) => moscowInstant(`${iso}T12:00:00`);
const MILLION = 1_000_000n;
const part = (k: bigint, share: number) => (k * BigInt(Math.round(share * 1_000_000))) / MILLION;

/** The date a demo contract was concluded: days ago, or a number of working days ago. */
function concludedOn(c: DemoContract, today: string): string {
  if (c.lastYearOn) return `${Number(today.slice(0, 4)) - 1}-${c.lastYearOn}`;
  if (c.agoWorkingDays === undefined) return addDays(today, -c.ago);
  const calendar = productionCalendar();
  let d = today;
  while (calendar.workingDaysBetween(d, today) < c.agoWorkingDays || !calendar.isWorkingDay(d))
    d = addDays(d, -1);
  return d;
}

function registryNumber(c: DemoContract, customerInn: string, date: string, serial: number): string {
  const yy = date.slice(2, 4);
  return c.law === '44'
    ? `2${customerInn}${yy}${String(serial).padStart(6, '0')}`
    : `${customerInn}${yy}${String(serial).padStart(7, '0')}0000`;
}

/** Events that already happened, with their sums; what they add up to on the contract. */
function eventsOf(c: DemoContract, date: string, priceK: bigint, today: string) {
  let acceptedShare = 0;
  let executedK = 0n;
  let paidK = 0n;
  const events = (c.events ?? [])
    .filter((e) => addDays(date, e.at) <= today)
    .map((e) => {
      const at = addDays(date, e.at);
      const amountK = e.share ? part(priceK, e.share) : null;
      const published = e.published === null ? null : addDays(at, e.published);
      if (e.kind === 'acceptance' && amountK !== null) {
        acceptedShare += e.share ?? 0;
        executedK += amountK;
      }
      if (e.kind === 'payment' && amountK !== null) paidK += amountK;
      return {
        kind: e.kind,
        eventDate: at,
        amount: amountK === null ? null : fromKopecks(amountK),
        documentName: e.doc ?? null,
        documentDate: e.doc ? at : null,
        description: e.description ?? null,
        eisPublishedAt: published && published <= today ? noon(published) : null,
        source: 'manual' as const,
      };
    });
  return { events, acceptedShare: Math.min(acceptedShare, 1), executedK, paidK };
}

/** Specification lines with their sums and the share of each already accepted. */
function itemsOf(c: DemoContract, acceptedShare: number) {
  const share = BigInt(Math.round(acceptedShare * 1_000_000));
  return c.items.map(([name, okpd2, okei, unit, quantity, price, vat], i) => {
    const amountK = lineKopecks(quantity, price);
    const qty = (toScaled(quantity, 6) * share) / MILLION;
    return {
      lineNo: i + 1,
      name,
      okpd2Code: okpd2,
      okeiCode: okei,
      unitName: unit,
      quantity: trimDecimal(quantity),
      price: trimDecimal(price),
      vatRate: vat,
      vatAmount: fromKopecks(vatInsideKopecks(amountK, vat)),
      amount: fromKopecks(amountK),
      acceptedQuantity: trimDecimal(`${qty / MILLION}.${String(qty % MILLION).padStart(6, '0')}`),
      acceptedAmount: fromKopecks((amountK * share) / MILLION),
    };
  });
}

/**
 * The demo register of both client companies: a dozen contracts each in every status, with
 * overdue and due-soon EIS duties, executed contracts with acceptances and payments. Runs inside
 * the demo seed's transaction; written in batches (a few dozen queries), since every test starts
 * from the demo data.
 */
export async function seedDemoContracts(tx: Tx, ids: DemoIds): Promise<void> {
  const today = todayMoscow();
  const catalog = await tx
    .select({
      id: catalogEntries.id,
      kind: catalogEntries.kind,
      typeCode: catalogEntries.typeCode,
      code: catalogEntries.code,
      title: catalogEntries.title,
    })
    .from(catalogEntries)
    .where(
      and(
        or(
          and(eq(catalogEntries.kind, 'generic'), inArray(catalogEntries.typeCode, [1, 8, 9])),
          eq(catalogEntries.kind, 'method'),
        ),
        isNull(catalogEntries.companyId),
      ),
    );
  const entry = (typeCode: number, code?: string) =>
    catalog.find((e) => e.kind === 'generic' && e.typeCode === typeCode && e.code === code)?.id ?? null;
  // the procurement method is an entry of the methods catalogue, as the contract card picks it
  const method = ([code, name]: [string, string]) => {
    const e = catalog.find((x) => x.kind === 'method' && x.code === code);
    return e
      ? { procurementMethodId: e.id, procurementMethodCode: e.code, procurementMethodName: e.title }
      : { procurementMethodId: null, procurementMethodCode: code, procurementMethodName: name };
  };
  const created: number[] = [];
  for (const [companyId, list] of [
    [ids.companies.client1, [...ENERGY_CONTRACTS, ...SME_YEAR_CONTRACTS]],
    [ids.companies.client2, WATER_CONTRACTS],
  ] as const) {
    const [co] = await tx.select().from(companies).where(eq(companies.id, companyId));
    const plan = list.map((c, i) => {
      const date = concludedOn(c, today);
      const priceK = c.items.reduce((s, [, , , , q, p]) => s + lineKopecks(q, p), 0n);
      const year = (v: string) =>
        v.replaceAll('{yyyy}', date.slice(0, 4)).replaceAll('{yy}', date.slice(2, 4));
      const placed = c.published === null ? null : addDays(date, c.published);
      const ev = eventsOf(c, date, priceK, today);
      const row = {
        companyId,
        law: c.law ?? ('223' as const),
        eisRegistryNumber: placed ? registryNumber(c, co.inn, date, 101 + i) : null,
        number: year(c.number),
        contractDate: date,
        subject: c.subject,
        customerName: co.fullTitle ?? co.title ?? co.inn,
        customerInn: co.inn,
        customerKpp: co.kpp,
        supplierInn: c.supplier.inn,
        supplierKpp: c.supplier.kpp,
        supplierName: c.supplier.name,
        supplierIsSme: c.supplier.sme,
        price: fromKopecks(priceK),
        fundingSourceId: entry(8, c.funding),
        contractBasisId: entry(9, c.basis),
        planPositionNumber: c.planPosition ? year(c.planPosition) : null,
        ...method(c.method),
        // the market price method (catalogue 1, code 1): what the demo's prices were set by
        priceMethodId: entry(1, '1'),
        startDate: date,
        endDate: addDays(date, c.term),
        status: c.status,
        eisPublishedAt: placed ? noon(placed) : null,
        executedAmount: fromKopecks(ev.executedK),
        paidAmount: fromKopecks(ev.paidK),
        source: 'manual' as const,
      };
      return { c, date, priceK, ev, row };
    });
    const rows = await tx
      .insert(contracts)
      .values(plan.map((p) => p.row))
      .returning({ id: contracts.id });
    const withId = plan.map((p, i) => ({ ...p, id: rows[i].id }));
    await tx
      .insert(contractItems)
      .values(
        withId.flatMap((p) => itemsOf(p.c, p.ev.acceptedShare).map((it) => ({ ...it, contractId: p.id }))),
      );
    const stagePlan = withId.flatMap((p) => {
      let left = p.priceK;
      return (p.c.stages ?? []).map((s, i, all) => {
        const amount = i === all.length - 1 ? left : part(p.priceK, s.share);
        left -= amount;
        return {
          contractId: p.id,
          stageNo: i + 1,
          name: s.name,
          startDate: addDays(p.date, s.from),
          endDate: addDays(p.date, s.to),
          amount: fromKopecks(amount),
        };
      });
    });
    if (stagePlan.length) await tx.insert(contractStages).values(stagePlan);
    await tx.insert(paymentTerms).values(
      withId.flatMap((p) =>
        p.c.terms.map((t, i) => ({
          contractId: p.id,
          lineNo: i + 1,
          kind: t.kind,
          sharePercent: t.share,
          termDays: t.days,
          dayKind: t.dayKind,
        })),
      ),
    );
    const events = withId.flatMap((p) => p.ev.events.map((e) => ({ ...e, contractId: p.id, companyId })));
    if (events.length) await tx.insert(contractEvents).values(events);
    created.push(...withId.map((p) => p.id));
  }
  await refreshDuties(tx, created);
  await commitNewContracts(tx, null, created);
}
