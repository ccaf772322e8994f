import {
  type Bid,
  type BidRnpCheck,
  DEFAULT_CRITERIA,
  type EvaluationCriterion,
  type ProcurementResults,
  type SingleParticipantRule,
} from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { moscowDay } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { methodKind, ranksByPrice } from '../law/law-methods.policy.js';
import { procurementOf } from '../procurements/procurements-query.service.js';
import { findInRnp } from '../rnp/rnp.service.js';
import { bidsStage, type EvaluationRules, evaluateLot, type LotEvaluationOut } from './bids.policy.js';
import { toBid, toBidProtocol, toLotContract } from './bids.presenter.js';
import * as repo from './bids.repository.js';

/** Reading bids and their evaluation: the results of a procurement (docs/bids.md). */

/**
 * The РНП check of the participants: each bid's ИНН against the register entries in force on the
 * day the bid was received (Moscow) — a supplier must not be in the register when it bids. When the
 * register was never loaded, each bid says that no check was made (`checked: false`) rather than
 * that nothing was found (docs/rnp.md).
 */
export async function rnpChecks(tx: Tx, rows: repo.BidRow[]): Promise<Map<number, BidRnpCheck>> {
  const out = new Map<number, BidRnpCheck>();
  const byDay = new Map<string, repo.BidRow[]>();
  for (const r of rows) {
    const day = moscowDay(r.receivedAt);
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  for (const [day, bids] of byDay) {
    const found = await findInRnp(
      { db: tx },
      bids.map((r) => ({ inn: r.participantInn, kpp: r.participantKpp })),
      day,
    );
    for (const r of bids) {
      const hit = found.hits.find((h) => h.inn === r.participantInn.trim());
      out.set(
        r.id,
        !found.checked
          ? { checked: false, found: null, message: null }
          : hit
            ? {
                checked: true,
                found: true,
                message: `Сведения включены в РНП ${formatRuDate(hit.entry.includedOn)} (реестровый № ${hit.entry.registryNumber})`,
              }
            : { checked: true, found: false, message: null },
      );
    }
  }
  return out;
}

/** The bids of a procurement (or the given rows) in the API shape, with items, files and the РНП check. */
export async function loadBids(tx: Tx, procurementId: number, only?: repo.BidRow[]): Promise<Bid[]> {
  const rows = only ?? (await repo.bidsOf(tx, procurementId));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const lots = await repo.lotsOf(tx, procurementId);
  const lotNumber = new Map(lots.map((l) => [l.id, l.number]));
  const [items, files, rnp] = [
    await repo.itemPricesOf(tx, ids),
    await repo.filesOf(tx, ids),
    await rnpChecks(tx, rows),
  ];
  const all = only ? await repo.bidsOf(tx, procurementId) : rows;
  const scheme3Lots = new Set(all.filter((b) => b.eisWinnerCode === 'W').map((b) => b.lotId));
  return rows.map((b) =>
    toBid(b, {
      lotNumber: lotNumber.get(b.lotId) ?? 0,
      items: items.filter((i) => i.bidId === b.id),
      files: files.filter((f) => f.bidId === b.id),
      rnp: rnp.get(b.id) ?? { checked: false, found: null, message: null },
      scheme3: scheme3Lots.has(b.lotId),
    }),
  );
}

export async function loadBid(tx: Tx, row: repo.BidRow): Promise<Bid> {
  return (await loadBids(tx, row.procurementId, [row]))[0];
}

export type ResultsSettings = ProcurementResults['settings'] & { ranking: 'score' | 'price' };

/**
 * The evaluation settings of a procurement: the pinned Положение version's settings for its method
 * (kept with the method's notice period), else the defaults; the ranking is the law's reading of
 * the method's kind (an auction, a request for quotations: by price).
 */
export async function settingsOf(tx: Tx, p: repo.ProcurementRow) {
  const entry = await repo.methodEntry(tx, p.methodId);
  const ranking: 'score' | 'price' = ranksByPrice(methodKind(entry?.extra ?? {})) ? 'price' : 'score';
  const methods = p.ruleVersionId ? await repo.versionMethods(tx, p.ruleVersionId) : [];
  const own = methods.find((m) => m.method_id === p.methodId)?.evaluation ?? null;
  const criteria: EvaluationCriterion[] = own ? own.criteria : DEFAULT_CRITERIA.map((c) => ({ ...c }));
  const settings: ResultsSettings = {
    source: own ? 'version' : 'default',
    rule_version_id: p.ruleVersionId,
    criteria,
    national_preference_percent: own?.national_preference_percent ?? null,
    single_participant: (own?.single_participant ?? 'contract') as SingleParticipantRule,
    ranking,
  };
  return { settings, method: { id: p.methodId, title: entry?.title ?? '', ranking } };
}

export const rulesOf = (s: ResultsSettings): EvaluationRules => ({
  ranking: s.ranking,
  criteria: s.criteria,
  preferencePercent: s.national_preference_percent,
  singleParticipant: s.single_participant,
});

/** Every lot's evaluation from the stored bids and points. */
export async function evaluations(tx: Tx, p: repo.ProcurementRow, settings: ResultsSettings) {
  const rows = await repo.bidsOf(tx, p.id);
  const points = await repo.scoresOf(
    tx,
    rows.map((r) => r.id),
  );
  const members = (await repo.commissionOf(tx, p.id)).map((m) => m.name);
  const lots = await repo.lotsOf(tx, p.id);
  const out = new Map<number, LotEvaluationOut>();
  for (const lot of lots) {
    const lotBids = rows.filter((r) => r.lotId === lot.id);
    out.set(
      lot.id,
      evaluateLot(
        lotBids.map((b) => ({
          id: b.id,
          participantName: b.participantName,
          participantInn: b.participantInn,
          receivedAt: b.receivedAt.toISOString(),
          price: b.price,
          countryCode: b.countryCode,
          admission: b.admission,
        })),
        points
          .filter((s) => lotBids.some((b) => b.id === s.bidId))
          .map((s) => ({
            bidId: s.bidId,
            criterion: s.criterionCode,
            member: s.memberName,
            points: Number(s.points),
          })),
        rulesOf(settings),
        members,
      ),
    );
  }
  return { lots, rows, out, members };
}

/**
 * The results of a procurement in one transaction-consistent read. `mayWrite`: the caller holds
 * `procurements.write` (every write route does); with the stage it gives `can_write`.
 */
export async function resultsIn(
  tx: Tx,
  p: repo.ProcurementRow,
  mayWrite = true,
): Promise<ProcurementResults> {
  const { settings, method } = await settingsOf(tx, p);
  const { lots, out } = await evaluations(tx, p, settings);
  const bids = await loadBids(tx, p.id);
  const protocols = await repo.protocolsOf(tx, p.id);
  const eis = await repo.eisProtocolsOf(tx, p.id);
  const pending = eis.filter((e) =>
    e.applications.some((a) => a.supplier_inn && !bids.some((b) => b.eis_protocol_id === e.id)),
  ).length;
  const { ranking, ...shownSettings } = settings;
  const contracts = await repo.lotContractsOf(tx, p.id);
  const stage = bidsStage(p.status);
  return {
    procurement_id: p.id,
    procurement_status: p.status,
    bids_stage: stage,
    bids_open: stage === 'open',
    can_write: mayWrite && stage === 'open',
    method,
    settings: shownSettings,
    commission: await repo.commissionOf(tx, p.id),
    lots: lots.map((l) => {
      const ev = out.get(l.id) as LotEvaluationOut;
      return {
        id: l.id,
        number: l.number,
        subject: l.subject,
        nmcd: l.nmcd,
        items: l.items.map((i) => ({
          id: i.id,
          line_no: i.lineNo,
          name: i.name,
          quantity: i.quantity.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''),
          unit_price: i.unitPrice,
        })),
        bids: bids.filter((b) => b.lot_id === l.id),
        contract: toLotContract(contracts.find((c) => c.lotId === l.id)),
        evaluation: {
          lot_id: l.id,
          ranking,
          // the criteria the evaluation applies: none when the method ranks by price alone
          criteria: ranking === 'price' ? [] : settings.criteria,
          national_preference_percent: settings.national_preference_percent,
          ...ev,
        },
      };
    }),
    protocols: protocols.map((row) => toBidProtocol(row, contracts)),
    eis_applications_pending: pending,
  };
}

export async function getResults(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  mayWrite: boolean,
) {
  const p = await procurementOf(deps, actor, companyId, id);
  return resultsIn(deps.db, p, mayWrite);
}
