import {
  PROTOCOL_KIND_TITLES,
  type Procurement,
  type ProcurementStatusInput,
  type ProtocolInput,
  type ProtocolUpdate,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client.js';
import { conflict, duplicate, invalid, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { storeQueuedViolations } from '../eis-plans/eis-plan-violations.service.js';
import { incompleteDocuments } from '../procurement-documents/document-generation.service.js';
import { documentationModel } from '../procurement-documents/procurement-documents.service.js';
import { lawRefusals, throwRefusals, UNPINNED, versionFacts } from './procurement-checks.js';
import { conclusionRefusal, statusDates, transitionRefusal } from './procurement-status.policy.js';
import { checkBidsDeadlineSet, noticePlaced, type Refusal } from './procurements.policy.js';
import { bodyOf } from './procurements.presenter.js';
import * as repo from './procurements.repository.js';
import { loadProcurement, procurementOf, refreshProcurementDuties } from './procurements-query.service.js';

/** Status moves of a procurement (with their dates and history) and its protocols. */

type StatusIn = z.output<typeof ProcurementStatusInput>;
type ProtocolIn = z.output<typeof ProtocolInput>;
type ProtocolEdit = z.output<typeof ProtocolUpdate>;

async function methodOf(tx: Tx, id: number) {
  const e = (await repo.entries(tx, [id])).get(id);
  return { id, title: e?.title ?? '', smeOnly: e?.extra.sme_only === true, flags: e?.extra ?? {} };
}

/**
 * Moves the procurement to another status (PROCUREMENT_TRANSITIONS) on a date (today by default):
 * publication records `published_on`; the later moves fill the planned dates left empty. Leaving
 * the draft checks every rule of the law on what is stored, completeness included.
 */
export async function changeStatus(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: StatusIn,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const row = (await repo.findProcurement(tx, companyId, id, { lock: true }))!;
    const today = todayMoscow();
    const date = body.date ?? today;
    const to = body.status;
    const refused = transitionRefusal(row.status, to, {
      date,
      reason: body.reason,
      today,
      publishedOn: row.publishedOn,
    });
    if (refused) throwRefusals([refused]);
    const before = await loadProcurement(tx, row);
    if (to === 'contract_concluded') {
      const early = conclusionRefusal(
        date,
        before.duties.find((x) => x.duty === 'contract_conclusion'),
      );
      if (early) throwRefusals([early]);
    }
    const current = bodyOf(before);
    const dates = statusDates(to, date, current);
    if (to === 'documentation_ready' || to === 'published') {
      const stored = { ...current, ...dates };
      const method = await methodOf(tx, row.methodId);
      if (row.ruleVersionId === null) throw conflict(UNPINNED);
      const version = versionFacts(await repo.versionById(tx, row.ruleVersionId));
      const customer = row.customerId ? await repo.customerOf(tx, companyId, row.customerId) : null;
      const refusals: Refusal[] = await lawRefusals(tx, {
        body: stored,
        version,
        method,
        largeCustomer: customer?.annualRevenueOver5bn ?? false,
        status: row.status,
        publishedOn: stored.published_on,
        before: null,
        strict: true,
      });
      if (to === 'published') refusals.push(...checkBidsDeadlineSet(stored, method, version));
      throwRefusals(refusals);
      if (to === 'documentation_ready') {
        // docs/procurement-documents.md: the documentation is not ready while a document lacks a
        // required value (asked once the card itself passes the law's checks)
        const incomplete = incompleteDocuments(await documentationModel(tx, id, deps.declared), null);
        if (incomplete)
          throwRefusals([
            {
              rule: 'documents_complete',
              path: 'body.status',
              message: `Документация не готова. ${incomplete.message}`,
              status: 409,
            },
          ]);
      }
    }
    await repo.updateProcurement(tx, id, {
      status: to,
      ...(dates.published_on ? { publishedOn: dates.published_on } : {}),
      ...(dates.bids_deadline ? { bidsDeadline: dates.bids_deadline } : {}),
      ...(dates.review_date ? { reviewDate: dates.review_date } : {}),
      ...(dates.summing_up_date ? { summingUpDate: dates.summing_up_date } : {}),
      updatedBy: actor.userId,
    });
    await repo.insertEvent(tx, {
      procurementId: id,
      kind: 'status',
      fromStatus: row.status,
      toStatus: to,
      changedFields: Object.keys(dates),
      comment: [`Дата: ${formatRuDate(date)}`, body.reason].filter(Boolean).join('. '),
      userId: actor.userId,
    });
    await refreshProcurementDuties(tx, [id]);
    await storeQueuedViolations(tx, companyId);
    const fresh = (await repo.findProcurement(tx, companyId, id))!;
    const out = await loadProcurement(tx, fresh);
    await audit(tx, actor, {
      action: 'status',
      entity: 'procurement',
      entityId: id,
      companyId,
      before: { status: row.status },
      after: { status: to, date, reason: body.reason, ...dates },
    });
    return out;
  });
}

// ---------------------------------------------------------------- protocols

function checkProtocol(p: Procurement, body: ProtocolIn) {
  const issues: { path: string; message: string }[] = [];
  const today = todayMoscow();
  if (body.signed_on > today)
    issues.push({
      path: 'body.signed_on',
      message: `Дата подписания ${formatRuDate(body.signed_on)} ещё не наступила`,
    });
  if (p.published_on && body.signed_on < p.published_on)
    issues.push({
      path: 'body.signed_on',
      message: `Протокол не может быть подписан (${formatRuDate(body.signed_on)}) раньше размещения извещения ${formatRuDate(p.published_on)}`,
    });
  if (body.published_on && body.published_on < body.signed_on)
    issues.push({
      path: 'body.published_on',
      message: `Протокол не может быть размещён (${formatRuDate(body.published_on)}) раньше его подписания ${formatRuDate(body.signed_on)}`,
    });
  if (body.published_on && body.published_on > today)
    issues.push({ path: 'body.published_on', message: 'Дата размещения в ЕИС не может быть в будущем' });
  if (body.lot_number && !p.lots.some((l) => l.number === body.lot_number))
    issues.push({ path: 'body.lot_number', message: `Лота № ${body.lot_number} в закупке нет` });
  if (issues.length) throw invalid(issues);
}

function protocolValues(body: ProtocolIn) {
  return {
    kind: body.kind,
    final: body.final,
    signedOn: body.signed_on,
    publishedOn: body.published_on,
    eisRegistrationNumber: body.eis_registration_number,
    lotNumber: body.lot_number ?? null,
    winnerName: body.winner_name,
    winnerInn: body.winner_inn,
    winnerPrice: body.winner_price,
  };
}

const protocolTitle = (b: { kind: ProtocolIn['kind']; signed_on: string }) =>
  `${PROTOCOL_KIND_TITLES[b.kind]} от ${formatRuDate(b.signed_on)}`;

async function protocolWrite(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  write: (
    tx: Tx,
    card: Procurement,
  ) => Promise<{ comment: string; action: string; protocolId: number; before?: unknown }>,
) {
  await procurementOf(deps, actor, companyId, id);
  return deps.db.transaction(async (tx) => {
    const row = (await repo.findProcurement(tx, companyId, id, { lock: true }))!;
    if (!noticePlaced(row.status, row.publishedOn))
      throw conflict(
        'Протоколы ведутся после размещения извещения: сначала переведите закупку в статус «Извещение размещено»',
      );
    const card = await loadProcurement(tx, row);
    const done = await write(tx, card);
    await repo.updateProcurement(tx, id, { updatedBy: actor.userId });
    await repo.insertEvent(tx, {
      procurementId: id,
      kind: 'protocol',
      comment: done.comment,
      userId: actor.userId,
    });
    await refreshProcurementDuties(tx, [id]);
    const out = await loadProcurement(tx, (await repo.findProcurement(tx, companyId, id))!);
    await audit(tx, actor, {
      action: done.action,
      entity: 'procurement_protocol',
      entityId: done.protocolId,
      companyId,
      before: done.before,
      after: out.protocols.find((p) => p.id === done.protocolId),
    });
    return out;
  });
}

async function assertUniqueRegistration(tx: Tx, card: Procurement, body: ProtocolIn, selfId: number | null) {
  if (!body.eis_registration_number) return;
  const other = card.protocols.find(
    (p) => p.eis_registration_number === body.eis_registration_number && p.id !== selfId,
  );
  if (other)
    throw duplicate(
      `Протокол с номером ${body.eis_registration_number} уже записан: ${other.title} от ${formatRuDate(other.signed_on)}`,
    );
  void tx;
}

/** The protocol of the card, or 404; an imported one is the EIS's record: 409. */
async function manualProtocol(tx: Tx, procurementId: number, protocolId: number) {
  const p = await repo.findProtocol(tx, procurementId, protocolId);
  if (!p) throw notFound('Протокол не найден');
  if (p.source === 'eis')
    throw conflict(
      'Протокол загружен из ЕИС: изменить или удалить его нельзя, загрузите новую редакцию протокола',
    );
  return p;
}

export function addProtocol(deps: AppDeps, actor: Actor, companyId: number, id: number, body: ProtocolIn) {
  return protocolWrite(deps, actor, companyId, id, async (tx, card) => {
    checkProtocol(card, body);
    await assertUniqueRegistration(tx, card, body, null);
    const row = await repo.insertProtocol(tx, {
      ...protocolValues(body),
      procurementId: id,
      source: 'manual',
    });
    return { comment: `Добавлен протокол: ${protocolTitle(body)}`, action: 'create', protocolId: row.id };
  });
}

/** The stored protocol with the fields an edit sends over it (an absent field stays as it is). */
function editedProtocol(
  edit: ProtocolEdit,
  was: NonNullable<Awaited<ReturnType<typeof repo.findProtocol>>>,
): ProtocolIn {
  const kept = <T>(v: T | undefined, stored: T): T => (v === undefined ? stored : v);
  return {
    kind: kept(edit.kind, was.kind as ProtocolIn['kind']),
    final: kept(edit.final, was.final),
    signed_on: kept(edit.signed_on, was.signedOn),
    published_on: kept(edit.published_on, was.publishedOn),
    eis_registration_number: kept(edit.eis_registration_number, was.eisRegistrationNumber),
    lot_number: kept(edit.lot_number, was.lotNumber),
    winner_name: kept(edit.winner_name, was.winnerName),
    winner_inn: kept(edit.winner_inn, was.winnerInn),
    winner_price: kept(edit.winner_price, was.winnerPrice),
  };
}

export function updateProtocol(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  protocolId: number,
  edit: ProtocolEdit,
) {
  return protocolWrite(deps, actor, companyId, id, async (tx, card) => {
    const before = await manualProtocol(tx, id, protocolId);
    const body = editedProtocol(edit, before);
    checkProtocol(card, body);
    await assertUniqueRegistration(tx, card, body, protocolId);
    await repo.updateProtocol(tx, protocolId, protocolValues(body));
    return {
      comment: `Изменён протокол: ${protocolTitle(body)}`,
      action: 'update',
      protocolId,
      before: card.protocols.find((p) => p.id === before.id),
    };
  });
}

export function removeProtocol(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  protocolId: number,
) {
  return protocolWrite(deps, actor, companyId, id, async (tx, card) => {
    const before = await manualProtocol(tx, id, protocolId);
    await repo.deleteProtocol(tx, protocolId);
    return {
      comment: `Удалён протокол: ${protocolTitle({ kind: before.kind, signed_on: before.signedOn })}`,
      action: 'delete',
      protocolId,
      before: card.protocols.find((p) => p.id === before.id),
    };
  });
}
