import type { ImportKind } from '@zakupki/shared';
import { unzipOffThread } from '../../kernel/parse-pool.js';
import { ParseError } from '../../lib/parse-error.js';
import { decodeXml, MAX_XML_BYTES } from '../../lib/xml.js';
import { isZip } from '../../lib/zip.js';
import { sha256Of } from '../files/files.service.js';

/** One document file to parse: an upload, or a file inside an uploaded ZIP. */
export type ImportEntry = {
  /** As shown to the user: «архив.zip/ON_NSCHFDOPPR_….xml» for a file inside an archive. */
  name: string;
  data: Buffer;
  sha256: string;
};

export type ExpandedUpload = { entries: ImportEntry[]; warnings: string[] };

const UPD_ROOT = /<(?:[A-Za-z_][\w.-]*:)?Файл[\s>/]/;
const BANK_MARK = Buffer.from('1CClientBankExchange', 'latin1');

/** Whether a file found inside an archive is worth parsing for this kind of import. */
function relevantInZip(kind: ImportKind, name: string, data: Buffer): boolean {
  const lower = name.toLowerCase();
  if (kind === 'payments') {
    return data.subarray(0, 64).includes(BANK_MARK);
  }
  if (!lower.endsWith('.xml')) return false;
  if (kind === 'upd') {
    // EDO packages carry meta.xml, card.xml and signatures next to the document itself
    try {
      return UPD_ROOT.test(decodeXml(data).slice(0, 4000));
    } catch {
      return true; // let the parser name the problem
    }
  }
  return true;
}

/**
 * Turns the uploaded files into the document files to parse: a ZIP is expanded with the zip-bomb
 * limits of lib/zip (nested archives are refused); files inside an archive that are not documents
 * of this kind (signatures, EDO meta files) are skipped with a warning. The archive is inflated in
 * the parse pool (parse-pool.ts), not on the event loop. Rejects with ParseError.
 */
export async function expandUploads(
  kind: ImportKind,
  uploads: { name: string; data: Buffer }[],
): Promise<ExpandedUpload> {
  const entries: ImportEntry[] = [];
  const warnings: string[] = [];
  for (const upload of uploads) {
    if (upload.data.length === 0) throw new ParseError(`Файл «${upload.name}» пустой`);
    if (!isZip(upload.data)) {
      entries.push({ name: upload.name, data: upload.data, sha256: sha256Of(upload.data) });
      continue;
    }
    let inner: { name: string; data: Buffer }[];
    try {
      inner = await unzipOffThread(upload.data);
    } catch (err) {
      if (err instanceof ParseError) throw new ParseError(`Архив «${upload.name}»: ${err.message}`);
      throw err;
    }
    let taken = 0;
    for (const e of inner) {
      const shown = `${upload.name}/${e.name}`;
      if (isZip(e.data))
        throw new ParseError(`Архив «${upload.name}» содержит вложенный архив «${e.name}»: распакуйте его`);
      if (e.data.length === 0 || !relevantInZip(kind, e.name, e.data)) {
        warnings.push(`Файл «${shown}» в архиве не является документом для этого импорта и пропущен`);
        continue;
      }
      entries.push({ name: shown, data: e.data, sha256: sha256Of(e.data) });
      taken++;
    }
    if (taken === 0) throw new ParseError(`В архиве «${upload.name}» нет файлов для импорта`);
  }
  return { entries, warnings };
}

/**
 * A problem visible before anything is stored: an XML import given a single file too big to be an
 * XML document (and not an archive). Such a run fails at once instead of storing the upload.
 */
export function precheckUploads(kind: ImportKind, uploads: { name: string; data: Buffer }[]): string | null {
  if (kind === 'payments') return null;
  for (const u of uploads) {
    if (!isZip(u.data) && u.data.length > MAX_XML_BYTES) {
      return `файл «${u.name}»: Файл слишком большой для XML-документа (${Math.round(u.data.length / 1048576)} МБ)`;
    }
  }
  return null;
}
