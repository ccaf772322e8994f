import { type SQL, sql } from 'drizzle-orm';
import { arrayParam } from '../../db/bulk.js';
import type { Tx } from '../../db/client.js';
import { type eisPlanPositions, procurementLots, procurements } from '../../db/schema/index.js';

/**
 * What procurements hold of the plan's positions, as the plans read it (the positions page's
 * filter, the rules of item 5). The procurements module writes them; this module only reads.
 */

/**
 * What procurements hold of plan positions (the eis-plans rules): per position and procurement,
 * the amount (the procurement's НМЦД when it names the position itself, else the sum of its lots
 * that do), the notice's placement and whether it is live (not cancelled, not failed).
 */
export async function procurementLinks(tx: Tx, companyId: number, positionIds: number[] | null) {
  const only = positionIds ? sql`and pos = any(${arrayParam(positionIds, 'integer')})` : sql``;
  const result = (await tx.execute(sql`
    select pos as "positionId", p.id as "procurementId", p.number, p.subject, p.status, p.published_on::text as "publishedOn",
           case when p.plan_position_id = pos then p.nmcd::text
                else (select coalesce(sum(l.nmcd), 0)::text from procurement_lots l
                       where l.procurement_id = p.id and l.plan_position_id = pos) end as amount
      from procurements p
      cross join lateral (
        select p.plan_position_id as pos where p.plan_position_id is not null
        union
        select l.plan_position_id from procurement_lots l
         where l.procurement_id = p.id and l.plan_position_id is not null
      ) x
     where p.company_id = ${companyId} ${only}
     order by pos, p.id`)) as unknown as {
    rows: {
      positionId: number;
      procurementId: number;
      number: string;
      subject: string;
      status: string;
      publishedOn: string | null;
      amount: string;
    }[];
  };
  return result.rows.map((r) => ({
    ...r,
    positionId: Number(r.positionId),
    procurementId: Number(r.procurementId),
    publishedOn: r.publishedOn,
    live: r.status !== 'cancelled' && r.status !== 'failed',
  }));
}

/** A live procurement names the position (itself or through a lot): SQL for the positions filter. */
export const positionHasProcurement = (positionId: SQL | typeof eisPlanPositions.id): SQL =>
  sql`exists (select 1 from ${procurements} p where p.status not in ('cancelled', 'failed') and (p.plan_position_id = ${positionId}
      or exists (select 1 from ${procurementLots} l where l.procurement_id = p.id and l.plan_position_id = ${positionId})))`;
