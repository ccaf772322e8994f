import { procurementRuleRoutes, type RouteDef } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { entryIds, ruleWithDraft } from './procurement-rules.factories.js';

/**
 * A client of АО «Энергосеть» against ГУП «Водоканал Северо-Запад»: every route of the module
 * answers 404 (never 403) with an access_denied audit entry; the other company's rule addressed
 * under one's own company is 404 too.
 */
const t = testAppForFile();
let foreign: { company_id: number; rule_id: number; version_id: number; id: number };

beforeAll(async () => {
  const { rule, version, methods } = await ruleWithDraft(t, t.ids.companies.client2, 'Положение Водоканала');
  const kinds = await entryIds(t, 'document_kind');
  const p = { company_id: t.ids.companies.client2, rule_id: rule.id, version_id: version.id };
  const doc = await t.call(procurementRuleRoutes.createDocumentsRule, {
    params: p,
    body: { method_id: methods.e_auction, document_kind_id: kinds.notice, title: 'Извещение' },
    as: 'specialist',
  });
  foreign = { ...p, id: doc.body.id };
});

async function denials(entity: string, entityId: number) {
  const [r] = await t.db.database.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'access_denied' and entity = $1 and entity_id = $2",
    [entity, String(entityId)],
  );
  return r.n;
}

const routes = Object.entries(procurementRuleRoutes) as [string, RouteDef][];
const today = new Date().toISOString().slice(0, 10);

/** A valid body per route, so that only the rule's owner decides the answer. */
function bodyOf(name: string): unknown {
  const doc = { method_id: 1, document_kind_id: 1, title: 'Документ' };
  const bodies: Record<string, unknown> = {
    create: { title: 'x' },
    update: { title: 'x' },
    createVersion: {},
    updateVersion: {},
    approve: { approving_body: 'head', decision_number: '1', decision_date: today, effective_from: today },
    publish: { eis_published_on: today, eis_registration_number: '1180000123' },
    createDocumentsRule: doc,
    updateDocumentsRule: doc,
    orderDocumentsRules: { method_id: 1, ids: [1] },
  };
  return bodies[name];
}

describe('tenancy of the procurement-rules routes', () => {
  it('every route declares its company and permission', () => {
    for (const [, def] of routes) {
      expect(def.company).toBe('company_id');
      expect(['rules.read', 'rules.write']).toContain(def.permission);
    }
  });

  it.each(routes.map(([name, def]) => [name, def.method, def.path]))(
    '%s (%s %s) in another company: 404 and an audit entry',
    async (name) => {
      const def = procurementRuleRoutes[name as keyof typeof procurementRuleRoutes] as RouteDef;
      const before = await denials('company', foreign.company_id);
      const res = await t.call(def, { params: foreign, invalidBody: { title: 'x' }, as: 'client' });
      expect(res.status).toBe(404);
      expect(await denials('company', foreign.company_id)).toBe(before + 1);
    },
  );

  it.each(routes.filter(([, d]) => d.path.includes(':rule_id')).map(([name]) => [name]))(
    '%s: the other company’s rule under one’s own company is 404 and audited',
    async (name) => {
      const def = procurementRuleRoutes[name as keyof typeof procurementRuleRoutes] as RouteDef;
      const before = await denials('procurement_rule', foreign.rule_id);
      const res = await t.call(def, {
        params: { ...foreign, company_id: t.ids.companies.client1 },
        invalidBody: bodyOf(name as string),
        as: 'specialist',
      });
      expect(res.status).toBe(404);
      expect(await denials('procurement_rule', foreign.rule_id)).toBe(before + 1);
      // exactly like a rule that does not exist: ids cannot be probed
      const missing = await t.call(def, {
        params: { ...foreign, company_id: t.ids.companies.client1, rule_id: 2_000_000_000 },
        invalidBody: bodyOf(name as string),
        as: 'specialist',
      });
      expect(missing.status).toBe(404);
      expect(errorOf(res)).toEqual(errorOf(missing));
      expect(errorOf(res).message).toBe('Положение о закупке не найдено');
    },
  );

  it('the foreign rule is unchanged', async () => {
    const [row] = await t.db.database.query<{ title: string; archived_at: unknown }>(
      'select title, archived_at from procurement_rules where id = $1',
      [foreign.rule_id],
    );
    expect(row).toEqual({ title: 'Положение Водоканала', archived_at: null });
  });
});
