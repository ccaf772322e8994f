import {
  fromKopecks,
  toScaled,
  type UpdDocumentDetail,
  type UpdListQuery,
  type UpdMappingInput,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.js';
import { pageResult } from '../../../db/paging.js';
import { conflict, invalid, notFound } from '../../../lib/app-error.js';
import type { Actor, AppDeps } from '../../../types.js';
import { assertOwned } from '../../access/access.service.js';
import { audit } from '../../audit/audit.service.js';
import { formatRuDate } from '../../calendar/iso-date.js';
import { assertContractOf, CONTRACT_NOT_FOUND } from '../../contracts/contract-versions.js';
import { contractRefs, withContractRefs } from '../../execution/contract-refs.repository.js';
import {
  type AcceptedLine,
  acceptanceKey,
  deleteEvent,
  recomputeExecution,
  replaceAcceptance,
} from '../../execution/execution.service.js';
import { toUpdDocument, toUpdDocumentDetail } from './upd.presenter.js';
import {
  confirmDocument,
  findCompanyContract,
  findUpdDocument,
  lineMappings,
  linesOf,
  listUpdDocumentRows,
  otherIssues,
  proposeMappings,
  saveLineMapping,
  setDocumentContract,
  specItems,
  supersedeCounted,
  type UpdDocumentRow,
} from './upd.repository.js';
import { docLabel } from './upd-contract-match.js';
import { rankItems } from './upd-mapping.js';
import { correctionRank, mappable } from './upd-records.js';

type ListIn = z.output<typeof UpdListQuery>;
type MappingIn = z.output<typeof UpdMappingInput>;

const NOT_FOUND = 'УПД не найден';

/** The document of this company, or 404 (and an audit entry when it belongs to another company). */
async function ownDocument(tx: Tx, actor: Actor, companyId: number, id: number, lock = false) {
  const row = await findUpdDocument(tx, id, lock);
  await assertOwned(tx as Db, actor, {
    entity: 'upd_document',
    id,
    owner: row?.companyId,
    companyId,
    notFound: NOT_FOUND,
  });
  return row!;
}

export async function listUpdDocuments(deps: AppDeps, companyId: number, q: ListIn) {
  const db = deps.db;
  const { rows, total } = await listUpdDocumentRows(db, companyId, q);
  return pageResult(await withContractRefs(db, rows, toUpdDocument), total, q);
}

/** The document with its lines, their mapping and ranked candidates, and the contract's specification. */
async function detail(tx: Tx, row: UpdDocumentRow): Promise<UpdDocumentDetail> {
  const lines = await linesOf(tx, row.id);
  const mappings = await lineMappings(
    tx,
    lines.map((l) => l.id),
  );
  const byLine = new Map(mappings.map((m) => [m.updLineId, m]));
  const items = row.contractId ? await specItems(tx, row.contractId) : [];
  const refs = await contractRefs(tx, [row.contractId]);
  return toUpdDocumentDetail(
    row,
    row.contractId ? (refs.get(row.contractId) ?? null) : null,
    lines.map((l) => ({ line: l, mapping: byLine.get(l.id), candidates: rankItems(mappable(l), items) })),
    items,
  );
}

export async function getUpdDocument(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  return detail(deps.db, await ownDocument(deps.db, actor, companyId, id));
}

function assertEditable(row: UpdDocumentRow) {
  if (row.status === 'superseded') {
    throw conflict(`${docLabel(row)} заменён исправленным документом: работайте с исправлением`);
  }
}

/** Binds a document whose contract was not found (or was found wrongly) to a contract picked by the user. */
export async function setUpdContract(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  contractId: number,
) {
  const db = deps.db;
  await ownDocument(db, actor, companyId, id);
  // the contract named in the body: another company's answers like a missing one, audited
  await assertContractOf(db, actor, companyId, contractId);
  return db.transaction(async (tx) => {
    const row = await ownDocument(tx, actor, companyId, id, true);
    assertEditable(row);
    if (row.status === 'confirmed') {
      throw conflict(
        `${docLabel(row)} уже учтён в исполнении договора: договор у подтверждённого документа не меняется`,
      );
    }
    const contract = await findCompanyContract(tx, companyId, contractId);
    if (!contract) throw notFound(CONTRACT_NOT_FOUND);
    if (contract.status === 'draft' || contract.status === 'cancelled') {
      throw conflict(`Договор № ${contract.number} не заключён или отменён: приёмку по нему не учитывают`, {
        field: 'contract_id',
      });
    }
    if (contract.supplierInn && contract.supplierInn !== row.sellerInn) {
      throw conflict(
        `Поставщик по договору № ${contract.number} (ИНН ${contract.supplierInn}) не совпадает с продавцом в документе (ИНН ${row.sellerInn})`,
        { field: 'contract_id' },
      );
    }
    const updated = await setDocumentContract(tx, id, contractId);
    if (!row.advance) {
      const previous = row.supersedesId ? await findUpdDocument(tx, row.supersedesId) : undefined;
      await proposeMappings(tx, id, contractId, previous?.status === 'confirmed' ? previous.id : null);
    }
    await audit(tx, actor, {
      action: 'update',
      entity: 'upd_document',
      entityId: id,
      companyId,
      before: { contract_id: row.contractId, status: row.status },
      after: { contract_id: contractId, status: 'proposed' },
    });
    return detail(tx, updated);
  });
}

/**
 * An УКД changes what its invoice delivered: when that invoice was imported, it must be counted
 * first (or its changes would apply to nothing).
 */
async function assertInvoicesCounted(tx: Tx, companyId: number, row: UpdDocumentRow) {
  if (row.kind !== 'ukd') return;
  for (const inv of row.correctedInvoices) {
    const issues = await otherIssues(tx, companyId, {
      sellerInn: row.sellerInn,
      kind: 'upd',
      number: inv.number,
      date: inv.date,
    });
    if (issues.length > 0 && !issues.some((i) => i.status === 'confirmed')) {
      throw conflict(
        `Сначала подтвердите ${docLabel({ kind: 'upd', number: inv.number, date: inv.date })}: корректировочный документ изменяет его`,
      );
    }
  }
}

/**
 * Confirms (or corrects) the mapping of the lines and counts the document into the contract's
 * execution: one acceptance event with the accepted quantity and sum of each mapped line. A
 * correction replaces the issue it corrects; an УКД adds its changes (после − до).
 */
export async function confirmUpdMapping(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: MappingIn,
) {
  const db = deps.db;
  await ownDocument(db, actor, companyId, id);
  return db.transaction(async (tx) => {
    const row = await ownDocument(tx, actor, companyId, id, true);
    assertEditable(row);
    if (row.advance) {
      throw conflict(
        `Счёт-фактура на аванс № ${row.number} от ${formatRuDate(row.date)} оформлена на предоплату, а не на поставку: приёмку по ней не учитывают`,
      );
    }
    if (!row.contractId) {
      throw conflict(`${docLabel(row)}: сначала выберите договор`);
    }
    const contractId = row.contractId;
    await assertInvoicesCounted(tx, companyId, row);
    const lines = await linesOf(tx, id);
    const lineIds = new Set(lines.map((l) => l.id));
    const itemIds = new Set((await specItems(tx, contractId)).map((i) => i.id));
    const issues: { path: string; message: string }[] = [];
    const chosen = new Map<number, number | null>();
    body.lines.forEach((l, i) => {
      if (!lineIds.has(l.upd_line_id))
        issues.push({ path: `body.lines.${i}.upd_line_id`, message: 'Такой строки нет в документе' });
      else if (chosen.has(l.upd_line_id))
        issues.push({ path: `body.lines.${i}.upd_line_id`, message: 'Строка указана дважды' });
      else if (l.contract_item_id !== null && !itemIds.has(l.contract_item_id)) {
        issues.push({
          path: `body.lines.${i}.contract_item_id`,
          message: 'Такой позиции нет в спецификации договора',
        });
      } else chosen.set(l.upd_line_id, l.contract_item_id);
    });
    if (issues.length) throw invalid(issues, 'Проверьте сопоставление строк');

    const current = await lineMappings(tx, [...lineIds]);
    const byLine = new Map(current.map((m) => [m.updLineId, m]));
    const accepted: AcceptedLine[] = [];
    for (const l of lines) {
      const m = byLine.get(l.id);
      const itemId = chosen.has(l.id) ? (chosen.get(l.id) ?? null) : (m?.contractItemId ?? null);
      const byHand = chosen.has(l.id) && itemId !== (m?.contractItemId ?? null);
      const confidence = byHand ? null : (m?.confidence ?? null);
      const values = {
        contractItemId: itemId,
        confidence,
        status: itemId === null ? ('rejected' as const) : ('confirmed' as const),
        quantity: l.countedQuantity,
        amount: l.countedAmount,
        reason: byHand ? 'выбрано пользователем' : (m?.reason ?? null),
        updatedBy: actor.userId,
        updatedAt: new Date(),
      };
      await saveLineMapping(tx, l.id, m?.id ?? null, values);
      if (itemId !== null) {
        accepted.push({
          contractItemId: itemId,
          sourceLineNo: l.lineNo,
          sourceName: l.name,
          quantity: l.countedQuantity,
          amount: l.countedAmount,
          confidence,
        });
      }
    }

    const touched = new Set<number>([contractId]);
    const key =
      row.kind === 'ukd'
        ? `ukd:${contractId}:${row.number.trim().toLowerCase()}:${row.date}`
        : acceptanceKey(contractId, row.number, row.date);
    // earlier issues of a corrected document stop counting
    const earlier = (await otherIssues(tx, companyId, row, row.id)).filter(
      (o) => correctionRank(o.correctionNumber) < correctionRank(row.correctionNumber),
    );
    for (const o of earlier) {
      if (o.eventId) await deleteEvent(tx, o.eventId);
      if (o.contractId) touched.add(o.contractId);
      await supersedeCounted(tx, o.id);
    }
    let eventId: number | null = null;
    if (accepted.length > 0) {
      const total = accepted.reduce((s, a) => s + toScaled(a.amount, 2), 0n);
      eventId = await replaceAcceptance(
        tx,
        {
          companyId,
          contractId,
          kind: 'acceptance',
          eventDate: row.date,
          amount: fromKopecks(total),
          document: {
            name: `${row.kind === 'ukd' ? 'УКД' : 'УПД'}${row.correctionNumber ? ` (исправление № ${row.correctionNumber})` : ''}`,
            number: row.number,
            date: row.date,
          },
          description: `${row.sellerName}, ИНН ${row.sellerInn}`,
          source: 'upd',
          importId: row.importId,
          dedupeKey: key,
          createdBy: actor.userId,
        },
        accepted,
      );
    } else if (row.eventId) {
      await deleteEvent(tx, row.eventId);
    }
    const updated = await confirmDocument(tx, id, eventId, actor.userId);
    await recomputeExecution(tx, touched);
    await audit(tx, actor, {
      action: 'confirm',
      entity: 'upd_document',
      entityId: id,
      companyId,
      before: { status: row.status },
      after: { status: 'confirmed', contract_id: contractId, event_id: eventId, lines: accepted.length },
    });
    return detail(tx, updated);
  });
}
