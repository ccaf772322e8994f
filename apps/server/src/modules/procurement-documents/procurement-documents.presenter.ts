import type { DocumentOutput } from '@zakupki/shared';
import type { OutputRow, RunRow } from './procurement-documents.repository.js';

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
