import { procurementRuleRoutes as r, type VersionInput } from '@zakupki/shared';
import type { TestApp } from '../../../test/harness.js';
import { type Block, buildDocx } from '../../kernel/docx-builder.js';
import { multipart } from '../imports/import-uploads.factories.js';

/** Test data of the procurement-rules module. */

/** Ids of global catalogue entries by code (procurement methods, document kinds). */
export async function entryIds(
  t: TestApp,
  kind: 'method' | 'document_kind',
): Promise<Record<string, number>> {
  const rows = await t.db.database.query<{ id: number; code: string }>(
    'select id, code from catalog_entries where kind = $1 and company_id is null',
    [kind],
  );
  return Object.fromEntries(rows.map((x) => [x.code, x.id]));
}

export const versionBody = (
  methods: Record<string, number>,
  extra: Partial<VersionInput> = {},
): VersionInput => ({
  changes_summary: 'Первая редакция',
  methods: [
    { method_id: methods.e_auction, notice_days: 15, notice_day_kind: 'calendar', needs_documentation: true },
    {
      method_id: methods.e_quotation,
      notice_days: 5,
      notice_day_kind: 'working',
      needs_documentation: false,
    },
  ],
  ...extra,
});

/** A rule with one draft version in a company, made by a specialist. */
export async function ruleWithDraft(
  t: TestApp,
  companyId: number,
  title = 'Положение о закупке товаров, работ, услуг',
) {
  const methods = await entryIds(t, 'method');
  const rule = await t.call(r.create, {
    params: { company_id: companyId },
    body: { title },
    as: 'specialist',
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${JSON.stringify(rule.body)}`);
  const version = await t.call(r.createVersion, {
    params: { company_id: companyId, rule_id: rule.body.id },
    body: versionBody(methods),
    as: 'specialist',
  });
  if (version.status !== 201) throw new Error(`version: ${version.status} ${JSON.stringify(version.body)}`);
  return { rule: rule.body, version: version.body, methods };
}

/** Uploads a DOCX built from blocks as the template of a documents rule. */
export function uploadTemplate(
  t: TestApp,
  params: { company_id: number; rule_id: number; version_id: number; id: number },
  blocks: Block[],
  as: 'specialist' | 'client' | 'operator' = 'specialist',
  name = 'шаблон.docx',
) {
  const body = multipart([{ name, data: buildDocx('Шаблон', blocks) }]);
  return t
    .login(as)
    .then((token) =>
      t.req<Record<string, unknown>>(
        'POST',
        `/api/companies/${params.company_id}/procurement_rules/${params.rule_id}/versions/${params.version_id}/documents_rules/${params.id}/template`,
        { token, body: body.payload, headers: body.headers },
      ),
    );
}
