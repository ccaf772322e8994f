import { OCDS_MAX_CONTRACTS, OcdsFilters, type ReportCode } from '@zakupki/shared';
import type { reportRuns } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { AppDeps } from '../../types.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { loadBundles, loadCompany } from './contract-bundle.repository.js';
import { contractGuidOf, regNumber23 } from './eis-common.js';
import { buildEisContractXml, type SupplierAddress } from './eis-contract.builder.js';
import { buildEisPerformanceXml } from './eis-performance.builder.js';
import { validateEis223, xsdFailureMessage } from './eis-validate.js';
import { registerIdsNewestFirst } from './export-contracts.repository.js';
import { ExportFailure } from './export-failure.js';
import { computeMonthlyReport } from './monthly-report.service.js';
import { monthlyReportXlsx } from './monthly-report.xlsx.js';
import { buildOcdsPackage } from './ocds.builder.js';
import { validateOcdsPackage } from './ocds-rules.js';

export type ReportRunRow = typeof reportRuns.$inferSelect;

/** What a builder hands to the runner to store. */
export type BuiltReport = {
  fileName: string;
  mime: string;
  content: Buffer;
  warnings: string[];
  contractGuid?: string | null;
  contractRegnumber?: string | null;
  /** Added to the run's params (e.g. the GUID of built execution information). */
  params?: Record<string, unknown>;
  /** One Russian sentence for the notification. */
  summary: string;
};

const XML = 'application/xml';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function oneContract(deps: AppDeps, run: ReportRunRow) {
  if (!run.contractId) throw new ExportFailure('Договор, по которому заказана выгрузка, удалён');
  const [bundle] = await loadBundles(deps.db, run.companyId, [run.contractId]);
  if (!bundle)
    throw new ExportFailure('Договор, по которому заказана выгрузка, удалён или передан другой компании');
  return bundle;
}

async function checkedXml(xml: string, what: string) {
  const check = await validateEis223(xml);
  if (!check.valid) throw new ExportFailure(xsdFailureMessage(what, check.errors));
  return Buffer.from(xml, 'utf8');
}

async function eisContract(deps: AppDeps, run: ReportRunRow): Promise<BuiltReport> {
  const bundle = await oneContract(deps, run);
  const built = buildEisContractXml({
    bundle,
    placer: await loadCompany(deps.db, run.companyId),
    supplierAddress: (run.params.supplier_address as SupplierAddress | null) ?? null,
  });
  return {
    fileName: built.fileName,
    mime: XML,
    content: await checkedXml(built.xml, 'Сведения о договоре'),
    warnings: built.warnings,
    contractGuid: built.guid,
    contractRegnumber: regNumber23(bundle.contract),
    summary: `Сведения о договоре № ${bundle.contract.number} для ЕИС сформированы и прошли проверку по схеме contract.xsd`,
  };
}

async function eisPerformance(deps: AppDeps, run: ReportRunRow): Promise<BuiltReport> {
  const bundle = await oneContract(deps, run);
  const from = (run.params.period_from as string | null) ?? bundle.contract.contractDate;
  const to = (run.params.period_to as string | null) ?? todayMoscow();
  const built = buildEisPerformanceXml({
    bundle,
    placer: await loadCompany(deps.db, run.companyId),
    period: { from, to },
  });
  return {
    fileName: built.fileName,
    mime: XML,
    content: await checkedXml(built.xml, 'Сведения об исполнении договора'),
    warnings: built.warnings,
    contractGuid: contractGuidOf(bundle.contract),
    contractRegnumber: regNumber23(bundle.contract),
    params: { performance_guid: built.guid, period_from: from, period_to: to },
    summary: `Сведения об исполнении договора № ${bundle.contract.number} за период с ${from} по ${to} сформированы и прошли проверку по схеме contract.xsd`,
  };
}

/** Contract ids of an OCDS export: the chosen ones, or the register filter at the time of the job. */
async function ocdsIds(deps: AppDeps, run: ReportRunRow): Promise<number[]> {
  if (Array.isArray(run.params.contract_ids)) return run.params.contract_ids as number[];
  const filters = OcdsFilters.parse(run.params.filters ?? {});
  return registerIdsNewestFirst(
    deps.db,
    run.companyId,
    { ...filters, page: 1, limit: 1, sort: 'contract_date', order: 'desc' },
    OCDS_MAX_CONTRACTS + 1,
  );
}

async function ocds(deps: AppDeps, run: ReportRunRow): Promise<BuiltReport> {
  const ids = await ocdsIds(deps, run);
  if (ids.length === 0)
    throw new ExportFailure('По заданным фильтрам в реестре нет договоров: пакет OCDS не сформирован');
  if (ids.length > OCDS_MAX_CONTRACTS) {
    throw new ExportFailure(
      `По фильтрам найдено больше ${OCDS_MAX_CONTRACTS} договоров: уточните фильтр, в один пакет OCDS входит не более ${OCDS_MAX_CONTRACTS}`,
    );
  }
  const bundles = await loadBundles(deps.db, run.companyId, ids, { versions: true });
  if (bundles.length === 0) throw new ExportFailure('Выбранные договоры удалены: пакет OCDS не сформирован');
  const prefix = deps.config.ocdsOcidPrefix;
  const pkg = buildOcdsPackage(bundles, { prefix, publisher: await loadCompany(deps.db, run.companyId) });
  // a release is named by its contract (number and date), not by its place in the package
  const issues = validateOcdsPackage(pkg, prefix).map((issue) =>
    issue.replace(/^releases\[(\d+)\]\.?/, (_, i: string) => {
      const c = bundles[Number(i)].contract;
      return `договор № ${c.number} от ${formatRuDate(c.contractDate)}: `;
    }),
  );
  if (issues.length) {
    throw new ExportFailure(
      `Пакет OCDS не прошёл проверку правил стандарта, файл не выдан: ${issues.slice(0, 3).join('; ')}`,
    );
  }
  const warnings =
    bundles.length < ids.length
      ? [`Не вошли удалённые после заказа договоры: ${ids.length - bundles.length}`]
      : [];
  const single = bundles.length === 1 ? bundles[0].contract : null;
  return {
    fileName: `ocds_${todayMoscow()}_${bundles.length}.json`,
    mime: 'application/json',
    content: Buffer.from(JSON.stringify(pkg, null, 2), 'utf8'),
    warnings,
    contractGuid: single ? contractGuidOf(single) : null,
    contractRegnumber: single?.eisRegistryNumber ?? null,
    params: { contracts: bundles.length },
    summary: `Пакет OCDS 1.1 сформирован: договоров — ${bundles.length}`,
  };
}

async function monthly(deps: AppDeps, run: ReportRunRow): Promise<BuiltReport> {
  const year = Number(run.params.year);
  const month = Number(run.params.month);
  const report = await computeMonthlyReport(deps, run.companyId, year, month);
  const count = report.figures.get('0101')?.value ?? 0;
  return {
    fileName: `Отчёт ч.19 ст.4 223-ФЗ ${year}-${String(month).padStart(2, '0')}.xlsx`,
    mime: XLSX,
    content: await monthlyReportXlsx(report),
    warnings: report.notes.map((n) => (n.code ? `Строки ${n.code}: ${n.text}` : n.text)),
    params: { due_date: report.dueDate },
    summary: `Ежемесячный отчёт о договорах сформирован: договоров — ${count}, срок размещения в ЕИС — ${report.dueDate.split('-').reverse().join('.')}`,
  };
}

export const REPORT_BUILDERS: Record<ReportCode, (deps: AppDeps, run: ReportRunRow) => Promise<BuiltReport>> =
  {
    'eis-contract': eisContract,
    'eis-performance': eisPerformance,
    ocds,
    'monthly-223-19': monthly,
  };
