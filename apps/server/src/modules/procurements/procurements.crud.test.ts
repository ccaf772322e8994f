import { procurementRoutes as r, procurementRuleRoutes as rules } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { auditLog, customers, procurementProtocols } from '../../db/schema/index.js';
import { todayMoscow } from '../../lib/moscow-time.js';
import { formatRuDate } from '../calendar/iso-date.js';
import { versionBody } from '../procurement-rules/procurement-rules.factories.js';
import {
  addProtocol,
  amountBody,
  createProcurement,
  day,
  methodIds,
  moveTo,
  procurementBody,
  publishedProcurement,
} from './procurements.factories.js';

const t = testAppForFile();
let company: number;
let methods: Record<string, number>;
const year = todayMoscow().slice(0, 4);

beforeAll(async () => {
  company = t.ids.companies.client1;
  methods = await methodIds(t);
});

function params(): { company_id: number };
function params(id: number): { company_id: number; id: number };
function params(id?: number) {
  return id ? { company_id: company, id } : { company_id: company };
}

describe('create, read, edit, delete', () => {
  it('creates a draft numbered within the year, pinned to the Положение in force', async () => {
    const p = await createProcurement(t, company, procurementBody(methods));
    expect(p).toMatchObject({
      number: `З-${year}-001`,
      status: 'draft',
      source: 'manual',
      rule_version_number: 2,
      method_title: 'Аукцион в электронной форме',
      nmcd: '90000.00',
      lots_count: 1,
      contracts_count: 0,
      allowed_transitions: ['documentation_ready', 'published', 'cancelled'],
      revision: 1,
    });
    expect(p.rule_title).toContain('Положение о закупке');
    expect(p.lots[0].items.map((i) => [i.line_no, i.quantity, i.unit_price, i.amount])).toEqual([
      [1, '10', '5000.00', '50000.00'],
      [2, '4', '10000.00', '40000.00'],
    ]);
    expect(p.customer_title).toBeTruthy();
    expect(p.duties.map((d) => [d.duty, d.due_date, d.status])).toEqual([
      ['notice_placement', day(10), 'due'],
    ]);
    const second = await createProcurement(t, company, procurementBody(methods));
    expect(second.number).toBe(`З-${year}-002`);
    const history = await t.call(r.history, { params: params(p.id), as: 'operator' });
    expect(history.body.items.map((e) => [e.kind, e.title, e.by?.title])).toEqual([
      ['created', 'Закупка создана', expect.any(String)],
    ]);
    const [entry] = await t.app.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'procurement'));
    expect(entry.action).toBe('create');
  });

  it('refuses a number the company already has (409 naming it)', async () => {
    await createProcurement(t, company, procurementBody(methods, { number: 'ЗК-77' }));
    const res = await t.call(r.create, {
      params: params(),
      body: procurementBody(methods, { number: 'ЗК-77' }),
      as: 'specialist',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: { code: 'duplicate', message: 'Закупка с номером ЗК-77 уже есть в реестре (№ ЗК-77)' },
    });
  });

  it('lets clients and operators read, not write (403)', async () => {
    const p = await createProcurement(t, company, procurementBody(methods));
    for (const who of ['client', 'operator'] as const) {
      expect((await t.call(r.get, { params: params(p.id), as: who })).status).toBe(200);
      expect((await t.call(r.list, { params: params(), as: who })).status).toBe(200);
      const writes = [
        await t.call(r.create, { params: params(), body: procurementBody(methods), as: who }),
        await t.call(r.update, { params: params(p.id), body: procurementBody(methods), as: who }),
        await t.call(r.remove, { params: params(p.id), as: who }),
        await t.call(r.status, { params: params(p.id), body: { status: 'cancelled', reason: 'x' }, as: who }),
        await t.call(r.fromPlan, { params: params(), body: { plan_position_id: 1 }, as: who }),
      ];
      expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403, 403]);
    }
  });

  it('edits with the changed fields in the history, and deletes only drafts', async () => {
    const p = await createProcurement(t, company, procurementBody(methods));
    const body = procurementBody(methods, { subject: 'Поставка муфт', bids_deadline: day(31) });
    const res = await t.call(r.update, { params: params(p.id), body, as: 'specialist' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ subject: 'Поставка муфт', revision: 2, number: p.number });
    const history = await t.call(r.history, { params: params(p.id), as: 'client' });
    expect(history.body.items[0]).toMatchObject({
      kind: 'updated',
      changed_fields: ['subject', 'bids_deadline'],
      title: 'Изменено: Предмет закупки, Окончание подачи заявок',
    });
    expect(res.body.can_delete).toBe(true);
    const published = await publishedProcurement(t, company, methods);
    // the card offers no «Удалить» where the route refuses: the same policy answers both
    expect((await t.call(r.get, { params: params(published.id), as: 'specialist' })).body.can_delete).toBe(
      false,
    );
    const refused = await t.call(r.remove, { params: params(published.id), as: 'specialist' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: {
        message:
          'Удалить можно только черновик: закупка в статусе «Извещение размещено» остаётся в реестре, отмените её (статус «Отменена»)',
      },
    });
    expect((await t.call(r.remove, { params: params(p.id), as: 'specialist' })).status).toBe(204);
    expect((await t.call(r.get, { params: params(p.id), as: 'specialist' })).status).toBe(404);
  });
});

describe('the Положение version in force', () => {
  it('names what is missing: no rule at all', async () => {
    const res = await t.call(r.create, {
      params: { company_id: t.ids.companies.provider },
      body: procurementBody(methods),
      as: 'specialist',
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: {
        message:
          'Нет Положения о закупке для компании: заведите положение в разделе «Положения о закупке» (ч. 1 ст. 2 223-ФЗ)',
      },
    });
  });

  it('a rule naming the customer governs it, and without a version in force it refuses', async () => {
    const db = t.app.deps.db;
    const [customer] = await db.select().from(customers).where(eq(customers.companyId, company)).limit(1);
    const rule = await t.call(rules.create, {
      params: { company_id: company },
      body: { title: 'Положение заказчика', customer_ids: [customer.id] },
      as: 'specialist',
    });
    await t.call(rules.createVersion, {
      params: { company_id: company, rule_id: rule.body.id },
      body: versionBody(methods),
      as: 'specialist',
    });
    const res = await t.call(r.create, {
      params: params(),
      body: procurementBody(methods, { customer_id: customer.id }),
      as: 'specialist',
    });
    expect(res.status).toBe(409);
    expect((res.body as unknown as { error: { message: string } }).error.message).toBe(
      `Нет редакции Положения о закупке, действующей на ${formatRuDate(todayMoscow())}, для заказчика «${customer.title}»: у положения «Положение заказчика» нет утверждённой и размещённой в ЕИС редакции, вступившей в силу (ч. 1 ст. 2 223-ФЗ)`,
    );
    await t.call(rules.update, {
      params: { company_id: company, rule_id: rule.body.id },
      body: { title: 'Положение заказчика', customer_ids: [], archived: true },
      as: 'specialist',
    });
  });
});

describe('the rules of the law, each refused with its message', () => {
  const refused = async (body: ReturnType<typeof procurementBody>) => {
    const res = await t.call(r.create, { params: params(), body, as: 'specialist' });
    return {
      status: res.status,
      ...(
        res.body as unknown as {
          error: { code: string; message: string; details: { issues: { rule: string }[] } };
        }
      ).error,
    };
  };

  it('НМЦД equal to the lots and the items', async () => {
    const a = await refused(procurementBody(methods, { nmcd: '95000.00' }));
    expect(a).toMatchObject({
      status: 400,
      message: 'НМЦД закупки 95 000,00 ₽ не равна сумме НМЦД лотов 90 000,00 ₽',
    });
    const body = procurementBody(methods);
    body.lots[0].nmcd = '95000.00';
    body.nmcd = '95000.00';
    const b = await refused(body);
    expect(b.message).toBe('НМЦД лота № 1 (95 000,00 ₽) не равна сумме его позиций (90 000,00 ₽)');
  });

  it('the method of the Положение', async () => {
    const a = await refused(procurementBody(methods, { method_id: methods.open_tender }));
    expect(a.status).toBe(400);
    expect(a.message).toMatch(
      /^Способ закупки «Открытый конкурс» не предусмотрен Положением «.+» \(редакция № 2, действует с \d\d\.\d\d\.\d{4}\); допустимы: /,
    );
  });

  it('the notice period on the calendar', async () => {
    const a = await refused(
      procurementBody(methods, { bids_deadline: day(20), review_date: day(21), summing_up_date: day(22) }),
    );
    expect(a.message).toContain(
      `Срок подачи заявок ${formatRuDate(day(20))} короче срока для способа «Аукцион в электронной форме»: не менее 15 календарных дней после планируемого размещения извещения ${formatRuDate(day(10))}, то есть не ранее ${formatRuDate(day(25))} (ст. 3.2 223-ФЗ; срок установлен Положением «`,
    );
    expect(a.details.issues.map((i) => i.rule)).toEqual(['notice_period']);
  });

  it('the dates in order', async () => {
    const a = await refused(procurementBody(methods, { review_date: day(40) }));
    expect(a.message).toBe(
      `Даты закупки не по порядку: дата подведения итогов ${formatRuDate(day(34))} раньше, чем дата рассмотрения заявок ${formatRuDate(day(40))}`,
    );
  });

  it('SME-only within the ceiling', async () => {
    const a = await refused(amountBody(methods, '900000000.00', { sme_only: true }));
    expect(a.details.issues.map((i) => i.rule)).toContain('sme_ceiling');
    expect(a.message).toMatch(
      /^НМЦД закупки только для субъектов МСП 900 000 000,00 ₽ больше предела 800 000 000,00 ₽/,
    );
  });

  it('a plan position above the threshold, asked when the draft moves on', async () => {
    const p = await createProcurement(t, company, amountBody(methods, '200000.00'));
    const res = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'published' },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { error: { message: string } }).error.message).toMatch(
      /^НМЦД 200 000,00 ₽ больше порога 100 000,00 ₽, установленного Положением .+ для включения закупки в план: укажите позицию плана закупки \(ПП РФ № 932\)$/,
    );
  });

  it('items priced before the draft moves on', async () => {
    const body = procurementBody(methods);
    body.lots[0].items = [{ name: 'Кабель', quantity: '10', unit_price: '0' }];
    const p = await createProcurement(t, company, body);
    const res = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'documentation_ready' },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        message:
          'В лоте № 1 у 1 позиции не указана цена за единицу: НМЦД лота должна равняться сумме позиций',
      },
    });
  });
});

describe('warnings that do not block', () => {
  it('a planned publication date already past is saved and warned about on the card', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, { planned_publication_date: day(-3) }),
    );
    expect(p.warnings).toEqual([
      {
        rule: 'planned_date_past',
        path: 'body.planned_publication_date',
        message: expect.stringMatching(/^Планируемая дата размещения \d{2}\.\d{2}\.\d{4} уже прошла: /),
      },
    ]);
    const card = await t.call(r.get, { params: params(p.id), as: 'client' });
    expect(card.body.warnings).toHaveLength(1);
  });
});

describe('status moves and the history', () => {
  it('moves along with dates, and keeps every move', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, {
        planned_publication_date: day(-30),
        bids_deadline: day(-10),
        review_date: null,
        summing_up_date: null,
      }),
    );
    const pub = await moveTo(t, company, p.id, { status: 'published', date: day(-29) });
    expect(pub).toMatchObject({ status: 'published', published_on: day(-29) });
    const closed = await moveTo(t, company, p.id, { status: 'bids_closed', date: day(-10) });
    expect(closed.allowed_transitions).toEqual(['summing_up', 'failed', 'cancelled']);
    const summing = await moveTo(t, company, p.id, { status: 'summing_up', date: day(-8) });
    expect(summing.review_date).toBe(day(-8));
    const wrong = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'published' },
      as: 'specialist',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({
      error: {
        message:
          'Из статуса «Подведение итогов» нельзя перейти в «Извещение размещено»: возможны «Договор заключён», «Не состоялась», «Отменена»',
      },
    });
    const noReason = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'cancelled' },
      as: 'specialist',
    });
    expect(noReason.status).toBe(400);
    await moveTo(t, company, p.id, { status: 'cancelled', reason: 'Отпала потребность' });
    const history = await t.call(r.history, { params: params(p.id), as: 'client' });
    expect(
      history.body.items.filter((e) => e.kind === 'status').map((e) => [e.from_status, e.to_status, e.title]),
    ).toEqual([
      ['summing_up', 'cancelled', 'Подведение итогов → Отменена'],
      ['bids_closed', 'summing_up', 'Приём заявок окончен → Подведение итогов'],
      ['published', 'bids_closed', 'Извещение размещено → Приём заявок окончен'],
      ['draft', 'published', 'Черновик → Извещение размещено'],
    ]);
    expect(history.body.items[0].comment).toBe(`Дата: ${formatRuDate(todayMoscow())}. Отпала потребность`);
    const edit = await t.call(r.update, {
      params: params(p.id),
      body: procurementBody(methods),
      as: 'specialist',
    });
    expect(edit.status).toBe(409);
  });

  it('asks for the bids deadline when the notice is placed', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, { bids_deadline: null, review_date: null, summing_up_date: null }),
    );
    const res = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'published' },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: {
        message:
          'Укажите дату окончания подачи заявок: для способа «Аукцион в электронной форме» она не ранее чем через 15 календарных дней после размещения извещения (ст. 3.2 223-ФЗ)',
      },
    });
  });

  it('checks the notice period against the actual publication', async () => {
    const p = await createProcurement(
      t,
      company,
      procurementBody(methods, {
        planned_publication_date: day(-20),
        bids_deadline: day(-5),
        review_date: null,
        summing_up_date: null,
      }),
    );
    const res = await t.call(r.status, {
      params: params(p.id),
      body: { status: 'published', date: day(-10) },
      as: 'specialist',
    });
    expect(res.status).toBe(400);
    expect((res.body as unknown as { error: { message: string } }).error.message).toContain(
      `после размещения извещения ${formatRuDate(day(-10))}, то есть не ранее ${formatRuDate(day(5))}`,
    );
  });
});

describe('protocols and duties', () => {
  it('records protocols after the notice, with their 3-day duty', async () => {
    const draft = await createProcurement(t, company, procurementBody(methods));
    const early = await t.call(r.addProtocol, {
      params: params(draft.id),
      body: { kind: 'review', signed_on: todayMoscow() },
      as: 'specialist',
    });
    expect(early.status).toBe(409);

    const p = await publishedProcurement(t, company, methods, 25);
    const withProtocol = await addProtocol(t, company, p.id, { kind: 'review', signed_on: day(-8) });
    const duty = withProtocol.duties.find((d) => d.duty === 'protocol_placement')!;
    expect(duty).toMatchObject({ status: 'overdue', base_date: day(-8), reference: 'ч. 12 ст. 4 223-ФЗ' });
    const protocolId = withProtocol.protocols[0].id;
    const placed = await t.call(r.updateProtocol, {
      params: { ...params(p.id), protocol_id: protocolId },
      body: { kind: 'review', signed_on: day(-8), published_on: day(-7) },
      as: 'specialist',
    });
    expect(placed.status).toBe(200);
    expect(placed.body.duties.find((d) => d.duty === 'protocol_placement')?.status).toBe('done');

    const before = await t.call(r.addProtocol, {
      params: params(p.id),
      body: { kind: 'opening', signed_on: day(-30) },
      as: 'specialist',
    });
    expect(before.status).toBe(400);

    const final = await addProtocol(t, company, p.id, {
      kind: 'summing_up',
      final: true,
      signed_on: day(-3),
      published_on: day(-3),
    });
    const contractDuty = final.duties.find((d) => d.duty === 'contract_conclusion')!;
    expect(contractDuty).toMatchObject({ status: 'not_yet', base_date: day(-3), earliest_date: day(7) });

    const removed = await t.call(r.removeProtocol, {
      params: { ...params(p.id), protocol_id: protocolId },
      as: 'specialist',
    });
    expect(removed.status).toBe(200);
    expect(removed.body.protocols).toHaveLength(1);
    const history = await t.call(r.history, { params: params(p.id), as: 'client' });
    expect(history.body.items.filter((e) => e.kind === 'protocol').map((e) => e.comment)).toEqual([
      `Удалён протокол: Протокол рассмотрения заявок от ${formatRuDate(day(-8))}`,
      `Добавлен протокол: Итоговый протокол от ${formatRuDate(day(-3))}`,
      `Изменён протокол: Протокол рассмотрения заявок от ${formatRuDate(day(-8))}`,
      `Добавлен протокол: Протокол рассмотрения заявок от ${formatRuDate(day(-8))}`,
    ]);
  });

  it('an edit of a protocol with one field keeps the others (issue 26 item 3)', async () => {
    const p = await publishedProcurement(t, company, methods, 25);
    const added = await addProtocol(t, company, p.id, {
      kind: 'review',
      signed_on: day(-8),
      published_on: day(-7),
      winner_name: 'ООО «Победитель»',
      winner_inn: '7707083893',
      winner_price: '1000.00',
    });
    const protocol = added.protocols[0];
    const named = await t.call(r.updateProtocol, {
      params: { ...params(p.id), protocol_id: protocol.id },
      body: { eis_registration_number: '32612345678' },
      as: 'specialist',
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.protocols.find((x) => x.id === protocol.id)).toEqual({
      ...protocol,
      eis_registration_number: '32612345678',
    });
  });

  it('keeps EIS protocols read-only', async () => {
    const p = await publishedProcurement(t, company, methods, 10);
    const [row] = await t.app.deps.db
      .insert(procurementProtocols)
      .values({
        procurementId: p.id,
        kind: 'review',
        signedOn: day(-2),
        source: 'eis',
        eisRegistrationNumber: '32600000001',
      })
      .returning();
    const path = { ...params(p.id), protocol_id: row.id };
    const upd = await t.call(r.updateProtocol, {
      params: path,
      body: { kind: 'review', signed_on: day(-2) },
      as: 'specialist',
    });
    const del = await t.call(r.removeProtocol, { params: path, as: 'specialist' });
    for (const res of [upd, del]) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        error: {
          message:
            'Протокол загружен из ЕИС: изменить или удалить его нельзя, загрузите новую редакцию протокола',
        },
      });
    }
    const dup = await t.call(r.addProtocol, {
      params: params(p.id),
      body: { kind: 'other', signed_on: day(-1), eis_registration_number: '32600000001' },
      as: 'specialist',
    });
    expect(dup.status).toBe(409);
  });
});
