import { formatRub, fromKopecks, toScaled } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { recordJobError } from '../../kernel/runs.js';
import type { JobContext } from '../../plugins/jobs.js';
import type { AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import {
  acceptedItems,
  type EventRow,
  endPerformance,
  eventsOfPeriod,
  findContract,
  findPerformance,
  type PerformanceRow,
} from './performance.repository.js';

/** The job that builds a performance record (execution.jobs.ts); the record is made by performance.service.ts. */

type Row = PerformanceRow;

const sumOf = (values: (string | null)[]) =>
  fromKopecks(values.reduce((s, v) => s + (v ? toScaled(v, 2) : 0n), 0n));

/** The execution record of a period: payments and acceptances (with accepted items) from the events. */
async function buildData(db: Tx, rec: Row) {
  const c = await findContract(db, rec.contractId);
  const events = await eventsOfPeriod(db, rec.contractId, rec.periodFrom, rec.periodTo);
  const acceptances = events.filter((e) => e.kind === 'acceptance');
  const pays = events.filter((e) => e.kind === 'payment');
  const lines = await acceptedItems(
    db,
    acceptances.map((a) => a.id),
  );
  const doc = (e: EventRow) => ({
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

/** Job body: builds and stores the record, then notifies with notificationPerfomanceContractResponse. */
export async function runPerformance(deps: AppDeps, id: number, job: JobContext): Promise<void> {
  const rec = await findPerformance(deps.db, id);
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
