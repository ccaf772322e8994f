import { bidRoutes as b, contractRoutes, type ProcurementInput } from '@zakupki/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, testAppForFile } from '../../../test/harness.js';
import {
  createProcurement,
  day,
  moveTo,
  procurementBody,
  publishedProcurement,
} from '../procurements/procurements.factories.js';
import { addBid, bidBody, bidsCompany, INN, results } from './bids.factories.js';

/**
 * The results' write flags in each status, and a procurement of two lots from bids to contracts:
 * each lot's winner gives its own contract at its prices for that lot's items, linked to the lot;
 * a second contract for the same lot is refused.
 */
const t = testAppForFile();
let company: number;
let methods: Record<string, number>;

beforeAll(async () => {
  ({ company, methods } = await bidsCompany(t, 'Заявки по лотам'));
});

const flags = async (id: number, as: 'specialist' | 'client') => {
  const r = await results(t, company, id, as);
  return [r.procurement_status, r.bids_stage, r.bids_open, r.can_write];
};

describe('the results say whether bids may be written', () => {
  it('before the notice none, from the notice to the summing up open (a writer may write, a client not), closed after', async () => {
    const draft = await createProcurement(t, company, procurementBody({ e_auction: methods.e_auction }));
    expect(await flags(draft.id, 'specialist')).toEqual(['draft', 'before', false, false]);
    await moveTo(t, company, draft.id, { status: 'published', date: day(-25) });
    expect(await flags(draft.id, 'specialist')).toEqual(['published', 'open', true, true]);
    expect(await flags(draft.id, 'client')).toEqual(['published', 'open', true, false]);
    await moveTo(t, company, draft.id, { status: 'bids_closed', date: day(-4) });
    expect(await flags(draft.id, 'specialist')).toEqual(['bids_closed', 'open', true, true]);
    await moveTo(t, company, draft.id, { status: 'summing_up', date: day(-3) });
    expect(await flags(draft.id, 'specialist')).toEqual(['summing_up', 'open', true, true]);
    expect(await flags(draft.id, 'client')).toEqual(['summing_up', 'open', true, false]);
    await moveTo(t, company, draft.id, {
      status: 'cancelled',
      date: day(-2),
      reason: 'Отпала потребность в закупке',
    });
    expect(await flags(draft.id, 'specialist')).toEqual(['cancelled', 'closed', false, false]);
    // the flag and the write gate are one rule: a write now is refused
    const late = await t.call(b.create, {
      params: { company_id: company, id: draft.id },
      body: bidBody(draft.lots[0].id, { price: '80000.00' }),
      as: 'specialist',
    });
    expect(late.status).toBe(409);
  });
});

/** Two lots: cable (two items, 60 000) and couplings (one item, 30 000); an auction ranks by price. */
const TWO_LOTS: Partial<ProcurementInput> = {
  nmcd: '90000.00',
  lots: [
    {
      number: 1,
      subject: 'Кабель силовой',
      nmcd: '60000.00',
      items: [
        {
          name: 'Кабель силовой АПвПу2г 1х240/50-10',
          okpd2_code: '27.32.13.154',
          okei_code: '006',
          unit_name: 'м',
          quantity: '10',
          unit_price: '3000.00',
          vat_rate: '22%',
        },
        {
          name: 'Кабель контрольный КВВГнг 4х1,5',
          okpd2_code: '27.32.13.130',
          okei_code: '006',
          unit_name: 'м',
          quantity: '4',
          unit_price: '7500.00',
          vat_rate: '22%',
        },
      ],
    },
    {
      number: 2,
      subject: 'Муфты концевые',
      nmcd: '30000.00',
      items: [
        {
          name: 'Муфта концевая 3ПКНтп-10-150/240',
          okpd2_code: '27.33.13.130',
          okei_code: '796',
          unit_name: 'шт',
          quantity: '5',
          unit_price: '6000.00',
          vat_rate: '22%',
        },
      ],
    },
  ],
};

describe('a procurement of two lots', () => {
  it('each lot’s winner gives its own contract at its prices for that lot’s items; a second one for a lot is refused', async () => {
    const p = await publishedProcurement(t, company, { e_auction: methods.e_auction }, 25, TWO_LOTS);
    const P = { company_id: company, id: p.id };
    const [lot1, lot2] = p.lots;
    const [cable, control] = lot1.items.map((i) => i.id);
    const coupling = lot2.items[0].id;
    const beta = { participant_inn: INN.beta, participant_kpp: null, participant_name: 'ООО «Бета»' };
    // lot 1: «Альфа» 28 000 + 28 000 = 56 000 beats «Бета» 58 000; lot 2: «Бета» 27 500 beats «Альфа» 29 000
    const offers = [
      bidBody(lot1.id, {
        items: [
          { item_id: cable, unit_price: '2800.00' },
          { item_id: control, unit_price: '7000.00' },
        ],
      }),
      bidBody(lot1.id, {
        ...beta,
        items: [
          { item_id: cable, unit_price: '2900.00' },
          { item_id: control, unit_price: '7250.00' },
        ],
      }),
      bidBody(lot2.id, { items: [{ item_id: coupling, unit_price: '5800.00' }] }),
      bidBody(lot2.id, { ...beta, items: [{ item_id: coupling, unit_price: '5500.00' }] }),
    ];
    for (const body of offers) {
      const bid = await addBid(t, company, p.id, body);
      await t.call(b.admission, {
        params: { ...P, bid_id: bid.id },
        body: { admission: 'admitted' },
        as: 'specialist',
      });
    }
    const r = await results(t, company, p.id);
    const winners = r.lots.map((l) => l.bids.find((x) => x.id === l.evaluation.winner_bid_id));
    expect(winners.map((w) => [w?.participant_inn, w?.price])).toEqual([
      [INN.alfa, '56000.00'],
      [INN.beta, '27500.00'],
    ]);
    const final = await t.call(b.generateProtocol, { params: P, body: { kind: 'final' }, as: 'specialist' });
    expect(final.status, JSON.stringify(final.body)).toBe(201);
    const protocol_id = final.body.id;
    const signed = await t.call(b.signProtocol, {
      params: { ...P, protocol_id },
      body: { signed_on: day(-3) },
      as: 'specialist',
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    // two lots with a winner and no contract: the lot must be named
    const unnamed = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id },
      body: {},
      as: 'specialist',
    });
    expect(unnamed.status).toBe(400);
    expect(errorOf(unnamed).details.issues[0].message).toBe('Укажите лот, по которому формируется договор');

    const drawn: Record<number, number> = {};
    for (const lot of [lot1, lot2]) {
      const res = await t.call(b.contractFromWinner, {
        params: { ...P, protocol_id },
        body: { lot_id: lot.id },
        as: 'specialist',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      drawn[lot.number] = res.body.contract_id;
    }
    expect(drawn[1]).not.toBe(drawn[2]);
    const contract = async (cid: number) =>
      (await t.call(contractRoutes.get, { params: { company_id: company, id: cid }, as: 'specialist' })).body;
    const c1 = await contract(drawn[1]);
    expect(c1).toMatchObject({
      number: `${p.number}/1`,
      subject: 'Кабель силовой',
      supplier_inn: INN.alfa,
      price: '56000.00',
      procurement_id: p.id,
    });
    expect(c1.items.map((i) => [i.name, i.quantity, i.price, i.amount])).toEqual([
      ['Кабель силовой АПвПу2г 1х240/50-10', '10', '2800', '28000.00'],
      ['Кабель контрольный КВВГнг 4х1,5', '4', '7000', '28000.00'],
    ]);
    const c2 = await contract(drawn[2]);
    expect(c2).toMatchObject({
      number: `${p.number}/2`,
      subject: 'Муфты концевые',
      supplier_inn: INN.beta,
      supplier_name: 'ООО «Бета»',
      price: '27500.00',
      procurement_id: p.id,
    });
    expect(c2.items.map((i) => [i.name, i.quantity, i.price, i.amount])).toEqual([
      ['Муфта концевая 3ПКНтп-10-150/240', '5', '5500', '27500.00'],
    ]);

    // the link is kept per lot, and the protocol lists both
    const after = await results(t, company, p.id);
    expect(after.lots.map((l) => [l.number, l.contract?.contract_id, l.contract?.bid_id])).toEqual([
      [1, drawn[1], winners[0]?.id],
      [2, drawn[2], winners[1]?.id],
    ]);
    expect(after.protocols.find((x) => x.id === protocol_id)?.contracts).toEqual([
      { lot_id: lot1.id, lot_number: 1, contract_id: drawn[1], contract_number: `${p.number}/1` },
      { lot_id: lot2.id, lot_number: 2, contract_id: drawn[2], contract_number: `${p.number}/2` },
    ]);

    // a second contract for a lot is refused, in Russian, even from a newer final protocol
    const again = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id },
      body: { lot_id: lot2.id },
      as: 'specialist',
    });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe(
      `Договор по лоту № 2 уже сформирован: № ${p.number}/2. По лоту формируется один договор`,
    );
    const v2 = await t.call(b.generateProtocol, { params: P, body: { kind: 'final' }, as: 'specialist' });
    await t.call(b.signProtocol, {
      params: { ...P, protocol_id: v2.body.id },
      body: { signed_on: day(-2) },
      as: 'specialist',
    });
    const fromNewer = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id: v2.body.id },
      body: { lot_id: lot1.id },
      as: 'specialist',
    });
    expect(fromNewer.status).toBe(409);
    const none = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id: v2.body.id },
      body: {},
      as: 'specialist',
    });
    expect(errorOf(none).details.issues[0].message).toBe(
      'Нет лота с победителем, по которому договор ещё не сформирован',
    );
    const contracts = await t.db.database.query<{ n: number }>(
      'select count(*)::int as n from contracts where procurement_id = $1',
      [p.id],
    );
    expect(contracts[0].n).toBe(2);
  });
});

describe('the contract is drawn from the newest signed final protocol', () => {
  it('a final protocol superseded by a newer signed one is refused, naming the newer one; the newer one draws it', async () => {
    const p = await publishedProcurement(t, company, { e_auction: methods.e_auction }, 25);
    const P = { company_id: company, id: p.id };
    const bid = await addBid(t, company, p.id, bidBody(p.lots[0].id, { price: '80000.00' }));
    await t.call(b.admission, {
      params: { ...P, bid_id: bid.id },
      body: { admission: 'admitted' },
      as: 'specialist',
    });
    const finalSigned = async (signed_on: string) => {
      const made = await t.call(b.generateProtocol, { params: P, body: { kind: 'final' }, as: 'specialist' });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const signed = await t.call(b.signProtocol, {
        params: { ...P, protocol_id: made.body.id },
        body: { signed_on },
        as: 'specialist',
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      return made.body;
    };
    const v1 = await finalSigned(day(-3));
    const v2 = await finalSigned(day(-2));
    expect([v1.version, v2.version]).toEqual([1, 2]);

    const stale = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id: v1.id },
      body: {},
      as: 'specialist',
    });
    expect(stale.status).toBe(409);
    expect(errorOf(stale).message).toBe(
      `Итоговый протокол (версия 1) заменён более новым: итоговый протокол (версия 2), подписан ${day(-2).split('-').reverse().join('.')}. Договор формируется по последнему подписанному итоговому протоколу`,
    );
    const none = await t.db.database.query<{ n: number }>(
      'select count(*)::int as n from contracts where procurement_id = $1',
      [p.id],
    );
    expect(none[0].n).toBe(0);

    const fresh = await t.call(b.contractFromWinner, {
      params: { ...P, protocol_id: v2.id },
      body: {},
      as: 'specialist',
    });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    expect((await results(t, company, p.id)).lots[0].contract).toMatchObject({
      contract_id: fresh.body.contract_id,
      protocol_id: v2.id,
    });
  });
});
