import type { Documentation, DocumentOutput } from '@zakupki/shared';
import { documentState, isEmpty } from './procurement-documents.policy.js';
import type { OutputRow, RunRow } from './procurement-documents.repository.js';
import type { DocModel } from './procurement-documents.service.js';

/** Rows of the documentation -> API shapes. */

export function presentOutput(r: OutputRow): DocumentOutput {
  return {
    id: r.id,
    document_id: r.documentId,
    version: r.version,
    docx_file_id: r.docxFileId,
    pdf_file_id: r.pdfFileId,
    error: r.error,
    missing: r.missing ?? [],
    created_at: r.createdAt.toISOString(),
    created_by: r.createdById !== null ? { id: r.createdById, title: r.createdByTitle ?? '' } : null,
  };
}

/** Percent of a run's documents done (0–100). */
export function runProgress(run: Pick<RunRow, 'documentIds' | 'results'>): number {
  const total = run.documentIds.length;
  return total === 0 ? 100 : Math.round((run.results.length / total) * 100);
}

/**
 * GET …/documentation: the model with each document's state and its latest output, the PDF
 * setting (`reason` null when PDF is available) and the run in progress.
 */
export function presentDocumentation(
  id: number,
  m: DocModel,
  outputs: Map<number, { latest: OutputRow; count: number }>,
  run: RunRow | null,
  reason: string | null,
): Documentation {
  const required = m.fields.filter((f) => f.required);
  return {
    procurement_id: id,
    rule_version_id: m.p.version.id,
    method_title: m.p.methodTitle,
    documents: m.documents.map((d) => {
      const out = outputs.get(d.rule.id);
      return {
        document_id: d.rule.id,
        title: d.rule.title,
        document_kind_title: d.rule.kindTitle,
        position: d.rule.position,
        required: d.rule.required,
        formats: d.rule.formats,
        condition: (d.rule.condition as Documentation['documents'][number]['condition']) ?? null,
        // a generated document is built by its module: the rule's template is not used
        template_name: d.generated ? null : d.rule.templateName,
        state: documentState({
          hasTemplate: d.rule.templateFileId !== null || d.generated !== null,
          missingRequired: d.missing.length,
          latest: out?.latest ?? null,
          currentHash: d.hash,
        }),
        missing: d.missing,
        latest: out ? presentOutput(out.latest) : null,
        versions_count: out?.count ?? 0,
      };
    }),
    fields: m.fields,
    values: m.values,
    overridden: m.overridden,
    filled_required: required.filter((f) => !isEmpty(m.values[f.code])).length,
    required_total: required.length,
    pdf_available: reason === null,
    pdf_unavailable_reason: reason,
    generating: run ? { job_id: run.jobId, progress: runProgress(run) } : null,
  };
}
