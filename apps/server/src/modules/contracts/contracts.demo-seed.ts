import { fromKopecks, lineKopecks, toScaled } from '@zakupki/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contractEvents,
  contractItems,
  contracts,
} from '../../db/schema/index.js';
import type { DemoIds } from '../../db/seed/demo.seed.js';
import { addDays } from '../calendar/iso-date.js';
import { saveItems, saveStagesAndTerms, trimDecimal } from './contract-children.js';
import { productionCalendar, refreshContractDuties, todayMoscow } from './contract-duties.js';
import { commitVersion } from './contract-versions.js';
import { type DemoContract, ENERGY_CONTRACTS, WATER_CONTRACTS } from './contracts.demo-data.js';

/** Moscow noon of a date, as the moment something was placed in the EIS. */
const noon = (iso: string) => new Date(`${iso}T12:00:00+03:00`);

async function catalogId(tx: Tx, typeCode: number, code: string | undefined): Promise<number | null> {
  if (!code) return null;
  const [row] = await tx
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'generic'),
        eq(catalogEntries.typeCode, typeCode),
        eq(catalogEntries.code, code),
        isNull(catalogEntries.companyId),
      ),
    );
  return row?.id ?? null;
}

/** The date a demo contract was concluded: days ago, or a number of working days ago. */
function concludedOn(c: DemoContract, today: string): string {
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

async function seedOne(
  tx: Tx,
  companyId: number,
  customer: { title: string; inn: string; kpp: string | null },
  c: DemoContract,
  serial: number,
) {
  const today = todayMoscow();
  const date = concludedOn(c, today);
  const priceK = c.items.reduce((s, [, , , , q, p]) => s + lineKopecks(q, p), 0n);
  const price = fromKopecks(priceK);
  const placed = c.published === null ? null : addDays(date, c.published);
  const year = (v: string) => v.replaceAll('{yyyy}', date.slice(0, 4)).replaceAll('{yy}', date.slice(2, 4));
  const [row] = await tx
    .insert(contracts)
    .values({
      companyId,
      law: c.law ?? '223',
      eisRegistryNumber: placed ? registryNumber(c, customer.inn, date, serial) : null,
      number: year(c.number),
      contractDate: date,
      subject: c.subject,
      customerName: customer.title,
      customerInn: customer.inn,
      customerKpp: customer.kpp,
      supplierInn: c.supplier.inn,
      supplierKpp: c.supplier.kpp,
      supplierName: c.supplier.name,
      supplierIsSme: c.supplier.sme,
      price,
      fundingSourceId: await catalogId(tx, 8, c.funding),
      contractBasisId: await catalogId(tx, 9, c.basis),
      planPositionNumber: c.planPosition ? year(c.planPosition) : null,
      procurementMethodCode: c.method[0],
      procurementMethodName: c.method[1],
      startDate: date,
      endDate: addDays(date, c.term),
      status: c.status,
      eisPublishedAt: placed ? noon(placed) : null,
      source: 'manual',
    })
    .returning({ id: contracts.id });
  await saveItems(
    tx,
    row.id,
    c.items.map(([name, okpd2, okei, unit, quantity, unitPrice, vat]) => ({
      name,
      okpd2_code: okpd2,
      okei_code: okei,
      unit_name: unit,
      quantity,
      price: unitPrice,
      vat_rate: vat,
      vat_amount: null,
      amount: null,
    })),
    true,
  );
  let left = priceK;
  const stages = (c.stages ?? []).map((s, i, all) => {
    const amount = i === all.length - 1 ? left : (priceK * BigInt(Math.round(s.share * 1000))) / 1000n;
    left -= amount;
    return {
      name: s.name,
      start_date: addDays(date, s.from),
      end_date: addDays(date, s.to),
      amount: fromKopecks(amount),
    };
  });
  const terms = c.terms.map((t) => ({
    kind: t.kind,
    share_percent: t.share,
    term_days: t.days,
    day_kind: t.dayKind,
    stage_no: null,
    description: null,
  }));
  await saveStagesAndTerms(tx, row.id, stages, terms, true);
  await seedEvents(tx, companyId, row.id, c, date, priceK);
  await refreshContractDuties(tx, row.id);
  await commitVersion(tx, null, row.id, 'create', { isNew: true });
}

/** Events with their sums: accepted quantities spread over the items, paid and executed totals. */
async function seedEvents(
  tx: Tx,
  companyId: number,
  contractId: number,
  c: DemoContract,
  date: string,
  priceK: bigint,
) {
  const today = todayMoscow();
  let accepted = 0;
  let executedK = 0n;
  let paidK = 0n;
  for (const e of c.events ?? []) {
    const at = addDays(date, e.at);
    if (at > today) continue;
    const amountK = e.share ? (priceK * BigInt(Math.round(e.share * 1_000_000))) / 1_000_000n : null;
    const published = e.published === null ? null : addDays(at, e.published);
    await tx.insert(contractEvents).values({
      contractId,
      companyId,
      kind: e.kind,
      eventDate: at,
      amount: amountK === null ? null : fromKopecks(amountK),
      documentName: e.doc ?? null,
      documentDate: e.doc ? at : null,
      description: e.description ?? null,
      eisPublishedAt: published && published <= today ? noon(published) : null,
      source: 'manual',
    });
    if (e.kind === 'acceptance' && amountK !== null) {
      accepted += e.share ?? 0;
      executedK += amountK;
    }
    if (e.kind === 'payment' && amountK !== null) paidK += amountK;
  }
  if (accepted > 0) {
    const items = await tx.select().from(contractItems).where(eq(contractItems.contractId, contractId));
    for (const it of items) {
      const share = BigInt(Math.round(Math.min(accepted, 1) * 1_000_000));
      const qty = (toScaled(it.quantity, 6) * share) / 1_000_000n;
      const whole = `${qty / 1_000_000n}.${String(qty % 1_000_000n).padStart(6, '0')}`;
      await tx
        .update(contractItems)
        .set({
          acceptedQuantity: trimDecimal(whole),
          acceptedAmount: fromKopecks((toScaled(it.amount, 2) * share) / 1_000_000n),
        })
        .where(eq(contractItems.id, it.id));
    }
  }
  await tx
    .update(contracts)
    .set({ executedAmount: fromKopecks(executedK), paidAmount: fromKopecks(paidK) })
    .where(eq(contracts.id, contractId));
}

/**
 * The demo register of both client companies: ~12 contracts each in every status, with overdue
 * and due-soon EIS duties, executed contracts with acceptances and payments. Runs inside the demo
 * seed's transaction.
 */
export async function seedDemoContracts(tx: Tx, ids: DemoIds): Promise<void> {
  const sets = [
    [ids.companies.client1, ENERGY_CONTRACTS],
    [ids.companies.client2, WATER_CONTRACTS],
  ] as const;
  for (const [companyId, list] of sets) {
    const [co] = await tx.select().from(companies).where(eq(companies.id, companyId));
    const customer = { title: co.fullTitle ?? co.title ?? co.inn, inn: co.inn, kpp: co.kpp };
    let serial = 101;
    for (const c of list) await seedOne(tx, companyId, customer, c, serial++);
  }
}
