import { NS_AUTH, procurementRuleRoutes as r } from '@zakupki/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { entryIds, ruleWithDraft, uploadTemplate } from './procurement-rules.factories.js';

const t = testAppForFile({}, { listen: true });
const C = () => t.ids.companies;
const open: Socket[] = [];
afterAll(() => {
  for (const s of open) s.close();
});

async function socket(who: 'specialist' | 'client' | 'client2'): Promise<Socket> {
  const addr = t.app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  const token = await t.login(who);
  return new Promise((resolve, reject) => {
    const s = connect(`http://127.0.0.1:${port}${NS_AUTH}`, {
      transports: ['websocket'],
      auth: { token },
      reconnection: false,
    });
    open.push(s);
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

type Response = {
  rule_id: number;
  new_rule_id: number | null;
  error: string | null;
  warnings: string[];
  status: string;
  notification_id: number;
};

/** Sends a copy request; collects copyProcurementRuleReceived (if any) and the response. */
function copy(s: Socket, payload: unknown): Promise<{ received: unknown; response: Response }> {
  return new Promise((resolve, reject) => {
    let received: unknown = null;
    const timer = setTimeout(() => reject(new Error('no copyProcurementRuleResponse')), 30_000);
    const onReceived = (p: unknown) => {
      received = p;
    };
    s.on('copyProcurementRuleReceived', onReceived);
    s.once('copyProcurementRuleResponse', (p: Response) => {
      clearTimeout(timer);
      s.off('copyProcurementRuleReceived', onReceived);
      resolve({ received, response: p });
    });
    s.emit('copyProcurementRuleRequest', payload);
  });
}

async function published() {
  const { rule, version, methods } = await ruleWithDraft(t, C().client1, 'Положение для копирования');
  const p = { company_id: C().client1, rule_id: rule.id, version_id: version.id };
  const kinds = await entryIds(t, 'document_kind');
  const doc = await t.call(r.createDocumentsRule, {
    params: p,
    body: { method_id: methods.e_auction, document_kind_id: kinds.notice, title: 'Извещение' },
    as: 'specialist',
  });
  await uploadTemplate(t, { ...p, id: doc.body.id }, [{ runs: ['{customer.title}'] }]);
  const today = todayMoscow();
  await t.call(r.approve, {
    params: p,
    body: { approving_body: 'head', decision_number: '1', decision_date: today, effective_from: today },
    as: 'specialist',
  });
  await t.call(r.publish, {
    params: p,
    body: { eis_published_on: today, eis_registration_number: '1180000999' },
    as: 'specialist',
  });
  await t.call(r.newDraft, { params: p, as: 'specialist' });
  return { rule, doc: doc.body };
}

describe('copy a procurement rule to another company', () => {
  it('received at once, then a job copies it as drafts with templates by reference; twice makes one copy', async () => {
    const { rule, doc } = await published();
    const s = await socket('specialist');
    const first = await copy(s, { rule_id: rule.id, target_company_id: C().client2 });
    expect(first.received).toMatchObject({ rule_id: rule.id, job_id: expect.any(String) });
    expect(first.response).toMatchObject({ rule_id: rule.id, error: null, status: 'success' });
    const newId = first.response.new_rule_id!;
    const copied = await t.call(r.get, {
      params: { company_id: C().client2, rule_id: newId },
      as: 'client2',
    });
    expect(copied.body).toMatchObject({
      title: 'Положение для копирования',
      copied_from_rule_id: rule.id,
      versions_count: 2,
    });
    const versions = await t.call(r.versions, {
      params: { company_id: C().client2, rule_id: newId },
      as: 'specialist',
    });
    expect(versions.body.items.map((v) => [v.number, v.status, v.eis_registration_number])).toEqual([
      [2, 'draft', null],
      [1, 'draft', null],
    ]);
    // drafts carry no approval of the source («Утверждена: …» is not shown on them)
    for (const v of versions.body.items)
      expect([v.approving_body, v.decision_number, v.decision_date]).toEqual([null, null, null]);
    const docs = await t.call(r.documentsRules, {
      params: { company_id: C().client2, rule_id: newId, version_id: versions.body.items[1].id },
      as: 'specialist',
    });
    expect(docs.body.items[0]).toMatchObject({ title: 'Извещение', template_file_id: expect.any(Number) });
    const [source] = await t.db.database.query<{ template_file_id: number }>(
      'select template_file_id from procurement_documents_rules where id = $1',
      [doc.id],
    );
    expect(docs.body.items[0].template_file_id).toBe(source.template_file_id);

    const second = await copy(s, { rule_id: rule.id, target_company_id: C().client2 });
    // the repeated request says what happened: no new copy, the earlier one is named
    expect(second.response).toMatchObject({ new_rule_id: newId, error: null, existed: true });
    expect((second.response as unknown as { message: string }).message).toMatch(/^Копия не создана: /);
    expect(first.response).toMatchObject({ existed: false });
    const [{ n }] = await t.db.database.query<{ n: number }>(
      'select count(*)::int as n from procurement_rules where copied_from_rule_id = $1',
      [rule.id],
    );
    expect(n).toBe(1);
    const [stored] = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from notifications where kind = 'copyProcurementRuleResponse' and status = 'success'",
    );
    expect(stored.n).toBe(2);
    // the source, once copied, is in use: the API says so before DELETE refuses it
    const listed = await t.call(r.list, { params: { company_id: C().client1 }, query: {}, as: 'specialist' });
    expect(listed.body.items.find((x) => x.id === rule.id)?.can_delete).toBe(false);
    const copyCard = await t.call(r.get, {
      params: { company_id: C().client2, rule_id: newId },
      as: 'client2',
    });
    expect(copyCard.body.can_delete).toBe(true);
    const del = await t.call(r.remove, {
      params: { company_id: C().client1, rule_id: rule.id },
      as: 'admin',
    });
    expect(del.status).toBe(409);
  });

  it('a company the caller may not act for is refused as 404 and audited; nothing is copied', async () => {
    const { rule } = await published();
    const s = await socket('client');
    const before = await t.db.database.query('select id from procurement_rules');
    const res = await copy(s, { rule_id: rule.id, target_company_id: C().client2 });
    expect(res.received).toBeNull();
    expect(res.response).toMatchObject({
      new_rule_id: null,
      error: 'Запрашиваемый ресурс не найден',
      status: 'error',
    });
    const [{ n }] = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'access_denied' and entity = 'company' and entity_id = $1",
      [String(C().client2)],
    );
    expect(n).toBeGreaterThanOrEqual(1);
    // another company's rule into one's own company: the source is out of reach
    const s2 = await socket('client2');
    // (it answers exactly like a rule that does not exist: ids cannot be probed)
    const foreign = await copy(s2, { rule_id: rule.id, target_company_id: C().client2 });
    expect(foreign.response.error).toBe('Положение о закупке не найдено');
    const missing = await copy(s2, { rule_id: 2_000_000_000, target_company_id: C().client2 });
    expect(missing.response.error).toBe(foreign.response.error);
    expect((await t.db.database.query('select id from procurement_rules')).length).toBe(before.length);
  });

  it('a chosen version only, and an invalid request answered with its error', async () => {
    const { rule } = await published();
    const versions = await t.call(r.versions, {
      params: { company_id: C().client1, rule_id: rule.id },
      as: 'specialist',
    });
    const s = await socket('specialist');
    const one = await copy(s, {
      rule_id: rule.id,
      target_company_id: C().client2,
      version_ids: [versions.body.items[1].id],
    });
    const got = await t.call(r.get, {
      params: { company_id: C().client2, rule_id: one.response.new_rule_id! },
      as: 'specialist',
    });
    expect(got.body.versions_count).toBe(1);
    const bad = await copy(s, { rule_id: 'x' });
    expect(bad.response.error).toMatch(/^Некорректный запрос/);
  });
});

describe("the copy's title", () => {
  it("names the target company in the copy's title instead of the source's", async () => {
    const names = await t.db.database.query<{ id: number; title: string }>(
      'select id, title from companies where id = any($1)',
      [[C().client1, C().client2]],
    );
    const title = (id: number) => names.find((n) => n.id === id)!.title;
    const { rule } = await ruleWithDraft(t, C().client1, `Положение о закупке ${title(C().client1)}`);
    const s = await socket('specialist');
    const done = await copy(s, { rule_id: rule.id, target_company_id: C().client2 });
    expect(done.response).toMatchObject({ error: null, existed: false });
    const copied = await t.call(r.get, {
      params: { company_id: C().client2, rule_id: done.response.new_rule_id! },
      as: 'client2',
    });
    expect(copied.body.title).toBe(`Положение о закупке ${title(C().client2)}`);
  });
});
