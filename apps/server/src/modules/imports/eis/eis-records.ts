import type { ContractStatus } from '@zakupki/shared';
import { type ContractItemInput, fromKopecks, lineKopecks, toScaled } from '@zakupki/shared';
import type { z } from 'zod';
import type { contracts } from '../../../db/schema/index.js';
import type { CustomerRef, EisContract, EisExecution } from '../../../kernel/eis/eis.types.js';
import { moscowDay } from '../../../lib/moscow-time.js';

type ItemIn = z.output<typeof ContractItemInput>;
export type ContractColumns = Omit<
  typeof contracts.$inferInsert,
  'id' | 'companyId' | 'revision' | 'createdAt' | 'updatedAt' | 'createdBy' | 'executedAmount' | 'paidAmount'
>;

/** The company's own ИНН and its заказчики: whose contracts an import takes. */

/** Registry number of the contract card (the same for every version). */
export const registryNumberOf = (c: EisContract) =>
  c.contractRegNumber ?? (c.source === '44' ? c.registrationNumber : null);

/** Moscow date of an ISO date-time (EIS publication moments). */
export const moscowDate = (iso: string) => moscowDay(new Date(iso));

/**
 * Contract status from the EIS record: 223-FZ status is that of the information (I: invalid ->
 * cancelled), 44-FZ `currentContractStage` is the contract's (EC executed, ET terminated, IN
 * annulled). An execution or termination the register already knows is not undone by a new version.
 */
export function statusFromEis(c: EisContract, current: ContractStatus | null): ContractStatus {
  const s = (c.status ?? '').toUpperCase();
  if (s === 'I' || s === 'IN') return 'cancelled';
  if (s === 'EC') return 'executed';
  if (s === 'ET') return 'terminated';
  if (current === 'executed' || current === 'terminated') return current;
  return 'concluded';
}

export function contractColumns(
  c: EisContract,
  customer: CustomerRef | null,
  current: ContractStatus | null,
): ContractColumns {
  const supplier = c.suppliers[0] ?? null;
  const firstName = c.positions.find((p) => p.name)?.name ?? null;
  return {
    law: c.source,
    eisRegistryNumber: registryNumberOf(c),
    eisGuid: c.guid,
    version: c.version ?? 1,
    number: c.number?.trim() || 'б/н',
    contractDate: c.contractDate,
    subject: c.subject ?? firstName ?? '',
    customerId: customer?.id ?? null,
    customerName: c.customer.fullName ?? c.customer.shortName ?? '',
    customerInn: c.customer.inn,
    customerKpp: c.customer.kpp,
    supplierInn: supplier?.inn ?? '',
    supplierKpp: supplier?.kpp ?? null,
    supplierName: supplier?.name ?? '',
    supplierIsSme: supplier?.isSme ?? false,
    price: c.price,
    currencyCode: c.currencyCode === '643' || !c.currencyCode ? 'RUB' : c.currencyCode,
    planPositionNumber: c.planPositionNumber,
    procurementMethodCode: c.purchase?.methodCode ?? null,
    procurementMethodName: c.purchase?.methodName ?? null,
    noticeNumber: c.purchase?.noticeNumber ?? null,
    startDate: c.startExecutionDate,
    endDate: c.endExecutionDate,
    status: statusFromEis(c, current),
    eisPublishedAt: c.publicationDate ? new Date(c.publicationDate) : null,
    eisUrl: c.url,
    source: 'eis',
  };
}

/** amount / quantity rounded to kopecks, as a decimal string. */
function unitPrice(amount: string, qty: string): string {
  const q = toScaled(qty, 8);
  if (q <= 0n) return '0';
  const num = toScaled(amount, 2) * 10n ** 8n;
  return fromKopecks((num + q / 2n) / q);
}

const positive = (v: string | null) => v !== null && /^\d+(\.\d+)?$/.test(v) && toScaled(v, 8) > 0n;

/**
 * The specification from EIS positions. EIS states no VAT for positions, so items carry «без НДС»
 * with the sum as given; a position without a sum takes the contract price when it is the only one,
 * and a missing unit price is the sum divided by the quantity. A position without a quantity keeps 0
 * (unknown) for the user to fill in.
 */
export function specificationOf(c: EisContract): ItemIn[] {
  const only = c.positions.length === 1;
  return c.positions.map((p) => {
    const quantity = p.qty && /^\d+(\.\d+)?$/.test(p.qty) ? p.qty : '0';
    const amount =
      p.sum ??
      (only ? c.price : p.price && positive(p.price) ? fromKopecks(lineKopecks(quantity, p.price)) : '0.00');
    const price = p.price ?? unitPrice(amount, quantity);
    return {
      name: (p.name ?? p.okpd2Name ?? p.okdpName ?? '').trim() || `Позиция ${p.ordinalNumber ?? ''}`.trim(),
      okpd2_code: p.okpd2Code,
      okei_code: p.okeiCode && /^\d{3,4}$/.test(p.okeiCode) ? p.okeiCode : null,
      unit_name: p.okeiName,
      quantity,
      price,
      vat_rate: 'без НДС',
      vat_amount: '0.00',
      amount,
    };
  });
}

/** The date an execution record is filtered by: its publication (Moscow), else its creation. */
export function executionDate(e: EisExecution): string | null {
  const at = e.publicationDate ?? e.createDateTime;
  return at ? moscowDate(at) : null;
}

export const inRange = (d: string | null, from: string | null, to: string | null) =>
  d === null ? from === null && to === null : (from === null || d >= from) && (to === null || d <= to);
