/**
 * DOCX -> PDF conversion (LibreOffice headless). `deps.pdf` is the node's converter; the
 * procurement documentation job calls it for documents whose rule asks for PDF.
 */
export interface PdfConverter {
  /** null when this node can produce PDF; otherwise the Russian reason the interface shows */
  unavailableReason(): Promise<string | null>;
  /**
   * One DOCX to PDF. Throws AppError('service_unavailable') without LibreOffice, a
   * `PdfConversionError` (an AppError whose Russian message names the document) when the
   * conversion fails or runs over its time.
   */
  toPdf(docx: Buffer, name: string): Promise<Buffer>;
}

export type PdfConverterOptions = {
  /** `SOFFICE_PATH`; null: `soffice` on the PATH */
  sofficePath: string | null;
  /** `PDF_TIMEOUT_MS`: one conversion's time, after which its whole process group is killed */
  timeoutMs?: number;
  /** `PDF_CONVERSIONS`: conversions at a time on this node, each in a slot with its own profile */
  conversions?: number;
  /** where the slots' profiles and work files live (default: a new directory under the OS temp dir) */
  workDir?: string;
  /** where each running conversion records its process group (`DATA_DIR/soffice-groups`) */
  pidDir?: string;
  log?: { warn: (obj: object, msg: string) => void };
};

/** Why a conversion failed (`PdfConversionError.reason`). */
export type PdfFailure =
  | 'bad_input'
  | 'files'
  | 'timeout'
  | 'exit'
  | 'no_output'
  | 'bad_output'
  | 'start'
  | 'closed';
