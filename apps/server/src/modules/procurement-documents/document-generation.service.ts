import { randomUUID } from 'node:crypto';
import type { OutputFormat } from '@zakupki/shared';
import { conflict, invalid } from '../../lib/app-error.js';
import { ParseError } from '../../lib/parse-error.js';
import type { Actor, AppDeps } from '../../types.js';
import { audit } from '../audit/audit.service.js';
import { readFiles, storeFile } from '../files/files.service.js';
import { DOCX_MIME } from '../procurement-rules/documents-rules.service.js';
import { fillTemplateOffThread } from '../procurement-rules/templates/template-pool.js';
import { formatsOf, outputFileName, templateData } from './procurement-documents.policy.js';
import { runProgress } from './procurement-documents.presenter.js';
import * as repo from './procurement-documents.repository.js';
import { canGenerate, type DocModel, documentationModel } from './procurement-documents.service.js';

/**
 * Generation of a procurement's documents (docs/procurement-documents.md, «Формирование»): a
 * request claims the procurement's one open run and its job fills each template, converts it to
 * PDF where asked, and stores each result as the document's next version.
 */

const PDF_MIME = 'application/pdf';

/** The run was ended meanwhile (as a dead node's): this worker's history entry is rolled back. */
export class RunEnded extends Error {
  constructor(id: number) {
    super(`procurement documents run ${id} was ended meanwhile`);
    this.name = 'RunEnded';
  }
}

export type GenerationRequest = { document_ids?: number[]; formats?: OutputFormat[] };
type Result = repo.RunRow['results'][number];

const sameFormats = (a: OutputFormat[] | null, b: OutputFormat[] | null) =>
  [...(a ?? [])].sort().join() === [...(b ?? [])].sort().join();

/**
 * Checks the request against the procurement's documents and claims its run: the documents must
 * be the procurement's and have a template (all of those with one when none are named). A run
 * still going for the same documents answers with its job; a different one is refused (409).
 * Returns the run (with `fresh` false when it was already there).
 */
export async function claimGeneration(
  deps: AppDeps,
  actor: Actor,
  procurementId: number,
  req: GenerationRequest,
): Promise<{ run: repo.RunRow; fresh: boolean }> {
  const db = deps.db;
  const m = await documentationModel(db, procurementId, deps.declared);
  let ids: number[];
  if (req.document_ids?.length) {
    const issues: { path: string; message: string }[] = [];
    const known = new Map(m.documents.map((d) => [d.rule.id, d]));
    for (const [i, id] of req.document_ids.entries()) {
      const d = known.get(id);
      if (!d)
        issues.push({
          path: `body.document_ids.${i}`,
          message: 'Документ не найден среди документов этой закупки',
        });
      else if (!canGenerate(d))
        issues.push({
          path: `body.document_ids.${i}`,
          message: `У документа «${d.rule.title}» нет шаблона: загрузите его в правилах документов положения`,
        });
    }
    if (issues.length) throw invalid(issues);
    const wanted = new Set(req.document_ids);
    ids = m.documents.filter((d) => wanted.has(d.rule.id)).map((d) => d.rule.id);
  } else {
    ids = m.documents.filter(canGenerate).map((d) => d.rule.id);
    if (ids.length === 0)
      throw conflict('Нет документов с шаблонами: загрузите шаблоны в правилах документов положения');
  }
  const incomplete = incompleteDocuments(m, ids);
  if (incomplete) throw conflict(incomplete.message, { missing: incomplete.documents });
  const formats = req.formats?.length ? [...new Set(req.formats)] : null;
  const claim = () =>
    repo.claimRun(db, {
      procurementId,
      companyId: m.p.p.companyId,
      userId: actor.userId,
      jobId: randomUUID(),
      documentIds: ids,
      formats,
    });
  for (let attempt = 0; attempt < 3; attempt++) {
    const run = await claim();
    if (run) return { run, fresh: true };
    const open = await repo.openRun(db, procurementId);
    // it ended meanwhile; a run of a dead node is ended by the queue's upkeep (procurement-documents.jobs.ts)
    if (!open) continue;
    if (ids.every((id) => open.documentIds.includes(id)) && sameFormats(open.formats, formats))
      return { run: open, fresh: false };
    throw conflict(
      `Документы этой закупки уже формируются (готово ${runProgress(open)} %): дождитесь окончания`,
      { job_id: open.jobId },
    );
  }
  throw conflict('Документы этой закупки уже формируются: дождитесь окончания');
}

/**
 * The documents (of `ids`, all of them when null) whose required fields are empty, with a Russian
 * sentence naming each document and its fields; null when every one is complete. A document is
 * never generated incomplete, and the procurement does not move to «Документация готова» while one is.
 */
export function incompleteDocuments(m: DocModel, ids: number[] | null) {
  const documents = m.documents
    .filter((d) => canGenerate(d) && d.missing.length > 0 && (!ids || ids.includes(d.rule.id)))
    .map((d) => ({ document_id: d.rule.id, title: d.rule.title, fields: d.missing }));
  if (documents.length === 0) return null;
  const list = documents
    .map((d) => `«${d.title}» — ${d.fields.map((f) => `«${f.title}»`).join(', ')}`)
    .join('; ');
  return {
    documents,
    message: `Не заполнены обязательные поля документов: ${list}. Заполните их в форме полей документации`,
  };
}

export type GenerationOutcome = {
  procurementId: number;
  documents: {
    document_id: number;
    docx_file_id: number | null;
    pdf_file_id: number | null;
    error: string | null;
  }[];
  titles: Map<number, string>;
};

/**
 * One document: fill, convert, store the files and the output in one transaction. Exported for
 * the demo seed, which fills DOCX only (no PDF converter at seed time) inside its transaction.
 */
export async function generateOne(
  deps: Pick<AppDeps, 'db' | 'pdf' | 'log'>,
  actor: Actor,
  m: DocModel,
  documentId: number,
  formats: OutputFormat[] | null,
  jobId: string,
): Promise<Result> {
  const db = deps.db;
  const d = m.documents.find((x) => x.rule.id === documentId);
  if (!d)
    return {
      document_id: documentId,
      output_id: null,
      docx_file_id: null,
      pdf_file_id: null,
      error: 'Документ больше не относится к закупке',
    };
  const fields = m.fields.filter((f) => d.codes.includes(f.code));
  const { data, missing } = templateData(fields, d.used);
  const number = m.p.p.number;
  let docx: Buffer | null = null;
  let error: string | null = null;
  if (!canGenerate(d)) error = 'У документа нет шаблона';
  // a value emptied after the request was accepted: the document is not made incomplete
  else if (d.missing.length > 0)
    error = `Не заполнены обязательные поля: ${d.missing.map((f) => `«${f.title}»`).join(', ')}`;
  else if (d.generated) {
    try {
      docx = await d.generated.docx();
    } catch (err) {
      deps.log.warn({ err, documentId }, 'generated procurement document failed');
      error = 'Документ не удалось сформировать';
    }
  } else if (d.rule.templateFileId) {
    try {
      const [template] = await readFiles(db, [d.rule.templateFileId]);
      docx = await fillTemplateOffThread(template.content, data);
    } catch (err) {
      deps.log.warn({ err, documentId }, 'procurement document template failed');
      // a limit passed or the time budget spent says so; anything else is the template's state
      error =
        err instanceof ParseError
          ? `Шаблон не заполнен: ${err.message}`
          : 'Шаблон не удалось заполнить: проверьте его в правилах документов положения';
    }
  }
  let pdf: Buffer | null = null;
  if (docx && formatsOf(d.rule.formats, formats).pdf) {
    try {
      pdf = await deps.pdf.toPdf(docx, outputFileName(d.rule.title, number, 'docx'));
    } catch (err) {
      const reason = err instanceof Error && err.message ? err.message : 'ошибка преобразования';
      error = `PDF не сформирован: ${reason}`;
    }
  }
  return db.transaction(async (tx) => {
    const store = (content: Buffer, ext: 'docx' | 'pdf') =>
      storeFile(tx, {
        companyId: m.p.p.companyId,
        userId: actor.userId,
        purpose: 'document',
        name: outputFileName(d.rule.title, number, ext),
        mime: ext === 'docx' ? DOCX_MIME : PDF_MIME,
        content,
      });
    const docxFile = docx ? await store(docx, 'docx') : null;
    const pdfFile = pdf ? await store(pdf, 'pdf') : null;
    const out = await repo.insertOutput(tx, {
      procurementId: m.p.p.id,
      documentsRuleId: documentId,
      docxFileId: docxFile?.id ?? null,
      pdfFileId: pdfFile?.id ?? null,
      error,
      missing,
      values: d.used,
      valuesHash: d.hash,
      jobId,
      createdBy: actor.userId,
    });
    return {
      document_id: documentId,
      output_id: out.id,
      docx_file_id: docxFile?.id ?? null,
      pdf_file_id: pdfFile?.id ?? null,
      error,
    };
  });
}

/**
 * The job's work: every document of the run not done yet (a retried job skips the done ones),
 * progress after each, then the run is closed with a history entry and an audit entry.
 */
export async function generateRun(
  deps: AppDeps,
  actor: Actor,
  run: repo.RunRow,
  jobId: string,
  onProgress: (percent: number, documentId: number) => void,
): Promise<GenerationOutcome> {
  const db = deps.db;
  const m = await documentationModel(db, run.procurementId, deps.declared);
  const results = [...run.results];
  for (const documentId of run.documentIds) {
    if (results.some((r) => r.document_id === documentId)) continue;
    results.push(await generateOne(deps, actor, m, documentId, run.formats, jobId));
    await repo.saveRunResults(db, run.id, results);
    onProgress(runProgress({ documentIds: run.documentIds, results }), documentId);
  }
  const titles = new Map(m.documents.map((d) => [d.rule.id, d.rule.title]));
  await db.transaction(async (tx) => {
    const done = results.filter((r) => r.docx_file_id);
    const failed = results.filter((r) => r.error);
    const parts = [
      done.length
        ? `Сформированы документы: ${done.map((r) => `«${titles.get(r.document_id)}»`).join(', ')}`
        : '',
      failed.length
        ? `с ошибками: ${failed.map((r) => `«${titles.get(r.document_id)}» — ${r.error}`).join('; ')}`
        : '',
    ].filter(Boolean);
    await repo.insertEvent(
      tx,
      run.procurementId,
      actor.userId,
      parts.join('; ') || 'Документы не сформированы',
    );
    await audit(tx, actor, {
      action: 'generate',
      entity: 'procurement_documents',
      entityId: run.procurementId,
      companyId: run.companyId,
      after: { job_id: jobId, documents: results },
    });
    // only while this job still holds it: a run ended as a dead node's is not ended twice
    if (!(await repo.finishRun(tx, run.id, null, jobId))) throw new RunEnded(run.id);
  });
  return {
    procurementId: run.procurementId,
    documents: results.map(({ output_id: _o, ...r }) => r),
    titles,
  };
}
