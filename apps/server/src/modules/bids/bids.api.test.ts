import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bidRoutes as b, contractRoutes, procurementRoutes } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import { day } from '../procurements/procurements.factories.js';
import { loadRnp } from '../rnp/rnp.service.js';
import {
  addBid,
  bidBody,
  bidsCompany,
  bidsXlsx,
  docxText,
  INN,
  published,
  results,
  uploadXlsx,
} from './bids.factories.js';

/**
 * A competition scored by price (60 %) and qualification (40 %) from bid entry to the contract:
 * entry by hand and by XLSX, the duplicate refused, a rejection with its reason, the commission's
 * points, the hand-computed evaluation with a tie, the protocols without a tag left, signing with
 * its placement duty, the contract at the winner's prices. Figures as in bids.policy.test.ts:
 * best 60 000 → bid «Альфа» 75 000: 80 × 0,6 = 48 + 70 × 0,4 = 28 → 76; «Бета» 90 000: 66,67 → 40
 * + 95 × 0,4 = 38 → 78; «Гамма» 60 000: 60 + 45 × 0,4 = 18 → 78, a tie lost to «Бета» (earlier).
 */
const t = testAppForFile();
let company: number;
let methods: Record<string, number>;
let id: number;
let lotId: number;
let items: number[];
const ids: Record<string, number> = {};

const P = () => ({ company_id: company, id });
const priced = (a: string, c: string) => [
  { item_id: items[0], unit_price: a },
  { item_id: items[1], unit_price: c },
];

beforeAll(async () => {
  ({ company, methods } = await bidsCompany(t, 'Заявки и итоги'));
  const p = await published(t, company, methods.e_tender);
  id = p.id;
  lotId = p.lots[0].id;
  items = p.lots[0].items.map((i) => i.id);
});

describe('bids of a competition', () => {
  it('enters bids by hand with prices per item; the price is their sum', async () => {
    const alfa = await addBid(
      t,
      company,
      id,
      bidBody(lotId, { received_at: '2026-11-05T10:00', items: priced('4700', '7000') }),
    );
    expect(alfa).toMatchObject({
      price: '75000.00',
      lot_number: 1,
      russian_goods: true,
      admission: 'pending',
      source: 'manual',
      rnp: { checked: false },
      received_at: '2026-11-05T07:00:00.000Z',
    });
    expect(alfa.items.map((i) => [i.line_no, i.unit_price, i.amount])).toEqual([
      [1, '4700.00', '47000.00'],
      [2, '7000.00', '28000.00'],
    ]);
    ids.alfa = alfa.id;
    const edited = await t.call(b.update, {
      params: { ...P(), bid_id: alfa.id },
      body: { participant_address: 'г. Москва, ул. Новая, д. 2' },
      as: 'specialist',
    });
    expect(edited.body).toMatchObject({
      participant_address: 'г. Москва, ул. Новая, д. 2',
      price: '75000.00',
    });
    expect(edited.body.items.map((i) => i.unit_price)).toEqual(['4700.00', '7000.00']);
    ids.beta = (
      await addBid(
        t,
        company,
        id,
        bidBody(lotId, {
          participant_inn: INN.beta,
          participant_kpp: '773601001',
          participant_name: 'ООО «Бета»',
          received_at: '2026-11-05T09:00',
          items: priced('5000', '10000'),
        }),
      )
    ).id;
  });

  it('refuses the same participant twice in a lot, in Russian, and a wrong ИНН or a sum that does not add up', async () => {
    const again = await t.call(b.create, {
      params: P(),
      body: bidBody(lotId, { price: '70000.00', items: [] }),
      as: 'specialist',
    });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(
      'Участник ООО «Альфа» (ИНН 7707083893, КПП 770701001) уже подал заявку на лот № 1: одна заявка участника на лот',
    );
    const badInn = await t.call(b.create, {
      params: P(),
      body: bidBody(lotId, { participant_inn: '7707083894', price: '1.00' }),
      as: 'specialist',
    });
    expect(badInn.status).toBe(400);
    expect(JSON.stringify(errorOf(badInn).details)).toContain('Неверное контрольное число ИНН');
    const sum = await t.call(b.create, {
      params: P(),
      body: bidBody(lotId, {
        participant_inn: INN.delta,
        participant_kpp: null,
        price: '1.00',
        items: priced('1', '1'),
      }),
      as: 'specialist',
    });
    expect(sum.status).toBe(400);
    expect(errorOf(sum).details.issues[0].message).toBe('Цена заявки 1.00 не равна сумме цен позиций 14.00');
  });

  it('loads bids from an XLSX (one row per item), all or none', async () => {
    const rows = [
      {
        'Лот №': 1,
        ИНН: INN.gamma,
        КПП: '770201001',
        'Наименование участника': 'ООО «Гамма»',
        'МСП (да/нет)': 'да',
        'Получена (ДД.ММ.ГГГГ ЧЧ:ММ)': '05.11.2026 11:00',
        '№ позиции': 1,
        'Цена за единицу': 4000,
        'Страна происхождения (ОКСМ)': '643',
      },
      { 'Лот №': 1, ИНН: INN.gamma, КПП: '770201001', '№ позиции': 2, 'Цена за единицу': 5000 },
      {
        'Лот №': 1,
        ИНН: INN.delta,
        'Наименование участника': 'ООО «Дельта»',
        'Получена (ДД.ММ.ГГГГ ЧЧ:ММ)': '05.11.2026 12:00',
        'Цена заявки': 85000,
      },
    ];
    const bad = await uploadXlsx(
      t,
      company,
      id,
      await bidsXlsx([...rows, { ...rows[2], ИНН: INN.alfa, КПП: '770701001' }]),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('уже подал заявку на лот № 1');
    expect((await results(t, company, id)).lots[0].bids).toHaveLength(2);
    const ok = await uploadXlsx(t, company, id, await bidsXlsx(rows));
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(
      ok.body.bids.map((x: { participant_name: string; price: string; source: string }) => [
        x.participant_name,
        x.price,
        x.source,
      ]),
    ).toEqual([
      ['ООО «Гамма»', '60000.00', 'xlsx'],
      ['ООО «Дельта»', '85000.00', 'xlsx'],
    ]);
    ids.gamma = ok.body.bids[0].id;
    ids.delta = ok.body.bids[1].id;
    const template = await t.req('GET', `/api/companies/${company}/procurements/${id}/bids/template.xlsx`, {
      token: await t.login('specialist'),
    });
    expect(template.status).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
  });

  it('admits and rejects with a reason of the catalogue; a rejection needs its reason', async () => {
    const noReason = await t.call(b.admission, {
      params: { ...P(), bid_id: ids.delta },
      body: { admission: 'rejected' },
      as: 'specialist',
    });
    expect(noReason.status).toBe(400);
    expect(errorOf(noReason).details.issues[0].message).toBe('Укажите основание отклонения заявки');
    const rejected = await t.call(b.admission, {
      params: { ...P(), bid_id: ids.delta },
      body: { admission: 'rejected', reason: 'documents_missing', comment: 'Нет выписки из ЕГРЮЛ' },
      as: 'specialist',
    });
    expect(rejected.body).toMatchObject({
      admission: 'rejected',
      rejection_reason: 'documents_missing',
      rejection_reason_title: 'Не представлены документы, предусмотренные документацией',
      admission_comment: 'Нет выписки из ЕГРЮЛ',
    });
    for (const bid of [ids.alfa, ids.beta, ids.gamma])
      expect(
        (
          await t.call(b.admission, {
            params: { ...P(), bid_id: bid },
            body: { admission: 'admitted' },
            as: 'specialist',
          })
        ).status,
      ).toBe(200);
    const [entry] = await t.db.database.query<{ n: number }>(
      "select count(*)::int as n from audit_log where entity = 'bid_admission' and entity_id = $1 and action = 'reject'",
      [String(ids.delta)],
    );
    expect(entry.n).toBe(1);
  });

  it('evaluates by the version’s criteria with the commission’s points: hand-computed scores, the tie to the earlier bid', async () => {
    const com = await t.call(b.commission, {
      params: P(),
      body: {
        members: [
          { name: 'Алексеев А. А.', role: 'chair' },
          { name: 'Борисова Б. Б.', role: 'member' },
        ],
      },
      as: 'specialist',
    });
    expect(com.status).toBe(200);
    const points = { [ids.alfa]: [80, 60], [ids.beta]: [100, 90], [ids.gamma]: [40, 50] };
    const res = await t.call(b.scores, {
      params: P(),
      body: {
        scores: Object.entries(points).flatMap(([bid, [a, c]]) => [
          { bid_id: Number(bid), criterion_code: 'qualification', member_name: 'Алексеев А. А.', points: a },
          { bid_id: Number(bid), criterion_code: 'qualification', member_name: 'Борисова Б. Б.', points: c },
        ]),
      },
      as: 'specialist',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ev = res.body.lots[0].evaluation;
    expect(res.body.settings).toMatchObject({ source: 'version', national_preference_percent: null });
    expect(ev.ranking).toBe('score');
    expect(ev.bids.map((x) => [x.participant_name, x.criteria.map((c) => c.score), x.total, x.rank])).toEqual(
      [
        ['ООО «Бета»', [40, 38], 78, 1],
        ['ООО «Гамма»', [60, 18], 78, 2],
        ['ООО «Альфа»', [48, 28], 76, 3],
      ],
    );
    expect(ev.bids[2].criteria[0].formula).toBe('60 000,00 / 75 000,00 × 100 = 80; × 0,6 = 48');
    expect(ev.bids[2].criteria[1].formula).toBe('(80 + 60) / 2 = 70; × 0,4 = 28');
    expect(ev).toMatchObject({ complete: true, winner_bid_id: ids.beta, outcome: 'competitive' });
    // a rejected bid is not scored
    const onRejected = await t.call(b.scores, {
      params: P(),
      body: {
        scores: [
          { bid_id: ids.delta, criterion_code: 'qualification', member_name: 'Алексеев А. А.', points: 1 },
        ],
      },
      as: 'specialist',
    });
    expect(onRejected.status).toBe(400);
  });

  it('generates the four protocols from the built-in templates: no tag left, commission, decisions and scores', async () => {
    for (const kind of ['opening', 'review', 'evaluation', 'final'] as const) {
      const res = await t.call(b.generateProtocol, { params: P(), body: { kind }, as: 'specialist' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[kind] = res.body.id;
      const text = await docxText(t, res.body.docx_file_id as number);
      expect(text).not.toMatch(/[{}]/);
      expect(text).toContain('Алексеев А. А.');
      expect(text).toContain('ООО «Бета»');
      if (kind === 'review')
        expect(text).toContain('Не представлены документы, предусмотренные документацией');
      if (kind === 'evaluation') expect(text).toContain('Цена договора: 40; Квалификация участника: 38');
      if (kind === 'final')
        expect(text).toContain('Победитель: ООО «Бета» (ИНН 7736050003), цена договора 90 000,00 руб.');
    }
  });

  it('signing the final protocol records it with its 3-day placement duty and moves the procurement on', async () => {
    const signed = await t.call(b.signProtocol, {
      params: { ...P(), protocol_id: ids.final },
      body: { signed_on: day(-3) },
      as: 'specialist',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.signed_on).toBe(day(-3));
    const card = await t.call(procurementRoutes.get, { params: P(), as: 'specialist' });
    expect(card.body.status).toBe('summing_up');
    expect(card.body.protocols).toContainEqual(
      expect.objectContaining({
        kind: 'summing_up',
        final: true,
        signed_on: day(-3),
        winner_inn: INN.beta,
        winner_price: '90000.00',
      }),
    );
    expect(card.body.duties.map((d) => d.duty)).toContain('protocol_placement');
    const twice = await t.call(b.signProtocol, {
      params: { ...P(), protocol_id: ids.final },
      body: { signed_on: day(-3) },
      as: 'specialist',
    });
    expect(twice.status).toBe(409);
  });

  it('«Сформировать договор»: a draft contract of the winner at its prices, linked to the procurement', async () => {
    const res = await t.call(b.contractFromWinner, {
      params: { ...P(), protocol_id: ids.final },
      body: {},
      as: 'specialist',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const c = await t.call(contractRoutes.get, {
      params: { company_id: company, id: res.body.contract_id },
      as: 'specialist',
    });
    expect(c.body).toMatchObject({
      status: 'draft',
      supplier_inn: INN.beta,
      supplier_name: 'ООО «Бета»',
      price: '90000.00',
      procurement_id: id,
      procurement_method_id: methods.e_tender,
    });
    expect(c.body.items.map((i) => [i.name.slice(0, 6), i.price, i.amount])).toEqual([
      ['Кабель', '5000', '50000.00'],
      ['Муфта ', '10000', '40000.00'],
    ]);
    expect(res.body.protocol.contracts).toEqual([
      {
        lot_id: lotId,
        lot_number: 1,
        contract_id: res.body.contract_id,
        contract_number: expect.any(String),
      },
    ]);
    expect((await results(t, company, id)).lots[0].contract).toMatchObject({
      contract_id: res.body.contract_id,
      protocol_id: ids.final,
      bid_id: ids.beta,
    });
    // the final protocol placed two days ago: concluding today is before the window of ч. 15 ст. 3.2
    const card = await t.call(procurementRoutes.get, { params: P(), as: 'specialist' });
    const final = card.body.protocols.find((x) => x.final)!;
    const placed = await t.call(procurementRoutes.updateProtocol, {
      params: { ...P(), protocol_id: final.id },
      body: { published_on: day(-2) },
      as: 'specialist',
    });
    expect(placed.status).toBe(200);
    const early = await t.call(contractRoutes.status, {
      params: { company_id: company, id: res.body.contract_id },
      body: { status: 'concluded' },
      as: 'specialist',
    });
    expect(early.status).toBe(400);
    expect(errorOf(early).details.issues[0].message).toContain(
      'не ранее чем через 10 дней после размещения итогового протокола',
    );
    const again = await t.call(b.contractFromWinner, {
      params: { ...P(), protocol_id: ids.final },
      body: {},
      as: 'specialist',
    });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toContain('Договор по итоговому протоколу уже сформирован');
  });

  it('a client reads the results and may not write', async () => {
    const read = await results(t, company, id, 'client');
    expect(read.lots[0].evaluation.winner_bid_id).toBe(ids.beta);
    const write = await t.call(b.admission, {
      params: { ...P(), bid_id: ids.alfa },
      body: { admission: 'rejected', reason: 'late' },
      as: 'client',
    });
    expect(write.status).toBe(403);
    const foreign = await t.call(b.results, { params: P(), as: 'client2' });
    expect(foreign.status).toBe(404);
  });
});

describe('the national-regime preference and the outcomes', () => {
  it('the preference of the version changes the winner: a Russian bid at 90 000 beats a foreign one at 80 000', async () => {
    const p = await published(t, company, methods.e_proposal);
    const lot = p.lots[0].id;
    const foreign = await addBid(
      t,
      company,
      p.id,
      bidBody(lot, {
        participant_inn: INN.foreign,
        participant_kpp: null,
        participant_name: 'Foreign Ltd',
        price: '80000.00',
        country_code: '156',
      }),
    );
    const russian = await addBid(
      t,
      company,
      p.id,
      bidBody(lot, { price: '90000.00', received_at: '2026-11-05T12:00' }),
    );
    for (const bid of [foreign.id, russian.id])
      await t.call(b.admission, {
        params: { company_id: company, id: p.id, bid_id: bid },
        body: { admission: 'admitted' },
        as: 'specialist',
      });
    const r = await results(t, company, p.id);
    // 90 000 × 0,85 = 76 500 is the best: 100; 76 500 / 80 000 × 100 = 95,63
    expect(r.lots[0].evaluation.bids.map((x) => [x.participant_name, x.evaluation_price, x.total])).toEqual([
      ['ООО «Альфа»', '76500.00', 100],
      ['Foreign Ltd', '80000.00', 95.63],
    ]);
    expect(r.lots[0].evaluation.winner_bid_id).toBe(russian.id);
  });

  it('without a bid the final protocol ends the procurement «не состоялась» with the reason', async () => {
    const p = await published(t, company, methods.e_tender);
    const gen = await t.call(b.generateProtocol, {
      params: { company_id: company, id: p.id },
      body: { kind: 'final' },
      as: 'specialist',
    });
    expect(gen.status).toBe(201);
    expect(await docxText(t, gen.body.docx_file_id as number)).toContain('Не подано ни одной заявки');
    const signed = await t.call(b.signProtocol, {
      params: { company_id: company, id: p.id, protocol_id: gen.body.id },
      body: { signed_on: day(-2) },
      as: 'specialist',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const card = await t.call(procurementRoutes.get, {
      params: { company_id: company, id: p.id },
      as: 'specialist',
    });
    expect(card.body.status).toBe('failed');
    const history = await t.call(procurementRoutes.history, {
      params: { company_id: company, id: p.id },
      as: 'specialist',
    });
    expect(history.body.items.map((e) => e.comment).join(' ')).toContain(
      'Лот № 1: Закупка не состоялась: не подано ни одной заявки',
    );
  });

  it('an auction ranks by price (the law’s method kind) and takes no points', async () => {
    const p = await published(t, company, methods.e_auction);
    const lot = p.lots[0].id;
    const one = await addBid(t, company, p.id, bidBody(lot, { price: '85000.00' }));
    await t.call(b.admission, {
      params: { company_id: company, id: p.id, bid_id: one.id },
      body: { admission: 'admitted' },
      as: 'specialist',
    });
    const r = await results(t, company, p.id);
    expect(r.method.ranking).toBe('price');
    expect(r.settings.source).toBe('default');
    // the lot's evaluation says so and applies no criterion (the default criteria are not used)
    expect(r.lots[0].evaluation).toMatchObject({ ranking: 'price', criteria: [], winner_bid_id: one.id });
    expect(r.lots[0].evaluation.bids[0]).toMatchObject({ criteria: [], total: null, rank: 1 });
    const pts = await t.call(b.scores, {
      params: { company_id: company, id: p.id },
      body: { scores: [{ bid_id: one.id, criterion_code: 'qualification', member_name: 'X', points: 5 }] },
      as: 'specialist',
    });
    expect(errorOf(pts).details.issues.map((i) => i.message)).toContain(
      'Заявки этого способа ранжируются по цене: баллы не выставляются',
    );
  });
});

describe('the ranking follows the law’s method kind', () => {
  it('a request for quotations ranks by price alone; a competition by its criteria', async () => {
    const ranking = async (methodId: number) => {
      const p = await published(t, company, methodId);
      const r = await results(t, company, p.id);
      return [
        r.method.ranking,
        r.lots[0].evaluation.ranking,
        r.lots[0].evaluation.criteria.map((c) => c.code),
      ];
    };
    expect(await ranking(methods.e_quotation)).toEqual(['price', 'price', []]);
    expect(await ranking(methods.e_tender)).toEqual(['score', 'score', ['price', 'qualification']]);
  });
});

describe('the РНП check of the participants', () => {
  it('says no check was made without the register; once loaded, a participant in force on the bid’s day is flagged', async () => {
    const p = await published(t, company, methods.e_tender);
    const lot = p.lots[0].id;
    // «ООО "Ромашка"» is in the constructed register from 10.03.2025 to 10.03.2027
    const inRnp = await addBid(
      t,
      company,
      p.id,
      bidBody(lot, {
        participant_inn: '7701000019',
        participant_kpp: '770101001',
        participant_name: 'ООО «Ромашка»',
        received_at: '2026-11-05T10:00',
        price: '80000.00',
      }),
    );
    expect(inRnp.rnp).toEqual({ checked: false, found: null, message: null });
    const csv = readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/rnp/rnp.csv'));
    await loadRnp(t.app.deps, null, { name: 'rnp.csv', data: csv }, { source: 'test' });
    const clean = await addBid(
      t,
      company,
      p.id,
      bidBody(lot, { participant_inn: INN.delta, received_at: '2026-11-05T11:00', price: '81000.00' }),
    );
    const bids = (await results(t, company, p.id)).lots.flatMap((l) => l.bids);
    expect(bids.find((x) => x.id === inRnp.id)?.rnp).toEqual({
      checked: true,
      found: true,
      message: 'Сведения включены в РНП 10.03.2025 (реестровый № 25000101)',
    });
    expect(bids.find((x) => x.id === clean.id)?.rnp).toEqual({ checked: true, found: false, message: null });
  });
});
