import { randomUUID } from 'node:crypto';
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
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { countOf, onPage, paged } from '../../db/paging.js';
import { contracts, files, reportRuns, users } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { assertOwned, auditRefused } from '../access/access.service.js';
import { audit } from '../audit/audit.service.js';
import { listConditions } from '../contracts/contract-register.repository.js';
import { assertContractOf } from '../contracts/contract-versions.js';
import { contractGuidOf, regNumber23 } from './eis-common.js';
import { reportJob } from './exports.jobs.js';

type RunRow = typeof reportRuns.$inferSelect;

/** Creates the run (audited) and queues its job. */
async function enqueue(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  run: {
    code: ReportCode;
    title: string;
    params: Record<string, unknown>;
    contract?: typeof contracts.$inferSelect;
  },
): Promise<{ job_id: string; report_id: number }> {
  // the job id is chosen with the run: a run whose job was never sent (its node died) gets it again
  const jobId = randomUUID();
  const row = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(reportRuns)
      .values({
        jobId,
        companyId,
        userId: actor.userId,
        reportCode: run.code,
        title: run.title,
        params: run.params,
        contractId: run.contract?.id ?? null,
        contractGuid: run.contract ? contractGuidOf(run.contract) : null,
        contractRegnumber: run.contract ? regNumber23(run.contract) : null,
      })
      .returning();
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
  if (!sent)
    throw new AppError('service_unavailable', 'Очередь заданий не приняла отчёт, повторите попытку позже');
  return { job_id: jobId, report_id: row.id };
}

/** A contract the EIS 223-ФЗ exports may be built for: of this company, under 223-ФЗ, concluded. */
async function exportableContract(db: Db, actor: Actor, companyId: number, id: number) {
  await assertContractOf(db, actor, companyId, id);
  const [c] = await db.select().from(contracts).where(eq(contracts.id, id));
  if (c.law !== '223') {
    throw new AppError(
      'bad_request',
      `Выгрузка в формате ЕИС 223-ФЗ возможна только для договоров по 223-ФЗ; договор № ${c.number} заключён по ${c.law}-ФЗ`,
    );
  }
  if (c.status === 'draft' || c.status === 'cancelled') {
    throw new AppError(
      'bad_request',
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
  const c = await exportableContract(deps.db, actor, companyId, id);
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
  const c = await exportableContract(deps.db, actor, companyId, id);
  const from = body.period_from ?? c.contractDate;
  const to = body.period_to ?? todayMoscow();
  if (from > to) throw new AppError('bad_request', 'Начало периода не может быть позже его окончания');
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
    const rows = await deps.db
      .select({ id: contracts.id, companyId: contracts.companyId })
      .from(contracts)
      .where(inArray(contracts.id, ids));
    // a contract of another company is refused like a missing one (same message), and audited
    const foreign = rows.filter((r) => r.companyId !== companyId);
    for (const f of foreign) await auditRefused(deps.db, actor, 'contract', f.id, f.companyId, companyId);
    const missing = ids.filter((id) => !rows.some((r) => r.id === id && r.companyId === companyId));
    if (missing.length)
      throw new AppError('not_found', `Договоры не найдены: ${missing.slice(0, 20).join(', ')}`);
    return enqueue(deps, actor, companyId, {
      code: 'ocds',
      title: `Пакет OCDS: выбранные договоры (${ids.length})`,
      params: { contract_ids: ids },
    });
  }
  const filters = body.filters ?? {};
  const [{ n }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(
      listConditions(companyId, { ...filters, page: 1, limit: 1, sort: 'contract_date', order: 'desc' }),
    );
  if (Number(n) === 0) throw new AppError('bad_request', 'По заданным фильтрам в реестре нет договоров');
  if (Number(n) > OCDS_MAX_CONTRACTS) {
    throw new AppError(
      'bad_request',
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

function toReportRun(
  r: RunRow,
  file: { name: string | null; size: number | null } | null,
  user: { id: number | null; title: string | null } | null,
): ReportRun {
  return {
    id: r.id,
    company_id: r.companyId,
    report_code: r.reportCode as ReportCode,
    title: r.title,
    status: r.status,
    params: r.params,
    contract_id: r.contractId,
    contract_guid: r.contractGuid,
    contract_regnumber: r.contractRegnumber,
    file_id: r.fileId,
    file_name: file?.name ?? null,
    file_size: file?.size ?? null,
    error: r.error,
    warnings: r.warnings,
    created_by: user?.id ? { id: user.id, title: user.title ?? '' } : null,
    created_at: r.createdAt.toISOString(),
    finished_at: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

function selectRuns(db: Db, where: SQL | undefined) {
  return db
    .select({
      r: reportRuns,
      file: { name: files.name, size: files.size },
      user: { id: users.id, title: users.title },
    })
    .from(reportRuns)
    .leftJoin(files, eq(files.id, reportRuns.fileId))
    .leftJoin(users, eq(users.id, reportRuns.userId))
    .where(where);
}

export async function listReports(db: Db, companyId: number, q: z.output<typeof ReportListQuery>) {
  const where = and(
    eq(reportRuns.companyId, companyId),
    q.report_code ? eq(reportRuns.reportCode, q.report_code) : undefined,
    q.contract_id ? eq(reportRuns.contractId, q.contract_id) : undefined,
  );
  const { items: rows, total } = await paged(
    q,
    onPage(selectRuns(db, where).orderBy(desc(reportRuns.id)), q),
    countOf(db, reportRuns, where),
  );
  return {
    items: rows.map(({ r, file, user }) => toReportRun(r, file, user)),
    total: Number(total),
    page: q.page,
    limit: q.limit,
  };
}

export async function getReport(
  db: Db,
  actor: Actor,
  companyId: number,
  reportId: number,
): Promise<ReportRun> {
  const [row] = await selectRuns(db, eq(reportRuns.id, reportId));
  await assertOwned(db, actor, {
    entity: 'report',
    id: reportId,
    owner: row?.r.companyId,
    companyId,
    notFound: 'Отчёт не найден',
  });
  return toReportRun(row.r, row.file, row.user);
}
