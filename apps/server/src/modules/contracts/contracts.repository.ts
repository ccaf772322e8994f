import type { Contract, ContractListItem } from '@zakupki/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import {
  contractItems,
  contractStages,
  contracts,
  eisPlanPositions,
  eisPlanPositionVersions,
  eisPlanVersions,
  paymentTerms,
  procurements,
} from '../../db/schema/index.js';
import { dutiesOf } from './contract-duties.js';
import { allowedTransitions } from './contracts.policy.js';

export type ContractRow = typeof contracts.$inferSelect;
type ItemRow = typeof contractItems.$inferSelect;
type StageRow = typeof contractStages.$inferSelect;
type TermRow = typeof paymentTerms.$inferSelect;

/** The contract as the API shows it, without the computed parts (duties, transitions). */
export type ContractData = Omit<
  Contract,
  'duties' | 'allowed_transitions' | 'deadline' | 'plan_position_subject'
>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The columns a register row is made of (`toListItem`): the page reads only these. */
export const LIST_COLUMNS = {
  id: contracts.id,
  companyId: contracts.companyId,
  law: contracts.law,
  eisRegistryNumber: contracts.eisRegistryNumber,
  version: contracts.version,
  number: contracts.number,
  contractDate: contracts.contractDate,
  subject: contracts.subject,
  customerName: contracts.customerName,
  customerInn: contracts.customerInn,
  supplierInn: contracts.supplierInn,
  supplierKpp: contracts.supplierKpp,
  supplierName: contracts.supplierName,
  supplierIsSme: contracts.supplierIsSme,
  price: contracts.price,
  currencyCode: contracts.currencyCode,
  startDate: contracts.startDate,
  endDate: contracts.endDate,
  status: contracts.status,
  executedAmount: contracts.executedAmount,
  paidAmount: contracts.paidAmount,
  source: contracts.source,
  eisPublishedAt: contracts.eisPublishedAt,
  archivedAt: contracts.archivedAt,
} as const;

type ListRow = Pick<ContractRow, keyof typeof LIST_COLUMNS>;

export function toListItem(r: ListRow): Omit<ContractListItem, 'deadline'> {
  return {
    id: r.id,
    company_id: r.companyId,
    law: r.law,
    eis_registry_number: r.eisRegistryNumber,
    version: r.version,
    number: r.number,
    contract_date: r.contractDate,
    subject: r.subject,
    customer_name: r.customerName,
    customer_inn: r.customerInn,
    supplier_inn: r.supplierInn,
    supplier_kpp: r.supplierKpp,
    supplier_name: r.supplierName,
    supplier_is_sme: r.supplierIsSme,
    price: r.price,
    currency_code: r.currencyCode,
    start_date: r.startDate,
    end_date: r.endDate,
    status: r.status,
    executed_amount: r.executedAmount,
    paid_amount: r.paidAmount,
    source: r.source,
    eis_published_at: iso(r.eisPublishedAt),
    archived: r.archivedAt !== null,
  };
}

function toItem(r: ItemRow) {
  return {
    id: r.id,
    line_no: r.lineNo,
    name: r.name,
    okpd2_code: r.okpd2Code,
    okei_code: r.okeiCode,
    unit_name: r.unitName,
    quantity: r.quantity,
    price: r.price,
    vat_rate: r.vatRate as Contract['items'][number]['vat_rate'],
    vat_amount: r.vatAmount,
    amount: r.amount,
    accepted_quantity: r.acceptedQuantity,
    accepted_amount: r.acceptedAmount,
  };
}

function toStage(r: StageRow) {
  return {
    id: r.id,
    stage_no: r.stageNo,
    name: r.name,
    start_date: r.startDate,
    end_date: r.endDate,
    amount: r.amount,
    paid_amount: r.paidAmount,
  };
}

function toTerm(r: TermRow, stageNo: Map<number, number>) {
  return {
    id: r.id,
    line_no: r.lineNo,
    kind: r.kind,
    share_percent: r.sharePercent,
    term_days: r.termDays,
    day_kind: r.dayKind,
    stage_no: r.stageId ? (stageNo.get(r.stageId) ?? null) : null,
    description: r.description,
  };
}

/** One contract of one company, optionally locked for an update. */
export async function findContract(
  tx: Tx,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<ContractRow | undefined> {
  const q = tx
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.companyId, companyId)));
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** The company a contract belongs to (to tell "not yours" from "no such contract"). */
export async function contractOwner(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx
    .select({ companyId: contracts.companyId })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row?.companyId ?? null;
}

/** The stored contract with its specification, stages and terms: the snapshot of a version. */
export async function loadContractData(tx: Tx, row: ContractRow): Promise<ContractData> {
  return (await loadContractsData(tx, [row]))[0];
}

/** The same for many contracts in four queries (one after another: a transaction is one connection). */
export async function loadContractsData(tx: Tx, rows: ContractRow[]): Promise<ContractData[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await tx
    .select()
    .from(contractItems)
    .where(inArray(contractItems.contractId, ids))
    .orderBy(asc(contractItems.contractId), asc(contractItems.lineNo));
  const stages = await tx
    .select()
    .from(contractStages)
    .where(inArray(contractStages.contractId, ids))
    .orderBy(asc(contractStages.contractId), asc(contractStages.stageNo));
  const terms = await tx
    .select()
    .from(paymentTerms)
    .where(inArray(paymentTerms.contractId, ids))
    .orderBy(asc(paymentTerms.contractId), asc(paymentTerms.lineNo));
  const stageNo = new Map(stages.map((s) => [s.id, s.stageNo]));
  const procurementIds = [...new Set(rows.flatMap((r) => (r.procurementId ? [r.procurementId] : [])))];
  const procurementNumbers = new Map(
    procurementIds.length
      ? (
          await tx
            .select({ id: procurements.id, number: procurements.number })
            .from(procurements)
            .where(inArray(procurements.id, procurementIds))
        ).map((p) => [p.id, p.number])
      : [],
  );
  return rows.map((row) => ({
    ...toListItem(row),
    eis_guid: row.eisGuid,
    revision: row.revision,
    customer_id: row.customerId,
    customer_kpp: row.customerKpp,
    funding_source_id: row.fundingSourceId,
    contract_basis_id: row.contractBasisId,
    plan_position_number: row.planPositionNumber,
    procurement_method_id: row.procurementMethodId,
    procurement_method_code: row.procurementMethodCode,
    procurement_method_name: row.procurementMethodName,
    price_method_id: row.priceMethodId,
    notice_number: row.noticeNumber,
    procurement_id: row.procurementId,
    procurement_number: row.procurementId ? (procurementNumbers.get(row.procurementId) ?? null) : null,
    eis_url: row.eisUrl,
    items: items.filter((i) => i.contractId === row.id).map(toItem),
    stages: stages.filter((s) => s.contractId === row.id).map(toStage),
    payment_terms: terms.filter((t) => t.contractId === row.id).map((t) => toTerm(t, stageNo)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The position of the company's plans with this number: its subject in the latest version that holds it. */
export async function planPositionOf(
  tx: Db | Tx,
  companyId: number,
  number: string,
): Promise<{ subject: string } | null> {
  const [row] = await tx
    .select({ subject: eisPlanPositionVersions.subject })
    .from(eisPlanPositions)
    .innerJoin(eisPlanPositionVersions, eq(eisPlanPositionVersions.positionId, eisPlanPositions.id))
    .innerJoin(eisPlanVersions, eq(eisPlanVersions.id, eisPlanPositionVersions.versionId))
    .where(and(eq(eisPlanPositions.companyId, companyId), eq(eisPlanPositions.number, number)))
    .orderBy(desc(eisPlanVersions.version))
    .limit(1);
  return row ?? null;
}

/** The full card: stored data plus duties, the nearest open one and the allowed transitions. */
export async function loadContract(tx: Tx, row: ContractRow): Promise<Contract> {
  const data = await loadContractData(tx, row);
  const duties = await dutiesOf(tx, row.id);
  const position = row.planPositionNumber
    ? await planPositionOf(tx, row.companyId, row.planPositionNumber)
    : null;
  const open = duties.find((d) => d.status === 'due' || d.status === 'due_soon' || d.status === 'overdue');
  return {
    ...data,
    plan_position_subject: position?.subject ?? null,
    duties,
    deadline: open
      ? {
          duty: open.duty,
          title: open.title,
          event_id: open.event_id,
          base_date: open.base_date,
          due_date: open.due_date,
          status: open.status as 'due' | 'due_soon' | 'overdue',
          days_left: open.days_left,
          working_days_left: open.working_days_left,
        }
      : null,
    allowed_transitions: allowedTransitions(row.status),
  };
}
