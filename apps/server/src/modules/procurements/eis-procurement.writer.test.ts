import { eisProcurementImportRoutes } from '@zakupki/shared';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import {
  catalogEntries,
  eisPlanPositions,
  eisPlans,
  notifications,
  procurementEvents,
  procurementItems,
  procurementLots,
  procurementProtocols,
  procurements,
} from '../../db/schema/index.js';
import { addCustomer, newCompany, runImport, upload } from '../imports/import-uploads.factories.js';
import {
  file,
  INNS,
  NOTICE,
  NOTICE_ZK,
  noticeFor,
  PLAN,
  PROTOCOL,
  PROTOCOL_PAEP,
  publishedRule,
  sample,
  setTag,
} from './eis-procurement.factories.js';

/**
 * The EIS notice and protocol import (`eis-procurements`) over every real sample, end to end: the
 * upload route, the import runner, the writer, the register's rows, events and the notification.
 */
const t = testAppForFile();
let company: number;
let token: string;
let methods: Record<string, number>;
let versionId: number;

const KIND = 'eis-procurements';
const importFiles = (files: { name: string; data: Buffer }[], who = token, into = company) =>
  runImport(t, who, into, KIND, files);

const counts = async () => {
  const db = t.app.deps.db;
  const procs = await db
    .select({ id: procurements.id })
    .from(procurements)
    .where(eq(procurements.companyId, company));
  const ids = procs.map((p) => p.id);
  if (!ids.length) return { procurements: 0, lots: 0, items: 0, protocols: 0, events: 0, methods: 0 };
  const lots = await db
    .select({ id: procurementLots.id })
    .from(procurementLots)
    .where(inArray(procurementLots.procurementId, ids));
  return {
    procurements: ids.length,
    lots: lots.length,
    items: lots.length
      ? (
          await db
            .select()
            .from(procurementItems)
            .where(
              inArray(
                procurementItems.lotId,
                lots.map((l) => l.id),
              ),
            )
        ).length
      : 0,
    protocols: (
      await db.select().from(procurementProtocols).where(inArray(procurementProtocols.procurementId, ids))
    ).length,
    events: (await db.select().from(procurementEvents).where(inArray(procurementEvents.procurementId, ids)))
      .length,
    methods: (await db.select().from(catalogEntries).where(eq(catalogEntries.companyId, company))).length,
  };
};

const byNotice = async (number: string) => {
  const [row] = await t.app.deps.db
    .select()
    .from(procurements)
    .where(and(eq(procurements.companyId, company), eq(procurements.eisNoticeNumber, number)));
  return row;
};
const lotsOf = async (id: number) =>
  t.app.deps.db
    .select()
    .from(procurementLots)
    .where(eq(procurementLots.procurementId, id))
    .orderBy(asc(procurementLots.number));
const itemsOf = async (lotId: number) =>
  t.app.deps.db
    .select()
    .from(procurementItems)
    .where(eq(procurementItems.lotId, lotId))
    .orderBy(asc(procurementItems.lineNo));
const eventsOf = async (id: number) =>
  t.app.deps.db
    .select()
    .from(procurementEvents)
    .where(eq(procurementEvents.procurementId, id))
    .orderBy(asc(procurementEvents.id));

beforeAll(async () => {
  company = await newCompany(t, 'Импорт закупок');
  token = await t.login('admin');
  for (const inn of Object.values(INNS)) await addCustomer(t, company, inn);
  // a notice with no Положение in force is imported unpinned: procurement-pin.test.ts
  ({ methods, versionId } = await publishedRule(t, company));
});

describe('EIS notices into the procurement register', () => {
  it('imports both real notices (TFF-2.0 ZK and TFF-5.0): lots, items, dates, method, status', async () => {
    const run = await importFiles([file(NOTICE_ZK), file(NOTICE)]);
    expect(run.status, run.error).toBe('done');
    expect(run.kind).toBe(KIND);
    expect(run.files.map((f: { status: string }) => f.status)).toEqual(['done', 'done']);
    expect(run.result).toMatchObject({ notices: 2, protocols: 0, created: 2, updated: 0, unchanged: 0 });

    const rn = await byNotice('31603913641');
    expect(rn).toMatchObject({
      eisVersion: 2,
      eisUrl: expect.stringContaining('noticeInfoId=4709492'),
      source: 'eis',
      status: 'published',
      methodId: methods.e_quotation_sme,
      nmcd: '3077055.86',
      currencyCode: 'RUB',
      smeOnly: true,
      electronic: true,
      subjectType: 'works',
      platformName: 'УЭТП ЗАО "ТЭК-Торг" Секция ОАО «НК «Роснефть»',
      plannedPublicationDate: '2016-07-25',
      publishedOn: '2016-07-22',
      bidsDeadline: '2016-08-05',
      customerInn: INNS.rosneft,
      planPositionId: null,
    });
    // numbered in the year of its notice (published 2016-07-22), not the year of the import
    expect(rn.number).toMatch(/^З-2016-\d{3}$/);
    const [lot] = await lotsOf(rn.id);
    expect(lot).toMatchObject({ number: 1, nmcd: '3077055.86', planPositionId: null });
    const [item] = await itemsOf(lot.id);
    // one item: its unit price is the lot's НМЦД over its quantity, its amount the НМЦД
    expect(item).toMatchObject({
      okpd2Code: '41.20.20.310',
      okeiCode: '008',
      quantity: '0.698',
      unitPrice: '4408389.48',
      amount: '3077055.86',
    });
    const rnItem = run.result.items.find((i: { notice_number: string }) => i.notice_number === '31603913641');
    expect(rnItem.warnings.join(' ')).toContain('позиция 429 плана 2150133389');

    const zk = await byNotice('31200022868');
    expect(zk).toMatchObject({
      status: 'published',
      nmcd: '280000.00',
      electronic: false,
      bidsDeadline: '2012-11-14',
    });
    // a paper quotation request is not in the catalogue: added to the company's own, by its name
    const [own] = await t.app.deps.db
      .select()
      .from(catalogEntries)
      .where(eq(catalogEntries.companyId, company));
    expect(own).toMatchObject({ kind: 'method', title: 'Запрос котировок', id: zk.methodId });
    const [zkLot] = await lotsOf(zk.id);
    expect(await itemsOf(zkLot.id)).toMatchObject([
      { quantity: '4000.000', unitPrice: '70.00', amount: '280000.00' },
    ]);
    expect((await eventsOf(zk.id)).map((e) => [e.kind, e.toStatus])).toEqual([['imported', 'published']]);

    const [note] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'eisProcurementsResponse'), eq(notifications.companyId, company)))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(note).toMatchObject({ status: 'success' });
    expect(note.payload).toMatchObject({ procurement_id: null, error: null, import_id: run.id });
  });

  it('twice, and as a ZIP: nothing new', async () => {
    const before = await counts();
    const again = await importFiles([file(NOTICE_ZK), file(NOTICE)]);
    expect(again.status).toBe('done');
    expect(again.result).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const zip = Buffer.from(
      zipSync({ [NOTICE]: Buffer.from(sample(NOTICE)), [NOTICE_ZK]: Buffer.from(sample(NOTICE_ZK)) }),
    );
    const zipped = await importFiles([{ name: 'извещения.zip', data: zip }]);
    expect(zipped.status, zipped.error).toBe('done');
    expect(zipped.files.map((f: { file_name: string }) => f.file_name).sort()).toEqual(
      [`извещения.zip/${NOTICE}`, `извещения.zip/${NOTICE_ZK}`].sort(),
    );
    expect(zipped.result).toMatchObject({ unchanged: 2, created: 0 });
    expect(await counts()).toEqual(before);
  });

  it('a newer version updates the procurement and links the lot to its plan position (by guid, else by number)', async () => {
    const db = t.app.deps.db;
    const [plan] = await db
      .insert(eisPlans)
      .values({
        companyId: company,
        registrationNumber: '2150133389',
        planType: 'COMMODITY',
        year: 2016,
        currentVersion: 1,
      })
      .returning();
    const [position] = await db
      .insert(eisPlanPositions)
      .values({
        planId: plan.id,
        companyId: company,
        guid: '370ef3ca-ae9f-02a8-e053-ac11070db1f9',
        number: '2150133389-429',
        ordinalNumber: 429,
        firstVersion: 1,
      })
      .returning();
    let v3 = setTag(sample(NOTICE), 'version', '3');
    v3 = setTag(v3, 'initialSum', '3000000.00');
    const run = await importFiles([file('v3.xml', v3)]);
    expect(run.status, run.error).toBe('done');
    expect(run.result).toMatchObject({ updated: 1, procurement_ids: [expect.any(Number)] });
    const rn = await byNotice('31603913641');
    expect(rn).toMatchObject({ eisVersion: 3, nmcd: '3000000.00', planPositionId: position.id });
    expect((await lotsOf(rn.id))[0]).toMatchObject({ nmcd: '3000000.00', planPositionId: position.id });
    const events = await eventsOf(rn.id);
    expect(events.at(-1)).toMatchObject({ kind: 'imported', toStatus: null });
    expect(events.at(-1)?.changedFields).toEqual(
      expect.arrayContaining(['eisVersion', 'nmcd', 'planPositionId', 'lots']),
    );

    // version 4 names the position by plan and number only
    let v4 = setTag(v3, 'version', '4');
    v4 = setTag(v4, 'positionGuid', '00000000-0000-0000-0000-000000000000');
    const byNumber = await importFiles([file('v4.xml', v4)]);
    expect(byNumber.status, byNumber.error).toBe('done');
    expect((await lotsOf(rn.id))[0].planPositionId).toBe(position.id);

    // an older version than the stored one changes nothing
    const before = await counts();
    const old = await importFiles([file(NOTICE)]);
    expect(old.result.items[0]).toMatchObject({ outcome: 'unchanged', version: 2 });
    expect(old.result.items[0].warnings[0]).toContain('редакция 4');
    expect(await counts()).toEqual(before);
    expect((await byNotice('31603913641')).eisVersion).toBe(4);
  });
});

describe('a procurement entered before its notice', () => {
  it('takes the EIS data of the notice and keeps its own lots, items and method; published', async () => {
    const db = t.app.deps.db;
    const [own] = await db
      .insert(procurements)
      .values({
        companyId: company,
        number: 'Р-1',
        eisNoticeNumber: '31600000077',
        ruleVersionId: versionId,
        methodId: methods.e_auction,
        subject: 'Поставка бумаги',
        nmcd: '1200.00',
        status: 'documentation_ready',
      })
      .returning();
    const [lot] = await db
      .insert(procurementLots)
      .values({ procurementId: own.id, number: 1, subject: 'Бумага', nmcd: '1200.00' })
      .returning();
    await db.insert(procurementItems).values({
      lotId: lot.id,
      lineNo: 1,
      name: 'Бумага А4',
      quantity: '10',
      unitPrice: '120.00',
      vatRate: '20%',
      amount: '1200.00',
    });
    const run = await importFiles([
      file('31600000077.xml', noticeFor({ ...base('31600000077'), sum: '1000.00' })),
    ]);
    expect(run.status, run.error).toBe('done');
    expect(run.result.items[0]).toMatchObject({
      outcome: 'updated',
      procurement_number: 'Р-1',
      status: 'published',
    });
    expect(run.result.items[0].warnings).toEqual(
      expect.arrayContaining([
        expect.stringContaining('заведена в реестре до извещения'),
        'НМЦД в извещении 1000.00 отличается от НМЦД закупки в реестре 1200.00',
      ]),
    );
    const after = await byNotice('31600000077');
    expect(after).toMatchObject({
      number: 'Р-1',
      eisVersion: 2,
      methodId: methods.e_auction,
      nmcd: '1200.00',
      status: 'published',
      publishedOn: '2016-07-22',
      source: 'manual',
    });
    expect(await itemsOf(lot.id)).toMatchObject([{ name: 'Бумага А4', unitPrice: '120.00', vatRate: '20%' }]);
    expect((await eventsOf(own.id)).at(-1)).toMatchObject({
      kind: 'imported',
      fromStatus: 'documentation_ready',
      toStatus: 'published',
    });
  });
});

describe('EIS protocols', () => {
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

  it('refuses a protocol whose notice is not in the register, naming the notice and what to do', async () => {
    const before = await counts();
    const run = await importFiles([file(PROTOCOL_PAEP)]);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('закупки с извещением № 31704807799 нет в реестре закупок');
    expect(run.error).toContain('сначала загрузите извещение № 31704807799');
    expect(await counts()).toEqual(before);
  });

  it('an opening protocol uploaded with its notice: attached, bids closed, both in the history', async () => {
    // the protocol first in the upload: notices are written before protocols (the notice made from
    // the TFF-5.0 sample keeps its platform and SME-only lot: an SME-only electronic competition)
    const run = await importFiles([file(PROTOCOL), file('31704712239.xml', krasnodar())]);
    expect(run.status, run.error).toBe('done');
    expect(run.result).toMatchObject({
      notices: 1,
      protocols: 1,
      created: 2,
      procurement_id: expect.any(Number),
    });
    const proc = await byNotice('31704712239');
    expect(proc).toMatchObject({ status: 'bids_closed', methodId: methods.e_tender_sme });
    const [protocol] = await t.app.deps.db
      .select()
      .from(procurementProtocols)
      .where(eq(procurementProtocols.procurementId, proc.id));
    expect(protocol).toMatchObject({
      kind: 'opening',
      final: false,
      signedOn: '2017-02-20',
      publishedOn: '2017-02-21',
      eisRegistrationNumber: '31704712239-01',
      eisVersion: 1,
      lotNumber: 1,
      winnerInn: null,
      source: 'eis',
    });
    expect(protocol.applications).toEqual([
      expect.objectContaining({
        lot_number: 1,
        supplier_inn: '7710713055',
        price: '1055628.00',
        accepted: 'N',
      }),
    ]);
    expect((await eventsOf(proc.id)).map((e) => [e.kind, e.fromStatus, e.toStatus])).toEqual([
      ['imported', null, 'published'],
      ['protocol', 'published', 'bids_closed'],
    ]);
  });

  it('the single-supplier protocol (PAEP) is final: its winner, summing up; twice: nothing new', async () => {
    const run = await importFiles([file('31704807799.xml', tambov()), file(PROTOCOL_PAEP)]);
    expect(run.status, run.error).toBe('done');
    const proc = await byNotice('31704807799');
    expect(proc).toMatchObject({
      status: 'summing_up',
      methodId: methods.single_supplier,
      nmcd: '362500.00',
    });
    const [protocol] = await t.app.deps.db
      .select()
      .from(procurementProtocols)
      .where(eq(procurementProtocols.procurementId, proc.id));
    expect(protocol).toMatchObject({
      kind: 'summing_up',
      final: true,
      signedOn: '2017-02-17',
      winnerName: 'ООО "Тамбовские семена"',
      winnerInn: '6829105817',
      winnerPrice: '362500.00',
    });
    const before = await counts();
    const again = await importFiles([file(PROTOCOL_PAEP), file(PROTOCOL)]);
    expect(again.status).toBe('done');
    expect(again.result).toMatchObject({ unchanged: 2, created: 0, updated: 0 });
    expect(await counts()).toEqual(before);
  });

  it('a newer version of a protocol replaces the stored one; its procurement keeps one protocol of that number', async () => {
    const v2 = setTag(setTag(sample(PROTOCOL_PAEP), 'version', '2'), 'lastPrice', '360000');
    const run = await importFiles([file('paep-v2.xml', v2)]);
    expect(run.status, run.error).toBe('done');
    expect(run.result.items[0]).toMatchObject({ document: 'protocol', outcome: 'updated', version: 2 });
    const proc = await byNotice('31704807799');
    const rows = await t.app.deps.db
      .select()
      .from(procurementProtocols)
      .where(eq(procurementProtocols.procurementId, proc.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eisVersion: 2, winnerPrice: '360000.00' });
    expect((await eventsOf(proc.id)).at(-1)).toMatchObject({ kind: 'protocol', toStatus: null });
  });
});

describe('refusals', () => {
  it('a notice of another customer is refused naming its ИНН; nothing half-written', async () => {
    const before = await counts();
    const foreign = noticeFor({
      number: '31699999999',
      inn: '7707083893',
      kpp: '773601001',
      name: 'ПАО СБЕРБАНК',
      method: 'Запрос предложений',
      sum: '100.00',
    });
    const run = await importFiles([file('чужое.xml', foreign)]);
    expect(run.status).toBe('failed');
    expect(run.error).toContain('заказчика с ИНН 7707083893 (ПАО СБЕРБАНК)');
    expect(await counts()).toEqual(before);
  });

  it('a file of several customers (a daily export): the company’s documents are imported, the others skipped and named', async () => {
    const foreign = noticeFor({
      ...base('31600000089'),
      inn: '7707083893',
      kpp: '773601001',
      name: 'ПАО СБЕРБАНК',
    });
    const item = /<ns2:item>[\s\S]*<\/ns2:item>/.exec(foreign)?.[0] as string;
    const daily = noticeFor(base('31600000088')).replace('</ns2:body>', `${item}</ns2:body>`);
    const run = await importFiles([file('daily.xml', daily)]);
    expect(run.status, run.error).toBe('done');
    expect(run.result).toMatchObject({ notices: 1, created: 1 });
    expect(run.result.warnings).toContain(
      '«daily.xml»: пропущены документы других заказчиков (ИНН 7707083893 (ПАО СБЕРБАНК)): 1',
    );
    expect(await byNotice('31600000088')).toBeDefined();
    expect(await byNotice('31600000089')).toBeUndefined();
  });

  it('a malformed file is refused naming the element; the good file of the same upload is imported (warning)', async () => {
    const bad = setTag(noticeFor({ ...base('31600000001') }), 'initialSum', 'много');
    const good = noticeFor(base('31600000002'));
    const run = await importFiles([file('плохое.xml', bad), file('хорошее.xml', good)]);
    expect(run.status).toBe('warning');
    expect(run.files).toEqual([
      {
        file_name: 'плохое.xml',
        status: 'failed',
        error: expect.stringContaining(
          'body/item[1]/purchaseNoticeData/lots/lot[1]/lotData/initialSum: неверная сумма «много»',
        ),
      },
      { file_name: 'хорошее.xml', status: 'done', error: null },
    ]);
    expect(await byNotice('31600000001')).toBeUndefined();
    expect(await byNotice('31600000002')).toBeDefined();
    const [note] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'eisProcurementsResponse'), eq(notifications.status, 'warning')));
    expect(note.message).toContain('плохое.xml');
  });

  it('a plan or a contract file is refused pointing to its own import', async () => {
    const plan = await importFiles([file(PLAN)]);
    expect(plan.status).toBe('failed');
    expect(plan.error).toContain('план закупки (purchasePlan), а не извещение или протокол');
  });

  it('needs procurements.write: a client of its own company is refused', async () => {
    const client = await t.login('client');
    const res = await upload(t, client, t.ids.companies.client1, KIND, [file(NOTICE)]);
    expect(res.status).toBe(403);
    expect(eisProcurementImportRoutes.start.permission).toBe('procurements.write');
  });
});

function base(number: string) {
  return {
    number,
    inn: INNS.rosneft,
    kpp: '770601001',
    name: 'ПАО "НК "РОСНЕФТЬ"',
    method: 'Открытый запрос цен в электронной форме',
    sum: '1000.00',
  };
}
