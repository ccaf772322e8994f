import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  catalogEntries,
  procurementDocumentsRules,
  procurementItems,
  procurementLots,
  procurementRuleVersions,
  procurements,
} from '../../db/schema/index.js';
import { storeFile } from '../files/files.service.js';
import { DOCX_MIME } from '../procurement-rules/documents-rules.service.js';
import { readTemplateTags } from '../procurement-rules/procurement-templates.parser.js';
import { type Block, buildDocx } from '../procurement-rules/templates/docx-builder.js';

/**
 * Test data of the procurement documentation: procurements inserted straight into the tables
 * (the procurements module's own factory will replace this one) and documents rules with templates.
 */

export type ItemSpec = {
  name: string;
  okpd2?: string;
  unit?: string;
  quantity: string;
  price: string;
  vat?: string;
};
export type LotSpec = { subject: string; items: ItemSpec[] };

export type ProcurementSpec = {
  companyId: number;
  /** the company's published rule version when omitted */
  ruleVersionId?: number;
  /** a global method's code */
  method?: string;
  number?: string;
  subject?: string;
  customerId?: number | null;
  lots?: LotSpec[];
  applicationSecurity?: string | null;
  contractSecurity?: string | null;
  smeOnly?: boolean;
  publishedOn?: string | null;
  plannedPublicationDate?: string | null;
  bidsDeadline?: string | null;
  summingUpDate?: string | null;
};

let seq = 0;

export async function methodId(db: Db, code: string): Promise<number> {
  const [r] = await db
    .select({ id: catalogEntries.id })
    .from(catalogEntries)
    .where(
      and(eq(catalogEntries.kind, 'method'), eq(catalogEntries.code, code), isNull(catalogEntries.companyId)),
    );
  if (!r) throw new Error(`method ${code} missing`);
  return r.id;
}

/** The company's published (in force) rule version, as the demo seed makes it. */
export async function publishedVersion(db: Db, companyId: number): Promise<number> {
  const [v] = await db
    .select({ id: procurementRuleVersions.id })
    .from(procurementRuleVersions)
    .where(
      and(eq(procurementRuleVersions.companyId, companyId), eq(procurementRuleVersions.status, 'published')),
    );
  if (!v) throw new Error(`company ${companyId} has no published rule version`);
  return v.id;
}

const kop = (s: string) => Math.round(Number(s) * 100);
const rub = (k: number) => (k / 100).toFixed(2);

/** A procurement with its lots and items; the НМЦД of each lot and of the whole is the items' sum. */
export async function insertProcurement(db: Db, s: ProcurementSpec): Promise<{ id: number; number: string }> {
  seq += 1;
  const lots = s.lots ?? [
    {
      subject: 'Поставка бумаги',
      items: [
        { name: 'Бумага офисная А4', okpd2: '17.12.14.129', unit: 'упак', quantity: '10', price: '389.00' },
      ],
    },
  ];
  const lotSums = lots.map((l) =>
    l.items.reduce((sum, i) => sum + Math.round(kop(i.price) * Number(i.quantity)), 0),
  );
  const number = s.number ?? `З-ТЕСТ-${process.pid}-${seq}`;
  const [p] = await db
    .insert(procurements)
    .values({
      companyId: s.companyId,
      number,
      ruleVersionId: s.ruleVersionId ?? (await publishedVersion(db, s.companyId)),
      methodId: await methodId(db, s.method ?? 'e_auction'),
      customerId: s.customerId ?? null,
      subject: s.subject ?? lots.map((l) => l.subject).join('; '),
      nmcd: rub(lotSums.reduce((a, b) => a + b, 0)),
      applicationSecurity: s.applicationSecurity ?? null,
      contractSecurity: s.contractSecurity ?? null,
      smeOnly: s.smeOnly ?? false,
      publishedOn: s.publishedOn ?? null,
      plannedPublicationDate: s.plannedPublicationDate ?? null,
      bidsDeadline: s.bidsDeadline ?? null,
      summingUpDate: s.summingUpDate ?? null,
    })
    .returning({ id: procurements.id });
  for (const [i, l] of lots.entries()) {
    const [lot] = await db
      .insert(procurementLots)
      .values({ procurementId: p.id, number: i + 1, subject: l.subject, nmcd: rub(lotSums[i]) })
      .returning({ id: procurementLots.id });
    const rows = l.items.map((it, n) => ({
      lotId: lot.id,
      lineNo: n + 1,
      name: it.name,
      okpd2Code: it.okpd2 ?? null,
      unitName: it.unit ?? null,
      quantity: it.quantity,
      unitPrice: it.price,
      vatRate: it.vat ?? 'без НДС',
      amount: rub(Math.round(kop(it.price) * Number(it.quantity))),
    }));
    for (let k = 0; k < rows.length; k += 1000)
      await db.insert(procurementItems).values(rows.slice(k, k + 1000));
  }
  return { id: p.id, number };
}

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
    const read = readTemplateTags(content);
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
