import {
  BID_PROTOCOL_KIND_TITLES,
  type BidContractInput,
  type BidProtocolInput,
  type BidProtocolSignInput,
  ContractCreateInput,
  type ProcurementResults,
} from '@zakupki/shared';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { buildDocx } from '../../kernel/docx-builder.js';
import { conflict, invalid, notFound } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { createContract } from '../contracts/contracts.service.js';
import { readFiles, storeFile } from '../files/files.service.js';
import { outputFileName } from '../procurement-documents/procurement-documents.policy.js';
import { DOCX_MIME } from '../procurement-rules/documents-rules.service.js';
import { fillTemplateOffThread } from '../procurement-rules/templates/template-pool.js';
import { addProtocol, changeStatus } from '../procurements/procurement-status.service.js';
import { loadProcurement } from '../procurements/procurements-query.service.js';
import {
  builtInProtocol,
  failedOutcome,
  PROTOCOL_DOCUMENT_KINDS,
  protocolData,
  RECORDED_KIND,
} from './bid-protocols.policy.js';
import { supersededFinalRefusal } from './bids.policy.js';
import { toBidProtocol } from './bids.presenter.js';
import * as repo from './bids.repository.js';
import { bidsWrite } from './bids.service.js';
import { resultsIn } from './bids-query.service.js';

/** Protocols generated from the bids, their signing, and the contract drawn from the winner (docs/bids.md). */

type GenerateIn = z.output<typeof BidProtocolInput>;
type SignIn = z.output<typeof BidProtocolSignInput>;
type ContractIn = z.output<typeof BidContractInput>;

const PROTOCOL_NOT_FOUND = 'Протокол не найден';

/** Runs procurements' own services inside this transaction (their transactions become savepoints). */
const within = (deps: AppDeps, tx: Tx): AppDeps => ({ ...deps, db: tx as unknown as Db });

async function protocolOut(tx: Tx, procurementId: number, id: number) {
  const row = (await repo.protocolsOf(tx, procurementId)).find((r) => r.p.id === id);
  if (!row) throw notFound(PROTOCOL_NOT_FOUND);
  return toBidProtocol(row, await repo.lotContractsOf(tx, procurementId));
}

/** What must be decided before a protocol of the kind is made. */
function readiness(kind: GenerateIn['kind'], r: ProcurementResults): string | null {
  const pending = r.lots.flatMap((l) => l.bids).filter((b) => b.admission === 'pending');
  if (kind !== 'opening' && pending.length)
    return `Не рассмотрены заявки: ${pending.map((b) => b.participant_name).join(', ')}. Примите решение о допуске каждой`;
  if (kind === 'evaluation' || kind === 'final') {
    const open = r.lots.filter((l) => l.evaluation.outcome === 'competitive' && !l.evaluation.complete);
    if (open.length)
      return `Оценка не завершена по лотам № ${open.map((l) => l.number).join(', ')}: ${open
        .flatMap((l) =>
          l.evaluation.bids.flatMap((b) => b.incomplete.map((x) => `${b.participant_name} — ${x}`)),
        )
        .join('; ')}`;
  }
  return null;
}

export function generateProtocol(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: GenerateIn,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const results = await resultsIn(tx, p);
    const problem = readiness(body.kind, results);
    if (problem) throw conflict(problem);
    const card = await loadProcurement(tx, p);
    const today = todayMoscow();
    const data = protocolData({
      kind: body.kind,
      date: today,
      procurement: {
        number: p.number,
        notice_number: p.eisNoticeNumber,
        subject: p.subject,
        method: card.method_title,
        nmcd: p.nmcd,
        customer: card.customer_title,
      },
      results,
    });
    const rule = p.ruleVersionId
      ? await repo.documentsRuleFor(tx, p.ruleVersionId, p.methodId, PROTOCOL_DOCUMENT_KINDS[body.kind])
      : null;
    const title = rule?.title ?? BID_PROTOCOL_KIND_TITLES[body.kind];
    const template = rule?.templateFileId
      ? (await readFiles(tx, [rule.templateFileId]))[0].content
      : buildDocx(title, builtInProtocol(body.kind));
    let docx: Buffer;
    try {
      docx = await fillTemplateOffThread(template, data);
    } catch {
      throw conflict(
        `Шаблон протокола «${title}» не удалось заполнить: проверьте его в правилах документов положения`,
      );
    }
    const version = await repo.nextProtocolVersion(tx, p.id, body.kind);
    const file = await storeFile(tx, {
      companyId,
      userId: actor.userId,
      purpose: 'document',
      name: outputFileName(`${title} (версия ${version})`, p.number, 'docx'),
      mime: DOCX_MIME,
      content: docx,
    });
    const row = await repo.insertProtocol(tx, {
      companyId,
      procurementId: p.id,
      kind: body.kind,
      version,
      docxFileId: file.id,
      documentsRuleId: rule?.id ?? null,
      values: data,
      createdBy: actor.userId,
    });
    const out = await protocolOut(tx, p.id, row.id);
    await audit(tx, actor, {
      action: 'create',
      entity: 'bid_protocol',
      entityId: row.id,
      companyId,
      after: out,
    });
    return out;
  });
}

/**
 * Signs a generated protocol: it is recorded among the procurement's protocols (procurements
 * computes its 3-day placement duty from the signing day, the law's `protocol_publish`) and the
 * procurement moves on: the opening, review or evaluation closes the bids; the final protocol
 * moves it to summing up, or ends it «не состоялась» with the reason when no lot has a winner.
 */
export function signProtocol(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  protocolId: number,
  body: SignIn,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const row = await repo.findProtocol(tx, p.id, protocolId, { lock: true });
    if (!row) throw notFound(PROTOCOL_NOT_FOUND);
    if (row.signedOn) throw conflict(`Протокол уже подписан ${row.signedOn.split('-').reverse().join('.')}`);
    const results = await resultsIn(tx, p);
    const inner = within(deps, tx);
    const final = row.kind === 'final';
    const lots = results.lots;
    const winnerLot = lots.length === 1 ? lots[0] : null;
    const winner = winnerLot?.bids.find((b) => b.id === winnerLot.evaluation.winner_bid_id) ?? null;
    await addProtocol(inner, actor, companyId, p.id, {
      kind: RECORDED_KIND[row.kind],
      final,
      signed_on: body.signed_on,
      published_on: null,
      eis_registration_number: null,
      lot_number: winnerLot ? winnerLot.number : null,
      winner_name: final && winner ? winner.participant_name : null,
      winner_inn: final && winner ? winner.participant_inn : null,
      winner_price: final && winner ? winner.price : null,
    });
    const recorded = await repo.latestProcurementProtocol(tx, p.id);
    const move = (status: 'bids_closed' | 'summing_up' | 'failed', reason: string | null = null) =>
      changeStatus(inner, actor, companyId, p.id, { status, date: body.signed_on, reason });
    let status = p.status;
    if (status === 'published') {
      await move('bids_closed');
      status = 'bids_closed';
    }
    if (final) {
      const failed = failedOutcome(results);
      if (failed) await move('failed', body.reason ?? `Закупка не состоялась. ${failed}`);
      else if (status === 'bids_closed') await move('summing_up');
    }
    await repo.updateProtocol(tx, row.id, {
      signedOn: body.signed_on,
      procurementProtocolId: recorded?.id ?? null,
    });
    const out = await protocolOut(tx, p.id, row.id);
    await audit(tx, actor, {
      action: 'approve',
      entity: 'bid_protocol',
      entityId: row.id,
      companyId,
      before: { signed_on: null },
      after: out,
    });
    return out;
  });
}

/**
 * «Сформировать договор»: a draft contract from the winner of a lot of a signed final protocol,
 * through the contracts service — the supplier, the winner's price, the items of that lot at the
 * winner's prices, the procurement, the lot's plan position and the method. Each lot with a winner
 * gives its own contract (`body.lot_id`; with one such lot it may be left out), linked to the lot
 * in `bid_contracts`; a second contract for the same lot is refused, and so is a request on a final
 * protocol a newer signed one supersedes (`supersededFinalRefusal`). The window of ч. 15 ст. 3.2
 * 223-ФЗ is checked when the contract is concluded (procurements, the law's `contract_conclusion`).
 */
export function contractFromWinner(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  protocolId: number,
  body: ContractIn,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const row = await repo.findProtocol(tx, p.id, protocolId, { lock: true });
    if (!row) throw notFound(PROTOCOL_NOT_FOUND);
    if (row.kind !== 'final') throw conflict('Договор формируется из итогового протокола');
    if (!row.signedOn)
      throw conflict('Итоговый протокол не подписан: подпишите его, затем сформируйте договор');
    const superseded = supersededFinalRefusal(
      (await repo.protocolsOf(tx, p.id)).map((r) => r.p),
      row.id,
    );
    if (superseded) throw conflict(superseded);
    const results = await resultsIn(tx, p);
    const multiLot = results.lots.length > 1;
    const open = results.lots.filter((l) => l.evaluation.winner_bid_id !== null && l.contract === null);
    const lot = body.lot_id
      ? results.lots.find((l) => l.id === body.lot_id)
      : open.length === 1
        ? open[0]
        : results.lots.length === 1
          ? results.lots[0]
          : null;
    if (!lot)
      throw invalid([
        {
          path: 'body.lot_id',
          message: body.lot_id
            ? 'Такого лота в закупке нет'
            : open.length
              ? 'Укажите лот, по которому формируется договор'
              : 'Нет лота с победителем, по которому договор ещё не сформирован',
        },
      ]);
    const drawn = await repo.lotContractOf(tx, lot.id);
    if (drawn)
      throw conflict(
        multiLot
          ? `Договор по лоту № ${lot.number} уже сформирован: № ${drawn.contractNumber}. По лоту формируется один договор`
          : `Договор по итоговому протоколу уже сформирован: № ${drawn.contractNumber}`,
      );
    const winner = lot.bids.find((b) => b.id === lot.evaluation.winner_bid_id);
    if (!winner)
      throw conflict(
        `По лоту № ${lot.number} победитель не определён: ${lot.evaluation.outcome_note ?? 'оценка не завершена'}`,
      );
    const card = await loadProcurement(tx, p);
    const cardLot = card.lots.find((l) => l.id === lot.id);
    const parsed = ContractCreateInput.safeParse({
      law: '223',
      number: multiLot ? `${p.number}/${lot.number}` : p.number,
      contract_date: todayMoscow(),
      subject: multiLot ? lot.subject : p.subject,
      customer_id: p.customerId,
      customer_name: p.customerId ? null : p.customerTitle,
      customer_inn: p.customerId ? null : p.customerInn,
      supplier_inn: winner.participant_inn,
      supplier_kpp: winner.participant_kpp,
      supplier_name: winner.participant_name,
      supplier_is_sme: winner.participant_is_sme,
      price: winner.price,
      currency_code: p.currencyCode,
      funding_source_id: p.fundingSourceId,
      plan_position_number: cardLot?.plan_position_number ?? card.plan_position_number,
      procurement_method_id: p.methodId,
      notice_number: p.eisNoticeNumber,
      procurement_id: p.id,
      items: winner.items.map((i) => {
        const item = cardLot?.items.find((x) => x.id === i.item_id);
        return {
          name: i.name,
          okpd2_code: item?.okpd2_code ?? null,
          okei_code: item?.okei_code ?? null,
          unit_name: item?.unit_name ?? null,
          quantity: i.quantity,
          price: i.unit_price,
          vat_rate: item?.vat_rate ?? 'без НДС',
          amount: i.amount,
        };
      }),
      status: 'draft',
    });
    if (!parsed.success)
      throw invalid(
        parsed.error.issues.map((x) => ({ path: `contract.${x.path.join('.')}`, message: x.message })),
        'Договор не сформирован: данные закупки или заявки не проходят проверку договора',
      );
    const contract = await createContract(within(deps, tx), actor, companyId, parsed.data);
    await repo.insertLotContract(tx, {
      lotId: lot.id,
      companyId,
      procurementId: p.id,
      protocolId: row.id,
      bidId: winner.id,
      contractId: contract.id,
      createdBy: actor.userId,
    });
    const out = await protocolOut(tx, p.id, row.id);
    await audit(tx, actor, {
      action: 'create',
      entity: 'bid_contract',
      entityId: contract.id,
      companyId,
      after: {
        protocol_id: row.id,
        lot_id: lot.id,
        bid_id: winner.id,
        contract_id: contract.id,
        price: winner.price,
      },
    });
    return { contract_id: contract.id, protocol: out };
  });
}
