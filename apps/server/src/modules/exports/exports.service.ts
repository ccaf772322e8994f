import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  CONTRACT_STATUS_TITLES,
  type EisContractExportInput,
  type EisPerformanceExportInput,
  type MonthlyReportInput,
  monthName,
  OCDS_MAX_CONTRACTS,
  type OcdsExportInput,
  type ReportCode,
  type ReportListQuery,
  type ReportRun,
} from '@zakupki/shared';
import type { z } from 'zod';
import { mapPage } from '../../db/paging.js';
import { streamSheet } from '../../kernel/xlsx/sheet-writer.js';
import { badRequest, notFound, serviceUnavailable } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned, auditRefused } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { assertContractOf } from '../contracts/contract-versions.js';
import type { ContractRow } from './contract-bundle.repository.js';
import { contractGuidOf, regNumber23 } from './eis-common.js';
import {
  contractCompanies,
  contractsByIds,
  countRegister,
  findContractRow,
  type RegisterQuery,
  registerIds,
} from './export-contracts.repository.js';
import { reportJob } from './exports.jobs.js';
import { toReportRun } from './exports.presenter.js';
import { REGISTER_COLUMNS, REGISTER_SHEET, registerCells } from './register.xlsx.js';
import { findReportRun, insertReportRun, listReportRuns } from './report-runs.repository.js';

/** Creates the run (audited) and queues its job. */
async function enqueue(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  run: {
    code: ReportCode;
    title: string;
    params: Record<string, unknown>;
    contract?: ContractRow;
  },
): Promise<{ job_id: string; report_id: number }> {
  // the job id is chosen with the run: a run whose job was never sent (its node died) gets it again
  const jobId = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const r = await insertReportRun(tx, {
      jobId,
      companyId,
      userId: actor.userId,
      reportCode: run.code,
      title: run.title,
      params: run.params,
      contractId: run.contract?.id ?? null,
      contractGuid: run.contract ? contractGuidOf(run.contract) : null,
      contractRegnumber: run.contract ? regNumber23(run.contract) : null,
    });
    await audit(tx, actor, {
      action: 'create',
      entity: 'report',
      entityId: r.id,
      companyId,
      after: { report_code: run.code, contract_id: r.contractId, params: run.params },
    });
    return r;
  });
  const sent = await deps.jobs.send(reportJob, { report_id: row.id }, { id: jobId });
  if (!sent) throw serviceUnavailable('Очередь заданий не приняла отчёт, повторите попытку позже');
  return { job_id: jobId, report_id: row.id };
}

/** A contract the EIS 223-ФЗ exports may be built for: of this company, under 223-ФЗ, concluded. */
async function exportableContract(deps: AppDeps, actor: Actor, companyId: number, id: number) {
  await assertContractOf(deps.db, actor, companyId, id);
  const c = (await findContractRow(deps.db, id))!;
  if (c.law !== '223') {
    throw badRequest(
      `Выгрузка в формате ЕИС 223-ФЗ возможна только для договоров по 223-ФЗ; договор № ${c.number} заключён по ${c.law}-ФЗ`,
    );
  }
  if (c.status === 'draft' || c.status === 'cancelled') {
    throw badRequest(
      `Договор № ${c.number} в статусе «${CONTRACT_STATUS_TITLES[c.status]}»: сведения в ЕИС размещаются только о заключённых договорах`,
    );
  }
  return c;
}

export async function startEisContract(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: z.output<typeof EisContractExportInput>,
) {
  const c = await exportableContract(deps, actor, companyId, id);
  return enqueue(deps, actor, companyId, {
    code: 'eis-contract',
    title: `Сведения о договоре № ${c.number} для ЕИС`,
    params: { supplier_address: body.supplier_address },
    contract: c,
  });
}

export async function startEisPerformance(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  id: number,
  body: z.output<typeof EisPerformanceExportInput>,
) {
  const c = await exportableContract(deps, actor, companyId, id);
  const from = body.period_from ?? c.contractDate;
  const to = body.period_to ?? todayMoscow();
  if (from > to) throw badRequest('Начало периода не может быть позже его окончания');
  return enqueue(deps, actor, companyId, {
    code: 'eis-performance',
    title: `Сведения об исполнении договора № ${c.number} для ЕИС`,
    params: { period_from: body.period_from, period_to: body.period_to },
    contract: c,
  });
}

export async function startOcds(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof OcdsExportInput>,
) {
  if (body.contract_ids) {
    const ids = [...new Set(body.contract_ids)];
    const rows = await contractCompanies(deps.db, ids);
    // a contract of another company is refused like a missing one (same message), and audited
    const foreign = rows.filter((r) => r.companyId !== companyId);
    for (const f of foreign) await auditRefused(deps.db, actor, 'contract', f.id, f.companyId, companyId);
    const missing = ids.filter((id) => !rows.some((r) => r.id === id && r.companyId === companyId));
    if (missing.length) throw notFound(`Договоры не найдены: ${missing.slice(0, 20).join(', ')}`);
    return enqueue(deps, actor, companyId, {
      code: 'ocds',
      title: `Пакет OCDS: выбранные договоры (${ids.length})`,
      params: { contract_ids: ids },
    });
  }
  const filters = body.filters ?? {};
  const n = await countRegister(deps.db, companyId, {
    ...filters,
    page: 1,
    limit: 1,
    sort: 'contract_date',
    order: 'desc',
  });
  if (Number(n) === 0) throw badRequest('По заданным фильтрам в реестре нет договоров');
  if (Number(n) > OCDS_MAX_CONTRACTS) {
    throw badRequest(
      `По фильтрам найдено ${n} договоров, а в один пакет OCDS входит не более ${OCDS_MAX_CONTRACTS}: уточните фильтр`,
    );
  }
  return enqueue(deps, actor, companyId, {
    code: 'ocds',
    title: `Пакет OCDS: договоры реестра по фильтру (${n})`,
    params: { filters, count: Number(n) },
  });
}

export async function startMonthly(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  body: z.output<typeof MonthlyReportInput>,
) {
  return enqueue(deps, actor, companyId, {
    code: 'monthly-223-19',
    title: `Ежемесячный отчёт о договорах за ${monthName(body.month)} ${body.year} г.`,
    params: { year: body.year, month: body.month },
  });
}

export async function listReports(deps: AppDeps, companyId: number, q: z.output<typeof ReportListQuery>) {
  return mapPage(await listReportRuns(deps.db, companyId, q), toReportRun);
}

export async function getReport(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  reportId: number,
): Promise<ReportRun> {
  const row = await findReportRun(deps.db, reportId);
  await assertOwned(deps.db, actor, {
    entity: 'report',
    id: reportId,
    owner: row?.r.companyId,
    companyId,
    notFound: 'Отчёт не найден',
  });
  return toReportRun(row!);
}

/**
 * The register view as XLSX: the same filters and sort as GET /contracts, every matching contract
 * (no paging). Only the ordered ids are held in memory; rows are read and written
 * REGISTER_BATCH at a time into a streaming workbook. The export is audited.
 */
export async function registerXlsx(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  q: RegisterQuery,
): Promise<{ stream: Readable; fileName: string; rows: number }> {
  const { db } = deps;
  const today = todayMoscow();
  const ids = await registerIds(db, companyId, q, today);
  const { page: _p, limit: _l, ...filters } = q;
  await audit(db, actor, {
    action: 'export',
    entity: 'contracts',
    companyId,
    after: { format: 'xlsx', rows: ids.length, filters },
  });
  const out = streamSheet(db, {
    sheet: REGISTER_SHEET,
    columns: REGISTER_COLUMNS,
    ids,
    load: contractsByIds,
    id: (r) => r.id,
    cells: (r, n) => registerCells(r, n, today),
  });
  return { stream: out, fileName: `Реестр договоров на ${formatRuDate(today)}.xlsx`, rows: ids.length };
}
