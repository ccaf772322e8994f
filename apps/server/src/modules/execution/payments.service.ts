import { formatRub, fromKopecks, type PaymentListQuery, toScaled } from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { pageResult } from '../../db/paging.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { assertContractOf, CONTRACT_NOT_FOUND } from '../contracts/contract-versions.js';
import { contractRefs, withContractRefs } from './contract-refs.repository.js';
import { toPayment } from './execution.presenter.js';
import { addEventOnce, recomputeExecution } from './execution.service.js';
import { paymentEvent } from './payment-events.js';
import {
  findPayment,
  listPaymentRows,
  lockCompanyContract,
  type PaymentRow,
  releasePaymentEvent,
  updatePayment,
} from './payments.repository.js';

type ListIn = z.output<typeof PaymentListQuery>;

async function ownPayment(tx: Tx, actor: Actor, companyId: number, id: number, lock = false) {
  const row = await findPayment(tx, id, lock);
  await assertOwned(tx as Db, actor, {
    entity: 'payment',
    id,
    owner: row?.companyId,
    companyId,
    notFound: 'Платёж не найден',
  });
  return row!;
}

async function withContract(tx: Tx, row: PaymentRow) {
  const refs = await contractRefs(tx, [row.contractId]);
  return toPayment(row, row.contractId ? (refs.get(row.contractId) ?? null) : null);
}

export async function listPayments(deps: AppDeps, companyId: number, q: ListIn) {
  const db = deps.db;
  const { rows, total } = await listPaymentRows(db, companyId, q);
  return pageResult(await withContractRefs(db, rows, toPayment), total, q);
}

/**
 * Assigns a payment to a contract by hand: the payee must be the contract's supplier and the
 * amount must fit in what remains unpaid. A payment counted elsewhere moves to this contract.
 */
export async function assignPayment(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  contractId: number,
) {
  const db = deps.db;
  await ownPayment(db, actor, companyId, id);
  // the contract named in the body: another company's answers like a missing one, audited
  await assertContractOf(db, actor, companyId, contractId);
  return db.transaction(async (tx) => {
    const row = await ownPayment(tx, actor, companyId, id, true);
    const contract = await lockCompanyContract(tx, companyId, contractId);
    if (!contract) throw notFound(CONTRACT_NOT_FOUND);
    const label = `договору № ${contract.number} от ${formatRuDate(contract.contractDate)}`;
    if (contract.status === 'cancelled' || contract.status === 'draft') {
      throw conflict(`Платёж нельзя отнести к ${label}: договор не заключён или отменён`);
    }
    if (contract.supplierInn && row.payeeInn && contract.supplierInn !== row.payeeInn) {
      throw conflict(
        `Получатель платежа (ИНН ${row.payeeInn}) не является поставщиком по ${label} (ИНН ${contract.supplierInn})`,
        { field: 'contract_id' },
      );
    }
    const countedHere = row.contractId === contractId && row.eventId !== null ? toScaled(row.amount, 2) : 0n;
    const remaining = toScaled(contract.price, 2) - toScaled(contract.paidAmount, 2) + countedHere;
    if (toScaled(row.amount, 2) > remaining) {
      throw conflict(
        `Сумма платежа ${formatRub(row.amount)} больше остатка по ${label} (${formatRub(fromKopecks(remaining))})`,
        { field: 'contract_id', remaining: fromKopecks(remaining) },
      );
    }
    const touched = new Set<number>([contractId]);
    const released = await releasePaymentEvent(tx, row.id, row.eventId);
    if (released !== null) touched.add(released);
    const ev = await addEventOnce(tx, paymentEvent(companyId, contractId, row, row.importId, actor.userId));
    const updated = await updatePayment(tx, id, {
      status: 'assigned',
      contractId,
      eventId: ev.id,
      matchConfidence: null,
      matchReason: 'отнесён к договору пользователем',
      updatedBy: actor.userId,
    });
    await recomputeExecution(tx, touched);
    await audit(tx, actor, {
      action: 'assign',
      entity: 'payment',
      entityId: id,
      companyId,
      before: { status: row.status, contract_id: row.contractId },
      after: { status: 'assigned', contract_id: contractId },
    });
    return withContract(tx, updated);
  });
}

/** Marks a payment as not belonging to any contract; a counted payment stops counting. */
export async function ignorePayment(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const db = deps.db;
  await ownPayment(db, actor, companyId, id);
  return db.transaction(async (tx) => {
    const row = await ownPayment(tx, actor, companyId, id, true);
    if (row.status === 'ignored') return withContract(tx, row);
    const released = await releasePaymentEvent(tx, row.id, row.eventId);
    const updated = await updatePayment(tx, id, {
      status: 'ignored',
      contractId: null,
      eventId: null,
      matchReason: 'не учитывается по решению пользователя',
      updatedBy: actor.userId,
    });
    if (released !== null) await recomputeExecution(tx, [released]);
    await audit(tx, actor, {
      action: 'ignore',
      entity: 'payment',
      entityId: id,
      companyId,
      before: { status: row.status, contract_id: row.contractId },
      after: { status: 'ignored' },
    });
    return withContract(tx, updated);
  });
}
