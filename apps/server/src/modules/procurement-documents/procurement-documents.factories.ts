import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { catalogEntries, procurementDocumentsRules } from '../../db/schema/index.js';
import { type Block, buildDocx } from '../../kernel/docx-builder.js';
import { storeFile } from '../files/files.service.js';
import { DOCX_MIME } from '../procurement-rules/documents-rules.service.js';
import { readTemplateTags } from '../procurement-rules/procurement-templates.parser.js';
import { methodId } from '../procurements/procurements.factories.js';

/**
 * Test data of the procurement documentation: documents rules with templates. Procurements come
 * from the procurements module's factory (`insertProcurement`, `publishedVersion`).
 */

let seq = 0;

/** A documents rule of a version with a template built from blocks (tags read as an upload would). */
export async function addDocumentsRule(
  db: Db,
  r: {
    versionId: number;
    companyId: number;
    method: string;
    title: string;
    blocks?: Block[] | null;
    condition?: string | null;
    formats?: 'docx' | 'pdf' | 'both';
    position?: number;
    kind?: string;
  },
): Promise<number> {
  const [kind] = await db
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, 'document_kind'),
        eq(catalogEntries.code, r.kind ?? 'notice'),
        isNull(catalogEntries.companyId),
      ),
    );
  let template: { id: number; name: string; tags: string[] } | null = null;
  if (r.blocks) {
    const content = buildDocx(r.title, r.blocks);
    const read = await readTemplateTags(content);
    if (read.malformed.length) throw new Error(read.malformed.join('; '));
    const file = await db.transaction((tx) =>
      storeFile(tx, {
        companyId: null,
        userId: null,
        purpose: 'document',
        name: `${r.title}.docx`,
        mime: DOCX_MIME,
        content,
      }),
    );
    template = { id: file.id, name: `${r.title}.docx`, tags: read.tags };
  }
  const [row] = await db
    .insert(procurementDocumentsRules)
    .values({
      versionId: r.versionId,
      companyId: r.companyId,
      methodId: await methodId(db, r.method),
      position: r.position ?? 1000 + seq++,
      documentKindId: kind.id,
      title: r.title,
      formats: r.formats ?? 'docx',
      condition: r.condition ?? null,
      templateFileId: template?.id ?? null,
      templateName: template?.name ?? null,
      templateTags: template?.tags ?? [],
    })
    .returning({ id: procurementDocumentsRules.id });
  return row.id;
}
