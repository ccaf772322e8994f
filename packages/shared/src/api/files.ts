import { z } from 'zod';
import { defineRoute } from '../contract.js';
import { IdParam } from './common.js';

/**
 * Stored files (uploads, generated reports, documents): the download and the file page's
 * metadata. Access is checked by the file's company (or its uploader for a personal file); a file
 * out of reach answers exactly like a missing one.
 */

const id = z.number().int();

/** What a file belongs to: a version of a Положение, a documents rule, an import, a report, … */
export const FileOwner = z.object({
  /** e.g. `rule_version`, `documents_rule`, `import_run`, `catalog_import`, `report` */
  kind: z.string(),
  /** Russian name of the kind, e.g. «Версия положения о закупке» */
  kind_title: z.string(),
  id,
  title: z.string(),
  /** the web page of the owner (a path of the app), null when it has none */
  link: z.string().nullable(),
});
export type FileOwner = z.infer<typeof FileOwner>;

/** Another version of the same logical document (another file of the same owner). */
export const FileVersion = z.object({
  id,
  name: z.string(),
  size: z.number().int(),
  created_at: z.string().describe('ISO 8601'),
});
export type FileVersion = z.infer<typeof FileVersion>;

export const FileMeta = z.object({
  id,
  name: z.string(),
  size: z.number().int().describe('bytes'),
  mime: z.string(),
  /** Russian name of the type, e.g. «Документ PDF» */
  type_title: z.string(),
  /** the file may be shown in the page (GET /api/files/{id}?inline=1): a PDF */
  inline: z.boolean(),
  created_at: z.string().describe('ISO 8601'),
  /** who uploaded or generated it; null for a system file */
  created_by: z.object({ id, title: z.string() }).nullable(),
  /** the company it belongs to; null for a personal file of no company */
  company: z.object({ id, title: z.string() }).nullable(),
  owner: FileOwner.nullable(),
  /** other versions of the same document, newest first (without this file) */
  versions: z.array(FileVersion),
});
export type FileMeta = z.infer<typeof FileMeta>;

export const FileDownloadQuery = z.object({
  /** `1`: a PDF is served `inline` (shown in the page); other types are always attachments */
  inline: z.enum(['0', '1']).optional(),
});

export const fileRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/files/:id',
    summary:
      'Скачать файл (загрузка, сформированный отчёт, документ) после проверки доступа; ?inline=1 показывает PDF в странице',
    tags: ['files'],
    params: IdParam,
    query: FileDownloadQuery,
    response: { 200: z.string().describe('содержимое файла') },
  }),
  meta: defineRoute({
    method: 'GET',
    path: '/api/files/:id/meta',
    summary: 'Сведения о файле: имя, размер, тип, кто и когда загрузил, чему принадлежит, другие версии',
    tags: ['files'],
    params: IdParam,
    response: { 200: FileMeta },
  }),
};
