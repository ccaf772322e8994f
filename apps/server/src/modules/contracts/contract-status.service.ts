import type { Contract, ContractStatusInput, EisPublicationInput } from '@zakupki/shared';
import type { z } from 'zod';
import { conflict, invalid } from '../../lib/app-error.js';
import { moscowDay, todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { conclusionRefusal } from '../procurements/procurement-status.policy.js';
import { findProcurement } from '../procurements/procurements.repository.js';
import { dutiesOf, refreshProcurementDuties } from '../procurements/procurements-query.service.js';
import { loadContract, loadContractData } from './contract-card.service.js';
import { refreshContractDuties } from './contract-duties.service.js';
import { eventDateOf, insertContractEvent, setEventPublished } from './contract-events.repository.js';
import { assertContractOf, commitVersion } from './contract-versions.js';
import { parsePublishedAt, transitionProblem } from './contracts.policy.js';
import { findContract, updateContract } from './contracts.repository.js';

type StatusIn = z.output<typeof ContractStatusInput>;
type PublicationIn = z.output<typeof EisPublicationInput>;

/**
 * Moves a contract along its life: проект -> заключен -> исполнен | расторгнут, проект -> отменен.
 * Execution and termination are events the EIS must learn about within their term.
 */
export async function changeStatus(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: StatusIn,
): Promise<Contract> {
  await assertContractOf(deps.db, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    const problem = transitionProblem(row.status, body.status);
    if (problem) throw conflict(problem, { from: row.status, to: body.status });
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
    if (body.status === 'concluded' && row.procurementId) {
      // the window of ч. 15 ст. 3.2 223-ФЗ after the procurement's final protocol (the law's rule)
      const proc = await findProcurement(tx, companyId, row.procurementId);
      const window = proc
        ? (await dutiesOf(tx, [proc])).get(proc.id)?.find((d) => d.duty === 'contract_conclusion')
        : undefined;
      const early = conclusionRefusal(row.contractDate, window);
      if (early) issues.push({ path: 'body.status', message: early.message });
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
      await insertContractEvent(tx, {
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
    await updateContract(tx, id, { status: body.status });
    await refreshContractDuties(tx, id);
    if (row.procurementId) await refreshProcurementDuties(tx, [row.procurementId]);
    const fresh = await commitVersion(tx, actor, id, 'status', { before });
    return loadContract(tx, fresh);
  });
}

/** Archived contracts leave the working register; nothing else about them changes. */
export async function setArchived(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  archived: boolean,
): Promise<Contract> {
  await assertContractOf(deps.db, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    if ((row.archivedAt !== null) === archived) {
      throw conflict(archived ? 'Договор уже в архиве' : 'Договор не в архиве');
    }
    const before = await loadContractData(tx, row);
    await updateContract(tx, id, { archivedAt: archived ? new Date() : null });
    const fresh = await commitVersion(tx, actor, id, archived ? 'archive' : 'restore', { before });
    return loadContract(tx, fresh);
  });
}

/** Records when the contract information, or one of its events, was placed in the EIS (or clears it). */
export async function recordPublication(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: PublicationIn,
): Promise<Contract> {
  await assertContractOf(deps.db, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const row = (await findContract(tx, companyId, id, { lock: true }))!;
    if (row.status === 'draft' || row.status === 'cancelled') {
      throw conflict('Проект или отменённый договор не размещается в ЕИС');
    }
    let base = row.contractDate;
    if (body.event_id) {
      const date = await eventDateOf(tx, id, body.event_id);
      if (!date) throw invalid([{ path: 'body.event_id', message: 'У договора нет такого события' }]);
      base = date;
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
      await setEventPublished(tx, body.event_id, at);
    } else {
      await updateContract(tx, id, { eisPublishedAt: at });
    }
    await refreshContractDuties(tx, id);
    const fresh = await commitVersion(tx, actor, id, 'eis_publication', { before });
    return loadContract(tx, fresh);
  });
}
