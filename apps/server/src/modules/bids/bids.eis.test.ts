import fs from 'node:fs';
import path from 'node:path';
import { bidRoutes as b } from '@zakupki/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { procurements } from '../../db/schema/index.js';
import { runImport } from '../imports/import-uploads.factories.js';
import { addCustomer, newCompany } from '../imports/imports.factories.js';
import {
  file,
  INNS,
  noticeFor,
  PROTOCOL,
  PROTOCOL_PAEP,
  publishedRule,
  sample,
} from '../procurements/eis-procurement.factories.js';

/**
 * Every real protocol sample (test/fixtures/eis223: purchaseProtocol, purchaseProtocolPAEP) keeps
 * its participants, prices and winner as bids; and every winner code of the official Types.xsd
 * (winnerIndication F S T B N, winnerIndication3 W F S) is read, in protocols made from the real
 * purchaseProtocol sample.
 */
const t = testAppForFile();
let company: number;
let token: string;

const KIND = 'eis-procurements';
const importFiles = (files: { name: string; data: Buffer }[]) => runImport(t, token, company, KIND, files);

const krasnodar = () =>
  noticeFor({
    number: '31704712239',
    inn: INNS.krasnodar,
    kpp: '230901001',
    name: 'ПАО "КРАЙИНВЕСТБАНК"',
    method: 'Открытый одноэтапный конкурс',
    sum: '1055628.00',
  });
const tambov = () =>
  noticeFor({
    number: '31704807799',
    inn: INNS.tambov,
    kpp: '680601001',
    name: 'ТОГАПОУ "АГРАРНО-ПРОМЫШЛЕННЫЙ КОЛЛЕДЖ"',
    method: 'Закупка у единственного поставщика (исполнителя, подрядчика)',
    sum: '362500.00',
  });

const byNotice = async (number: string) => {
  const [row] = await t.app.deps.db
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, company), eq(procurements.eisNoticeNumber, number)));
  return row;
};
const fromEis = (id: number) => t.call(b.fromEis, { params: { company_id: company, id }, as: { token } });
const resultsOf = async (id: number) =>
  (await t.call(b.results, { params: { company_id: company, id }, as: { token } })).body;

/** Participants with valid ИНН for the constructed protocols. */
const PARTIES = [
  ['7707083893', 'ООО «Первый»'],
  ['7736050003', 'ООО «Второй»'],
  ['7702070139', 'ООО «Третий»'],
  ['7728168971', 'ООО «Четвёртый»'],
  ['7710713055', 'ООО "Информационное агентство "Интерфакс-Юг"'],
] as const;

/** The real purchaseProtocol with its application replaced by several carrying winner codes. */
function codedProtocol(reg: string, codes: string[], typeName = 'Протокол подведения итогов') {
  const apps = codes
    .map(
      (code, i) => `<ns2:application>
        <ns2:applicationDate>2017-02-17T1${i}:00:00</ns2:applicationDate>
        <ns2:applicationNumber>${i + 1}</ns2:applicationNumber>
        <ns2:supplierInfo><name>${PARTIES[i][1]}</name><inn>${PARTIES[i][0]}</inn>${i === 4 ? '<kpp>771001001</kpp>' : ''}<type>L</type></ns2:supplierInfo>
        <ns2:price>${1000000 + i * 10000}</ns2:price>
        <ns2:accepted>T</ns2:accepted>
        <ns2:winnerIndication>${code}</ns2:winnerIndication>
      </ns2:application>`,
    )
    .join('');
  return sample(PROTOCOL)
    .replace('31704712239-01', reg)
    .replace('Протокол вскрытия конвертов', typeName)
    .replace(/<ns2:application>[\s\S]*<\/ns2:application>/, apps);
}

beforeAll(async () => {
  company = await newCompany(t, 'Заявки из ЕИС');
  token = await t.login('admin');
  for (const inn of Object.values(INNS)) await addCustomer(t, company, inn);
  await publishedRule(t, company);
});

describe('bids from the real EIS protocols', () => {
  it('every real protocol sample of test/fixtures/eis223 is taken below (a new sample needs its case)', () => {
    const dir = path.resolve(import.meta.dirname, '../../../test/fixtures/eis223');
    expect(
      fs
        .readdirSync(dir)
        .filter((f) => /purchaseProtocol/i.test(f))
        .sort(),
    ).toEqual([PROTOCOL, PROTOCOL_PAEP].sort());
  });

  it('purchaseProtocol (opening, Краснодар): the participant, its price, application date and the protocol’s «N»', async () => {
    const run = await importFiles([file('31704712239.xml', krasnodar()), file(PROTOCOL)]);
    expect(run.status, run.error).toBe('done');
    const proc = await byNotice('31704712239');
    const res = await fromEis(proc.id);
    expect(res.body).toEqual({ created: 1, updated: 0, skipped: [] });
    const r = await resultsOf(proc.id);
    expect(r.lots[0].bids).toEqual([
      expect.objectContaining({
        participant_inn: '7710713055',
        participant_kpp: '771001001',
        participant_name: 'ООО "Информационное агентство "Интерфакс-Юг"',
        participant_address: '127006 г.Москва ул. Тверская-Ямская 1-я д.2 стр.1',
        price: '1055628.00',
        received_at: '2017-02-17T09:09:00.000Z',
        source: 'eis',
        eis_application_number: '1',
        // accepted «N»: «Не указывается в данном протоколе» (acceptedType2), so not decided
        admission: 'pending',
      }),
    ]);
    // taking them again changes nothing new
    expect((await fromEis(proc.id)).body).toEqual({ created: 0, updated: 1, skipped: [] });
  });

  it('purchaseProtocolPAEP (single supplier, Тамбов): the one participant at its last price is the winner', async () => {
    const run = await importFiles([file('31704807799.xml', tambov()), file(PROTOCOL_PAEP)]);
    expect(run.status, run.error).toBe('done');
    const proc = await byNotice('31704807799');
    expect((await fromEis(proc.id)).body).toMatchObject({ created: 1 });
    const r = await resultsOf(proc.id);
    expect(r.lots[0].bids).toEqual([
      expect.objectContaining({
        participant_inn: '6829105817',
        participant_name: 'ООО "Тамбовские семена"',
        price: '362500.00',
        eis_winner_code: 'W',
        eis_result: 'winner',
        admission: 'admitted',
      }),
    ]);
    expect(r.lots[0].evaluation).toMatchObject({ outcome: 'single' });
  });

  it('winnerIndication F S T B N: F is the winner, the others their places', async () => {
    const proc = await byNotice('31704712239');
    const run = await importFiles([
      file('p2.xml', codedProtocol('31704712239-02', ['F', 'S', 'T', 'B', 'N'])),
    ]);
    expect(run.status, run.error).toBe('done');
    expect((await fromEis(proc.id)).body).toMatchObject({ created: 4, updated: 2 });
    const bids = (await resultsOf(proc.id)).lots[0].bids;
    const got = Object.fromEntries(
      bids.map((x) => [x.participant_inn, [x.eis_winner_code, x.eis_result, x.eis_place, x.price]]),
    );
    expect(got).toEqual({
      '7707083893': ['F', 'winner', 1, '1000000.00'],
      '7736050003': ['S', 'second', 2, '1010000.00'],
      '7702070139': ['T', 'third', 3, '1020000.00'],
      '7728168971': ['B', 'below_third', null, '1030000.00'],
      '7710713055': ['N', null, null, '1040000.00'],
    });
    expect(bids.every((x) => x.admission === 'admitted')).toBe(true);
  });

  it('winnerIndication3 W F S: only W is the winner; F offered the winner’s price', async () => {
    const proc = await byNotice('31704712239');
    const run = await importFiles([file('p3.xml', codedProtocol('31704712239-03', ['F', 'W', 'S']))]);
    expect(run.status, run.error).toBe('done');
    await fromEis(proc.id);
    const bids = (await resultsOf(proc.id)).lots[0].bids;
    const got = Object.fromEntries(
      bids.slice(0, 5).map((x) => [x.participant_inn, [x.eis_winner_code, x.eis_result]]),
    );
    expect(got['7707083893']).toEqual(['F', 'winner_price']);
    expect(got['7736050003']).toEqual(['W', 'winner']);
    expect(got['7702070139']).toEqual(['S', 'next_price']);
    // the procurement's protocol keeps the winner the XSD names
    const [row] = await t.db.database.query<{ winner_inn: string }>(
      "select winner_inn from procurement_protocols where eis_registration_number = '31704712239-03'",
    );
    expect(row.winner_inn).toBe('7736050003');
  });
});
