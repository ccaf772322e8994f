import type { ImportFileOutcome, ImportKind } from '@zakupki/shared';
import { ParseError } from '../../lib/parse-error.js';
import { expandUploads, type ImportEntry } from './import-files.js';

export type FileOutcome = ImportFileOutcome;

/** One file of a run as imported on its own: a document, or an upload refused before parsing. */
export type UploadUnit = { name: string; entry: ImportEntry | null; error: string | null };

/**
 * The files of a run, each imported or refused on its own: a plain upload is one file, an archive
 * gives one file per document inside it; an upload that cannot be expanded (an empty file, a
 * broken or nested archive) is one refused file with its reason.
 */
export async function unitsOf(
  kind: ImportKind,
  uploads: { name: string; data: Buffer }[],
): Promise<{ units: UploadUnit[]; warnings: string[] }> {
  const units: UploadUnit[] = [];
  const warnings: string[] = [];
  for (const upload of uploads) {
    try {
      const expanded = await expandUploads(kind, [upload]);
      warnings.push(...expanded.warnings);
      for (const entry of expanded.entries) units.push({ name: entry.name, entry, error: null });
    } catch (err) {
      if (!(err instanceof ParseError)) throw err;
      units.push({ name: upload.name, entry: null, error: err.message });
    }
  }
  return { units, warnings };
}

/** «Не загружены файлы (2): «a.xml» — причина; «b.xml» — причина», or null when none failed. */
export function failedFilesText(outcomes: FileOutcome[]): string | null {
  const failed = outcomes.filter((o) => o.status === 'failed');
  if (failed.length === 0) return null;
  return `Не загружены файлы (${failed.length}): ${failed
    .map((o) => `«${o.file_name}» — ${stripName(o.error ?? 'ошибка', o.file_name)}`)
    .join('; ')}`;
}

/** A parser's message often starts with the file's own name; the list names it already. */
function stripName(message: string, name: string): string {
  const prefix = `файл «${name}»: `;
  return message.toLowerCase().startsWith(prefix.toLowerCase()) ? message.slice(prefix.length) : message;
}

/** The sum of a count over the results of a run's files. */
export const sum = <T>(rows: T[], of: (r: T) => number) => rows.reduce((n, r) => n + of(r), 0);
