import { formatRub, fromKopecks, toScaled } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import type { EisExecution, EisExecutionDoc } from '../../../kernel/eis/eis.types.js';
import { loadContractData } from '../../contracts/contract-card.service.js';
import { commitVersion } from '../../contracts/contract-versions.js';
import { acceptanceKey, addEventOnce, type NewEvent, paymentKey } from '../../execution/execution.service.js';
import { findEisContract, updateEisContract } from './eis.repository.js';
import { contractLabel, type EisWriteState } from './eis-contract.writer.js';
import { executionDate } from './eis-records.js';

const maxDate = (dates: (string | null)[]) =>
  dates.filter((d): d is string => !!d).sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))[0] ?? null;

/** Acceptance documents of a stage grouped by document (one накладная may cover several positions). */
function documentsOf(docs: EisExecutionDoc[]) {
  const groups = new Map<string, { doc: EisExecutionDoc; sum: bigint | null }>();
  for (const d of docs) {
    const key = `${d.name ?? ''}|${d.number ?? ''}|${d.date ?? ''}`;
    const g = groups.get(key) ?? { doc: d, sum: null };
    if (d.sum) g.sum = (g.sum ?? 0n) + toScaled(d.sum, 2);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/**
 * Applies EIS execution information (223-FZ performanceContract, 44-FZ contractProcedure) to the
 * contract it names: payments and acceptance documents become events (the same document never
 * twice), a completed execution or a termination sets the status and leaves its event. Events
 * carry the EIS publication time: they are already placed.
 */
export async function applyEisExecution(tx: Tx, st: EisWriteState, e: EisExecution): Promise<void> {
  const contract = await findEisContract(tx, st.companyId, e.contractRegNumber, e.contractGuid);
  if (!contract) {
    st.skipped++;
    st.warnings.push(
      `Сведения об исполнении договора ${contractLabel({ number: e.contractNumber, eisRegistryNumber: e.contractRegNumber })} (файл «${e.fileName}») пропущены: договора нет в реестре компании. Загрузите сначала сведения о договоре`,
    );
    return;
  }
  st.executions++;
  st.contractIds.add(contract.id);
  const published = e.publicationDate ? new Date(e.publicationDate) : null;
  const fallback = executionDate(e) ?? contract.contractDate;
  const base = {
    companyId: st.companyId,
    contractId: contract.id,
    source: 'eis' as const,
    importId: st.importId,
    createdBy: st.actor.userId,
    eisPublishedAt: published,
  };
  const dates: (string | null)[] = [];
  const add = async (ev: Omit<NewEvent, keyof typeof base>) => {
    const r = await addEventOnce(tx, { ...base, ...ev });
    dates.push(ev.eventDate);
    if (r.created) {
      st.events++;
      st.touched.add(contract.id);
    } else st.duplicates++;
  };
  const origin = e.registrationNumber ?? e.guid ?? 'eis';

  for (const stage of e.stages) {
    for (const pay of stage.payments) {
      const amount = pay.rubPrice ?? pay.price;
      if (!amount) continue;
      const date = pay.paymentDate ?? pay.document?.date ?? stage.endDate ?? fallback;
      const number =
        pay.document?.number ?? `${origin}-${stage.ordinalNumber ?? 0}-${pay.ordinalNumber ?? 0}`;
      await add({
        kind: 'payment',
        eventDate: date,
        amount,
        document: pay.document ?? { name: 'Сведения об оплате в ЕИС', number: null, date: null },
        description: pay.prepaid ? 'Авансовый платёж' : null,
        dedupeKey: paymentKey(contract.id, number, date, amount),
      });
    }
    for (const { doc, sum } of documentsOf(stage.docs)) {
      const date = doc.date ?? stage.endDate ?? fallback;
      await add({
        kind: 'acceptance',
        eventDate: date,
        amount: sum === null ? null : fromKopecks(sum),
        document: { name: doc.name, number: doc.number, date: doc.date },
        description: doc.positionName,
        dedupeKey: acceptanceKey(contract.id, doc.number ?? `${origin}-${stage.ordinalNumber ?? 0}`, date),
      });
    }
  }
  for (const p of e.penalties) {
    st.warnings.push(
      `Договор ${contractLabel(contract)}: в сведениях ЕИС неустойка${p.amount ? ` ${formatRub(p.amount)}` : ''}${p.reason ? ` (${p.reason})` : ''}; в исполнение не включается`,
    );
  }

  let status = contract.status;
  if (e.termination) {
    status = 'terminated';
    const t = e.termination;
    await add({
      kind: 'termination',
      eventDate: t.date ?? fallback,
      amount: t.paid,
      document: t.document ?? { name: null, number: null, date: null },
      description: [t.reason, t.reasonInfo].filter(Boolean).join('. ') || null,
      dedupeKey: `termination:${contract.id}`,
    });
  } else if (e.completed) {
    status = 'executed';
    await add({
      kind: 'execution',
      eventDate: maxDate(dates) ?? fallback,
      amount: e.total,
      document: { name: 'Сведения об исполнении договора', number: e.registrationNumber, date: null },
      description: null,
      dedupeKey: `execution:${contract.id}`,
    });
  }
  if (status !== contract.status && contract.status !== 'cancelled') {
    const before = await loadContractData(tx, contract);
    await updateEisContract(tx, contract.id, { status }, st.actor.userId);
    await commitVersion(tx, st.actor, contract.id, 'status', { before, source: 'eis' });
    st.touched.add(contract.id);
  }
}
