import {
  type BidAdmissionInput,
  type BidInput,
  type BidUpdateInput,
  fromKopecks,
  lineKopecks,
  toScaled,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { conflict, duplicate, invalid, notFound } from '../../lib/app-error.js';
import { moscowInstant } from '../../lib/moscow-time.js';
import type { UploadedFile } from '../../lib/upload.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { storeFile } from '../files/files.service.js';
import { procurementOf } from '../procurements/procurements-query.service.js';
import { bidsStage, duplicateBidMessage } from './bids.policy.js';
import * as repo from './bids.repository.js';
import { loadBid } from './bids-query.service.js';

/** Writes of bids: entry, edit, removal, admission, files (docs/bids.md). Every write audited. */

export type BidIn = z.output<typeof BidInput>;
type BidEdit = z.output<typeof BidUpdateInput>;
type AdmissionIn = z.output<typeof BidAdmissionInput>;

export const BID_NOT_FOUND = 'Заявка не найдена';

/**
 * Runs a write on the procurement's bids in one transaction with the procurement locked; bids are
 * kept from the notice's placement until the outcome (a concluded, failed or cancelled procurement
 * is read-only).
 */
export async function bidsWrite<T>(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  work: (tx: Tx, p: repo.ProcurementRow) => Promise<T>,
  opts: { anyStatus?: boolean } = {},
): Promise<T> {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const p = await repo.lockProcurement(tx, companyId, id);
    if (!p) throw notFound('Закупка не найдена');
    if (!opts.anyStatus && bidsStage(p.status) !== 'open')
      throw conflict(
        'Заявки ведутся после размещения извещения и до подведения итогов: у закупки в этом статусе они только просматриваются',
      );
    return work(tx, p);
  });
}

/** A date-time with an offset as it is; a local one as Moscow time. */
export function receivedInstant(v: string): Date {
  const s = v.replace(' ', 'T');
  return /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? new Date(s) : moscowInstant(s);
}

/**
 * The stored values of a bid after its checks: the lot of the procurement, its items priced once
 * each (the price their sum), the participant once per lot. Refusals name the field.
 */
export async function checkedBid(
  tx: Tx,
  p: repo.ProcurementRow,
  body: BidIn,
  selfId: number | null,
  path = 'body',
) {
  const lots = await repo.lotsOf(tx, p.id);
  const lot = lots.find((l) => l.id === body.lot_id);
  if (!lot) throw invalid([{ path: `${path}.lot_id`, message: 'Такого лота в закупке нет' }]);
  const issues: { path: string; message: string }[] = [];
  const received = receivedInstant(body.received_at);
  if (Number.isNaN(received.getTime()))
    issues.push({ path: `${path}.received_at`, message: 'Такой даты нет в календаре' });
  else if (received.getTime() > Date.now())
    issues.push({ path: `${path}.received_at`, message: 'Время получения заявки ещё не наступило' });
  const prices: { itemId: number; unitPrice: string; amount: string }[] = [];
  let price = body.price;
  if (body.items.length) {
    let sum = 0n;
    const seen = new Set<number>();
    body.items.forEach((it, i) => {
      const item = lot.items.find((x) => x.id === it.item_id);
      if (!item)
        issues.push({
          path: `${path}.items.${i}.item_id`,
          message: `Такой позиции в лоте № ${lot.number} нет`,
        });
      else if (seen.has(item.id))
        issues.push({
          path: `${path}.items.${i}.item_id`,
          message: `Позиция № ${item.lineNo} указана дважды`,
        });
      else {
        seen.add(item.id);
        const k = lineKopecks(item.quantity, it.unit_price);
        sum += k;
        prices.push({ itemId: item.id, unitPrice: it.unit_price, amount: fromKopecks(k) });
      }
    });
    const missing = lot.items.filter((x) => !seen.has(x.id));
    if (missing.length && !issues.length)
      issues.push({
        path: `${path}.items`,
        message: `Укажите цену каждой позиции лота: нет цены позиций № ${missing.map((m) => m.lineNo).join(', ')}`,
      });
    const total = fromKopecks(sum);
    if (price !== null && toScaled(price, 2) !== sum && !issues.length)
      issues.push({
        path: `${path}.price`,
        message: `Цена заявки ${price} не равна сумме цен позиций ${total}`,
      });
    price = total;
  }
  if (price === null) issues.push({ path: `${path}.price`, message: 'Укажите цену заявки' });
  if (issues.length) throw invalid(issues);
  const same = await repo.findSameParticipant(tx, lot.id, body.participant_inn, body.participant_kpp, selfId);
  if (same)
    throw duplicate(
      duplicateBidMessage(
        { inn: body.participant_inn, kpp: body.participant_kpp, name: body.participant_name },
        lot.number,
      ),
    );
  return {
    values: {
      lotId: lot.id,
      participantInn: body.participant_inn,
      participantKpp: body.participant_kpp,
      participantName: body.participant_name,
      participantAddress: body.participant_address,
      participantIsSme: body.participant_is_sme,
      receivedAt: received,
      price: price as string,
      countryCode: body.country_code,
      countryName: body.country_name ?? (body.country_code === '643' ? 'Россия' : null),
    },
    prices,
  };
}

/** Inserts a checked bid with its item prices (an entry, an XLSX row group). */
export async function insertChecked(
  tx: Tx,
  actor: Actor,
  p: repo.ProcurementRow,
  checked: Awaited<ReturnType<typeof checkedBid>>,
  source: 'manual' | 'xlsx' | 'eis',
) {
  const row = await repo.insertBid(tx, {
    ...checked.values,
    companyId: p.companyId,
    procurementId: p.id,
    source,
    createdBy: actor.userId,
  });
  await repo.replaceItemPrices(tx, row.id, checked.prices);
  return row;
}

async function bidOf(tx: Tx, procurementId: number, bidId: number) {
  const b = await repo.findBid(tx, procurementId, bidId, { lock: true });
  if (!b) throw notFound(BID_NOT_FOUND);
  return b;
}

export function createBid(deps: AppDeps, actor: Actor, companyId: number, id: number, body: BidIn) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const checked = await checkedBid(tx, p, body, null);
    const row = await insertChecked(tx, actor, p, checked, 'manual');
    const out = await loadBid(tx, row);
    await audit(tx, actor, { action: 'create', entity: 'bid', entityId: row.id, companyId, after: out });
    return out;
  });
}

export function updateBid(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  bidId: number,
  edit: BidEdit,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const was = await bidOf(tx, id, bidId);
    const before = await loadBid(tx, was);
    const kept = <T>(v: T | undefined, stored: T): T => (v === undefined ? stored : v);
    const items = kept(
      edit.items,
      before.items.map((i) => ({ item_id: i.item_id, unit_price: i.unit_price })),
    );
    const body: BidIn = {
      lot_id: kept(edit.lot_id, was.lotId),
      participant_inn: kept(edit.participant_inn, was.participantInn),
      participant_kpp: kept(edit.participant_kpp, was.participantKpp),
      participant_name: kept(edit.participant_name, was.participantName),
      participant_address: kept(edit.participant_address, was.participantAddress),
      participant_is_sme: kept(edit.participant_is_sme, was.participantIsSme),
      received_at: kept(edit.received_at, was.receivedAt.toISOString()),
      // new item prices make their sum the price unless a price is sent too
      price: kept(edit.price, edit.items?.length ? null : before.price),
      items,
      country_code: kept(edit.country_code, was.countryCode),
      country_name: kept(edit.country_name, was.countryName),
    };
    const checked = await checkedBid(tx, p, body, bidId);
    const row = await repo.updateBid(tx, bidId, checked.values);
    await repo.replaceItemPrices(tx, bidId, checked.prices);
    const out = await loadBid(tx, row);
    await audit(tx, actor, {
      action: 'update',
      entity: 'bid',
      entityId: bidId,
      companyId,
      before,
      after: out,
    });
    return out;
  });
}

export function removeBid(deps: AppDeps, actor: Actor, companyId: number, id: number, bidId: number) {
  return bidsWrite(deps, actor, companyId, id, async (tx) => {
    const was = await bidOf(tx, id, bidId);
    if (was.source === 'eis')
      throw conflict(
        'Заявка взята из протокола ЕИС: удалить её нельзя, её сведения обновляет новая редакция протокола',
      );
    const before = await loadBid(tx, was);
    await repo.deleteBid(tx, bidId);
    await audit(tx, actor, { action: 'delete', entity: 'bid', entityId: bidId, companyId, before });
    return null;
  });
}

export function decideAdmission(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  bidId: number,
  body: AdmissionIn,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx) => {
    const was = await bidOf(tx, id, bidId);
    const rejected = body.admission === 'rejected';
    const row = await repo.updateBid(tx, bidId, {
      admission: body.admission,
      rejectionReason: rejected ? body.reason : null,
      admissionComment: body.comment,
      admissionDecidedAt: body.admission === 'pending' ? null : new Date(),
      admissionDecidedBy: body.admission === 'pending' ? null : actor.userId,
    });
    const out = await loadBid(tx, row);
    await audit(tx, actor, {
      action: rejected ? 'reject' : 'update',
      entity: 'bid_admission',
      entityId: bidId,
      companyId,
      before: { admission: was.admission, reason: was.rejectionReason, comment: was.admissionComment },
      after: { admission: body.admission, reason: body.reason, comment: body.comment },
    });
    return out;
  });
}

export function addBidFile(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  bidId: number,
  read: () => Promise<UploadedFile>,
) {
  return bidsWrite(
    deps,
    actor,
    companyId,
    id,
    async (tx) => {
      await bidOf(tx, id, bidId);
      const f = await read();
      const stored = await storeFile(tx, {
        companyId,
        userId: actor.userId,
        purpose: 'document',
        name: f.name,
        mime: f.mime || 'application/octet-stream',
        content: f.data,
      });
      await repo.insertBidFile(tx, bidId, stored.id);
      const out = await loadBid(tx, (await repo.findBid(tx, id, bidId))!);
      await audit(tx, actor, {
        action: 'create',
        entity: 'bid_file',
        entityId: stored.id,
        companyId,
        after: { bid_id: bidId, file_id: stored.id, name: f.name },
      });
      return out;
    },
    { anyStatus: true },
  );
}

export function removeBidFile(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  bidId: number,
  fileId: number,
) {
  return bidsWrite(
    deps,
    actor,
    companyId,
    id,
    async (tx) => {
      await bidOf(tx, id, bidId);
      if (!(await repo.deleteBidFile(tx, bidId, fileId))) throw notFound('Файл заявки не найден');
      await audit(tx, actor, {
        action: 'delete',
        entity: 'bid_file',
        entityId: fileId,
        companyId,
        before: { bid_id: bidId, file_id: fileId },
      });
      return loadBid(tx, (await repo.findBid(tx, id, bidId))!);
    },
    { anyStatus: true },
  );
}
