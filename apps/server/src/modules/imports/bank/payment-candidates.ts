import { sql } from 'drizzle-orm';
import { arrayParam, rowsOf } from '../../../db/bulk.js';
import type { Tx } from '../../../db/client.js';
import { contracts } from '../../../db/schema/index.js';
import type { ContractCandidate } from './payment-matcher.js';

/**
 * The contracts a bank statement's payments may belong to, by supplier, read as the statement is:
 * the payees' contracts as they first appear, or — for a large statement, which names most
 * suppliers — every supplier's in one query started at once (one pass over the register instead
 * of one per chunk). The matcher looks only at the payee's list: given every contract of the
 * company it passed over all of them for each payment (50 000 × 180 000 in the benchmark).
 * `remaining` is kept up to date by the caller as payments are matched.
 */
export class CandidateContracts {
  readonly byId = new Map<string, ContractCandidate>();
  private readonly bySupplier = new Map<string, ContractCandidate[]>();
  private everyContract: Promise<ContractCandidate[]> | null;

  constructor(
    private readonly reads: Tx,
    private readonly companyId: number,
    private readonly everySupplier: boolean,
  ) {
    this.everyContract = everySupplier ? candidatesFor(reads, companyId, null) : null;
    // a failure is reported where it is awaited
    this.everyContract?.catch(() => {});
  }

  /** Reads the contracts of the payees of these payments not met before. */
  async readFor(slice: { doc: { payee: { inn: string | null } } }[]): Promise<void> {
    if (this.everyContract) {
      this.add(await this.everyContract);
      this.everyContract = null;
    }
    if (this.everySupplier) return;
    const inns = new Set<string>();
    for (const o of slice) {
      const inn = o.doc.payee.inn;
      if (inn && !this.bySupplier.has(inn)) inns.add(inn);
    }
    for (const inn of inns) this.bySupplier.set(inn, []);
    this.add(await candidatesFor(this.reads, this.companyId, [...inns]));
  }

  /** The supplier's contracts (the same list each time: the matcher indexes it once). */
  ofSupplier(inn: string | null): ContractCandidate[] {
    return this.bySupplier.get(inn ?? '') ?? [];
  }

  /**
   * Keeps the rows as compact objects of one shape, each ИНН once (a supplier has a hundred
   * contracts, a customer tens of thousands): 190 000 contracts took 68 MB of heap as the driver's
   * rows, their index 55 MB; what stays alive all the import long is multiplied by how far V8
   * lets the heap grow before it collects.
   */
  private readonly inns = new Map<string, string>();
  private inn(value: string): string {
    const known = this.inns.get(value);
    if (known !== undefined) return known;
    this.inns.set(value, value);
    return value;
  }

  private add(rows: ContractCandidate[]) {
    for (const r of rows) {
      const c: ContractCandidate = {
        id: r.id,
        number: r.number,
        date: r.date,
        registryNumber: r.registryNumber,
        supplierInn: this.inn(r.supplierInn),
        customerInn: this.inn(r.customerInn),
        remaining: r.remaining,
      };
      this.byId.set(c.id, c);
      const same = this.bySupplier.get(c.supplierInn);
      if (same) same.push(c);
      else this.bySupplier.set(c.supplierInn, [c]);
    }
  }
}

/** The contracts payments to these payees may belong to; every supplier's when `payeeInns` is null. */
async function candidatesFor(
  tx: Tx,
  companyId: number,
  payeeInns: string[] | null,
): Promise<ContractCandidate[]> {
  if (payeeInns?.length === 0) return [];
  // raw rows, the remaining sum computed by PostgreSQL
  return rowsOf<ContractCandidate>(
    tx,
    sql`select ${contracts.id}::text as id, ${contracts.number} as number,
      to_char(${contracts.contractDate}, 'YYYY-MM-DD') as date,
      ${contracts.eisRegistryNumber} as "registryNumber", ${contracts.supplierInn} as "supplierInn",
      ${contracts.customerInn} as "customerInn",
      (${contracts.price} - ${contracts.paidAmount})::numeric(18, 2)::text as remaining
    from ${contracts}
    where ${contracts.companyId} = ${companyId}
      and ${payeeInns ? sql`${contracts.supplierInn} = any(${arrayParam(payeeInns, 'text')})` : sql`true`}
      and ${contracts.status} not in ('cancelled', 'draft')`,
  );
}
