import type { ErrorCode } from '@zakupki/shared';
import type { FastifyRequest } from 'fastify';
import { appError, invalidFile, payloadTooLarge } from './app-error.js';
import { cleanFileName } from './file-name.js';

/** An uploaded file: its name cleaned (`cleanFileName`), its type as the client sent it, its bytes. */
export type UploadedFile = { name: string; mime: string; data: Buffer };

/**
 * What a multipart route takes (declared with `addUploadRoute` of lib/route.ts). The refusals are
 * the same for every route; the texts name what the route asks for.
 */
export type UploadSpec = {
  /** the file field (default `file`) */
  field?: string;
  /** how many files the field takes: 1 gives the handler one file */
  maxFiles: number;
  /** one file's limit in bytes (default: the configured upload limit) */
  maxFileBytes?: number;
  /** the limit's name in the refusal (default «ограничение загрузки») */
  limitName?: string;
  /** all files together, in bytes */
  maxTotalBytes?: number;
  /** the text fields the form may carry (others are left out) */
  fields?: readonly string[];
  /** what the user is asked to upload, e.g. «файл XLSX» (the refusal of a request that is not a form) */
  what: string;
  /** the refusal when no file came (or only empty ones) */
  missing: string;
  /** the noun of a file in the refusals (default «Файл»: «Шаблон «a.docx» не принят…») */
  noun?: string;
  /** the name of a file sent without one */
  fallbackName?: string;
  /** a request that is not multipart: by default 415 «Загрузите <what> как multipart/form-data» */
  notMultipart?: { code: ErrorCode; message: string };
};

type FieldsOf<S extends UploadSpec> = { [K in NonNullable<S['fields']>[number]]?: string };
/** The read upload: one file for `maxFiles: 1`, one or more otherwise, and the declared text fields. */
export type Upload<S extends UploadSpec> = {
  files: S['maxFiles'] extends 1 ? [UploadedFile] : [UploadedFile, ...UploadedFile[]];
  fields: FieldsOf<S>;
};

/** Text fields a form may carry at most, and the longest value (bytes). */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 1000;

/** «20 МБ», or «2 КБ» under a megabyte. */
export const sizeText = (bytes: number) =>
  bytes >= 1048576 ? `${Math.round(bytes / 1048576)} МБ` : `${Math.max(1, Math.ceil(bytes / 1024))} КБ`;

/** The limits the multipart parser of a route is registered with. */
export function multipartLimits(spec: UploadSpec, uploadLimit: number) {
  const fields = spec.fields?.length ? MAX_FIELDS : 0;
  return {
    fileSize: Math.min(spec.maxFileBytes ?? uploadLimit, uploadLimit),
    files: spec.maxFiles,
    fields,
    fieldSize: MAX_FIELD_BYTES,
    parts: spec.maxFiles + fields,
  };
}

/**
 * Reads a declared multipart upload, refusing in one way whatever the route: not a form (415, or
 * the route's `notMultipart`), a file in another field (400 invalid_file), more files than
 * declared or too many fields (413), a file over its limit (413 naming the limit: the parser's
 * error and also a stream it cut without one, `file.truncated`), files together over
 * `maxTotalBytes` (413), no non-empty file (400 invalid_file with `missing`). Names are cleaned,
 * never refused (`cleanFileName`).
 */
export async function readUpload<S extends UploadSpec>(
  req: FastifyRequest,
  spec: S,
  uploadLimit: number,
): Promise<Upload<S>> {
  if (!req.isMultipart()) {
    const refusal = spec.notMultipart ?? {
      code: 'unsupported_media_type' as const,
      message: `Загрузите ${spec.what} как multipart/form-data`,
    };
    throw appError(refusal.code, refusal.message);
  }
  const field = spec.field ?? 'file';
  const noun = spec.noun ?? 'Файл';
  const limit = multipartLimits(spec, uploadLimit).fileSize;
  const tooLarge = (name: string) =>
    payloadTooLarge(
      `${noun} «${name}» не принят: файл больше ${sizeText(limit)} (${spec.limitName ?? 'ограничение загрузки'})`,
    );
  const tooMany = () => payloadTooLarge(`Слишком много файлов: не больше ${spec.maxFiles} за одну загрузку`);
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  let count = 0;
  let total = 0;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (spec.fields?.includes(part.fieldname)) fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== field) {
        part.file.resume();
        throw invalidFile(`Прикрепите файл в поле ${field}`);
      }
      if (++count > spec.maxFiles) throw tooMany();
      const name = cleanFileName(part.filename, spec.fallbackName);
      const data = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(name);
        throw err;
      });
      // toBuffer checks the cut only between chunks: a stream whose last chunk came before busboy
      // marked it cut ends without that error, with the bytes up to the limit
      if (part.file.truncated) throw tooLarge(name);
      total += data.length;
      if (spec.maxTotalBytes !== undefined && total > spec.maxTotalBytes) {
        throw payloadTooLarge(`Файлы вместе больше допустимых ${sizeText(spec.maxTotalBytes)}`);
      }
      // an empty part is what a form sends for «no file chosen»
      if (data.length > 0) files.push({ name, mime: part.mimetype, data });
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw payloadTooLarge('Слишком много полей формы');
    throw err;
  }
  if (files.length === 0) throw invalidFile(spec.missing);
  return { files, fields } as Upload<S>;
}
