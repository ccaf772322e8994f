import { contractRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractBody, createContract, day, errorOf, issuesOf } from './contracts.factories.js';

const t = testAppForFile();
let token: string;
let company: number;

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
});

describe('status transitions', () => {
  it('проект -> заключен -> исполнен, and nothing after', async () => {
    const c = await createContract(t, token, company, { number: 'С-1' });
    const bad = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'executed' },
    });
    expect(bad.status).toBe(409);
    expect(errorOf(bad).message).toBe(
      'Нельзя перевести договор из статуса «Проект» в «Исполнен»: из него можно перейти только в «Заключен» или «Отменен»',
    );
    const concluded = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'concluded' },
    });
    expect(concluded.status).toBe(200);
    expect(concluded.body.duties.map((d) => [d.duty, d.status])).toEqual([['register', 'overdue']]);
    const early = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'executed', date: day(-40) },
    });
    expect(issuesOf(early)[0]).toMatch(/^body\.date: Дата .* раньше даты заключения договора/);
    const done = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'executed', date: day(-2) },
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('executed');
    expect(done.body.allowed_transitions).toEqual([]);
    expect(done.body.duties.map((d) => d.duty)).toEqual(['register', 'execution']);
    const again = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'terminated', reason: 'x' },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toMatch(/этот статус окончательный$/);
    const edit = await t.call(contractRoutes.update, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: contractBody({ number: 'С-1' }),
    });
    expect(edit.status).toBe(409);
    expect(errorOf(edit).message).toBe('Договор в статусе «Исполнен» не редактируется');
    const h = await t.call(contractRoutes.history, {
      params: { company_id: company, id: c.id },
      as: 'client',
    });
    expect(h.body.items.map((v) => [v.action, v.snapshot.status])).toEqual([
      ['status', 'executed'],
      ['status', 'concluded'],
      ['create', 'draft'],
    ]);
  });

  it('termination needs a reason; a draft can be cancelled', async () => {
    const c = await createContract(t, token, company, { number: 'С-2', status: 'concluded' });
    const noReason = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'terminated' },
    });
    expect(issuesOf(noReason)).toEqual(['body.reason: Укажите основание расторжения договора']);
    const term = await t.call(contractRoutes.status, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { status: 'terminated', date: day(-1), reason: `Соглашение о расторжении от ${day(-1)}` },
    });
    expect(term.body.status).toBe('terminated');
    const ev = await t.call(contractRoutes.events, {
      params: { company_id: company, id: c.id },
      as: 'client',
    });
    expect(ev.body.items[0]).toMatchObject({ kind: 'termination', event_date: day(-1) });
    const d = await createContract(t, token, company, { number: 'С-3' });
    const cancel = await t.call(contractRoutes.status, {
      params: { company_id: company, id: d.id },
      as: 'client',
      body: { status: 'cancelled' },
    });
    expect(cancel.body).toMatchObject({ status: 'cancelled', duties: [] });
  });

  it('archive and restore', async () => {
    const c = await createContract(t, token, company, { number: 'А-1' });
    const a = await t.call(contractRoutes.archive, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { archived: true },
    });
    expect(a.body.archived).toBe(true);
    const list = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { q: 'А-1' },
      as: 'client',
    });
    expect(list.body.items.map((i) => i.id)).not.toContain(c.id);
    const archivedList = await t.call(contractRoutes.list, {
      params: { company_id: company },
      query: { archived: 'true' },
      as: 'client',
    });
    expect(archivedList.body.items.map((i) => i.id)).toContain(c.id);
    expect(
      (
        await t.call(contractRoutes.archive, {
          params: { company_id: company, id: c.id },
          as: 'client',
          body: { archived: true },
        })
      ).status,
    ).toBe(409);
    const r = await t.call(contractRoutes.archive, {
      params: { company_id: company, id: c.id },
      as: 'client',
      body: { archived: false },
    });
    expect(r.body).toMatchObject({ archived: false, revision: 3 });
  });
});
