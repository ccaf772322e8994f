import { procurementRuleRoutes as r } from '@zakupki/shared';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import { checkTags } from '../../../modules/procurement-rules/procurement-rules.policy.js';
import { userFields } from '../../../modules/procurement-rules/procurement-rules.repository.js';
import { readTemplateTags } from '../../../modules/procurement-rules/procurement-templates.parser.js';
import { DEMO_TEMPLATES, demoTemplateDocx } from './procurement-rules.demo-templates.js';

const t = testAppForFile();

describe('demo procurement rules', () => {
  it('each demo client has a Положение: редакция 1 superseded, 2 published and in force, five methods', async () => {
    for (const [key, as] of [
      ['client1', 'client'],
      ['client2', 'client2'],
    ] as const) {
      const company = t.ids.companies[key];
      const list = await t.call(r.list, { params: { company_id: company }, as });
      expect(list.body.total).toBe(1);
      const rule = list.body.items[0];
      expect(rule).toMatchObject({ status: 'published', versions_count: 2, duty: null });
      expect(rule.current_version).toMatchObject({ number: 2, status: 'published' });
      const versions = await t.call(r.versions, { params: { company_id: company, rule_id: rule.id }, as });
      expect(versions.body.items.map((v) => [v.number, v.status, v.in_force])).toEqual([
        [2, 'published', true],
        [1, 'superseded', false],
      ]);
      const v2 = versions.body.items[0];
      expect(v2.duty).toMatchObject({ status: 'done' });
      expect(v2.methods.map((m) => m.method_code)).toEqual([
        'e_tender',
        'e_auction',
        'e_quotation',
        'e_proposal',
        'single_supplier',
      ]);
      const docs = await t.call(r.documentsRules, {
        params: { company_id: company, rule_id: rule.id, version_id: v2.id },
        as: 'specialist',
      });
      expect(docs.body.items.length).toBe(22);
      expect(docs.body.items.every((d) => d.template_file_id !== null)).toBe(true);
    }
  });

  it('the five templates use only known tags, a specification loop, and fill without leftovers', async () => {
    const fields = await userFields(t.app.deps.db, t.ids.companies.client1);
    for (const tpl of DEMO_TEMPLATES) {
      const read = await readTemplateTags(demoTemplateDocx(tpl));
      expect(read.malformed).toEqual([]);
      expect(checkTags(read.tags, fields).unknown).toEqual([]);
      expect(read.tags).toContain('items');
    }
    const list = await t.call(r.list, { params: { company_id: t.ids.companies.client1 }, as: 'specialist' });
    const rule = list.body.items[0];
    const versions = await t.call(r.versions, {
      params: { company_id: t.ids.companies.client1, rule_id: rule.id },
      as: 'specialist',
    });
    const p = {
      company_id: t.ids.companies.client1,
      rule_id: rule.id,
      version_id: versions.body.items[0].id,
    };
    const docs = await t.call(r.documentsRules, { params: p, as: 'specialist' });
    const notice = docs.body.items.find((d) => d.title === 'Извещение о закупке')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${p.company_id}/procurement_rules/${p.rule_id}/versions/${p.version_id}/documents_rules/${notice.id}/preview`,
      headers: { authorization: `Bearer ${await t.login('specialist')}` },
    });
    const text = new PizZip(res.rawPayload)
      .file('word/document.xml')!
      .asText()
      .replace(/<[^>]+>/g, '');
    expect(text).toContain('ИЗВЕЩЕНИЕ О ПРОВЕДЕНИИ ЗАКУПКИ');
    expect(text).toContain('Бумага офисная А4');
    expect(text).not.toMatch(/[{}]/);
  });
});
