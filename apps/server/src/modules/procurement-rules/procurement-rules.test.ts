import { catalogRoutes, procurementRuleRoutes as r, type VersionInput } from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { addDays } from '../calendar/iso-date.js';
import { productionCalendar } from '../calendar/production-calendar.js';
import { entryIds, ruleWithDraft, versionBody } from './procurement-rules.factories.js';

const t = testAppForFile();
const C = () => t.ids.companies;
const today = todayMoscow();

async function auditCount(entity: string, id: number, action?: string) {
  const [row] = await t.db.database.query<{ n: number }>(
    `select count(*)::int as n from audit_log where entity = $1 and entity_id = $2 ${action ? 'and action = $3' : ''}`,
    action ? [entity, String(id), action] : [entity, String(id)],
  );
  return row.n;
}

describe('rules', () => {
  it('a specialist creates, renames, archives and restores a rule; every write is audited', async () => {
    const [{ id: customerId }] = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [C().client1],
    );
    const created = await t.call(r.create, {
      params: { company_id: C().client1 },
      body: { title: 'Положение о закупке АО «Энергосеть»', customer_ids: [customerId] },
      as: 'specialist',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      company_id: C().client1,
      customer_ids: [customerId],
      archived: false,
      versions_count: 0,
      current_version: null,
      duty: null,
    });
    expect(created.body.customers[0].title).toBe('АО «Энергосеть»');
    const id = created.body.id;
    const archived = await t.call(r.update, {
      params: { company_id: C().client1, rule_id: id },
      body: { title: 'Положение о закупке (ред.)', archived: true },
      as: 'specialist',
    });
    expect(archived.body).toMatchObject({ title: 'Положение о закупке (ред.)', archived: true });
    const list = await t.call(r.list, { params: { company_id: C().client1 }, as: 'client' });
    expect(list.body.items.some((x) => x.id === id)).toBe(false);
    const all = await t.call(r.list, {
      params: { company_id: C().client1 },
      query: { include_archived: 'true' },
      as: 'client',
    });
    expect(all.body.items.some((x) => x.id === id)).toBe(true);
    await t.call(r.update, {
      params: { company_id: C().client1, rule_id: id },
      body: { title: 'Положение о закупке (ред.)', archived: false },
      as: 'specialist',
    });
    expect(await auditCount('procurement_rule', id, 'create')).toBe(1);
    expect(await auditCount('procurement_rule', id, 'archive')).toBe(1);
    expect(await auditCount('procurement_rule', id, 'restore')).toBe(1);
  });

  it('a customer of another company is refused and nothing is written', async () => {
    const other = await t.db.database.query<{ id: number }>(
      'select id from customers where company_id = $1',
      [C().client2],
    );
    const before = await t.db.database.query('select id from procurement_rules');
    const res = await t.call(r.create, {
      params: { company_id: C().client1 },
      body: { title: 'Чужой заказчик', customer_ids: [other[0].id] },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Заказчик не найден');
    expect((await t.db.database.query('select id from procurement_rules')).length).toBe(before.length);
  });

  it('a client and an operator read rules but may not write them (403)', async () => {
    for (const who of ['client', 'operator'] as const) {
      const res = await t.call(r.create, {
        params: { company_id: C().client1 },
        body: { title: 'X' },
        as: who,
      });
      expect(res.status).toBe(403);
      const list = await t.call(r.list, { params: { company_id: C().client1 }, as: who });
      expect(list.status).toBe(200);
    }
  });

  it('GET /companies/{id}/procurement_rules answers from the same table', async () => {
    const { rule } = await ruleWithDraft(t, C().client2, 'Положение ГУП');
    const res = await t.call(r.list, {
      params: { company_id: C().client2 },
      query: { limit: 100 },
      as: 'client2',
    });
    expect(res.body.items.find((x) => x.id === rule.id)).toMatchObject({
      title: 'Положение ГУП',
      status: 'draft',
    });
  });
});

describe('versions', () => {
  it('only a draft is edited; approval makes it immutable; a new draft copies it', async () => {
    const { rule, version, methods } = await ruleWithDraft(t, C().client1);
    const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
    expect(version).toMatchObject({ number: 1, status: 'draft', duty: null, plan_threshold: '100000' });
    expect(version.methods.map((m) => m.method_code)).toEqual(['e_auction', 'e_quotation']);

    const edited = await t.call(r.updateVersion, {
      params: p,
      body: versionBody(methods, { sme_ceiling: '200000000', changes_summary: 'Уточнены сроки' }),
      as: 'specialist',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ sme_ceiling: '200000000', changes_summary: 'Уточнены сроки' });

    // a second draft is refused while one exists
    const second = await t.call(r.createVersion, {
      params: { company_id: C().client1, rule_id: rule.id },
      body: versionBody(methods),
      as: 'specialist',
    });
    expect(second.status).toBe(409);

    const decision = addDays(today, -3);
    const approved = await t.call(r.approve, {
      params: p,
      body: {
        approving_body: 'board_of_directors',
        decision_number: '7',
        decision_date: decision,
        effective_from: decision,
      },
      as: 'specialist',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(approved.body.duty).toMatchObject({
      base_date: decision,
      due_date: productionCalendar().addCalendarDays(decision, 15, { moveToWorkingDay: true }),
      done_on: null,
      reference: 'ч. 1 ст. 4 223-ФЗ',
    });
    expect(await auditCount('procurement_rule_version', version.id, 'approve')).toBe(1);

    const immutable = await t.call(r.updateVersion, {
      params: p,
      body: versionBody(methods),
      as: 'specialist',
    });
    expect(immutable.status).toBe(409);
    expect(immutable.body as unknown).toMatchObject({ error: { code: 'conflict' } });
    const again = await t.call(r.approve, {
      params: p,
      body: {
        approving_body: 'head',
        decision_number: '8',
        decision_date: decision,
        effective_from: decision,
      },
      as: 'specialist',
    });
    expect(again.status).toBe(409);

    const draft = await t.call(r.newDraft, { params: p, as: 'specialist' });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      number: 2,
      status: 'draft',
      based_on_version_id: version.id,
      sme_ceiling: '200000000',
      decision_date: null,
    });
    expect(draft.body.methods).toEqual(approved.body.methods);
  });

  it('a draft keeps each method’s evaluation and the НМЦД settings; weights off 100 are refused', async () => {
    const { rule, version, methods } = await ruleWithDraft(t, C().client1);
    const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
    expect(version.methods[0].evaluation ?? null).toBeNull();
    expect(version.nmck_settings).toMatchObject({ min_prices: 3, max_variation: 33, unit_price: 'mean' });
    const evaluation = (...weights: number[]) => ({
      criteria: weights.map((weight, i) => ({
        code: ['price', 'qualification', 'term'][i],
        title: ['Цена договора', 'Опыт участника', 'Срок поставки'][i],
        weight,
      })),
      national_preference_percent: 15,
      single_participant: 'failed' as const,
    });
    type Evaluation = NonNullable<NonNullable<VersionInput['methods']>[number]['evaluation']>;
    const withEvaluation = (e: Evaluation) => {
      const body = versionBody(methods);
      return { ...body, methods: body.methods?.map((m, i) => (i ? m : { ...m, evaluation: e })) };
    };
    const stored = async () =>
      (
        await t.db.database.query<{ methods: unknown; nmck_settings: unknown }>(
          'select methods, nmck_settings from procurement_rule_versions where id = $1',
          [version.id],
        )
      )[0];
    const before = await stored();

    const off = await t.call(r.updateVersion, {
      params: p,
      body: withEvaluation(evaluation(50, 20, 20)),
      as: 'specialist',
    });
    expect(off.status).toBe(400);
    expect(JSON.stringify(off.body)).toContain('Сумма весов критериев должна быть 100 %, сейчас 90 %');
    const noPreference = await t.call(r.updateVersion, {
      params: p,
      body: withEvaluation({ ...evaluation(60, 20, 20), national_preference_percent: 0 }),
      as: 'specialist',
    });
    expect(noPreference.status).toBe(400);
    expect(JSON.stringify(noPreference.body)).toContain('Преференция — больше 0 %');
    const noMethod = await t.call(r.updateVersion, {
      params: p,
      body: { nmck_settings: { ...version.nmck_settings, methods: [] } },
      as: 'specialist',
    });
    expect(noMethod.status).toBe(400);
    expect(JSON.stringify(noMethod.body)).toContain('Выберите хотя бы один метод');
    expect(await stored()).toEqual(before);

    const nmck = {
      methods: ['normative', 'market'] as ('normative' | 'market')[],
      min_prices: 5,
      max_variation: 25,
      unit_price: 'min' as const,
      vat_basis: 'without_vat' as const,
      max_age_months: 12,
    };
    const saved = await t.call(r.updateVersion, {
      params: p,
      body: { ...withEvaluation(evaluation(50, 30, 20)), nmck_settings: nmck },
      as: 'specialist',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.methods[0].evaluation).toEqual(evaluation(50, 30, 20));
    expect(saved.body.methods[1].evaluation ?? null).toBeNull();
    expect(saved.body.nmck_settings).toEqual(nmck);
    // a save that does not send them keeps them
    const kept = await t.call(r.updateVersion, {
      params: p,
      body: { changes_summary: 'Уточнены критерии' },
      as: 'specialist',
    });
    expect(kept.body).toMatchObject({ nmck_settings: nmck, changes_summary: 'Уточнены критерии' });
    expect(kept.body.methods[0].evaluation).toEqual(evaluation(50, 30, 20));
  });

  it('a method outside the catalogue is refused; an approval needs a method and sane dates', async () => {
    const { rule, version } = await ruleWithDraft(t, C().client1);
    const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
    const bad = await t.call(r.updateVersion, {
      params: p,
      body: {
        methods: [
          { method_id: 999_999, notice_days: 5, notice_day_kind: 'working', needs_documentation: true },
        ],
      },
      as: 'specialist',
    });
    expect(bad.status).toBe(400);
    const early = await t.call(r.approve, {
      params: p,
      body: {
        approving_body: 'founder',
        decision_number: '1',
        decision_date: addDays(today, -1),
        effective_from: addDays(today, -5),
      },
      as: 'specialist',
    });
    expect(early.status).toBe(400);
    expect((await t.call(r.getVersion, { params: p, as: 'client' })).body.status).toBe('draft');
  });

  it('publishing needs the EIS data and supersedes the version in force from its effective date', async () => {
    const { rule, version, methods } = await ruleWithDraft(t, C().client1);
    const v1 = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
    const d1 = addDays(today, -200);
    await t.call(r.approve, {
      params: v1,
      body: {
        approving_body: 'board_of_directors',
        decision_number: '1',
        decision_date: d1,
        effective_from: d1,
      },
      as: 'specialist',
    });
    const noData = await t.call(r.publish, { params: v1, invalidBody: {}, as: 'specialist' });
    expect(noData.status).toBe(400);
    const pub1 = await t.call(r.publish, {
      params: v1,
      body: { eis_published_on: addDays(d1, 20), eis_registration_number: '1180000123' },
      as: 'specialist',
    });
    expect(pub1.body).toMatchObject({ status: 'published', in_force: true });
    // published 20 days after approval: the duty is done late
    expect(pub1.body.duty).toMatchObject({ status: 'done_late', done_on: addDays(d1, 20) });

    const draft = await t.call(r.newDraft, { params: v1, as: 'specialist' });
    const v2 = { ...v1, version_id: draft.body.id };
    await t.call(r.updateVersion, { params: v2, body: versionBody(methods), as: 'specialist' });
    const d2 = addDays(today, -10);
    const from2 = addDays(today, 5);
    await t.call(r.approve, {
      params: v2,
      body: {
        approving_body: 'board_of_directors',
        decision_number: '2',
        decision_date: d2,
        effective_from: from2,
      },
      as: 'specialist',
    });
    const pub2 = await t.call(r.publish, {
      params: v2,
      body: { eis_published_on: addDays(d2, 2), eis_registration_number: '1180000456' },
      as: 'specialist',
    });
    expect(pub2.body).toMatchObject({ status: 'published', in_force: false, effective_from: from2 });
    const list = await t.call(r.versions, { params: v1, as: 'client' });
    const old = list.body.items.find((v) => v.id === version.id)!;
    // superseded from the day the new one takes effect; until then still in force
    expect(old).toMatchObject({ status: 'superseded', effective_to: addDays(from2, -1), in_force: true });
    const got = await t.call(r.get, { params: v1, as: 'client' });
    expect(got.body.current_version).toMatchObject({ id: version.id, eis_registration_number: '1180000123' });
    expect(got.body.latest_version).toMatchObject({ id: draft.body.id, status: 'published' });
  });

  it('the 15-day duty is due, due soon or overdue on the rule, the versions and the deadlines list', async () => {
    const { rule, version } = await ruleWithDraft(t, C().client2, 'Положение с просрочкой');
    const p = { company_id: C().client2, rule_id: rule.id, version_id: version.id };
    const decision = addDays(today, -40);
    await t.call(r.approve, {
      params: p,
      body: {
        approving_body: 'general_meeting',
        decision_number: '3',
        decision_date: decision,
        effective_from: decision,
      },
      as: 'specialist',
    });
    const got = await t.call(r.get, { params: p, as: 'client2' });
    expect(got.body.duty).toMatchObject({ version_id: version.id, status: 'overdue', done_on: null });
    expect(got.body.duty!.days_left).toBeLessThan(0);
    const deadlines = await t.call(r.deadlines, { params: { company_id: C().client2 }, as: 'client2' });
    expect(deadlines.body.items.find((d) => d.version_id === version.id)).toMatchObject({
      rule_id: rule.id,
      rule_title: 'Положение с просрочкой',
      status: 'overdue',
    });
    expect(deadlines.body.counts.overdue).toBeGreaterThanOrEqual(1);

    // approved today: 15 days ahead, due (not yet due soon)
    const fresh = await ruleWithDraft(t, C().client2, 'Свежее положение');
    const fp = { company_id: C().client2, rule_id: fresh.rule.id, version_id: fresh.version.id };
    const ok = await t.call(r.approve, {
      params: fp,
      body: { approving_body: 'head', decision_number: '4', decision_date: today, effective_from: today },
      as: 'specialist',
    });
    expect(ok.body.duty).toMatchObject({ status: 'due' });
    expect(ok.body.duty!.working_days_left).toBeGreaterThan(2);
  });

  it('a rule with an approved version is not deleted (409); a rule of drafts is', async () => {
    const { rule, version } = await ruleWithDraft(t, C().client1, 'Удаляемое');
    const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
    await t.call(r.approve, {
      params: p,
      body: { approving_body: 'head', decision_number: '5', decision_date: today, effective_from: today },
      as: 'specialist',
    });
    const refused = await t.call(r.remove, { params: p, as: 'specialist' });
    expect(refused.status).toBe(409);
    expect(refused.body as unknown).toMatchObject({ error: { code: 'has_dependents' } });
    const drafts = await ruleWithDraft(t, C().client1, 'Черновое');
    const gone = await t.call(r.remove, {
      params: { company_id: C().client1, rule_id: drafts.rule.id },
      as: 'specialist',
    });
    expect(gone.status).toBe(204);
    expect(await auditCount('procurement_rule', drafts.rule.id, 'delete')).toBe(1);
    const after = await t.call(r.get, {
      params: { company_id: C().client1, rule_id: drafts.rule.id },
      as: 'specialist',
    });
    expect(after.status).toBe(404);
  });

  it('a procurement method a version uses is not deleted from the catalogue', async () => {
    const methods = await entryIds(t, 'method');
    const res = await t.call(catalogRoutes.methods.remove, {
      params: { id: methods.e_auction },
      as: 'admin',
    });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain('Положения о закупке');
  });
});
