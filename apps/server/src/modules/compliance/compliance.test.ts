import {
  COMPLIANCE_MAX_ITEMS,
  COMPLIANCE_MODULES,
  type ComplianceDuty,
  complianceRoutes,
  contractRoutes,
  procurementRoutes,
  procurementRuleRoutes,
} from '@zakupki/shared';
import { describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { retryReminderLetters, runReminders } from './reminders.service.js';

const t = testAppForFile({}, { demoProcurements: 'plain' });

const calendar = async (company: 'client1' | 'client2', query: Record<string, unknown> = {}) => {
  const r = await t.call(complianceRoutes.calendar, {
    params: { company_id: t.ids.companies[company] },
    query: { from: '2025-01', to: '2027-03', ...query },
    as: 'specialist',
  });
  expect(r.status).toBe(200);
  return r.body;
};

/** The state a duty must have from its dates (docs/domain.md, «Календарь обязанностей»). */
const expectedState = (d: ComplianceDuty, today: string) =>
  d.done_on
    ? d.done_on <= d.due_date
      ? 'done'
      : 'done_late'
    : today > d.due_date
      ? 'overdue'
      : ['due', 'due_soon'].includes(d.state)
        ? d.state
        : 'open';

const outbox = async (to: string) =>
  (await t.app.deps.database.query<{ subject: string; body: string }>(
    'select subject, body from mail_outbox where "to" = $1 order by id',
    [to],
  )) as { subject: string; body: string }[];

describe('the compliance calendar', () => {
  it('lists the duties of every module of a demo company with the states their dates give', async () => {
    const body = await calendar('client1');
    const today = todayMoscow();
    expect(new Set(body.items.map((d) => d.module))).toEqual(new Set(COMPLIANCE_MODULES));
    for (const d of body.items) expect(d.state, d.key).toBe(expectedState(d, today));
    // the demo has every state
    expect(new Set(body.items.map((d) => d.state))).toEqual(
      new Set(['due', 'due_soon', 'overdue', 'done', 'done_late']),
    );
    // the demo's reports: filed on time, filed late, not filed, not yet due
    const reports = new Set(body.items.filter((d) => d.module === 'reports').map((d) => d.state));
    expect(reports).toEqual(new Set(['done', 'done_late', 'overdue', 'due']));
    // the outcomes of the demo's duties done are counted per month
    const stats = await t.call(complianceRoutes.stats, {
      params: { company_id: t.ids.companies.client1 },
      as: 'client',
    });
    expect(stats.body.months.some((m) => m.late > 0)).toBe(true);
    expect(stats.body.months.reduce((n, m) => n + m.on_time, 0)).toBeGreaterThan(10);
    // each duty names its object with a link, and the company's specialists as responsible
    const contract = body.items.find((d) => d.module === 'contracts')!;
    expect(contract.object.link).toBe(`/contracts/register?contract=${contract.object.id}&tab=execution`);
    expect(contract.responsible.map((r) => r.title)).toContain('Иванова Елена (специалист)');
    // the contract duties are the contracts' own: the card shows the same due dates
    const card = await t.call(contractRoutes.get, {
      params: { company_id: t.ids.companies.client1, id: contract.object.id! },
      as: 'specialist',
    });
    expect(card.body.duties.map((d) => d.due_date)).toContain(contract.due_date);
  });

  it('filters by module and state; counts are by state', async () => {
    const all = await calendar('client1');
    const reports = await calendar('client1', { module: 'reports', state: 'overdue' });
    expect(reports.items.length).toBeGreaterThan(0);
    expect(reports.items.every((d) => d.module === 'reports' && d.state === 'overdue')).toBe(true);
    expect(reports.counts.overdue).toBe(
      all.items.filter((d) => d.module === 'reports' && d.state === 'overdue').length,
    );
    const bad = await t.call(complianceRoutes.calendar, {
      params: { company_id: t.ids.companies.client1 },
      query: { state: 'lost' },
      as: 'specialist',
    });
    expect(bad.status).toBe(400);
  });

  it('staff see every company of theirs; a client another company not at all', async () => {
    const r = await t.call(complianceRoutes.staffCalendar, {
      query: { module: 'reports' },
      as: 'specialist',
    });
    expect(r.status).toBe(200);
    expect(new Set(r.body.items.map((d) => d.company_id))).toEqual(
      new Set([t.ids.companies.client1, t.ids.companies.client2]),
    );
    expect((await t.call(complianceRoutes.staffCalendar, { as: 'client' })).status).toBe(403);
    const foreign = await t.call(complianceRoutes.calendar, {
      params: { company_id: t.ids.companies.client2 },
      as: 'client',
    });
    expect(foreign.status).toBe(404);
  });
});

describe('marking a duty done', () => {
  it('a contract duty is recorded as the contract placement and becomes done late', async () => {
    const overdue = (await calendar('client1', { module: 'contracts', state: 'overdue' })).items[0];
    expect(overdue).toBeDefined();
    const today = todayMoscow();
    const r = await t.call(complianceRoutes.mark, {
      params: { company_id: t.ids.companies.client1 },
      body: { key: overdue.key, done_on: today, eis_number: '52770123456250000010000' },
      as: 'specialist',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      state: 'done_late',
      done_on: today,
      eis_number: '52770123456250000010000',
    });
    const card = await t.call(contractRoutes.get, {
      params: { company_id: t.ids.companies.client1, id: overdue.object.id! },
      as: 'specialist',
    });
    const duty = card.body.duties.find((d) => d.due_date === overdue.due_date && d.done_on === today);
    expect(duty?.status).toBe('done_late');
  });

  it('a report is marked on the calendar: on time is done, late is done late; both are counted per month', async () => {
    const items = (await calendar('client1', { module: 'reports' })).items;
    const due = items.find((d) => d.state === 'due' && d.kind === 'monthly_report')!;
    const late = items.find((d) => d.state === 'overdue')!;
    const today = todayMoscow();
    const mark = (key: string, done_on: string) =>
      t.call(complianceRoutes.mark, {
        params: { company_id: t.ids.companies.client1 },
        body: { key, done_on, eis_number: '12345678' },
        as: 'specialist',
      });
    expect((await mark(due.key, today)).body.state).toBe('done');
    expect((await mark(late.key, today)).body.state).toBe('done_late');
    const stats = await t.call(complianceRoutes.stats, {
      params: { company_id: t.ids.companies.client1 },
      as: 'specialist',
    });
    const month = stats.body.months.find((m) => m.month === today.slice(0, 7));
    expect(month?.late).toBeGreaterThanOrEqual(1);
  });

  it('a protocol and a Положение version marked done are recorded on their own cards', async () => {
    const company = t.ids.companies.client1;
    const db = t.app.deps.database;
    const today = todayMoscow();
    // a protocol signed today and not placed yet: an open duty of the procurement
    const [p] = await db.query<{ id: number }>(
      "select id from procurements where company_id = $1 and status in ('bids_closed', 'summing_up') order by id limit 1",
      [company],
    );
    const added = await t.call(procurementRoutes.addProtocol, {
      params: { company_id: company, id: p.id },
      body: { kind: 'opening', signed_on: today },
      as: 'specialist',
    });
    expect(added.status).toBe(201);
    const protocol = added.body.protocols.find((x) => x.signed_on === today && !x.published_on)!;
    const key = `procurement:${p.id}:protocol:${protocol.id}`;
    const open = (await calendar('client1', { module: 'procurements' })).items.find((d) => d.key === key);
    expect(open?.done_on).toBeNull();
    const marked = await t.call(complianceRoutes.mark, {
      params: { company_id: company },
      body: { key, done_on: today, eis_number: '32601234567' },
      as: 'specialist',
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ done_on: today, state: 'done' });
    const card = await t.call(procurementRoutes.get, {
      params: { company_id: company, id: p.id },
      as: 'specialist',
    });
    expect(card.body.protocols.find((x) => x.id === protocol.id)).toMatchObject({
      published_on: today,
      eis_registration_number: '32601234567',
    });
    expect(card.body.duties.find((d) => d.protocol_id === protocol.id)?.done_on).toBe(today);

    // the version in force, taken back to «approved» and not placed: placed through procurement-rules
    const [v] = await db.query<{ id: number; rule_id: number; decision_date: string }>(
      "select id, rule_id, decision_date::text from procurement_rule_versions where company_id = $1 and status = 'published' order by id desc limit 1",
      [company],
    );
    await db.query(
      "update procurement_rule_versions set status = 'approved', eis_published_on = null, eis_registration_number = null where id = $1",
      [v.id],
    );
    const vKey = `rules_version:${v.id}`;
    expect(
      (await calendar('client1', { module: 'rules' })).items.find((d) => d.key === vKey)?.done_on,
    ).toBeNull();
    const placed = await t.call(complianceRoutes.mark, {
      params: { company_id: company },
      body: { key: vKey, done_on: today, eis_number: '12345678901' },
      as: 'specialist',
    });
    expect(placed.status).toBe(200);
    const version = await t.call(procurementRuleRoutes.getVersion, {
      params: { company_id: company, rule_id: v.rule_id, version_id: v.id },
      as: 'specialist',
    });
    expect(version.body).toMatchObject({
      status: 'published',
      eis_published_on: today,
      eis_registration_number: '12345678901',
    });
  });

  it('a notice marked done moves its procurement to «Извещение размещено» on that day', async () => {
    const company = t.ids.companies.client1;
    const db = t.app.deps.database;
    const today = todayMoscow();
    const [p] = await db.query<{ id: number }>(
      "select id from procurements where company_id = $1 and status = 'documentation_ready' order by id limit 1",
      [company],
    );
    expect(p, 'the demo has a procurement with its documentation ready').toBeDefined();
    // the duty counts from the planned publication date: planned for today, it may be placed today
    await db.query('update procurements set planned_publication_date = $2 where id = $1', [p.id, today]);
    const key = `procurement:${p.id}:notice`;
    const marked = await t.call(complianceRoutes.mark, {
      params: { company_id: company },
      body: { key, done_on: today, eis_number: '32601234568' },
      as: 'specialist',
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toMatchObject({ key, done_on: today });
    const card = await t.call(procurementRoutes.get, {
      params: { company_id: company, id: p.id },
      as: 'specialist',
    });
    expect(card.body).toMatchObject({ status: 'published', published_on: today });
  });

  it('a mark needs the owning module’s write permission (403), as on the object’s own card', async () => {
    const company = t.ids.companies.client1;
    const db = t.app.deps.database;
    const today = todayMoscow();
    const [p] = await db.query<{ id: number }>(
      "select id from procurements where company_id = $1 and status in ('bids_closed', 'summing_up') order by id desc limit 1",
      [company],
    );
    const added = await t.call(procurementRoutes.addProtocol, {
      params: { company_id: company, id: p.id },
      body: { kind: 'review', signed_on: today },
      as: 'specialist',
    });
    expect(added.status).toBe(201);
    const protocol = added.body.protocols.find((x) => x.kind === 'review' && x.signed_on === today)!;
    const body = {
      key: `procurement:${p.id}:protocol:${protocol.id}`,
      done_on: today,
      eis_number: '32601234569',
    };
    // a client may mark its contracts' duties, but not place a protocol (no procurements.write)
    const byClient = await t.call(complianceRoutes.mark, {
      params: { company_id: company },
      body,
      as: 'client',
    });
    expect(byClient.status).toBe(403);
    const card = await t.call(procurementRoutes.get, {
      params: { company_id: company, id: p.id },
      as: 'specialist',
    });
    expect(card.body.protocols.find((x) => x.id === protocol.id)?.published_on).toBeNull();
  });

  it('the calendar read is bounded: a long window and a page above the maximum are refused', async () => {
    const params = { company_id: t.ids.companies.client1 };
    const long = await t.call(complianceRoutes.calendar, {
      params,
      query: { from: '2024-01', to: '2027-01' },
      as: 'specialist',
    });
    expect(long.status).toBe(400);
    expect(errorOf(long).details.issues[0].message).toBe(
      'Календарь показывает не больше 36 месяцев за один запрос: сократите период',
    );
    const big = await t.call(complianceRoutes.calendar, {
      params,
      query: { limit: COMPLIANCE_MAX_ITEMS + 1 },
      as: 'specialist',
    });
    expect(big.status).toBe(400);
    const all = await calendar('client1');
    const two = await calendar('client1', { limit: 2 });
    expect(two.items).toEqual(all.items.slice(0, 2));
    expect(two.more).toBe(true);
    expect(all.more).toBe(false);
  });

  it('refuses a future date, a malformed EIS number and an unknown duty with Russian messages', async () => {
    const params = { company_id: t.ids.companies.client1 };
    const future = await t.call(complianceRoutes.mark, {
      params,
      body: { key: 'monthly_report:2026-01', done_on: '2099-01-01', eis_number: '12345' },
      as: 'specialist',
    });
    expect(future.status).toBe(400);
    expect(errorOf(future).details.issues[0].message).toBe('Дата выполнения не может быть в будущем');
    const number = await t.call(complianceRoutes.mark, {
      params,
      invalidBody: { key: 'monthly_report:2026-01', done_on: '2026-02-05', eis_number: 'abc' },
      as: 'specialist',
    });
    expect(number.status).toBe(400);
    expect(errorOf(number).details.issues[0].message).toBe('Номер в ЕИС — от 5 до 40 цифр');
    const unknown = await t.call(complianceRoutes.mark, {
      params,
      body: { key: 'contract:999999:register', done_on: '2026-02-05', eis_number: '12345' },
      as: 'specialist',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('reminders', () => {
  it('the job is scheduled daily at 09:00 Moscow time in the queue every node shares', async () => {
    const schedules = await t.app.deps.jobs.boss.getSchedules();
    const mine = schedules.find((s) => s.name === 'compliance.reminders');
    expect(mine?.cron).toBe('0 9 * * *');
    expect(mine?.options?.tz).toBe('Europe/Moscow');
  });

  it('one digest per user, each reminder once however often the job runs; a user may turn letters off', async () => {
    const water = t.ids.companies.client2;
    const operator = t.ids.users['operator@demo.local'];
    // client2 names its operator responsible, who turns the letters off
    const saved = await t.call(complianceRoutes.saveSettings, {
      params: { company_id: water },
      body: { responsible_user_ids: [operator], offsets: [3, 1] },
      as: 'specialist',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ responsible_user_ids: [operator], offsets: [3, 1] });
    const off = await t.call(complianceRoutes.saveMyPrefs, {
      body: { reminder_mail: false },
      as: 'operator',
    });
    expect(off.body).toEqual({ reminder_mail: false });

    const before = (await outbox('specialist@demo.local')).length;
    // two nodes at once, then again
    const runs = await Promise.all([runReminders(t.app.deps), runReminders(t.app.deps)]);
    const again = await runReminders(t.app.deps);
    expect(again).toEqual({ users: 0, reminders: 0, letters: 0 });
    expect(runs[0].reminders + runs[1].reminders).toBeGreaterThan(0);
    const letters = (await outbox('specialist@demo.local')).slice(before);
    expect(letters).toHaveLength(1);
    expect(letters[0].subject).toMatch(/^Сроки 223-ФЗ на /);
    expect(letters[0].body).toContain('Вы получили это письмо, потому что назначены ответственным');
    expect(letters[0].body).toContain('Почему напоминаем: срок');
    expect(letters[0].body).toContain('АО «Энергосеть»');
    expect(letters[0].body).not.toContain('Водоканал');
    // the operator: no letter, but the reminder in the product
    expect(await outbox('operator@demo.local')).toHaveLength(0);
    const notes = await t.app.deps.database.query<{ header: string }>(
      `select header from notifications where user_id = $1 and header like 'Сроки 223-ФЗ%'`,
      [operator],
    );
    expect(notes).toHaveLength(1);
    const sends = await t.app.deps.database.query<{ n: number }>(
      'select count(*)::int as n from reminder_sends where user_id = $1 and mail_id is null',
      [operator],
    );
    expect(Number(sends[0].n)).toBeGreaterThan(0);
  });

  it('a letter whose SMTP delivery failed is retried once its time comes, and sent once', async () => {
    const db = t.app.deps.database;
    // the reminders of the day sent anew through an SMTP server that refuses the connection
    await db.query('delete from reminder_sends');
    const failing = { ...t.app.deps, config: { ...t.app.deps.config, smtpUrl: 'smtp://127.0.0.1:9' } };
    const run = await runReminders(failing);
    expect(run.letters).toBeGreaterThan(0);
    const letterOf = async () =>
      (
        await db.query<{ id: number; sent_at: string | null; attempts: number; last_error: string | null }>(
          `select m.id, m.sent_at, m.attempts, m.last_error from mail_outbox m
            where m.id in (select mail_id from reminder_sends) and m."to" = 'specialist@demo.local'`,
        )
      )[0];
    const failed = await letterOf();
    expect(failed).toMatchObject({ sent_at: null, attempts: 1 });
    expect(failed.last_error).toBeTruthy();
    // not before its retry time
    expect(await retryReminderLetters(t.app.deps)).toEqual({ delivered: 0, failed: 0 });
    await db.query(`update mail_outbox set retry_at = now() - interval '1 second' where id = $1`, [
      failed.id,
    ]);
    // the next attempt (the transport works again) delivers it, once
    const retried = await retryReminderLetters(t.app.deps);
    expect(retried.delivered).toBeGreaterThanOrEqual(1);
    expect(retried.failed).toBe(0);
    expect(await letterOf()).toMatchObject({ attempts: 2, last_error: null });
    expect((await letterOf()).sent_at).not.toBeNull();
    expect(await retryReminderLetters(t.app.deps)).toEqual({ delivered: 0, failed: 0 });
    // the reminders stay claimed: no second letter
    expect(await runReminders(t.app.deps)).toEqual({ users: 0, reminders: 0, letters: 0 });
  });

  it('settings refuse a user who is not a member and repeated offsets', async () => {
    const r = await t.call(complianceRoutes.saveSettings, {
      params: { company_id: t.ids.companies.client2 },
      body: { responsible_user_ids: [t.ids.users['client@demo.local']], offsets: [5] },
      as: 'specialist',
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).details.issues[0].message).toBe(
      'Ответственным можно назначить только активного пользователя компании',
    );
    const twice = await t.call(complianceRoutes.saveSettings, {
      params: { company_id: t.ids.companies.client2 },
      invalidBody: { responsible_user_ids: null, offsets: [2, 2] },
      as: 'specialist',
    });
    expect(twice.status).toBe(400);
    expect(errorOf(twice).details.issues[0].message).toBe('Сроки не должны повторяться');
  });
});
