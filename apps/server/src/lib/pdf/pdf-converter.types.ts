/**
 * DOCX -> PDF conversion (LibreOffice headless). `deps.pdf` is the node's converter; the
 * procurement documentation job calls it for documents whose rule asks for PDF.
 */
export interface PdfConverter {
  /** null when this node can produce PDF; otherwise the Russian reason the interface shows */
  unavailableReason(): Promise<string | null>;
  /** One DOCX to PDF. Throws AppError('service_unavailable') without LibreOffice, an Error with a Russian message when the conversion fails. */
  toPdf(docx: Buffer, name: string): Promise<Buffer>;
}
