import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * The annual SME report's contracts summed by PostgreSQL (the dashboard's SME share): the same
 * contracts as `concludedContracts` (sme-report.repository.ts), grouped by every fact the law's
 * rules read (`SmeContractFacts` of law-sme-quotas.ts: basis, currency, the supplier's SME sign,
 * and what the SME-only flag is taken from), so the rules run on a few groups instead of every
 * contract of the year.
 */

export type SmeTotalsRow = {
  /** the group's number (its id as a pseudo-contract) */
  n: number;
  basis: string | null;
  currency: string;
  supplier_is_sme: boolean;
  procurement_sme_only: boolean | null;
  /** the method's catalogue entry extra (the method chosen by id), or null */
  method_extra: Record<string, unknown> | null;
  /** the method's catalogue code when no entry is chosen by id (its flags are looked up by code) */
  method_code: string | null;
  /** the sum of the group's prices (numeric, exact) */
  price: string;
  count: number;
};

export async function concludedTotals(
  tx: Tx,
  companyId: number,
  from: string,
  to: string,
): Promise<SmeTotalsRow[]> {
  const result = (await tx.execute(
    sql`select (row_number() over ())::int as n, basis.title as basis, c.currency_code as currency,
        c.supplier_is_sme, p.sme_only as procurement_sme_only, method.extra as method_extra,
        case when method.extra is null then c.procurement_method_code end as method_code,
        sum(c.price)::text as price, count(*)::int as count
      from contracts c
      left join catalog_entries method on method.id = c.procurement_method_id
      left join catalog_entries basis on basis.id = c.contract_basis_id
      left join procurements p on p.id = c.procurement_id and p.company_id = ${companyId}
      where c.company_id = ${companyId} and c.law = '223'
        and c.status in ('concluded', 'executed', 'terminated')
        and c.contract_date between ${from} and ${to}
      group by basis.title, c.currency_code, c.supplier_is_sme, p.sme_only, method.extra,
        case when method.extra is null then c.procurement_method_code end`,
  )) as unknown as { rows: SmeTotalsRow[] };
  return result.rows;
}
