import { and, asc, eq } from 'drizzle-orm';
import { todayMoscow } from '../../../lib/moscow-time.js';
import {
  contractFromWinner,
  generateProtocol,
  signProtocol,
} from '../../../modules/bids/bid-protocols.service.js';
import { saveCommission, saveScores } from '../../../modules/bids/bid-scores.service.js';
import * as bidsRepo from '../../../modules/bids/bids.repository.js';
import { createBid, decideAdmission } from '../../../modules/bids/bids.service.js';
import { resultsIn } from '../../../modules/bids/bids-query.service.js';
import type { Actor, AppDeps } from '../../../types.js';
import type { Db, Tx } from '../../client.js';
import {
  contractItems,
  contracts,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurements,
} from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';

/**
 * The bids of the demo's procurement in summing up (КАСКО, a competition of two lots) in each
 * client company, written through the bids services: four insurers' bids per lot at prices per
 * item, one rejected, the commission and its points on the Положение's default criteria, the four
 * protocols generated (opening and review tied to the protocols the demo recorded), the final one
 * signed, and the draft contract of the first lot's winner (lot 2's is left for the journey).
 * Then each client's finished procurement (its contract concluded) gets its bids, points and
 * protocols too (seedFinished). Runs after seedDemoProcurements.
 */

const INSURERS = [
  { inn: '7706196090', kpp: '770601001', name: 'ООО «СК «Согласие»', sme: false },
  { inn: '7705042179', kpp: '770501001', name: 'СПАО «Ингосстрах»', sme: false },
  { inn: '7710045520', kpp: '771001001', name: 'САО «РЕСО-Гарантия»', sme: false },
  { inn: '7809016423', kpp: '780901001', name: 'АО «СК «Гайде»', sme: true },
] as const;

/** Unit price per lot (lot 1, lot 2) and the points (qualification, term) of each insurer. */
const OFFERS: { prices: (string | null)[]; points: number[][] }[] = [
  {
    prices: ['36400.00', '50500.00'],
    points: [
      [80, 90, 85],
      [70, 75, 70],
    ],
  },
  {
    prices: ['37450.00', '49000.00'],
    points: [
      [95, 90, 100],
      [80, 85, 90],
    ],
  },
  {
    prices: ['34900.00', '51100.00'],
    points: [
      [70, 65, 75],
      [90, 95, 85],
    ],
  },
  { prices: ['33300.00', null], points: [] },
];

const COMMISSION = [
  { name: 'Иванов И. И.', role: 'chair' as const },
  { name: 'Петрова А. С.', role: 'deputy' as const },
  { name: 'Сидоров П. В.', role: 'member' as const },
];

const minusDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

export async function seedDemoBids(tx: Tx, ids: DemoIds) {
  const userId = ids.users['specialist@demo.local'] ?? null;
  const actor = { userId, role: 'specialist', login: 'specialist@demo.local' } as Actor;
  const deps = {
    db: tx as Db,
    log: { warn: () => undefined, info: () => undefined, error: () => undefined },
  } as unknown as AppDeps;
  for (const key of ['client1', 'client2'] as const) {
    const companyId = ids.companies[key];
    await seedFinished(tx, deps, actor, companyId);
    const [p] = await tx
      .select()
      .from(procurements)
      .where(and(eq(procurements.companyId, companyId), eq(procurements.status, 'summing_up')))
      .orderBy(asc(procurements.id))
      .limit(1);
    if (!p?.bidsDeadline) continue;
    const lots = await tx
      .select()
      .from(procurementLots)
      .where(eq(procurementLots.procurementId, p.id))
      .orderBy(asc(procurementLots.number));
    const bidIds: number[][] = INSURERS.map(() => []);
    for (const [l, lot] of lots.slice(0, 2).entries()) {
      const items = await tx.select().from(procurementItems).where(eq(procurementItems.lotId, lot.id));
      for (const [i, who] of INSURERS.entries()) {
        const unit = OFFERS[i].prices[l];
        if (!unit) continue;
        const bid = await createBid(deps, actor, companyId, p.id, {
          lot_id: lot.id,
          participant_inn: who.inn,
          participant_kpp: who.kpp,
          participant_name: who.name,
          participant_address: null,
          participant_is_sme: who.sme,
          received_at: `${minusDays(p.bidsDeadline, 3 - (i % 3))}T${10 + i}:15`,
          price: null,
          items: items.map((it) => ({ item_id: it.id, unit_price: unit })),
          country_code: '643',
          country_name: 'Россия',
        });
        bidIds[i][l] = bid.id;
        await decideAdmission(
          deps,
          actor,
          companyId,
          p.id,
          bid.id,
          i === 3
            ? {
                admission: 'rejected',
                reason: 'participant_requirements',
                comment: 'Нет лицензии Банка России на вид страхования, указанный в документации',
              }
            : { admission: 'admitted', reason: null, comment: null },
        );
      }
    }
    await saveCommission(deps, actor, companyId, p.id, { members: COMMISSION });
    await saveScores(deps, actor, companyId, p.id, {
      scores: OFFERS.slice(0, 3).flatMap((o, i) =>
        bidIds[i].flatMap((bidId) =>
          COMMISSION.flatMap((m, k) => [
            { bid_id: bidId, criterion_code: 'qualification', member_name: m.name, points: o.points[0][k] },
            { bid_id: bidId, criterion_code: 'term', member_name: m.name, points: o.points[1][k] },
          ]),
        ),
      ),
    });
    const recorded = await tx
      .select()
      .from(procurementProtocols)
      .where(eq(procurementProtocols.procurementId, p.id));
    for (const kind of ['opening', 'review', 'evaluation', 'final'] as const) {
      const made = await generateProtocol(deps, actor, companyId, p.id, { kind });
      const same = recorded.find((r) => r.kind === kind);
      if (same)
        await bidsRepo.updateProtocol(tx, made.id, {
          signedOn: same.signedOn,
          procurementProtocolId: same.id,
        });
      if (kind === 'final') {
        await signProtocol(deps, actor, companyId, p.id, made.id, { signed_on: todayMoscow(), reason: null });
        await contractFromWinner(deps, actor, companyId, p.id, made.id, { lot_id: lots[0].id });
      }
    }
  }
}

/** The concluded contract's supplier's rivals in a finished procurement (fictitious, valid ИНН). */
const RIVALS = [
  { inn: '5012004810', kpp: '501201001', name: 'ООО «Промтехснаб»', sme: true, markup: 103 },
  { inn: '7731452069', kpp: '773101001', name: 'ООО «Регион-Поставка»', sme: true, markup: 105 },
] as const;

/**
 * The finished procurement of a client (its contract concluded, the contract made from a contract
 * of the register, procurements.demo-seed.ts) with what led to it, written through the bids
 * services: the winner (the contract's supplier at the contract's unit prices) and two rivals 3 %
 * and 5 % dearer, all admitted, the commission's points (the winner's the highest), the four
 * protocols signed on the days of the protocols the demo recorded, and the lot linked to its
 * concluded contract. The bids services write only while bids are open, so the procurement is held
 * in summing up for the while and put back.
 */
async function seedFinished(tx: Tx, deps: AppDeps, actor: Actor, companyId: number) {
  const [p] = await tx
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, companyId), eq(procurements.status, 'contract_concluded')))
    .orderBy(asc(procurements.id))
    .limit(1);
  if (!p?.bidsDeadline) return;
  const [c] = await tx.select().from(contracts).where(eq(contracts.procurementId, p.id)).limit(1);
  const [lot] = await tx.select().from(procurementLots).where(eq(procurementLots.procurementId, p.id));
  if (!c || !lot) return;
  const items = await tx
    .select()
    .from(procurementItems)
    .where(eq(procurementItems.lotId, lot.id))
    .orderBy(asc(procurementItems.lineNo));
  const lines = await tx
    .select()
    .from(contractItems)
    .where(eq(contractItems.contractId, c.id))
    .orderBy(asc(contractItems.lineNo));
  if (lines.length !== items.length) return;
  await tx.update(procurements).set({ status: 'summing_up' }).where(eq(procurements.id, p.id));
  const priced = (markup: number) =>
    items.map((it, i) => ({
      item_id: it.id,
      unit_price: ((Math.round(Number(lines[i].price) * 100) * markup) / 10000).toFixed(2),
    }));
  const who = [
    {
      inn: c.supplierInn,
      kpp: c.supplierKpp,
      name: c.supplierName,
      sme: c.supplierIsSme,
      markup: 100,
    },
    ...RIVALS,
  ];
  const bidIds: number[] = [];
  for (const [i, b] of who.entries()) {
    const bid = await createBid(deps, actor, companyId, p.id, {
      lot_id: lot.id,
      participant_inn: b.inn,
      participant_kpp: b.kpp,
      participant_name: b.name,
      participant_address: null,
      participant_is_sme: b.sme,
      received_at: `${minusDays(p.bidsDeadline, 2 - i)}T${11 + i}:30`,
      price: null,
      items: priced(b.markup),
      country_code: '643',
      country_name: 'Россия',
    });
    bidIds.push(bid.id);
    await decideAdmission(deps, actor, companyId, p.id, bid.id, {
      admission: 'admitted',
      reason: null,
      comment: null,
    });
  }
  await saveCommission(deps, actor, companyId, p.id, { members: COMMISSION });
  const results = await resultsIn(tx, p);
  const pointCriteria = results.settings.criteria.filter((x) => x.code !== 'price');
  if (results.method.ranking === 'score' && pointCriteria.length)
    await saveScores(deps, actor, companyId, p.id, {
      scores: bidIds.flatMap((bidId, i) =>
        COMMISSION.flatMap((m, k) =>
          pointCriteria.map((x) => ({
            bid_id: bidId,
            criterion_code: x.code,
            member_name: m.name,
            points: 90 - i * 10 - k * 5,
          })),
        ),
      ),
    });
  const recorded = await tx
    .select()
    .from(procurementProtocols)
    .where(eq(procurementProtocols.procurementId, p.id));
  const final = recorded.find((r) => r.final);
  let finalId = 0;
  for (const kind of ['opening', 'review', 'evaluation', 'final'] as const) {
    const made = await generateProtocol(deps, actor, companyId, p.id, { kind });
    const same = kind === 'final' || kind === 'evaluation' ? final : recorded.find((r) => r.kind === kind);
    await bidsRepo.updateProtocol(tx, made.id, {
      signedOn: same?.signedOn ?? null,
      procurementProtocolId: kind === 'evaluation' ? null : (same?.id ?? null),
    });
    if (kind === 'final') finalId = made.id;
  }
  await bidsRepo.insertLotContract(tx, {
    lotId: lot.id,
    companyId,
    procurementId: p.id,
    protocolId: finalId,
    bidId: bidIds[0],
    contractId: c.id,
    createdBy: actor.userId,
  });
  await tx.update(procurements).set({ status: 'contract_concluded' }).where(eq(procurements.id, p.id));
}
