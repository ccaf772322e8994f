import { fileRoutes } from '@zakupki/shared';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  auditLog,
  catalogEntries,
  catalogImports,
  importRuns,
  procurementDocumentsRules,
  procurementRules,
  procurementRuleVersions,
  reportRuns,
} from '../../db/schema/index.js';
import { defineModule } from '../../plugins/module.js';
import { MODULES } from '../index.js';
import type { ResolvedFileOwner } from './file-owners.js';
import { storeFile } from './files.service.js';

/** GET /api/files/{id}/meta and the download's disposition: owners, versions, access. */

/** A module of this file that owns the one file a test names. */
let owned: { fileId: number; owner: ResolvedFileOwner } | null = null;
const owning = defineModule({
  name: 'owning',
  fileOwners: [
    async (_db, ids) =>
      new Map(owned && ids.includes(owned.fileId) ? [[owned.fileId, owned.owner] as const] : []),
  ],
});
const t = testAppForFile({}, { modules: [...MODULES, owning] });
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const MISSING = 99_999_999;

const db = () => t.app.deps.db;
const A = () => t.ids.companies.client1;
const clientA = () => t.ids.users['client@demo.local'];

const store = (o: {
  companyId: number | null;
  userId?: number | null;
  name: string;
  mime: string;
  content?: Buffer;
}) =>
  storeFile(db(), {
    companyId: o.companyId,
    userId: o.userId === undefined ? clientA() : o.userId,
    purpose: 'document',
    name: o.name,
    mime: o.mime,
    content: o.content ?? Buffer.from(`${o.name} ${Math.random()}`),
  });

const meta = (id: number, as: 'client' | 'client2' | 'admin' | 'specialist' = 'client') =>
  t.call(fileRoutes.meta, { params: { id }, as });

async function denials(): Promise<number> {
  const [r] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(eq(auditLog.action, 'access_denied'));
  return Number(r.n);
}

const files = { v1: 0, v2: 0, tpl1: 0, tpl2: 0, upd: 0, catalog: 0, march1: 0, march2: 0, april: 0 };
const own = { rule: 0, v1: 0, v2: 0, doc1: 0, doc2: 0, run: 0, catalogImport: 0, march2: 0 };

beforeAll(async () => {
  const [rule] = await db()
    .insert(procurementRules)
    .values({ companyId: A(), title: 'Положение о закупке АО «Энергосеть»' })
    .returning();
  own.rule = rule.id;
  files.v1 = (
    await store({ companyId: A(), name: 'Положение (ред. 1).pdf', mime: 'application/pdf', content: PDF })
  ).id;
  files.v2 = (
    await store({ companyId: A(), name: 'Положение (ред. 2).pdf', mime: 'application/pdf', content: PDF })
  ).id;
  const [v1, v2] = await db()
    .insert(procurementRuleVersions)
    .values([
      { ruleId: rule.id, companyId: A(), number: 1, status: 'superseded', fileId: files.v1 },
      { ruleId: rule.id, companyId: A(), number: 2, status: 'draft', fileId: files.v2 },
    ])
    .returning();
  Object.assign(own, { v1: v1.id, v2: v2.id });
  const [method, kind] = await db().select({ id: catalogEntries.id }).from(catalogEntries).limit(2);
  // DOCX templates are personal files (no company), shared by content hash
  files.tpl1 = (await store({ companyId: null, name: 'Извещение.docx', mime: DOCX })).id;
  files.tpl2 = (await store({ companyId: null, name: 'Извещение (новое).docx', mime: DOCX })).id;
  const doc = (versionId: number, templateFileId: number) => ({
    versionId,
    companyId: A(),
    methodId: method.id,
    position: 10,
    documentKindId: kind.id,
    title: 'Извещение о закупке',
    templateFileId,
  });
  const [d1, d2] = await db()
    .insert(procurementDocumentsRules)
    .values([doc(v1.id, files.tpl1), doc(v2.id, files.tpl2)])
    .returning();
  Object.assign(own, { doc1: d1.id, doc2: d2.id });

  files.upd = (await store({ companyId: A(), name: 'УПД № 15.xml', mime: 'application/xml' })).id;
  const [run] = await db()
    .insert(importRuns)
    .values({
      companyId: A(),
      userId: clientA(),
      kind: 'upd',
      uploadFileName: 'УПД № 15.xml',
      fileIds: [files.upd],
      fileSha256: 'x',
      status: 'done',
    })
    .returning();
  own.run = run.id;

  files.catalog = (
    await store({ companyId: A(), name: 'Документы.xlsx', mime: 'application/octet-stream' })
  ).id;
  const [ci] = await db()
    .insert(catalogImports)
    .values({
      catalog: 'document_kind',
      params: { type: null, subject_type: null },
      companyId: A(),
      userId: clientA(),
      fileId: files.catalog,
      fileName: 'Документы.xlsx',
      status: 'done',
    })
    .returning();
  own.catalogImport = ci.id;

  const report = async (month: number, at: string) => {
    const f = await store({
      companyId: A(),
      name: `Отчёт за ${month}.2024.xlsx`,
      mime: 'application/octet-stream',
    });
    const [r] = await db()
      .insert(reportRuns)
      .values({
        companyId: A(),
        userId: clientA(),
        reportCode: 'monthly-223-19',
        title: `Отчёт ч. 19 ст. 4 за ${month}.2024`,
        status: 'done',
        params: { year: 2024, month },
        fileId: f.id,
        createdAt: new Date(at),
      })
      .returning();
    return { file: f.id, run: r.id };
  };
  files.march1 = (await report(3, '2024-04-01T07:00:00Z')).file;
  const march2 = await report(3, '2024-04-02T07:00:00Z');
  Object.assign(files, { march2: march2.file });
  own.march2 = march2.run;
  files.april = (await report(4, '2024-05-01T07:00:00Z')).file;
}, 60_000);

describe('GET /api/files/{id}/meta', () => {
  it('a Положение of a rule version: name, size, type, author, company, owner with its link, other versions', async () => {
    const res = await meta(files.v2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: files.v2,
      name: 'Положение (ред. 2).pdf',
      size: PDF.length,
      mime: 'application/pdf',
      type_title: 'Документ PDF',
      inline: true,
      created_by: { id: clientA(), title: 'Кузнецов Дмитрий' },
      company: { id: A() },
      owner: {
        kind: 'rule_version',
        kind_title: 'Положение о закупке',
        id: own.v2,
        title: '«Положение о закупке АО «Энергосеть»», версия 2',
        link: `/procurementsRules/${own.rule}/versions`,
      },
    });
    expect(res.body.company?.title).toBeTruthy();
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
    expect(res.body.versions.map((v) => v.id)).toEqual([files.v1]);
    expect(res.body.versions[0]).toMatchObject({ name: 'Положение (ред. 1).pdf', size: PDF.length });
  });

  it('a documents rule template (a personal file): its uploader sees the rule of the company and the template of the other version', async () => {
    const res = await meta(files.tpl2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      type_title: 'Документ Word (DOCX)',
      inline: false,
      company: { id: A() },
      owner: {
        kind: 'documents_rule',
        id: own.doc2,
        link: `/procurementsRules/${own.rule}/versions/${own.v2}/documentsRules`,
      },
    });
    expect(res.body.owner?.title).toContain('Извещение о закупке');
    expect(res.body.versions.map((v) => v.id)).toEqual([files.tpl1]);
  });

  it('an upload of an import run and of a catalogue import', async () => {
    const upd = await meta(files.upd);
    expect(upd.body.owner).toEqual({
      kind: 'import_run',
      kind_title: 'Импорт УПД / УКД',
      id: own.run,
      title: `Загрузка № ${own.run}: УПД № 15.xml`,
      link: '/contracts/execution?section=history',
    });
    expect(upd.body.versions).toEqual([]);
    const catalog = await meta(files.catalog);
    expect(catalog.body).toMatchObject({
      type_title: 'Книга Excel (XLSX)',
      owner: {
        kind: 'catalog_import',
        id: own.catalogImport,
        title: '«Документы»: Документы.xlsx',
        link: '/catalogDocument',
      },
    });
  });

  it('a report: its versions are the same report made again (the same month), newest first', async () => {
    const res = await meta(files.march1);
    expect(res.body.owner).toMatchObject({ kind: 'report', link: '/contracts/export' });
    expect(res.body.versions.map((v) => v.id)).toEqual([files.march2]);
    const april = await meta(files.april);
    expect(april.body.versions).toEqual([]);
  });

  it('a file of no known owner has none; a resolver another module declares is asked too', async () => {
    const loose = await store({ companyId: A(), name: 'прочее.txt', mime: 'text/plain' });
    expect((await meta(loose.id)).body).toMatchObject({
      owner: null,
      versions: [],
      type_title: 'Текстовый файл',
    });
    owned = {
      fileId: loose.id,
      owner: {
        kind: 'procurement_document',
        kind_title: 'Документация закупки',
        id: 7,
        title: 'Извещение',
        link: '/procurement_documents/7',
        companyId: A(),
        versions: [files.upd, loose.id],
      },
    };
    const res = await meta(loose.id);
    expect(res.body.owner).toMatchObject({ kind: 'procurement_document', link: '/procurement_documents/7' });
    expect(res.body.versions.map((v) => v.id)).toEqual([files.upd]);
  });

  it("another company's file answers exactly like a missing one, and only the foreign one is audited", async () => {
    for (const id of [files.v2, files.upd, files.march1, files.tpl2]) {
      const before = await denials();
      const missing = await meta(MISSING, 'client2');
      expect(await denials()).toBe(before);
      const foreign = await meta(id, 'client2');
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual(missing.body);
      expect(missing.body).toEqual({ error: { code: 'not_found', message: 'Файл не найден' } });
      expect(await denials()).toBe(before + 1);
      // the download answers the same
      const download = await t.call(fileRoutes.get, { params: { id }, as: 'client2' });
      expect(download.status).toBe(404);
      expect(download.body).toEqual(missing.body);
    }
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.entity, 'file')))
      .limit(1);
    expect(entry?.entityId).toBe(String(files.tpl2));
  });

  it('staff of the company read it; an admin reads a personal template too', async () => {
    expect((await meta(files.v2, 'specialist')).status).toBe(200);
    expect((await meta(files.tpl1, 'specialist')).status).toBe(404);
    const admin = await meta(files.tpl1, 'admin');
    expect(admin.status).toBe(200);
    expect(admin.body.owner?.kind).toBe('documents_rule');
  });

  it('the other versions leave out the files the actor may not read', async () => {
    // the specialist reads the company's Положение but not the personal templates of a client
    const tpl3 = await store({ companyId: A(), name: 'Извещение (ред. 3).docx', mime: DOCX });
    await db()
      .update(procurementDocumentsRules)
      .set({ templateFileId: tpl3.id })
      .where(eq(procurementDocumentsRules.id, own.doc2));
    const res = await meta(tpl3.id, 'specialist');
    expect(res.status).toBe(200);
    expect(res.body.owner?.id).toBe(own.doc2);
    expect(res.body.versions).toEqual([]);
    const mine = await meta(tpl3.id, 'client');
    expect(mine.body.versions.map((v) => v.id)).toEqual([files.tpl1]);
  });
});

describe('GET /api/files/{id}: the download', () => {
  it('keeps the Cyrillic name (filename*) and sends an attachment by default', async () => {
    const res = await t.call(fileRoutes.get, { params: { id: files.v2 }, as: 'client' });
    expect(res.status).toBe(200);
    const cd = String(res.headers['content-disposition']);
    expect(cd.startsWith('attachment; ')).toBe(true);
    expect(cd).toContain(
      `filename*=UTF-8''${encodeURIComponent('Положение ')}%28${encodeURIComponent('ред. 2')}%29.pdf`,
    );
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('?inline=1 serves a PDF inline, framable by the app only; any other type stays an attachment', async () => {
    const pdf = await t.call(fileRoutes.get, {
      params: { id: files.v2 },
      query: { inline: '1' },
      as: 'client',
    });
    expect(String(pdf.headers['content-disposition'])).toMatch(/^inline; filename="/);
    const csp = String(pdf.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(pdf.headers['x-frame-options']).toBe('SAMEORIGIN');
    const xml = await t.call(fileRoutes.get, {
      params: { id: files.upd },
      query: { inline: '1' },
      as: 'client',
    });
    expect(String(xml.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(String(xml.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('an invalid inline value is refused in Russian', async () => {
    const res = await t.call(fileRoutes.get, {
      params: { id: files.v2 },
      query: { inline: 'yes' },
      as: 'client',
    });
    expect(res.status).toBe(400);
  });
});
