import type { Role } from '@zakupki/shared';

/** Russian names of the stored types, by MIME type. */
const TYPE_TITLES: Record<string, string> = {
  'application/pdf': 'Документ PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Документ Word (DOCX)',
  'application/msword': 'Документ Word (DOC)',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Книга Excel (XLSX)',
  'application/vnd.ms-excel': 'Книга Excel (XLS)',
  'application/zip': 'Архив ZIP',
  'application/x-zip-compressed': 'Архив ZIP',
  'application/xml': 'Документ XML',
  'text/xml': 'Документ XML',
  'application/json': 'Данные JSON',
  'text/plain': 'Текстовый файл',
  'text/csv': 'Таблица CSV',
};

/** The same names by extension, for a file stored as `application/octet-stream`. */
const EXTENSION_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  zip: 'application/zip',
  xml: 'application/xml',
  json: 'application/json',
  txt: 'text/plain',
  csv: 'text/csv',
};

const extensionOf = (name: string) => (/\.([^./\\]+)$/.exec(name)?.[1] ?? '').toLowerCase();

const ZIP_MAGIC = 'PK\u0003\u0004';
const OLE_MAGIC = '\u00d0\u00cf\u0011\u00e0';
/** The types an upload may be checked as: the stored MIME type and the bytes its content starts with. */
const UPLOAD_TYPES: Record<string, { mime: string; magic: string }> = {
  pdf: { mime: EXTENSION_TYPES.pdf, magic: '%PDF' },
  doc: { mime: EXTENSION_TYPES.doc, magic: OLE_MAGIC },
  docx: { mime: EXTENSION_TYPES.docx, magic: ZIP_MAGIC },
  xls: { mime: EXTENSION_TYPES.xls, magic: OLE_MAGIC },
  xlsx: { mime: EXTENSION_TYPES.xlsx, magic: ZIP_MAGIC },
  jpg: { mime: 'image/jpeg', magic: '\u00ff\u00d8\u00ff' },
  jpeg: { mime: 'image/jpeg', magic: '\u00ff\u00d8\u00ff' },
  png: { mime: 'image/png', magic: '\u0089PNG' },
  zip: { mime: EXTENSION_TYPES.zip, magic: ZIP_MAGIC },
};

/**
 * The stored MIME type of an uploaded file, by its extension among `allowed` and checked against
 * its first bytes (the client's type is not trusted); else what is wrong, for the caller's message:
 * an extension not allowed (`type`), or content that is not what the name says (`content`).
 */
export function uploadType(
  name: string,
  content: Buffer,
  allowed: readonly (keyof typeof UPLOAD_TYPES)[],
): { mime: string } | { wrong: 'type' | 'content'; ext: string } {
  const ext = extensionOf(name);
  const type = allowed.includes(ext) ? UPLOAD_TYPES[ext] : undefined;
  if (!type) return { wrong: 'type', ext };
  if (content.subarray(0, type.magic.length).toString('latin1') !== type.magic)
    return { wrong: 'content', ext };
  return { mime: type.mime };
}

/** «Документ PDF», «Книга Excel (XLSX)», …; an unknown type: «Файл EXT» or «Файл». */
export function typeTitle(mime: string, name: string): string {
  const base = mime.split(';')[0].trim().toLowerCase();
  const known = TYPE_TITLES[base] ?? TYPE_TITLES[EXTENSION_TYPES[extensionOf(name)] ?? ''];
  if (known) return known;
  const ext = extensionOf(name);
  return ext ? `Файл ${ext.toUpperCase()}` : 'Файл';
}

/**
 * May the file be shown inside the page (`content-disposition: inline`)? Only a PDF: any other
 * type served inline from the app's origin (an uploaded HTML or SVG) could run script there.
 */
export const mayShowInline = (mime: string): boolean =>
  mime.split(';')[0].trim().toLowerCase() === 'application/pdf';

/**
 * May the actor read a file? A company's file: the actor acts for the company (`companyIds`: the
 * companies the actor may act for, null for every company); a personal file (no company): its
 * uploader or an admin. The download and the page check the same through `requireCompany`; this
 * is the same rule for the list of other versions.
 */
export function mayReadFile(
  actor: { userId: number; role: Role },
  file: { companyId: number | null; userId: number | null },
  companyIds: number[] | null,
): boolean {
  if (file.companyId !== null) return companyIds === null || companyIds.includes(file.companyId);
  return actor.role === 'admin' || (file.userId !== null && file.userId === actor.userId);
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves `'()*` as they are, which attr-char does not allow. */
const rfc5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` that keeps a Russian file name (RFC 6266 / 5987): an ASCII `filename`
 * for old clients and the UTF-8 `filename*` that browsers prefer.
 */
export function contentDisposition(
  name: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${rfc5987(name)}`;
}
