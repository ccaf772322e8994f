import {
  type EisProcurementImportItem,
  PROCUREMENT_STATUS_TITLES,
  PROTOCOL_KIND_TITLES,
  type ProcurementStatus,
} from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import type { CustomerRef } from '../../kernel/eis/eis.types.js';
import type { EisNotice, EisProtocol } from '../../kernel/eis/eis223-procurement.types.js';
import { RunFailure } from '../../kernel/runs.js';
import { AppError } from '../../lib/app-error.js';
import { moscowDay, todayMoscow } from '../../lib/moscow-time.js';
import { ParseError } from '../../lib/parse-error.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { storeQueuedViolations } from '../eis-plans/eis-plan-violations.service.js';
import {
  lotItems,
  newMethodEntry,
  noticeStatus,
  noticeSubject,
  pickMethod,
  protocolKindOf,
  protocolStatus,
  sameMoney,
  statusAfter,
  subjectTypeOf,
  sumMoney,
} from './eis-procurement.policy.js';
import * as repo from './eis-procurement.repository.js';
import { versionInForce } from './procurement-checks.js';
import { nextNumber } from './procurement-status.policy.js';
import { lockNumbering, numbersWithPrefix } from './procurements.repository.js';

/**
 * Writes EIS notices (`purchaseNotice*`) and protocols (`purchaseProtocol*`) into the procurement
 * register (docs/procurement-import.md), inside the caller's transaction: one file is written
 * whole or not at all. A notice creates or updates the procurement of its number; a protocol is
 * attached to the procurement of its notice. An older or equal version than the stored one writes
 * nothing (`unchanged`). The law's rules of manual saving are not applied to imported data: the
 * EIS already published it; only НМЦД = the sum of the lots holds.
 */

export type EisProcurementContext = {
  companyId: number;
  importId: number | null;
  actor: Actor;
  /** the file as the user sees it («архив.zip/извещение.xml») */
  fileName: string;
  /** the company's own ИНН (id null) and its заказчики */
  refs: CustomerRef[];
};

type Item = EisProcurementImportItem;

const orgName = (o: { shortName: string | null; fullName: string | null } | null) =>
  o?.shortName ?? o?.fullName ?? 'без наименования';

/** The заказчик of the company a document names (the company itself: id null), or null. */
export function customerOf(refs: CustomerRef[], inn: string | null, kpp: string | null): CustomerRef | null {
  if (!inn) return null;
  const same = refs.filter((r) => r.inn === inn);
  return same.find((r) => r.kpp === kpp) ?? same.find((r) => r.id !== null) ?? same[0] ?? null;
}

const dayOf = (iso: string | null) => (iso ? moscowDay(new Date(iso)) : null);

/** Columns that differ between the stored procurement and the new values (the event's changed fields). */
function changedColumns(before: repo.ProcurementRow, after: Partial<repo.ProcurementInsert>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(after)) {
    const was = (before as Record<string, unknown>)[k];
    if (String(was ?? '') !== String(v ?? '')) out.push(k);
  }
  return out;
}

async function methodIdFor(
  tx: Tx,
  ctx: EisProcurementContext,
  n: EisNotice,
  smeOnly: boolean,
  warnings: string[],
) {
  const wanted = { kind: n.methodKind, name: n.methodName, electronic: n.electronic, smeOnly };
  const found = pickMethod(await repo.methodEntries(tx, ctx.companyId), wanted);
  if (found) return found.id;
  const entry = newMethodEntry(wanted);
  warnings.push(
    `способа «${entry.title}» не было в справочнике способов закупки: он добавлен в справочник компании`,
  );
  return repo.addMethodEntry(tx, ctx.companyId, entry);
}

/** Creates or updates the procurement of a notice; returns what happened to it. */
export async function writeEisNotice(tx: Tx, ctx: EisProcurementContext, n: EisNotice): Promise<Item> {
  const reg = n.registrationNumber;
  const customer = customerOf(ctx.refs, n.customer?.inn ?? null, n.customer?.kpp ?? null);
  if (!customer) {
    throw new RunFailure(
      `извещение № ${reg}: заказчик с ИНН ${n.customer?.inn ?? '—'} (${orgName(n.customer)}) не является компанией или её заказчиком`,
    );
  }
  const base = {
    file_name: ctx.fileName,
    document: 'notice' as const,
    form: n.form,
    registration_number: reg,
    notice_number: reg,
    version: n.version,
  };
  const stored = await repo.findByNotice(tx, ctx.companyId, reg);
  if (stored && stored.eisVersion !== null && stored.eisVersion >= n.version) {
    return {
      ...base,
      procurement_id: stored.id,
      procurement_number: stored.number,
      outcome: 'unchanged',
      status: stored.status,
      warnings: [
        stored.eisVersion > n.version
          ? `в реестре уже редакция ${stored.eisVersion} извещения, более новая — файл не применён`
          : `редакция ${n.version} извещения уже загружена`,
      ],
    };
  }

  const warnings = n.warnings.map((w) => `${w.path}: ${w.message}`);
  // lots: НМЦД of each as the notice gives it, items, the plan position of lotPlanInfo
  const lots: repo.LotWrite[] = [];
  for (const [i, lot] of n.lots.entries()) {
    const number = lot.ordinalNumber ?? i + 1;
    const sum = lot.initialSum ?? '0.00';
    if (lot.initialSum === null) warnings.push(`лот ${number}: НМЦД в извещении не указана — принята 0`);
    if (lot.cancelled === true && !n.lots.every((l) => l.cancelled === true))
      warnings.push(`лот ${number} отменён в ЕИС`);
    const { items, warnings: itemWarnings } = lotItems(lot, number, sum);
    warnings.push(...itemWarnings);
    let planPositionId: number | null = null;
    if (lot.planInfo) {
      const position = await repo.planPositionOf(tx, ctx.companyId, lot.planInfo);
      if (position) planPositionId = position.id;
      else {
        const p = lot.planInfo;
        warnings.push(
          `лот ${number}: позиция ${p.positionNumber ?? '—'} плана ${p.planRegistrationNumber ?? '—'}${p.positionGuid ? ` (guid ${p.positionGuid})` : ''} не найдена среди загруженных планов закупки — лот не связан с планом; загрузите план и повторите импорт новой редакции извещения или укажите позицию в карточке закупки`,
        );
      }
    }
    lots.push({
      number,
      subject: (lot.subject ?? '').replace(/\s+/g, ' ').trim() || noticeSubject(n),
      nmcd: sum,
      planPositionId,
      eisGuid: lot.guid,
      items,
    });
  }
  if (new Set(lots.map((l) => l.number)).size !== lots.length) {
    throw new ParseError(`${n.path}/lots: номера лотов (ordinalNumber) повторяются`);
  }
  const currencies = [...new Set(n.lots.map((l) => l.currencyCode).filter((c): c is string => Boolean(c)))];
  if (currencies.length > 1)
    warnings.push(`лоты в разных валютах (${currencies.join(', ')}): валюта закупки — ${currencies[0]}`);
  const smeOnly = n.lots.length > 0 && n.lots.every((l) => l.smeOnly === true);
  const nmcd = sumMoney(lots.map((l) => l.nmcd));
  const publishedOn = dayOf(n.publishedAt);
  const target = noticeStatus(n);

  /** What the notice says of the procurement, whatever its lots. */
  const eisFields: Partial<repo.ProcurementInsert> = {
    eisNoticeNumber: reg,
    eisVersion: n.version,
    eisGuid: n.guid,
    eisUrl: n.url,
    electronic: n.electronic,
    platformName: n.platformName,
    platformUrl: n.platformUrl,
    plannedPublicationDate: n.plannedPublicationDate,
    publishedOn,
    bidsDeadline: dayOf(n.bidsDeadline),
    reviewDate: dayOf(n.examinationAt),
    summingUpDate: dayOf(n.summingUpAt),
  };
  /** …and what it says of its subject, method, money and lots. */
  const contentFields = async (): Promise<Partial<repo.ProcurementInsert>> => ({
    customerId: customer.id,
    customerTitle: customer.id === null ? orgName(n.customer) : null,
    customerInn: customer.inn,
    methodId: await methodIdFor(tx, ctx, n, smeOnly, warnings),
    subject: noticeSubject(n),
    subjectType: subjectTypeOf(n.lots.flatMap((l) => l.items.map((it) => it.okpd2Code))),
    nmcd,
    currencyCode: currencies[0] ?? 'RUB',
    planPositionId: lots.find((l) => l.planPositionId !== null)?.planPositionId ?? null,
    smeOnly,
  });
  const comment = `Извещение № ${reg}, редакция ${n.version} (${n.form}) загружено из ЕИС: файл «${ctx.fileName}»`;

  let row: repo.ProcurementRow;
  let outcome: Item['outcome'];
  if (!stored) {
    const day = publishedOn ?? n.plannedPublicationDate ?? todayMoscow();
    const version = await pinnedVersion(tx, ctx.companyId, customer.id, day);
    // a notice from before the company used Zakupki: imported unpinned, pinned later on its card
    if (!version)
      warnings.push(
        `у заказчика «${orgName(n.customer)}» (ИНН ${customer.inn}) нет Положения о закупке, действовавшего на ${formatRuDate(day)} — дату извещения: закупка загружена без привязки к Положению; привяжите её к редакции Положения в карточке закупки`,
      );
    row = await repo.insertProcurement(tx, {
      companyId: ctx.companyId,
      number: await nextInternalNumber(tx, ctx.companyId, Number(day.slice(0, 4))),
      ruleVersionId: version?.id ?? null,
      ...eisFields,
      ...((await contentFields()) as Required<Pick<repo.ProcurementInsert, 'methodId' | 'subject' | 'nmcd'>>),
      status: target,
      source: 'eis',
      createdBy: ctx.actor.userId,
      updatedBy: ctx.actor.userId,
    });
    await repo.replaceLots(tx, row.id, lots);
    await repo.insertEvent(tx, {
      procurementId: row.id,
      kind: 'imported',
      toStatus: target,
      comment,
      userId: ctx.actor.userId,
    });
    outcome = 'created';
  } else {
    // a procurement entered by hand (or from a plan position) keeps its lots, items and method:
    // the notice adds what the EIS says of it; one imported before takes the newer notice whole
    const manual = stored.eisVersion === null;
    const values: Partial<repo.ProcurementInsert> = manual
      ? eisFields
      : { ...eisFields, ...(await contentFields()) };
    if (manual) {
      warnings.push(
        `закупка ${stored.number} заведена в реестре до извещения: лоты, позиции, способ и НМЦД оставлены как есть`,
      );
      if (!sameMoney(stored.nmcd, nmcd))
        warnings.push(`НМЦД в извещении ${nmcd} отличается от НМЦД закупки в реестре ${stored.nmcd}`);
      for (const lot of lots) {
        if (lot.planPositionId !== null)
          await repo.setLotPlanPosition(tx, stored.id, lot.number, lot.planPositionId);
      }
    } else {
      await repo.replaceLots(tx, stored.id, lots);
    }
    const next = statusAfter(stored.status, target);
    const changed = changedColumns(stored, values);
    if (!manual) changed.push('lots');
    row = await repo.updateProcurement(tx, stored.id, {
      ...values,
      ...(next ? { status: next } : {}),
      updatedBy: ctx.actor.userId,
    });
    await repo.insertEvent(tx, {
      procurementId: row.id,
      kind: 'imported',
      fromStatus: next ? stored.status : null,
      toStatus: next,
      changedFields: changed,
      comment,
      userId: ctx.actor.userId,
    });
    outcome = 'updated';
  }
  await storeQueuedViolations(tx, ctx.companyId);
  await audit(tx, ctx.actor, {
    action: 'import',
    entity: 'procurement',
    entityId: row.id,
    companyId: ctx.companyId,
    before: stored ? { eis_version: stored.eisVersion, status: stored.status, nmcd: stored.nmcd } : undefined,
    after: {
      eis_notice_number: reg,
      eis_version: n.version,
      status: row.status,
      nmcd: row.nmcd,
      file: ctx.fileName,
      import_id: ctx.importId,
    },
  });
  return {
    ...base,
    procurement_id: row.id,
    procurement_number: row.number,
    outcome,
    status: row.status,
    warnings,
  };
}

/** Attaches a protocol to the procurement of its notice and moves the procurement on when it says so. */
export async function writeEisProtocol(tx: Tx, ctx: EisProcurementContext, p: EisProtocol): Promise<Item> {
  const reg = p.registrationNumber;
  const proc = await repo.findByNotice(tx, ctx.companyId, p.noticeNumber);
  if (!proc) {
    throw new RunFailure(
      `протокол № ${reg}: закупки с извещением № ${p.noticeNumber} нет в реестре закупок компании — сначала загрузите извещение № ${p.noticeNumber} (purchaseNotice) из ЕИС, затем протокол`,
    );
  }
  const base = {
    file_name: ctx.fileName,
    document: 'protocol' as const,
    form: p.form,
    registration_number: reg,
    notice_number: p.noticeNumber,
    version: p.version,
    procurement_id: proc.id,
    procurement_number: proc.number,
  };
  const stored = await repo.findProtocol(tx, proc.id, reg);
  if (stored && (stored.eisVersion ?? 0) >= p.version) {
    return {
      ...base,
      outcome: 'unchanged',
      status: proc.status,
      warnings: [
        (stored.eisVersion ?? 0) > p.version
          ? `в реестре уже редакция ${stored.eisVersion} протокола, более новая — файл не применён`
          : `редакция ${p.version} протокола уже загружена`,
      ],
    };
  }
  const warnings = p.warnings.map((w) => `${w.path}: ${w.message}`);
  const signedOn = p.signedOn ?? dayOf(p.procedureAt) ?? dayOf(p.publishedAt);
  if (!signedOn) throw new ParseError(`${p.path}/protocolSignDate: нет даты подписания протокола`);
  if (!p.signedOn) warnings.push(`дата подписания протокола не указана — принята ${formatRuDate(signedOn)}`);
  const { kind, final } = protocolKindOf(p.form, p.typeName);

  const applications = p.lots.flatMap((lot, i) =>
    lot.applications.map((a) => ({
      lot_number: lot.ordinalNumber ?? i + 1,
      number: a.number,
      supplier_name: a.supplierName,
      supplier_inn: a.supplierInn,
      supplier_kpp: a.supplierKpp,
      price: a.price,
      accepted: a.accepted,
      winner: a.winner,
      place: a.place,
      received_at: a.receivedAt,
      supplier_address: a.supplierAddress,
    })),
  );
  // the winner: the application the protocol marks as such; in a final protocol of one lot with
  // one application (a single supplier), that application
  const single = p.lots.length === 1 ? p.lots[0] : null;
  const winner =
    single &&
    (single.applications.find((a) => a.winner) ??
      (final && single.applications.length === 1 && single.applications[0].accepted !== 'N'
        ? single.applications[0]
        : null));
  const values = {
    kind,
    final,
    signedOn,
    publishedOn: dayOf(p.publishedAt),
    eisRegistrationNumber: reg,
    eisVersion: p.version,
    lotNumber: single ? (single.ordinalNumber ?? 1) : null,
    winnerName: winner ? winner.supplierName : null,
    winnerInn: winner ? winner.supplierInn : null,
    winnerPrice: winner ? winner.price : null,
    applications,
    source: 'eis' as const,
  };
  const protocol = stored
    ? await repo.updateProtocol(tx, stored.id, values)
    : await repo.insertProtocol(tx, { ...values, procurementId: proc.id });

  const target = protocolStatus(kind);
  const next: ProcurementStatus | null = target ? statusAfter(proc.status, target) : null;
  const row = await repo.updateProcurement(tx, proc.id, {
    ...(next ? { status: next } : {}),
    updatedBy: ctx.actor.userId,
  });
  const title = p.typeName ?? PROTOCOL_KIND_TITLES[kind];
  await repo.insertEvent(tx, {
    procurementId: proc.id,
    kind: 'protocol',
    fromStatus: next ? proc.status : null,
    toStatus: next,
    changedFields: ['protocols'],
    comment: `${title} № ${reg}, редакция ${p.version} (${p.form}) загружен из ЕИС: файл «${ctx.fileName}»${next ? `; статус — «${PROCUREMENT_STATUS_TITLES[next]}»` : ''}`,
    userId: ctx.actor.userId,
  });
  await storeQueuedViolations(tx, ctx.companyId);
  await audit(tx, ctx.actor, {
    action: 'import',
    entity: 'procurement_protocol',
    entityId: protocol.id,
    companyId: ctx.companyId,
    before: stored ? { eis_version: stored.eisVersion } : undefined,
    after: {
      procurement_id: proc.id,
      eis_registration_number: reg,
      eis_version: p.version,
      kind,
      final,
      status: row.status,
      file: ctx.fileName,
      import_id: ctx.importId,
    },
  });
  return { ...base, outcome: stored ? 'updated' : 'created', status: row.status, warnings };
}

/**
 * The Положение version a notice pins: the register's own rule (`versionInForce`: a rule naming
 * the customer before the company's rule), on the notice's publication day; null when none.
 */
async function pinnedVersion(tx: Tx, companyId: number, customerId: number | null, day: string) {
  try {
    return await versionInForce(
      tx,
      companyId,
      customerId === null ? null : { id: customerId, title: '' },
      day,
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'conflict') return null;
    throw err;
  }
}

/**
 * The next `З-<year>-<NNN>` of the notice's year (its publication day: a notice of 2019 is
 * «З-2019-…»), under the register's own numbering lock (manual creates take it too).
 */
async function nextInternalNumber(tx: Tx, companyId: number, year: number): Promise<string> {
  await lockNumbering(tx, companyId);
  return nextNumber(year, await numbersWithPrefix(tx, companyId, `З-${year}-`));
}
