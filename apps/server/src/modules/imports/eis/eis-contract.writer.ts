import type { ContractItemInput } from '@zakupki/shared';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.js';
import type { CustomerRef, EisContract } from '../../../kernel/eis/eis.types.js';
import { RunFailure } from '../../../kernel/runs.js';
import { AppError } from '../../../lib/app-error.js';
import type { Actor } from '../../../types.js';
import { audit } from '../../audit/audit.service.js';
import { formatRuDate } from '../../calendar/iso-date.js';
import { loadContractData } from '../../contracts/contract-card.service.js';
import { saveItems } from '../../contracts/contract-children.js';
import { commitVersion } from '../../contracts/contract-versions.js';
import {
  findEisContract,
  hasEisVersion,
  insertEisContract,
  insertOlderEisVersion,
  itemIdsByLine,
  updateEisContract,
} from './eis.repository.js';
import { type ContractColumns, contractColumns, registryNumberOf, specificationOf } from './eis-records.js';

type ItemIn = z.output<typeof ContractItemInput>;

/** Counters and state of one EIS import while it writes. */
export type EisWriteState = {
  companyId: number;
  importId: number;
  actor: Actor;
  created: number;
  updated: number;
  unchanged: number;
  history: number;
  duplicates: number;
  skipped: number;
  executions: number;
  events: number;
  /** contracts whose execution sums and duties must be recomputed */
  touched: Set<number>;
  /** contracts of the file (for the result and the violations) */
  contractIds: Set<number>;
  warnings: string[];
};

export const contractLabel = (c: { number: string | null; eisRegistryNumber?: string | null }) =>
  `№ ${c.number ?? 'б/н'}${c.eisRegistryNumber ? ` (реестровый № ${c.eisRegistryNumber})` : ''}`;

/** The new version's items, keeping the ids (and accepted quantities) of the lines already stored. */
async function itemsWithIds(tx: Tx, contractId: number, items: ItemIn[]): Promise<ItemIn[]> {
  const stored = await itemIdsByLine(tx, contractId);
  return items.map((it, i) => ({ ...it, id: stored[i]?.id }));
}

async function saveSpecification(tx: Tx, c: EisContract, contractId: number, isNew: boolean) {
  const spec = specificationOf(c);
  try {
    await saveItems(tx, contractId, isNew ? spec : await itemsWithIds(tx, contractId, spec), isNew);
  } catch (err) {
    if (err instanceof AppError && err.code === 'validation_failed') {
      const issues = (err.details as { issues?: { message: string }[] } | undefined)?.issues ?? [];
      throw new RunFailure(
        `Версия ${c.version ?? ''} договора ${contractLabel({ number: c.number, eisRegistryNumber: registryNumberOf(c) })} не загружена: ${issues.map((i) => i.message).join('; ') || err.message}`,
      );
    }
    throw err;
  }
}

/** What the contract card looked like in an older EIS version (for the history tab). */
function olderSnapshot(current: Record<string, unknown>, cols: ContractColumns, c: EisContract) {
  return {
    ...current,
    version: cols.version,
    eis_guid: cols.eisGuid,
    number: cols.number,
    contract_date: cols.contractDate,
    subject: cols.subject,
    supplier_inn: cols.supplierInn,
    supplier_kpp: cols.supplierKpp,
    supplier_name: cols.supplierName,
    price: cols.price,
    start_date: cols.startDate,
    end_date: cols.endDate,
    eis_published_at: cols.eisPublishedAt ? cols.eisPublishedAt.toISOString() : null,
    items: specificationOf(c).map((it, i) => ({ line_no: i + 1, ...it })),
  };
}

/**
 * Upserts one EIS contract record by registry number or guid: a new contract is created with its
 * specification; a newer version replaces the card (the previous state stays in contract_versions),
 * and so does the same version over a card entered by hand; the same version of an imported card
 * changes nothing; an older version is only added to the history.
 */
export async function upsertEisContract(
  tx: Tx,
  st: EisWriteState,
  c: EisContract,
  customer: CustomerRef | null,
): Promise<number> {
  const registry = registryNumberOf(c);
  const existing = await findEisContract(tx, st.companyId, registry, c.guid);
  const version = c.version ?? 1;
  if (!c.suppliers[0]?.inn) {
    st.warnings.push(
      `Договор ${contractLabel({ number: c.number?.trim() || 'б/н', eisRegistryNumber: registry })}${c.contractDate ? ` от ${formatRuDate(c.contractDate)}` : ''}: в файле нет поставщика (ИНН); договор загружен без него — укажите поставщика в карточке договора`,
    );
  }
  if (!existing) {
    const cols = contractColumns(c, customer, null);
    const id = await insertEisContract(tx, cols, st.companyId, st.actor.userId);
    await saveSpecification(tx, c, id, true);
    await commitVersion(tx, st.actor, id, 'import', { isNew: true, source: 'eis' });
    st.created++;
    st.touched.add(id);
    return id;
  }
  // a card entered by hand takes the EIS record of the same version (the register is the source)
  if (version > existing.version || (version === existing.version && existing.source === 'manual')) {
    const before = await loadContractData(tx, existing);
    const cols = contractColumns(c, customer, existing.status);
    await updateEisContract(tx, existing.id, cols, st.actor.userId);
    await saveSpecification(tx, c, existing.id, false);
    await commitVersion(tx, st.actor, existing.id, 'import', { before, source: 'eis' });
    st.updated++;
    st.touched.add(existing.id);
    return existing.id;
  }
  if (version === existing.version) {
    st.unchanged++;
    st.duplicates++;
    return existing.id;
  }
  if (await hasEisVersion(tx, existing.id, version)) {
    st.duplicates++;
    return existing.id;
  }
  const current = await loadContractData(tx, existing);
  const cols = contractColumns(c, customer, existing.status);
  await insertOlderEisVersion(tx, {
    contractId: existing.id,
    companyId: st.companyId,
    eisVersion: version,
    snapshot: olderSnapshot(current as unknown as Record<string, unknown>, cols, c),
    changedBy: st.actor.userId,
  });
  await audit(tx, st.actor, {
    action: 'import',
    entity: 'contract',
    entityId: existing.id,
    companyId: st.companyId,
    after: { eis_version: version, kept_as_history: true, current_version: existing.version },
  });
  st.history++;
  st.warnings.push(
    `Договор ${contractLabel({ number: existing.number, eisRegistryNumber: existing.eisRegistryNumber })} от ${formatRuDate(existing.contractDate)}: в файле версия ${version}, в реестре уже версия ${existing.version}; старая версия сохранена в истории`,
  );
  return existing.id;
}
