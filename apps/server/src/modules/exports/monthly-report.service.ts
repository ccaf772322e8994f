import { fromKopecks, toScaled } from '@zakupki/shared';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { monthlyReportDue } from '../law/law-due-dates.js';
import {
  type ContractBundle,
  loadBundles,
  loadCompany,
  type Organisation,
} from './contract-bundle.repository.js';
import { contractIdsConcluded } from './export-contracts.repository.js';
import { MONTHLY_ROWS, type MonthlyRule } from './monthly-223-form.js';

/**
 * The figures of the monthly report on contracts (ч. 19 ст. 4 223-ФЗ) for one month, from the
 * register. A row the register cannot tell is 0 and gets a note naming the contracts concerned;
 * nothing is estimated.
 */

export type MonthlyFigure = { code: string; value: number | string; contracts: number[] };
export type MonthlyNote = { code: string | null; text: string };
export type MonthlyLine = {
  contract: ContractBundle['contract'];
  method: string;
  basis: string | null;
  codes: string[];
};

export type MonthlyReport = {
  company: Organisation;
  year: number;
  month: number;
  periodFrom: string;
  periodTo: string;
  dueDate: string;
  dueTitle: string;
  dueReference: string;
  figures: Map<string, MonthlyFigure>;
  notes: MonthlyNote[];
  lines: MonthlyLine[];
};

/** Statuses of a contract that was concluded (a later execution or termination does not undo it). */
const CONCLUDED = ['concluded', 'executed', 'terminated'] as const;

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (n: number) => String(n).padStart(2, '0');

const numbers = (list: ContractBundle[]) =>
  list.map((b) => `№ ${b.contract.number} от ${formatRuDate(b.contract.contractDate)}`).join('; ');

export async function computeMonthlyReport(
  deps: AppDeps,
  companyId: number,
  year: number,
  month: number,
): Promise<MonthlyReport> {
  const periodFrom = `${year}-${pad(month)}-01`;
  const periodTo = `${year}-${pad(month)}-${pad(lastDay(year, month))}`;
  const ids = await contractIdsConcluded(deps.db, companyId, CONCLUDED, { from: periodFrom, to: periodTo });
  const all = await loadBundles(deps.db, companyId, ids, { children: false });
  const notes: MonthlyNote[] = [];
  // ч. 4 ст. 1: contracts the law does not cover are not purchases under 223-ФЗ
  const exempt = all.filter((b) => /не распространяется/i.test(b.basisTitle ?? ''));
  if (exempt.length) {
    notes.push({
      code: null,
      text: `Не учтены договоры, на которые Закон № 223-ФЗ не распространяется (ч. 4 ст. 1), по основанию заключения: ${numbers(exempt)}`,
    });
  }
  const scope = all.filter((b) => !exempt.includes(b));
  const foreign = scope.filter((b) => b.contract.currencyCode !== 'RUB');
  if (foreign.length) {
    notes.push({
      code: '0102',
      text: `Стоимость договоров в иностранной валюте не включена в строки стоимости (в реестре нет курса на дату заключения), количество учтено: ${foreign
        .map((b) => `№ ${b.contract.number} — ${b.contract.price} ${b.contract.currencyCode}`)
        .join('; ')}`,
    });
  }
  const unknownMethod = scope.filter((b) => b.method.kind === null);
  if (unknownMethod.length) {
    notes.push({
      code: '0103, 0201',
      text: `Способ закупки не указан, договоры не отнесены ни к конкурентным закупкам, ни к закупкам у единственного поставщика: ${numbers(unknownMethod)}`,
    });
  }
  const single = scope.filter((b) => b.method.kind === 'single');
  const failedByName = (b: ContractBundle) =>
    /несостоявш/i.test(`${b.basisTitle ?? ''} ${b.method.title ?? ''}`);
  const singleNoBasis = single.filter((b) => !b.basisTitle && !failedByName(b));
  if (singleNoBasis.length) {
    notes.push({
      code: '0203',
      text: `У договоров с единственным поставщиком не указано основание заключения, поэтому не определить, заключены ли они после несостоявшейся конкурентной закупки (в строку 0203 не включены): ${numbers(singleNoBasis)}`,
    });
  }
  notes.push({
    code: '0301–0304',
    text: 'Реестр не содержит признака закупки, сведения о которой составляют государственную тайну или не размещаются по решению Правительства РФ (ч. 16 ст. 4): строки заполнены нулями. Такие договоры в реестр не вносятся; если они были, укажите их вручную.',
  });
  const smeOnlyUnknown = scope.filter((b) => b.contract.supplierIsSme && b.method.smeOnly === null);
  if (smeOnlyUnknown.length) {
    notes.push({
      code: '0403',
      text: `Договоры с субъектами МСП, для которых не известно, была ли закупка только среди субъектов МСП (способ закупки не указан), в строку 0403 не включены: ${numbers(smeOnlyUnknown)}`,
    });
  }

  const rule: Record<MonthlyRule, (b: ContractBundle) => boolean> = {
    all: () => true,
    competitive: (b) => b.method.kind === 'competitive',
    single: (b) => b.method.kind === 'single',
    'single-failed': (b) => b.method.kind === 'single' && failedByName(b),
    'state-secret': () => false,
    'government-decision': () => false,
    sme: (b) => b.contract.supplierIsSme,
    'sme-only': (b) => b.contract.supplierIsSme && b.method.smeOnly === true,
  };
  const figures = new Map<string, MonthlyFigure>();
  const codesOf = new Map<number, string[]>();
  for (const row of MONTHLY_ROWS) {
    const hit = scope.filter(rule[row.rule]);
    const ids = hit.map((b) => b.contract.id);
    if (row.measure === 'count') {
      figures.set(row.code, { code: row.code, value: hit.length, contracts: ids });
      for (const id of ids) codesOf.set(id, [...(codesOf.get(id) ?? []), row.code]);
    } else {
      const sum = hit
        .filter((b) => b.contract.currencyCode === 'RUB')
        .reduce((s, b) => s + toScaled(b.contract.price, 2), 0n);
      figures.set(row.code, { code: row.code, value: fromKopecks(sum), contracts: ids });
    }
  }
  const due = monthlyReportDue(year, month, null, {
    calendar: productionCalendar(),
    config: deadlineConfigFor(companyId),
    today: todayMoscow(),
  });
  return {
    company: await loadCompany(deps.db, companyId),
    year,
    month,
    periodFrom,
    periodTo,
    dueDate: due.dueDate,
    dueTitle: due.title,
    dueReference: due.reference,
    figures,
    notes,
    lines: scope.map((b) => ({
      contract: b.contract,
      method: b.method.title ?? 'не указан',
      basis: b.basisTitle,
      codes: codesOf.get(b.contract.id) ?? [],
    })),
  };
}
