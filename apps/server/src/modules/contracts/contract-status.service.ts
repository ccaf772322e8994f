import type { Contract, ContractStatusInput, EisPublicationInput } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { contractEvents, contracts } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { moscowDay, todayMoscow } from '../../lib/moscow-time.js';
import type { Actor } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { refreshProcurementDuties } from '../procurements/procurements-query.service.js';
import { invalid } from './contract-children.js';
import { refreshContractDuties } from './contract-duties.js';
import { assertContractOf, commitVersion } from './contract-versions.js';
import { transitionProblem } from './contracts.policy.js';
import { findContract, loadContract, loadContractData } from './contracts.repository.js';
import { parsePublishedAt } from './contracts.service.js';

type StatusIn = z.output<typeof ContractStatusInput>;
type PublicationIn = z.output<typeof EisPublicationInput>;

/**
 * Moves a contract along its life: проект -> заключен -> исполнен | расторгнут, проект -> отменен.
 * Execution and termination are events the EIS must learn about within their term.
 */
export async function changeStatus(
  db: Db,
  actor: Actor,
  companyId: number,
  id: number,
  body: StatusIn,
): Promise<Contract> {
  await assertContractOf(db, actor, companyId, id);
  return db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    const problem = transitionProblem(row.status, body.status);
    if (problem) throw new AppError('conflict', problem, { from: row.status, to: body.status });
    const today = todayMoscow();
    const date = body.date ?? today;
    const before = await loadContractData(tx, row);
    const issues: { path: string; message: string }[] = [];
    if (body.status === 'concluded' && row.contractDate > today) {
      issues.push({
        path: 'body.status',
        message: `Дата заключения ${formatRuDate(row.contractDate)} ещё не наступила: договор нельзя считать заключённым`,
      });
    }
    if (body.status === 'executed' || body.status === 'terminated') {
      if (date < row.contractDate) {
        issues.push({
          path: 'body.date',
          message: `Дата ${formatRuDate(date)} раньше даты заключения договора ${formatRuDate(row.contractDate)}`,
        });
      }
      if (date > today) issues.push({ path: 'body.date', message: 'Дата не может быть в будущем' });
      if (body.status === 'terminated' && !body.reason) {
        issues.push({ path: 'body.reason', message: 'Укажите основание расторжения договора' });
      }
    }
    if (issues.length) throw invalid(issues);
    if (body.status === 'executed' || body.status === 'terminated') {
      await tx.insert(contractEvents).values({
        contractId: id,
        companyId,
        kind: body.status === 'executed' ? 'execution' : 'termination',
        eventDate: date,
        amount: body.status === 'executed' ? row.executedAmount : row.paidAmount,
        description: body.reason,
        source: 'manual',
        createdBy: actor.userId,
      });
    }
    await tx.update(contracts).set({ status: body.status }).where(eq(contracts.id, id));
    await refreshContractDuties(tx, id);
    if (row.procurementId) await refreshProcurementDuties(tx, [row.procurementId]);
    const fresh = await commitVersion(tx, actor, id, 'status', { before });
    return loadContract(tx, fresh);
  });
}

/** Archived contracts leave the working register; nothing else about them changes. */
export async function setArchived(
  db: Db,
  actor: Actor,
  companyId: number,
  id: number,
  archived: boolean,
): Promise<Contract> {
  await assertContractOf(db, actor, companyId, id);
  return db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    if ((row.archivedAt !== null) === archived) {
      throw new AppError('conflict', archived ? 'Договор уже в архиве' : 'Договор не в архиве');
    }
    const before = await loadContractData(tx, row);
    await tx
      .update(contracts)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(contracts.id, id));
    const fresh = await commitVersion(tx, actor, id, archived ? 'archive' : 'restore', { before });
    return loadContract(tx, fresh);
  });
}

/** Records when the contract information, or one of its events, was placed in the EIS (or clears it). */
export async function recordPublication(
  db: Db,
  actor: Actor,
  companyId: number,
  id: number,
  body: PublicationIn,
): Promise<Contract> {
  await assertContractOf(db, actor, companyId, id);
  return db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    if (row.status === 'draft' || row.status === 'cancelled') {
      throw new AppError('conflict', 'Проект или отменённый договор не размещается в ЕИС');
    }
    let base = row.contractDate;
    if (body.event_id) {
      const [e] = await tx
        .select({ date: contractEvents.eventDate })
        .from(contractEvents)
        .where(and(eq(contractEvents.id, body.event_id), eq(contractEvents.contractId, id)));
      if (!e) throw invalid([{ path: 'body.event_id', message: 'У договора нет такого события' }]);
      base = e.date;
    }
    const at = body.eis_published_at ? parsePublishedAt(body.eis_published_at) : null;
    if (at) {
      if (Number.isNaN(at.getTime())) {
        throw invalid([{ path: 'body.eis_published_at', message: 'Неверная дата размещения' }]);
      }
      const day = moscowDay(at);
      if (day > todayMoscow()) {
        throw invalid([
          { path: 'body.eis_published_at', message: 'Дата размещения не может быть в будущем' },
        ]);
      }
      if (day < base) {
        throw invalid([
          {
            path: 'body.eis_published_at',
            message: `Дата размещения ${formatRuDate(day)} раньше даты ${body.event_id ? 'события' : 'заключения договора'} ${formatRuDate(base)}`,
          },
        ]);
      }
    }
    const before = await loadContractData(tx, row);
    if (body.event_id) {
      await tx.update(contractEvents).set({ eisPublishedAt: at }).where(eq(contractEvents.id, body.event_id));
    } else {
      await tx.update(contracts).set({ eisPublishedAt: at }).where(eq(contracts.id, id));
    }
    await refreshContractDuties(tx, id);
    const fresh = await commitVersion(tx, actor, id, 'eis_publication', { before });
    return loadContract(tx, fresh);
  });
}
