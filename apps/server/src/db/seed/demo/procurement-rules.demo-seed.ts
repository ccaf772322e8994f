import { and, eq, inArray, isNull } from 'drizzle-orm';
import { todayMoscow } from '../../../lib/moscow-time.js';
import { addDays } from '../../../modules/calendar/iso-date.js';
import { productionCalendar } from '../../../modules/calendar/production-calendar.js';
import { sha256Of, storeFile } from '../../../modules/files/files.service.js';
import { eisDueDate } from '../../../modules/procurement-rules/procurement-rules.policy.js';
import * as repo from '../../../modules/procurement-rules/procurement-rules.repository.js';
import { readTemplateTags } from '../../../modules/procurement-rules/procurement-templates.parser.js';
import type { Tx } from '../../client.js';
import { catalogEntries, companies, type StoredRuleMethod } from '../../schema/index.js';
import type { DemoIds } from './demo.seed.js';
import { DEMO_TEMPLATES, demoTemplateDocx } from './procurement-rules.demo-templates.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Methods of the demo Положение: notice period (ст. 3.2), documentation, and its documents. */
const METHODS: { code: string; days: number; kind: 'calendar' | 'working'; docs: string[] }[] = [
  {
    code: 'e_tender',
    days: 15,
    kind: 'calendar',
    docs: ['notice', 'documentation', 'contract_draft', 'nmcd_justification', 'technical_specification'],
  },
  {
    code: 'e_auction',
    days: 15,
    kind: 'calendar',
    docs: ['notice', 'documentation', 'contract_draft', 'nmcd_justification', 'technical_specification'],
  },
  {
    code: 'e_quotation',
    days: 5,
    kind: 'working',
    docs: ['notice', 'contract_draft', 'nmcd_justification', 'technical_specification'],
  },
  {
    code: 'e_proposal',
    days: 7,
    kind: 'working',
    docs: ['notice', 'documentation', 'contract_draft', 'nmcd_justification', 'technical_specification'],
  },
  {
    code: 'single_supplier',
    days: 0,
    kind: 'calendar',
    docs: ['contract_draft', 'nmcd_justification', 'technical_specification'],
  },
];

/** Stores the five templates once (shared by hash) and reads their tags. */
async function templateFiles(tx: Tx) {
  const out = new Map<string, { fileId: number; name: string; tags: string[] }>();
  for (const t of DEMO_TEMPLATES) {
    const content = demoTemplateDocx(t);
    const read = await readTemplateTags(content);
    if (read.malformed.length) throw new Error(`demo template ${t.file}: ${read.malformed.join('; ')}`);
    const fileId =
      (await repo.templateFileByHash(tx, sha256Of(content))) ??
      (
        await storeFile(tx, {
          companyId: null,
          userId: null,
          purpose: 'document',
          name: t.file,
          mime: DOCX,
          content,
        })
      ).id;
    out.set(t.kind, { fileId, name: t.file, tags: read.tags });
  }
  return out;
}

async function globalIds(tx: Tx, kind: 'method' | 'document_kind', codes: string[]) {
  const rows = await tx
    .select({ id: catalogEntries.id, code: catalogEntries.code })
    .from(catalogEntries)
    .where(
      and(
        eq(catalogEntries.kind, kind),
        isNull(catalogEntries.companyId),
        inArray(catalogEntries.code, codes),
      ),
    );
  return new Map(rows.map((r) => [r.code, r.id]));
}

/**
 * Each demo client company gets a real-looking Положение о закупке: редакция № 1 (superseded)
 * and редакция № 2 (published in the EIS within 15 days of approval), five electronic and
 * single-supplier methods, and for each method its documents with the DOCX templates.
 */
export async function seedDemoProcurementRules(tx: Tx, ids: DemoIds) {
  const methodIds = await globalIds(
    tx,
    'method',
    METHODS.map((m) => m.code),
  );
  const kindIds = await globalIds(
    tx,
    'document_kind',
    DEMO_TEMPLATES.map((t) => t.kind),
  );
  if (methodIds.size < METHODS.length || kindIds.size < DEMO_TEMPLATES.length) return; // no reference catalogues
  const templates = await templateFiles(tx);
  const today = todayMoscow();
  const calendar = productionCalendar();
  const methods: StoredRuleMethod[] = METHODS.map((m) => ({
    method_id: methodIds.get(m.code) as number,
    notice_days: m.days,
    notice_day_kind: m.kind,
    needs_documentation: m.docs.includes('documentation'),
  }));
  for (const [n, key] of (['client1', 'client2'] as const).entries()) {
    const companyId = ids.companies[key];
    const [company] = await tx
      .select({ title: companies.title })
      .from(companies)
      .where(eq(companies.id, companyId));
    const rule = await repo.insertRule(tx, {
      companyId,
      title: `Положение о закупке товаров, работ, услуг ${company.title}`,
      status: 'published',
    });
    const d1 = addDays(today, -700 - n * 30);
    const d2 = addDays(today, -75 - n * 10);
    const from2 = addDays(d2, 14);
    const versions = [
      {
        number: 1,
        status: 'superseded' as const,
        approvingBody: 'board_of_directors' as const,
        decisionNumber: `${3 + n}/${d1.slice(0, 4)}`,
        decisionDate: d1,
        effectiveFrom: addDays(d1, 14),
        effectiveTo: addDays(from2, -1),
        eisDueDate: eisDueDate(d1, calendar),
        eisPublishedOn: addDays(d1, 6),
        eisRegistrationNumber: `118${String(8_000_000 + n * 1000 + 1)}`,
        changesSummary: 'Положение о закупке утверждено в новой редакции в связи с изменениями 223-ФЗ.',
        smeCeiling: '200000000',
      },
      {
        number: 2,
        status: 'published' as const,
        approvingBody: 'board_of_directors' as const,
        decisionNumber: `${11 + n}/${d2.slice(0, 4)}`,
        decisionDate: d2,
        effectiveFrom: from2,
        effectiveTo: null,
        eisDueDate: eisDueDate(d2, calendar),
        eisPublishedOn: addDays(d2, 4),
        eisRegistrationNumber: `118${String(8_000_000 + n * 1000 + 2)}`,
        changesSummary:
          'Уточнены сроки размещения извещений, порядок закупки у единственного поставщика и пороги включения закупок в план.',
        smeCeiling: '800000000',
      },
    ];
    for (const v of versions) {
      const row = await repo.insertVersion(tx, { ruleId: rule.id, companyId, methods, ...v });
      await repo.insertDocRules(
        tx,
        METHODS.flatMap((m) =>
          m.docs.map((kind, i) => {
            const t = templates.get(kind)!;
            return {
              versionId: row.id,
              companyId,
              methodId: methodIds.get(m.code) as number,
              documentKindId: kindIds.get(kind) as number,
              position: (i + 1) * 10,
              title: DEMO_TEMPLATES.find((x) => x.kind === kind)!.title,
              required: true,
              formats: kind === 'contract_draft' ? ('both' as const) : ('docx' as const),
              condition: null,
              templateFileId: t.fileId,
              templateName: t.name,
              templateTags: t.tags,
            };
          }),
        ),
      );
    }
  }
}
