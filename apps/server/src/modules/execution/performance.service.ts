import { randomUUID } from 'node:crypto';
import { formatRub, fromKopecks, type PageQuery, type PerformanceRecord, toScaled } from '@zakupki/shared';
import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import {
  contractEventItems,
  contractEvents,
  contractItems,
  contracts,
  performanceRecords,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { assertContractOf } from '../contracts/contract-versions.js';
import { recordJobError } from '../imports/import-runner.js';

type Row = typeof performanceRecords.$inferSelect;
export type PerformanceRow = Row;

export const toPerformanceRecord = (r: Row): PerformanceRecord => ({
  id: r.id,
  contract_id: r.contractId,
  performance_contract_guid: r.guid,
  period_from: r.periodFrom,
  period_to: r.periodTo,
  status: r.status,
  error: r.error,
  data: r.data ?? null,
  created_at: r.createdAt.toISOString(),
  finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
});

/** Creates the record (queued) and returns it; the caller enqueues the job that builds it. */
export async function createPerformance(
  db: Db,
  actor: Actor,
  companyId: number,
  contractId: number,
  period: { period_from: string; period_to: string },
): Promise<Row> {
  await assertContractOf(db, actor, companyId, contractId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(performanceRecords)
      .values({
        companyId,
        contractId,
        guid: randomUUID(),
        periodFrom: period.period_from,
        periodTo: period.period_to,
        createdBy: actor.userId,
      })
      .returning();
    await audit(tx, actor, {
      action: 'create',
      entity: 'performance_record',
      entityId: row.id,
      companyId,
      after: {
        contract_id: contractId,
        guid: row.guid,
        period_from: row.periodFrom,
        period_to: row.periodTo,
      },
    });
    return row;
  });
}

export async function listPerformance(
  db: Db,
  actor: Actor,
  companyId: number,
  contractId: number,
  q: PageQuery,
) {
  await assertContractOf(db, actor, companyId, contractId);
  const where = and(
    eq(performanceRecords.companyId, companyId),
    eq(performanceRecords.contractId, contractId),
  );
  const { items: rows, total } = await paged(
    q,
    onPage(db.select().from(performanceRecords).where(where).orderBy(desc(performanceRecords.id)), q),
    countOf(db, performanceRecords, where),
  );
  return { items: rows.map(toPerformanceRecord), total: Number(total), page: q.page, limit: q.limit };
}

export async function getPerformance(
  db: Db,
  actor: Actor,
  companyId: number,
  contractId: number,
  id: number,
) {
  await assertContractOf(db, actor, companyId, contractId);
  const notFound = 'Сведения об исполнении не найдены';
  const [row] = await db.select().from(performanceRecords).where(eq(performanceRecords.id, id));
  // another company's record answers like a missing one, and is audited
  await assertOwned(db, actor, {
    entity: 'performance_record',
    id,
    owner: row?.companyId,
    companyId,
    notFound,
  });
  if (row.contractId !== contractId) throw new AppError('not_found', notFound);
  return toPerformanceRecord(row);
}

const sumOf = (values: (string | null)[]) =>
  fromKopecks(values.reduce((s, v) => s + (v ? toScaled(v, 2) : 0n), 0n));

/** The execution record of a period: payments and acceptances (with accepted items) from the events. */
async function buildData(db: Db, rec: Row) {
  const [c] = await db.select().from(contracts).where(eq(contracts.id, rec.contractId));
  const events = await db
    .select()
    .from(contractEvents)
    .where(
      and(
        eq(contractEvents.contractId, rec.contractId),
        gte(contractEvents.eventDate, rec.periodFrom),
        lte(contractEvents.eventDate, rec.periodTo),
      ),
    )
    .orderBy(asc(contractEvents.eventDate), asc(contractEvents.id));
  const acceptances = events.filter((e) => e.kind === 'acceptance');
  const pays = events.filter((e) => e.kind === 'payment');
  const lines = acceptances.length
    ? await db
        .select({
          eventId: contractEventItems.eventId,
          itemId: contractEventItems.contractItemId,
          lineNo: contractItems.lineNo,
          name: contractItems.name,
          okpd2: contractItems.okpd2Code,
          okei: contractItems.okeiCode,
          quantity: contractEventItems.quantity,
          amount: contractEventItems.amount,
        })
        .from(contractEventItems)
        .innerJoin(contractItems, eq(contractItems.id, contractEventItems.contractItemId))
        .where(
          inArray(
            contractEventItems.eventId,
            acceptances.map((a) => a.id),
          ),
        )
    : [];
  const doc = (e: typeof contractEvents.$inferSelect) => ({
    name: e.documentName,
    number: e.documentNumber,
    date: e.documentDate,
  });
  return {
    contract: c,
    data: {
      contract: {
        id: c.id,
        law: c.law,
        number: c.number,
        contract_date: c.contractDate,
        eis_registry_number: c.eisRegistryNumber,
        eis_guid: c.eisGuid,
        price: c.price,
        currency_code: c.currencyCode,
        status: c.status,
        customer: { name: c.customerName, inn: c.customerInn, kpp: c.customerKpp },
        supplier: { name: c.supplierName, inn: c.supplierInn, kpp: c.supplierKpp },
      },
      period: { from: rec.periodFrom, to: rec.periodTo },
      payments: pays.map((e) => ({
        event_id: e.id,
        date: e.eventDate,
        amount: e.amount,
        document: doc(e),
        source: e.source,
      })),
      acceptances: acceptances.map((e) => ({
        event_id: e.id,
        date: e.eventDate,
        amount: e.amount,
        document: doc(e),
        source: e.source,
        items: lines
          .filter((l) => l.eventId === e.id)
          .map((l) => ({
            contract_item_id: l.itemId,
            line_no: l.lineNo,
            name: l.name,
            okpd2_code: l.okpd2,
            okei_code: l.okei,
            quantity: l.quantity,
            amount: l.amount,
          })),
      })),
      termination: events.find((e) => e.kind === 'termination') ?? null,
      completed: events.some((e) => e.kind === 'execution'),
      totals: {
        paid: sumOf(pays.map((p) => p.amount)),
        accepted: sumOf(acceptances.map((a) => a.amount)),
        paid_to_date: c.paidAmount,
        accepted_to_date: c.executedAmount,
      },
    },
    count: acceptances.length + pays.length,
  };
}

/** Ends a queued record; false when it had ended already. */
export async function endPerformance(
  db: Db,
  id: number,
  set: { status: 'done' | 'failed'; error: string | null; data?: Row['data'] },
): Promise<boolean> {
  const rows = await db
    .update(performanceRecords)
    .set({ ...set, finishedAt: new Date() })
    .where(and(eq(performanceRecords.id, id), eq(performanceRecords.status, 'queued')))
    .returning({ id: performanceRecords.id });
  return rows.length > 0;
}

/** Queued records older than `seconds`: their job's every attempt had time to run. */
export function lostPerformance(db: Db, seconds: number): Promise<Row[]> {
  return db
    .select()
    .from(performanceRecords)
    .where(
      and(
        eq(performanceRecords.status, 'queued'),
        sql`${performanceRecords.createdAt} < now() - make_interval(secs => ${seconds})`,
      ),
    )
    .limit(100);
}

/** Job body: builds and stores the record, then notifies with notificationPerfomanceContractResponse. */
export async function runPerformance(deps: AppDeps, id: number, job: JobContext): Promise<void> {
  const [rec] = await deps.db.select().from(performanceRecords).where(eq(performanceRecords.id, id));
  if (rec?.status !== 'queued') return;
  const notify = (result: 'success' | 'error', message: string, error: string | null, code?: string) =>
    deps.notifier.notify({
      userId: rec.createdBy,
      companyId: rec.companyId,
      kind: 'notificationPerfomanceContractResponse',
      status: result,
      header: 'Сведения об исполнении договора',
      message,
      code: code ?? null,
      payload: {
        performance_contract_guid: rec.guid,
        result,
        error,
        performance_id: rec.id,
        contract_id: rec.contractId,
      },
    });
  // ends the record only while it is queued: one given up as lost meanwhile is not ended twice
  const fail = async (message: string, code?: string) => {
    if (await endPerformance(deps.db, id, { status: 'failed', error: message }))
      await notify('error', message, message, code);
  };
  try {
    const { contract, data, count } = await buildData(deps.db, rec);
    const period = `с ${formatRuDate(rec.periodFrom)} по ${formatRuDate(rec.periodTo)}`;
    if (count === 0) {
      await fail(
        `За период ${period} по договору № ${contract.number} нет платежей и документов о приёмке: сведения об исполнении не сформированы`,
      );
      return;
    }
    if (!(await endPerformance(deps.db, id, { status: 'done', data, error: null }))) return;
    await notify(
      'success',
      `Сведения об исполнении договора № ${contract.number} за период ${period} сформированы: оплачено ${formatRub(data.totals.paid)}, принято ${formatRub(data.totals.accepted)}`,
      null,
    );
  } catch (err) {
    if (!job.lastAttempt) throw err;
    const code = await recordJobError(deps, err as Error, `performance:${id}`, rec.createdBy);
    await fail(`Не удалось сформировать сведения об исполнении: внутренняя ошибка, код ${code}`, code);
    throw err;
  }
}
