import type { BidScoresInput, CommissionInput } from '@zakupki/shared';
import type { z } from 'zod';
import { invalid } from '../../lib/app-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import * as repo from './bids.repository.js';
import { bidsWrite } from './bids.service.js';
import { resultsIn, settingsOf } from './bids-query.service.js';

/** The commission and its points on the non-price criteria (docs/bids.md «Evaluation»). */

type ScoresIn = z.output<typeof BidScoresInput>;
type CommissionIn = z.output<typeof CommissionInput>;

export function saveScores(deps: AppDeps, actor: Actor, companyId: number, id: number, body: ScoresIn) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const { settings } = await settingsOf(tx, p);
    const rows = await repo.bidsOf(tx, p.id);
    const members = (await repo.commissionOf(tx, p.id)).map((m) => m.name);
    const issues: { path: string; message: string }[] = [];
    const pointsCriteria =
      settings.ranking === 'price' ? [] : settings.criteria.filter((c) => c.code !== 'price');
    body.scores.forEach((s, i) => {
      const bid = rows.find((b) => b.id === s.bid_id);
      if (!bid) issues.push({ path: `body.scores.${i}.bid_id`, message: 'Такой заявки в закупке нет' });
      else if (bid.admission !== 'admitted')
        issues.push({
          path: `body.scores.${i}.bid_id`,
          message: `Заявка ${bid.participantName} не допущена: её не оценивают`,
        });
      if (!pointsCriteria.some((c) => c.code === s.criterion_code))
        issues.push({
          path: `body.scores.${i}.criterion_code`,
          message:
            settings.ranking === 'price'
              ? 'Заявки этого способа ранжируются по цене: баллы не выставляются'
              : `Критерия «${s.criterion_code}» нет среди нестоимостных критериев положения: ${pointsCriteria.map((c) => c.code).join(', ')}`,
        });
      if (members.length && !members.includes(s.member_name))
        issues.push({
          path: `body.scores.${i}.member_name`,
          message: `«${s.member_name}» нет в составе комиссии`,
        });
    });
    if (issues.length) throw invalid(issues);
    const before = await repo.scoresOf(
      tx,
      body.scores.map((s) => s.bid_id),
    );
    await repo.upsertScores(
      tx,
      body.scores.map((s) => ({
        bidId: s.bid_id,
        criterionCode: s.criterion_code,
        memberName: s.member_name,
        points: String(s.points),
        createdBy: actor.userId,
      })),
    );
    await audit(tx, actor, {
      action: 'update',
      entity: 'bid_scores',
      entityId: p.id,
      companyId,
      before: before.map((b) => ({
        bid_id: b.bidId,
        criterion: b.criterionCode,
        member: b.memberName,
        points: b.points,
      })),
      after: body.scores,
    });
    return resultsIn(tx, p);
  });
}

export function saveCommission(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: CommissionIn,
) {
  return bidsWrite(deps, actor, companyId, id, async (tx, p) => {
    const before = await repo.commissionOf(tx, p.id);
    await repo.saveCommission(tx, {
      procurementId: p.id,
      companyId,
      members: body.members,
      updatedBy: actor.userId,
    });
    await audit(tx, actor, {
      action: 'update',
      entity: 'bid_commission',
      entityId: p.id,
      companyId,
      before,
      after: body.members,
    });
    return resultsIn(tx, p);
  });
}
