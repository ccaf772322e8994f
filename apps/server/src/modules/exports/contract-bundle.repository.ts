import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  catalogEntries,
  companies,
  contractEventItems,
  contractEvents,
  contractItems,
  contracts,
  contractVersions,
  customers,
} from '../../db/schema/index.js';
import { classifyMethod, type MethodInfo } from './procurement-method.js';

export type ContractRow = typeof contracts.$inferSelect;
export type ItemRow = typeof contractItems.$inferSelect;
export type EventRow = typeof contractEvents.$inferSelect;
export type EventItemRow = typeof contractEventItems.$inferSelect;
export type VersionRow = Pick<
  typeof contractVersions.$inferSelect,
  'revision' | 'eisVersion' | 'action' | 'source' | 'snapshot' | 'changedAt'
>;

/** An organisation as the exports write it (customer, placer, supplier). */
export type Organisation = {
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
};

/** A contract with everything an export writes about it. */
export type ContractBundle = {
  contract: ContractRow;
  items: ItemRow[];
  /** Changes, acceptances, payments, execution, termination: oldest first. */
  events: EventRow[];
  /** Accepted quantities of the acceptance events. */
  eventItems: EventItemRow[];
  /** Snapshots, oldest first (loaded for OCDS amendments only). */
  versions: VersionRow[];
  customer: Organisation;
  method: MethodInfo;
  /** Title of the contract basis (catalogue 9), when one is chosen. */
  basisTitle: string | null;
};

const CHUNK = 500;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function groupBy<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = map.get(k);
    if (list) list.push(r);
    else map.set(k, [r]);
  }
  return map;
}

/** The company the exports write as the placer (the organisation that places the information). */
export async function loadCompany(db: Db, companyId: number): Promise<Organisation> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  return {
    name: c.fullTitle ?? c.title ?? '',
    inn: c.inn,
    kpp: c.kpp,
    ogrn: c.ogrn,
    address: c.legalAddress,
  };
}

/**
 * Contracts of one company with their specification, events and (optionally) versions, in the
 * order of `ids`. Ids of other companies are left out: the caller checked what it asked for.
 * `children: false` skips the specification and events (the monthly report needs neither).
 */
export async function loadBundles(
  db: Db,
  companyId: number,
  ids: number[],
  opts: { versions?: boolean; children?: boolean } = {},
): Promise<ContractBundle[]> {
  const children = opts.children ?? true;
  const result: ContractBundle[] = [];
  for (const part of chunks(ids)) {
    const rows = await db
      .select()
      .from(contracts)
      .where(and(eq(contracts.companyId, companyId), inArray(contracts.id, part)));
    if (rows.length === 0) continue;
    const found = rows.map((r) => r.id);
    const customerIds = [...new Set(rows.map((r) => r.customerId).filter((v): v is number => v !== null))];
    const catalogIds = [
      ...new Set(rows.map((r) => r.contractBasisId).filter((v): v is number => v !== null)),
    ];
    // the chosen entry by its id; a contract without one (a method of before, an EIS import) by its code
    const methodIds = [
      ...new Set(rows.map((r) => r.procurementMethodId).filter((v): v is number => v !== null)),
    ];
    const methodCodes = [
      ...new Set(
        rows
          .filter((r) => r.procurementMethodId === null)
          .map((r) => r.procurementMethodCode)
          .filter((v): v is string => !!v),
      ),
    ];
    const [items, events, customerRows, bases, methods, versions] = await Promise.all([
      children
        ? db
            .select()
            .from(contractItems)
            .where(inArray(contractItems.contractId, found))
            .orderBy(asc(contractItems.contractId), asc(contractItems.lineNo))
        : [],
      children
        ? db
            .select()
            .from(contractEvents)
            .where(inArray(contractEvents.contractId, found))
            .orderBy(asc(contractEvents.eventDate), asc(contractEvents.id))
        : [],
      customerIds.length ? db.select().from(customers).where(inArray(customers.id, customerIds)) : [],
      catalogIds.length
        ? db
            .select({ id: catalogEntries.id, title: catalogEntries.title })
            .from(catalogEntries)
            .where(inArray(catalogEntries.id, catalogIds))
        : [],
      methodCodes.length || methodIds.length
        ? db
            .select({
              id: catalogEntries.id,
              code: catalogEntries.code,
              title: catalogEntries.title,
              extra: catalogEntries.extra,
              companyId: catalogEntries.companyId,
            })
            .from(catalogEntries)
            .where(
              and(
                eq(catalogEntries.kind, 'method'),
                or(
                  methodIds.length ? inArray(catalogEntries.id, methodIds) : undefined,
                  methodCodes.length ? inArray(catalogEntries.code, methodCodes) : undefined,
                ),
                or(isNull(catalogEntries.companyId), eq(catalogEntries.companyId, companyId)),
              ),
            )
        : [],
      opts.versions
        ? db
            .select({
              contractId: contractVersions.contractId,
              revision: contractVersions.revision,
              eisVersion: contractVersions.eisVersion,
              action: contractVersions.action,
              source: contractVersions.source,
              snapshot: contractVersions.snapshot,
              changedAt: contractVersions.changedAt,
            })
            .from(contractVersions)
            .where(inArray(contractVersions.contractId, found))
            .orderBy(asc(contractVersions.contractId), asc(contractVersions.revision))
        : [],
    ]);
    const eventIds = events.filter((e) => e.kind === 'acceptance').map((e) => e.id);
    const eventItems = eventIds.length
      ? await db.select().from(contractEventItems).where(inArray(contractEventItems.eventId, eventIds))
      : [];
    const itemsOf = groupBy(items, (r) => r.contractId);
    const eventsOf = groupBy(events, (r) => r.contractId);
    const versionsOf = groupBy(versions, (r) => r.contractId);
    const eventItemsOf = groupBy(eventItems, (r) => r.eventId);
    const customerOf = new Map(customerRows.map((c) => [c.id, c]));
    const basisOf = new Map(bases.map((b) => [b.id, b.title]));
    // a company's own entry wins over the global one with the same code
    const methodOf = new Map(
      [...methods]
        .sort((a, b) => (a.companyId === null ? -1 : 1) - (b.companyId === null ? -1 : 1))
        .map((m) => [m.code, m]),
    );
    const methodById = new Map(methods.map((m) => [m.id, m]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const id of part) {
      const c = byId.get(id);
      if (!c) continue;
      const cust = c.customerId ? customerOf.get(c.customerId) : undefined;
      const evs = eventsOf.get(id) ?? [];
      const method =
        c.procurementMethodId !== null
          ? methodById.get(c.procurementMethodId)
          : c.procurementMethodCode
            ? methodOf.get(c.procurementMethodCode)
            : undefined;
      result.push({
        contract: c,
        items: itemsOf.get(id) ?? [],
        events: evs,
        eventItems: evs.flatMap((e) => eventItemsOf.get(e.id) ?? []),
        versions: (versionsOf.get(id) ?? []).map(({ contractId: _c, ...v }) => v),
        customer: {
          name: c.customerName,
          inn: c.customerInn,
          kpp: c.customerKpp,
          ogrn: cust?.ogrn ?? null,
          address: cust?.address ?? null,
        },
        method: classifyMethod(
          method?.code ?? c.procurementMethodCode,
          c.procurementMethodName,
          method ? { code: method.code, title: method.title, extra: method.extra } : null,
        ),
        basisTitle: c.contractBasisId ? (basisOf.get(c.contractBasisId) ?? null) : null,
      });
    }
  }
  return result;
}
