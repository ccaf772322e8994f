import type { EisImportResult, EisImportViolation } from '@zakupki/shared';
import type { Tx } from '../../../db/client.js';
import type { CustomerRef, EisContract, EisDocument, EisExecution } from '../../../kernel/eis/eis.types.js';
import { RunFailure } from '../../../kernel/runs.js';
import { todayMoscow } from '../../../lib/moscow-time.js';
import { ParseError } from '../../../lib/parse-error.js';
import { audit } from '../../audit/audit.service.js';
import { formatRuDate } from '../../calendar/iso-date.js';
import { productionCalendar } from '../../calendar/production-calendar.js';
import { deadlineContract, dutyContracts } from '../../contracts/contract-duties.service.js';
import { recomputeExecution } from '../../execution/execution.service.js';
import { deadlineConfigFor } from '../../law/deadline-rules.js';
import { violationsForImportedContract } from '../../law/law-duties.js';
import type { ImportSpec, RunContext } from '../import-runner.js';
import { sum } from '../import-units.js';
import { parseOffThread } from '../imports.parsers.js';
import { companyCustomers, contractsWithEvents, findContract } from './eis.repository.js';
import { contractLabel, type EisWriteState, upsertEisContract } from './eis-contract.writer.js';
import { applyEisExecution } from './eis-execution.writer.js';
import { executionDate, inRange } from './eis-records.js';

/** The bank statement import reads the customers from here (imports/bank is redesigned apart). */
export { companyCustomers } from './eis.repository.js';

function customerFor(refs: CustomerRef[], inn: string | null, kpp: string | null): CustomerRef | null {
  if (!inn) return null;
  const same = refs.filter((r) => r.inn === inn);
  return same.find((r) => r.kpp === kpp) ?? same.find((r) => r.id !== null) ?? same[0] ?? null;
}

type Taken = { contracts: EisContract[]; executions: EisExecution[]; skipped: number; warnings: string[] };

/** Applies the date range and the customer filter; refuses plan files and files of other customers only. */
function select(docs: EisDocument[], refs: CustomerRef[], from: string | null, to: string | null): Taken {
  const taken: Taken = { contracts: [], executions: [], skipped: 0, warnings: [] };
  const foreign = new Set<string>();
  let outOfRange = 0;
  for (const d of docs) {
    if (d.kind === 'plan') {
      throw new RunFailure(
        `файл «${d.fileName}» — план закупки (purchasePlan), а не сведения о договорах; загрузите его в разделе «Планы закупок» (/eisPlans) кнопкой «Загрузить план из ЕИС» — импорт планов закупок`,
      );
    }
    if (d.kind === 'notice' || d.kind === 'protocol') {
      throw new RunFailure(
        `файл «${d.fileName}» — ${d.kind === 'notice' ? 'извещение' : 'протокол'} закупки (${d.form}), а не сведения о договорах; загрузите его в реестр закупок`,
      );
    }
    const inn = d.customer?.inn ?? null;
    if (inn && !customerFor(refs, inn, null)) {
      foreign.add(inn);
      taken.skipped++;
      continue;
    }
    const date = d.kind === 'contract' ? d.contractDate : executionDate(d);
    if ((from || to) && !inRange(date, from, to)) {
      outOfRange++;
      taken.skipped++;
      continue;
    }
    if (d.kind === 'contract') taken.contracts.push(d);
    else taken.executions.push(d);
  }
  if (foreign.size > 0 && taken.contracts.length === 0 && taken.executions.length === 0 && outOfRange === 0) {
    throw new RunFailure(
      `в файле нет договоров компании и её заказчиков: заказчик в файле — ИНН ${[...foreign].join(', ')}. Добавьте заказчика в карточку компании или загрузите другой файл`,
    );
  }
  if (foreign.size > 0) {
    taken.warnings.push(
      `Пропущены договоры других заказчиков (ИНН ${[...foreign].join(', ')}): ${taken.skipped - outOfRange}`,
    );
  }
  if (outOfRange > 0) {
    taken.warnings.push(
      `Пропущены сведения вне периода${from ? ` с ${formatRuDate(from)}` : ''}${to ? ` по ${formatRuDate(to)}` : ''}: ${outOfRange}`,
    );
  }
  // versions of one contract in one upload: the older first, so the newest wins
  taken.contracts.sort((a, b) => (a.version ?? 1) - (b.version ?? 1));
  return taken;
}

async function violationsOf(tx: Tx, contractIds: Iterable<number>): Promise<EisImportViolation[]> {
  const out: EisImportViolation[] = [];
  const calendar = productionCalendar();
  const today = todayMoscow();
  const ids = [...contractIds];
  // with their customer's size, as their duties read them
  const facts = await dutyContracts(tx, ids);
  for (const { contract: c, events } of await contractsWithEvents(tx, ids)) {
    const f = facts.get(c.id);
    if (!f || c.status === 'draft' || c.status === 'cancelled') continue;
    const found = violationsForImportedContract(
      deadlineContract(f),
      events
        .filter((e) => e.kind !== 'change')
        .map((e) => ({
          kind: e.kind,
          date: e.eventDate,
          publishedAt: e.eisPublishedAt ? e.eisPublishedAt.toISOString() : null,
        })),
      { calendar, config: deadlineConfigFor(c.companyId), today },
    );
    for (const v of found) {
      out.push({
        contract_id: c.id,
        eais_registry_number: c.eisRegistryNumber,
        contract_number: c.number,
        message: `Договор ${contractLabel(c)}: ${v.message}`,
        due_date: v.dueDate,
        done_date: v.doneDate,
      });
    }
  }
  return out;
}

export const eisImportSpec: ImportSpec<EisImportResult> = {
  kind: 'eis-contracts',
  failureMessage: (reason) => `Не удалось загрузить сведения о договорах из ЕИС: ${reason}`,
  async prepare(ctx: RunContext, upload) {
    const docs: EisDocument[] = [];
    for (const entry of upload.entries) {
      try {
        docs.push(...(await parseOffThread('eis', entry.data, entry.name)));
      } catch (err) {
        if (err instanceof ParseError) throw new ParseError(`файл «${entry.name}»: ${err.message}`);
        throw err;
      }
    }
    const from = ctx.run.params.date_from ?? null;
    const to = ctx.run.params.date_to ?? null;
    const { refs } = await companyCustomers(ctx.deps.db, ctx.run.companyId);
    const taken = select(docs, refs, from, to);
    const write = async (tx: Tx): Promise<EisImportResult> => {
      const st: EisWriteState = {
        companyId: ctx.run.companyId,
        importId: ctx.run.id,
        actor: ctx.actor,
        created: 0,
        updated: 0,
        unchanged: 0,
        history: 0,
        duplicates: 0,
        skipped: taken.skipped,
        executions: 0,
        events: 0,
        touched: new Set(),
        contractIds: new Set(),
        warnings: [...upload.warnings, ...taken.warnings],
      };
      for (const c of taken.contracts) {
        const id = await upsertEisContract(tx, st, c, customerFor(refs, c.customer.inn, c.customer.kpp));
        st.contractIds.add(id);
      }
      for (const e of taken.executions) await applyEisExecution(tx, st, e);
      await recomputeExecution(tx, st.touched);
      const violations = await violationsOf(tx, st.touched);
      for (const d of docs)
        for (const w of d.warnings) st.warnings.push(`${d.fileName}: ${w.path}: ${w.message}`);
      const ids = [...st.contractIds];
      await audit(tx, ctx.actor, {
        action: 'import',
        entity: 'eis_import',
        entityId: ctx.run.id,
        companyId: ctx.run.companyId,
        after: {
          file: ctx.run.uploadFileName,
          created: st.created,
          updated: st.updated,
          history: st.history,
          executions: st.executions,
          events: st.events,
          contract_ids: ids,
        },
      });
      const single = ids.length === 1 ? (await findContract(tx, ids[0]))?.eisRegistryNumber : null;
      return {
        contracts: taken.contracts.length,
        created: st.created,
        updated: st.updated,
        unchanged: st.unchanged,
        history: st.history,
        executions: st.executions,
        events: st.events,
        duplicates: st.duplicates,
        skipped: st.skipped,
        contract_ids: ids,
        eais_registry_number: single ?? null,
        violations,
        warnings: st.warnings,
        date_from: from,
        date_to: to,
      };
    };
    // files of a batch are written one by one: contracts (older versions first), then execution
    const versions = taken.contracts.map((c) => c.version ?? 1);
    return Object.assign(write, { rank: versions.length ? Math.min(...versions) : Number.MAX_SAFE_INTEGER });
  },
  merge(results) {
    const ids = [...new Set(results.flatMap((r) => r.contract_ids))];
    const numbers = new Set(results.map((r) => r.eais_registry_number).filter((n) => n !== null));
    return {
      contracts: sum(results, (r) => r.contracts),
      created: sum(results, (r) => r.created),
      updated: sum(results, (r) => r.updated),
      unchanged: sum(results, (r) => r.unchanged),
      history: sum(results, (r) => r.history),
      executions: sum(results, (r) => r.executions),
      events: sum(results, (r) => r.events),
      duplicates: sum(results, (r) => r.duplicates),
      skipped: sum(results, (r) => r.skipped),
      contract_ids: ids,
      eais_registry_number: ids.length === 1 && numbers.size === 1 ? [...numbers][0] : null,
      violations: results.flatMap((r) => r.violations),
      warnings: results.flatMap((r) => r.warnings),
      date_from: results[0].date_from,
      date_to: results[0].date_to,
    };
  },
  notice(ctx, outcome) {
    const header = 'Импорт договоров из ЕИС';
    const dateFrom = ctx.run.params.date_from ?? null;
    const dateTo = ctx.run.params.date_to ?? null;
    if ('error' in outcome) {
      return {
        kind: 'notificationEisContractsResponse',
        status: 'error',
        header,
        message: outcome.error,
        payload: {
          date_from: dateFrom,
          date_to: dateTo,
          eais_registry_number: null,
          error: outcome.error,
          violations: [],
        },
      };
    }
    const r = outcome.result;
    const parts = [
      `Договоров в файле: ${r.contracts}`,
      `новых: ${r.created}`,
      `обновлено: ${r.updated}`,
      `без изменений: ${r.unchanged}`,
    ];
    if (r.executions) parts.push(`сведений об исполнении: ${r.executions}`);
    if (r.violations.length) parts.push(`нарушений сроков: ${r.violations.length}`);
    return {
      kind: 'notificationEisContractsResponse',
      status: 'success',
      header,
      message: parts.join(', '),
      payload: {
        date_from: dateFrom,
        date_to: dateTo,
        eais_registry_number: r.eais_registry_number,
        error: null,
        violations: r.violations.map((v) => v.message),
      },
    };
  },
};
