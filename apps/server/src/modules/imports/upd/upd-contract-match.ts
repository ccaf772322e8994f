import { formatRuDate } from '../../calendar/iso-date.js';
import { normalizeContractNumber, sameRegistryNumber } from '../bank/purpose-references.js';
import type { UpdDocument } from './upd.types.js';

/** A contract of the company an УПД may belong to. */
export type UpdContractCandidate = {
  id: number;
  number: string;
  contractDate: string;
  eisRegistryNumber: string | null;
  supplierInn: string;
  customerInn: string;
  status: string;
};

export type UpdContractResolution =
  | { contractId: number; reason: string; error: null }
  | { contractId: null; reason: null; error: string };

export const UPD_FAILURE = 'Не удалось обработать УПД';

export const docLabel = (d: { kind: 'upd' | 'ukd'; number: string; date: string }) =>
  `${d.kind === 'ukd' ? 'УКД' : 'УПД'} № ${d.number} от ${formatRuDate(d.date)}`;

const sameNumber = (a: string, b: string) =>
  normalizeContractNumber(a).toLowerCase() === normalizeContractNumber(b).toLowerCase();

/** «Не удалось обработать УПД № 15 от 01.02.2024: …» (an УКД: «Не удалось обработать УПД (УКД № 2 от …): …»). */
export function updFailure(doc: { kind: 'upd' | 'ukd'; number: string; date: string }, why: string): string {
  const which = `№ ${doc.number} от ${formatRuDate(doc.date)}`;
  return doc.kind === 'ukd' ? `${UPD_FAILURE} (УКД ${which}): ${why}` : `${UPD_FAILURE} ${which}: ${why}`;
}

function fail(doc: UpdDocument, why: string): UpdContractResolution {
  return { contractId: null, reason: null, error: updFailure(doc, why) };
}

/**
 * Finds the contract of an УПД/УКД among the company's contracts: the buyer must be the company or
 * one of its заказчики, the seller the contract's supplier; then, in this order, the contract of
 * the corrected invoice (УКД), `ИдГосКон` as the registry number, the number and date of the basis
 * (ОснПер), and the only contract with this supplier when the document names no basis.
 */
export function resolveUpdContract(
  doc: UpdDocument,
  contracts: UpdContractCandidate[],
  buyerInns: Set<string>,
  correctedContractId: number | null,
): UpdContractResolution {
  const seller = doc.seller.inn;
  if (!buyerInns.has(doc.buyer.inn)) {
    return fail(
      doc,
      `покупатель «${doc.buyer.name}» (ИНН ${doc.buyer.inn}) не является компанией или её заказчиком`,
    );
  }
  if (correctedContractId !== null) {
    return { contractId: correctedContractId, reason: 'договор исправляемого счёта-фактуры', error: null };
  }
  const ofSupplier = contracts.filter(
    (c) => c.supplierInn === seller && (!c.customerInn || c.customerInn === doc.buyer.inn),
  );
  const bySupplier = ofSupplier.filter((c) => c.status !== 'cancelled' && c.status !== 'draft');
  if (doc.govContractId) {
    const byGov = bySupplier.filter(
      (c) =>
        c.eisRegistryNumber &&
        (c.eisRegistryNumber === doc.govContractId ||
          sameRegistryNumber(c.eisRegistryNumber, doc.govContractId!)),
    );
    if (byGov.length === 1) {
      return {
        contractId: byGov[0].id,
        reason: `идентификатор госконтракта ${doc.govContractId}`,
        error: null,
      };
    }
  }
  const numbered = doc.bases.filter((b) => b.number && normalizeContractNumber(b.number) !== '');
  for (const basis of numbered) {
    const number = normalizeContractNumber(basis.number as string);
    const hits = bySupplier.filter(
      (c) =>
        (sameNumber(c.number, number) ||
          (c.eisRegistryNumber !== null && c.eisRegistryNumber === number.trim())) &&
        (!basis.date || c.contractDate === basis.date),
    );
    if (hits.length === 1) {
      return {
        contractId: hits[0].id,
        reason: `основание «${basis.name}» № ${number}${basis.date ? ` от ${formatRuDate(basis.date)}` : ''}`,
        error: null,
      };
    }
    if (hits.length > 1) {
      return fail(
        doc,
        `основанию № ${number} соответствуют несколько договоров с поставщиком ИНН ${seller}: выберите договор вручную`,
      );
    }
  }
  if (numbered.length > 0) {
    const b = numbered[0];
    return fail(
      doc,
      `не найден договор № ${normalizeContractNumber(b.number as string)}${b.date ? ` от ${formatRuDate(b.date)}` : ''} с поставщиком ИНН ${seller}`,
    );
  }
  if (bySupplier.length === 1) {
    return {
      contractId: bySupplier[0].id,
      reason: `основание не указано; единственный договор с поставщиком ИНН ${seller}`,
      error: null,
    };
  }
  if (bySupplier.length === 0) {
    return fail(
      doc,
      ofSupplier.length > 0
        ? `договоры с поставщиком ИНН ${seller} есть только в статусе «проект» или «отменён»: заключите договор или выберите его вручную`
        : `в реестре нет договоров с поставщиком «${doc.seller.name}» (ИНН ${seller})`,
    );
  }
  return fail(
    doc,
    `в документе не указан договор-основание, а с поставщиком ИНН ${seller} ${bySupplier.length} договоров: выберите договор вручную`,
  );
}
