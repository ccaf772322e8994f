import { BidInput } from '@zakupki/shared';

import { AppError, invalidFile } from '../../lib/app-error.js';
import { moscowInstant } from '../../lib/moscow-time.js';
import type { UploadedFile } from '../../lib/upload.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { procurementOf } from '../procurements/procurements-query.service.js';
import { eisResultOf } from './bids.policy.js';
import * as repo from './bids.repository.js';
import { bidsWrite, checkedBid, insertChecked } from './bids.service.js';
import { type BidSheetRow, bidsTemplate, readBidsXlsx, receivedText, yes } from './bids.xlsx.js';
import { loadBids } from './bids-query.service.js';

/** Bids loaded from an XLSX and taken from the imported EIS protocols (docs/bids.md). */

const messageOf = (err: unknown): string => {
  if (err instanceof AppError) {
    const issues = (err.details as { issues?: { message: string }[] } | undefined)?.issues;
    return issues?.length ? issues.map((i) => i.message).join('; ') : err.message;
  }
  throw err;
};

/** The rows of one participant in one lot make one bid. */
function groups(rows: BidSheetRow[]) {
  const out = new Map<string, BidSheetRow[]>();
  for (const r of rows) {
    const key = [
      r.cells.get('lot_number'),
      r.cells.get('participant_inn'),
      r.cells.get('participant_kpp') ?? '',
    ].join('|');
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return [...out.values()];
}

/** Loads the bids of an XLSX: all rows or none; each refused row is named with its problem. */
export function uploadBids(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  read: () => Promise<UploadedFile>,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const file = await read();
    const rows = await readBidsXlsx(file.data);
    const lots = await repo.lotsOf(tx, p.id);
    const errors: { row: number; message: string }[] = [];
    const created: repo.BidRow[] = [];
    for (const g of groups(rows)) {
      const first = g[0].cells;
      const where = g.length > 1 ? `Строки ${g.map((r) => r.row).join(', ')}` : `Строка ${g[0].row}`;
      const lot = lots.find((l) => String(l.number) === first.get('lot_number'));
      if (!lot) {
        errors.push({
          row: g[0].row,
          message: `${where}: лота № ${first.get('lot_number') ?? '—'} в закупке нет`,
        });
        continue;
      }
      const items = g
        .filter((r) => r.cells.has('item_line_no'))
        .map((r) => ({
          item_id: lot.items.find((i) => String(i.lineNo) === r.cells.get('item_line_no'))?.id ?? 0,
          unit_price: r.cells.get('item_unit_price') ?? '',
        }));
      const unknown = g.find(
        (r) =>
          r.cells.has('item_line_no') &&
          !lot.items.some((i) => String(i.lineNo) === r.cells.get('item_line_no')),
      );
      if (unknown) {
        errors.push({
          row: unknown.row,
          message: `Строка ${unknown.row}: позиции № ${unknown.cells.get('item_line_no')} в лоте № ${lot.number} нет`,
        });
        continue;
      }
      const parsed = BidInput.safeParse({
        lot_id: lot.id,
        participant_inn: first.get('participant_inn') ?? '',
        participant_kpp: first.get('participant_kpp') ?? null,
        participant_name: first.get('participant_name') ?? '',
        participant_address: first.get('participant_address') ?? null,
        participant_is_sme: yes(first.get('participant_is_sme')),
        received_at: receivedText(first.get('received_at') ?? ''),
        price: first.get('price') ?? null,
        items: items.filter((i) => i.unit_price !== '' || i.item_id),
        country_code: first.get('country_code') ?? null,
      });
      if (!parsed.success) {
        errors.push({
          row: g[0].row,
          message: `${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        });
        continue;
      }
      try {
        const checked = await checkedBid(tx, p, parsed.data, null);
        created.push(await insertChecked(tx, actor, p, checked, 'xlsx'));
      } catch (err) {
        errors.push({ row: g[0].row, message: `${where}: ${messageOf(err)}` });
      }
    }
    if (errors.length)
      throw invalidFile(
        `Заявки не загружены: ${errors.length === 1 ? errors[0].message : `ошибок ${errors.length}, первая — ${errors[0].message}`}`,
        { errors },
      );
    const bids = await loadBids(tx, p.id, created);
    await audit(tx, actor, {
      action: 'import',
      entity: 'bid',
      entityId: p.id,
      companyId,
      after: { file: file.name, bids: bids.map((b) => b.id) },
    });
    return { created: bids.length, bids };
  });
}

export async function bidsTemplateXlsx(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  const p = await procurementOf(deps, actor, companyId, id);
  const lots = await repo.lotsOf(deps.db, p.id);
  return { fileName: `Заявки — ${p.number}.xlsx`, content: await bidsTemplate(lots) };
}

/** accepted of acceptedType/acceptedType2: T «Допущен», F «Не допущен», N «Не указывается». */
function admissionOf(accepted: string | null, winner: boolean) {
  if (winner || accepted === 'T' || accepted === 'true') return 'admitted' as const;
  if (accepted === 'F' || accepted === 'false') return 'rejected' as const;
  return null;
}

/**
 * Takes the applications of the procurement's imported protocols as bids, oldest protocol first
 * (a later one updates the price, place, winner code and admission of the same participant's bid).
 */
export function bidsFromEis(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  return bidsWrite(
    deps,
    actor,
    companyId,
    id,
    async (tx, p) => {
      const lots = await repo.lotsOf(tx, p.id);
      const protocols = await repo.eisProtocolsOf(tx, p.id);
      let created = 0;
      let updated = 0;
      const skipped: string[] = [];
      for (const pr of protocols) {
        const scheme3 = new Set(pr.applications.filter((a) => a.place === 'W').map((a) => a.lot_number));
        for (const a of pr.applications) {
          const who = a.supplier_name ?? a.supplier_inn ?? `заявка № ${a.number ?? '?'}`;
          const lot = lots.find((l) => l.number === a.lot_number);
          if (!lot) {
            skipped.push(`${who}: лота № ${a.lot_number} в закупке нет`);
            continue;
          }
          if (!a.supplier_inn) {
            skipped.push(`${who} (лот № ${lot.number}): в протоколе нет ИНН участника`);
            continue;
          }
          const result = eisResultOf(
            a.place ?? null,
            scheme3.has(a.lot_number) ? 'winnerIndication3' : 'winnerIndication',
          );
          // a final protocol of one application in its lot (a single supplier): that application
          const sole = pr.final && pr.applications.filter((x) => x.lot_number === a.lot_number).length === 1;
          const winner = a.winner || result.winner || (sole && a.accepted !== 'F');
          const admission = admissionOf(a.accepted, winner);
          const same = await repo.findSameParticipant(tx, lot.id, a.supplier_inn, a.supplier_kpp, null);
          const eis = {
            eisProtocolId: pr.id,
            eisApplicationNumber: a.number,
            eisPlace: result.place,
            eisWinnerCode: a.place && !/^\d+$/.test(a.place) ? a.place : winner ? 'W' : null,
            ...(admission
              ? {
                  admission,
                  rejectionReason: admission === 'rejected' ? 'other' : null,
                  admissionComment:
                    admission === 'rejected' ? 'Не допущена по протоколу, загруженному из ЕИС' : null,
                  admissionDecidedAt: moscowInstant(pr.signedOn),
                }
              : {}),
          };
          if (same) {
            await repo.updateBid(tx, same.id, { ...eis, ...(a.price ? { price: a.price } : {}) });
            updated++;
            continue;
          }
          if (!a.price) {
            skipped.push(`${who} (лот № ${lot.number}): в протоколе нет цены заявки`);
            continue;
          }
          await repo.insertBid(tx, {
            companyId,
            procurementId: p.id,
            lotId: lot.id,
            participantInn: a.supplier_inn,
            participantKpp: a.supplier_kpp,
            participantName: a.supplier_name ?? a.supplier_inn,
            participantAddress: a.supplier_address ?? null,
            receivedAt: a.received_at
              ? moscowInstant(a.received_at.slice(0, 19))
              : moscowInstant(pr.signedOn),
            price: a.price,
            source: 'eis',
            createdBy: actor.userId,
            ...eis,
          });
          created++;
        }
      }
      await audit(tx, actor, {
        action: 'import',
        entity: 'bid',
        entityId: p.id,
        companyId,
        after: { from: 'eis_protocols', created, updated, skipped },
      });
      return { created, updated, skipped };
    },
    { anyStatus: true },
  );
}
