import { PassThrough } from 'node:stream';
import type { SmeReport, SmeReportFileInput, SmeReportFiling } from '@zakupki/shared';
import type { Tx } from '../../db/client.js';
import { invalid, serviceUnavailable } from '../../lib/app-error.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { deadlineConfigFor } from '../law/deadline-rules.js';
import { smeReportDue } from '../law/law-due-dates.js';
import { smeRulesFor } from '../law/law-sme-quotas.js';
import { smeReportDocx } from './sme-report.docx.js';
import { computeSmeFigures, filingDateProblem, quotaYearNote } from './sme-report.policy.js';
import { type SmeLine, toFiling, toReport, toSnapshot } from './sme-report.presenter.js';
import {
  companyOf,
  concludedContracts,
  filingOf,
  filingsOf,
  methodFlagsByCode,
  type SmeContractRow,
  upsertFiling,
} from './sme-report.repository.js';
import { smeReportXlsx } from './sme-report.xlsx.js';

/**
 * The annual SME report (ПП РФ № 1352): built from the register on request, filed with its date
 * and EIS number. The rules are modules/law's (`law-sme-quotas.ts`, the rows of the report year), the arithmetic `sme-report.policy.ts`.
 */

/** The SME-only flag: the procurement's, else the method catalogue entry's, else unknown. */
export function smeOnlyOf(
  r: Pick<SmeContractRow, 'procurementSmeOnly' | 'methodExtra' | 'methodCode'>,
  byCode: Map<string, { extra: Record<string, unknown> }>,
) {
  if (r.procurementSmeOnly !== null) return r.procurementSmeOnly;
  const extra = r.methodExtra ?? (r.methodCode ? byCode.get(r.methodCode)?.extra : undefined);
  const flag = extra?.sme_only;
  return typeof flag === 'boolean' ? flag : null;
}

async function linesOf(tx: Tx, companyId: number, from: string, to: string): Promise<SmeLine[]> {
  const rows = await concludedContracts(tx, companyId, from, to);
  const codes = [
    ...new Set(rows.filter((r) => r.methodExtra === null && r.methodCode).map((r) => r.methodCode as string)),
  ];
  const byCode = await methodFlagsByCode(tx, companyId, codes);
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    registry_number: r.registryNumber,
    contract_date: r.contractDate,
    subject: r.subject,
    supplier_name: r.supplierName,
    supplier_inn: r.supplierInn,
    supplierIsSme: r.supplierIsSme,
    price: r.price,
    currency: r.currency,
    status: r.status,
    method:
      r.methodTitle ?? (r.methodCode ? byCode.get(r.methodCode)?.title : undefined) ?? r.methodName ?? null,
    smeOnly: smeOnlyOf(r, byCode),
    basis: r.basis,
  }));
}

/**
 * The report of `year` for a company, in the caller's transaction or on the pool (`tx`): the whole
 * year, or the year to `today` while it runs. The demo seed calls it too.
 */
export async function buildSmeReport(
  tx: Tx,
  companyId: number,
  year: number,
  today = todayMoscow(),
): Promise<{ report: SmeReport; figures: ReturnType<typeof computeSmeFigures<SmeLine>> }> {
  const periodFrom = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const partial = today < yearEnd;
  const periodTo = partial && today >= periodFrom ? today : yearEnd;
  // one after another: `tx` may be a transaction, whose connection runs one statement at a time
  const lines = await linesOf(tx, companyId, periodFrom, periodTo);
  const company = await companyOf(tx, companyId);
  const filing = await filingOf(tx, companyId, year);
  const figures = computeSmeFigures(lines, smeRulesFor(year));
  const early = quotaYearNote(year);
  if (early) figures.notes.push(early);
  const due = smeReportDue(year, filing?.filedOn ?? null, {
    calendar: productionCalendar(),
    config: deadlineConfigFor(companyId),
    today,
  });
  const report = toReport({
    company,
    year,
    periodFrom,
    periodTo,
    partial,
    dueDate: due.dueDate,
    dueReference: due.reference,
    figures,
    filing,
  });
  return { report, figures };
}

export async function smeReport(deps: AppDeps, companyId: number, year: number): Promise<SmeReport> {
  return (await buildSmeReport(deps.db, companyId, year)).report;
}

/**
 * Marks the report of `year` placed in the EIS: the date (after the year, not in the future) and
 * the registration number. Keeps the figures as they are now; a second filing replaces the first
 * (a corrected placement). Audited in the same transaction.
 */
export async function fileSmeReport(
  deps: AppDeps,
  actor: Actor,
  companyId: number,
  year: number,
  body: Required<SmeReportFileInput>,
): Promise<SmeReportFiling> {
  const problem = filingDateProblem(year, body.filed_on, todayMoscow());
  if (problem) throw invalid([{ path: 'body.filed_on', message: problem }]);
  return deps.db.transaction(async (tx) => {
    const before = await filingOf(tx, companyId, year);
    const { figures } = await buildSmeReport(tx, companyId, year);
    await upsertFiling(tx, {
      companyId,
      year,
      filedOn: body.filed_on,
      eisNumber: body.eis_number,
      figures: toSnapshot(figures),
      filedBy: actor.userId,
    });
    const after = await filingOf(tx, companyId, year);
    if (!after) throw new Error('the SME report filing was not written');
    await audit(tx, actor, {
      action: before ? 'update' : 'create',
      entity: 'sme_report',
      entityId: year,
      companyId,
      before: before ? { filed_on: before.filedOn, eis_number: before.eisNumber } : null,
      after: { filed_on: after.filedOn, eis_number: after.eisNumber },
    });
    return toFiling(after);
  });
}

const fileTitle = (year: number) => `Отчёт о закупках у субъектов МСП за ${year} год`;

/** The report as an XLSX file. */
export async function smeReportXlsxFile(deps: AppDeps, companyId: number, year: number) {
  const report = await smeReport(deps, companyId, year);
  return { fileName: `${fileTitle(year)}.xlsx`, content: await smeReportXlsx(report) };
}

/**
 * The report as PDF: its DOCX converted by the node's LibreOffice. Without LibreOffice the
 * converter's Russian 503 (`PDF недоступен…`) answers at once, as the documentation's PDF does. The
 * conversion may outlast the request's time budget on a busy node (it waits for a free slot), so
 * the answer is a stream that starts at once and carries the PDF when it is ready; a conversion
 * that fails then cuts the download and logs the reason.
 */
export async function smeReportPdfFile(deps: AppDeps, companyId: number, year: number) {
  const report = await smeReport(deps, companyId, year);
  const reason = await deps.pdf.unavailableReason();
  if (reason) throw serviceUnavailable(reason);
  const docx = smeReportDocx(report);
  const stream = new PassThrough();
  deps.pdf.toPdf(docx, `${fileTitle(year)}.docx`).then(
    (pdf) => stream.end(pdf),
    (err: Error) => {
      deps.log.warn({ err, company_id: companyId, year }, 'SME report PDF conversion failed');
      stream.destroy(err);
    },
  );
  return { fileName: `${fileTitle(year)}.pdf`, content: stream };
}

export async function smeReportFilings(deps: AppDeps, companyId: number) {
  return { items: (await filingsOf(deps.db, companyId)).map(toFiling) };
}

/**
 * Whether the SME report of `year` is filed: its date and EIS number, or null. The compliance
 * calendar asks this to show the duty done (in the caller's transaction or on the pool).
 */
export async function smeReportFiling(
  tx: Tx,
  companyId: number,
  year: number,
): Promise<{ filedOn: string; eisNumber: string } | null> {
  const row = await filingOf(tx, companyId, year);
  return row ? { filedOn: row.filedOn, eisNumber: row.eisNumber } : null;
}
