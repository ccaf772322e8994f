import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { contractBody, createContract, day } from './contracts.test-helpers.js';

let t: TestApp;
let token: string;
let company: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('client');
  company = t.ids.companies.client1;
  base = `/api/companies/${company}/contracts`;
});
afterAll(async () => {
  await t?.close();
});

const issues = (r: { body: any }) =>
  (r.body.error.details.issues as { path: string; message: string }[]).map((i) => `${i.path}: ${i.message}`);

describe('status transitions', () => {
  it('проект -> заключен -> исполнен, and nothing after', async () => {
    const c = await createContract(t, token, company, { number: 'С-1' });
    const bad = await t.req('POST', `${base}/${c.id}/status`, { token, body: { status: 'executed' } });
    expect(bad.status).toBe(409);
    expect(bad.body.error.message).toBe(
      'Нельзя перевести договор из статуса «Проект» в «Исполнен»: из него можно перейти только в «Заключен» или «Отменен»',
    );
    const concluded = await t.req('POST', `${base}/${c.id}/status`, { token, body: { status: 'concluded' } });
    expect(concluded.status).toBe(200);
    expect(concluded.body.duties.map((d: any) => [d.duty, d.status])).toEqual([['register', 'overdue']]);
    const early = await t.req('POST', `${base}/${c.id}/status`, {
      token,
      body: { status: 'executed', date: day(-40) },
    });
    expect(issues(early)[0]).toMatch(/^body\.date: Дата .* раньше даты заключения договора/);
    const done = await t.req('POST', `${base}/${c.id}/status`, {
      token,
      body: { status: 'executed', date: day(-2) },
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('executed');
    expect(done.body.allowed_transitions).toEqual([]);
    expect(done.body.duties.map((d: any) => d.duty)).toEqual(['register', 'execution']);
    const again = await t.req('POST', `${base}/${c.id}/status`, {
      token,
      body: { status: 'terminated', reason: 'x' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/этот статус окончательный$/);
    const edit = await t.req('PUT', `${base}/${c.id}`, { token, body: contractBody({ number: 'С-1' }) });
    expect(edit.status).toBe(409);
    expect(edit.body.error.message).toBe('Договор в статусе «Исполнен» не редактируется');
    const h = await t.req('GET', `${base}/${c.id}/history`, { token });
    expect(h.body.items.map((v: any) => [v.action, v.snapshot.status])).toEqual([
      ['status', 'executed'],
      ['status', 'concluded'],
      ['create', 'draft'],
    ]);
  });

  it('termination needs a reason; a draft can be cancelled', async () => {
    const c = await createContract(t, token, company, { number: 'С-2', status: 'concluded' });
    const noReason = await t.req('POST', `${base}/${c.id}/status`, { token, body: { status: 'terminated' } });
    expect(issues(noReason)).toEqual(['body.reason: Укажите основание расторжения договора']);
    const term = await t.req('POST', `${base}/${c.id}/status`, {
      token,
      body: { status: 'terminated', date: day(-1), reason: `Соглашение о расторжении от ${day(-1)}` },
    });
    expect(term.body.status).toBe('terminated');
    const ev = await t.req('GET', `${base}/${c.id}/events`, { token });
    expect(ev.body.items[0]).toMatchObject({ kind: 'termination', event_date: day(-1) });
    const d = await createContract(t, token, company, { number: 'С-3' });
    const cancel = await t.req('POST', `${base}/${d.id}/status`, { token, body: { status: 'cancelled' } });
    expect(cancel.body).toMatchObject({ status: 'cancelled', duties: [] });
  });

  it('archive and restore', async () => {
    const c = await createContract(t, token, company, { number: 'А-1' });
    const a = await t.req('POST', `${base}/${c.id}/archive`, { token, body: { archived: true } });
    expect(a.body.archived).toBe(true);
    const list = await t.req('GET', `${base}?q=А-1`, { token });
    expect(list.body.items.map((i: any) => i.id)).not.toContain(c.id);
    const archivedList = await t.req('GET', `${base}?archived=true`, { token });
    expect(archivedList.body.items.map((i: any) => i.id)).toContain(c.id);
    expect((await t.req('POST', `${base}/${c.id}/archive`, { token, body: { archived: true } })).status).toBe(
      409,
    );
    const r = await t.req('POST', `${base}/${c.id}/archive`, { token, body: { archived: false } });
    expect(r.body).toMatchObject({ archived: false, revision: 3 });
  });
});
