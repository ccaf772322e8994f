import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../../test/harness.js';
import {
  contractEvents,
  contractItems,
  contracts,
  contractVersions,
  customers,
  notifications,
} from '../../../db/schema/index.js';
import { fixture, importAs, type UploadFile } from '../import-uploads.factories.js';
import { addCustomer, contractRow, importedContract } from '../imports.factories.js';

const t = testAppForFile();
let company: number;

/** Imports EIS contract files as the client of the demo company (or another company's client). */
const eis = (
  files: UploadFile[],
  o: { fields?: Record<string, string>; as?: 'client' | 'client2'; company?: number } = {},
) =>
  importAs(t, {
    company: o.company ?? company,
    kind: 'eis-contracts',
    files,
    fields: o.fields,
    as: o.as ?? 'client',
  });

/** The contract homyakin__contractCompleting_test.xml reports the execution of (300 000 rub). */
const COMPLETED = {
  number: '155-Т',
  contract_date: '2017-06-29',
  eis_registry_number: '80105015580170000110000',
  supplier_inn: '7707083893',
  customer_inn: '0105015580',
  price: '300000.00',
};

beforeAll(async () => {
  company = t.ids.companies.client1;
  // the customers of the EIS sample files become заказчики of the demo company
  for (const inn of ['0105018196', '2208008370', '1511012960', '5102050031', '3121000018', '0105015580']) {
    await addCustomer(t, company, inn);
  }
});

const byRegistry = async (registry: string) => {
  const [row] = await t.app.deps.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.companyId, company), eq(contracts.eisRegistryNumber, registry)));
  return row;
};
const itemsOf = (id: number) =>
  t.app.deps.db
    .select()
    .from(contractItems)
    .where(eq(contractItems.contractId, id))
    .orderBy(asc(contractItems.lineNo));

describe('EIS contract import (real files)', () => {
  it('223-FZ daily file: creates the contract with its figures, specification and history row', async () => {
    const name = 'homyakin__contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml';
    const run = await eis([{ name, data: fixture('eis223', name) }]);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.progress).toBe(100);
    expect(run.upload_file_name).toBe(name);
    expect(run.result).toMatchObject({ contracts: 1, created: 1, updated: 0, duplicates: 0 });
    expect(run.result.eais_registry_number).toBe('50105018196190002040000');
    const c = await byRegistry('50105018196190002040000');
    expect(c).toMatchObject({
      law: '223',
      eisGuid: '83660e69-0dca-4f6c-a974-9194b0f51c24',
      version: 1,
      number: '1638.12.2019',
      contractDate: '2019-12-16',
      price: '1750000.00',
      customerInn: '0105018196',
      status: 'concluded',
      source: 'eis',
      startDate: '2019-12-16',
      endDate: '2020-12-31',
      noticeNumber: '31908645944',
      procurementMethodCode: '30000',
    });
    expect(c.eisPublishedAt?.toISOString()).toBe('2019-12-17T14:01:02.000Z');
    const items = await itemsOf(c.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      okpd2Code: '19.20.3',
      okeiCode: '113',
      quantity: '102339.18129',
      amount: '1750000.00',
    });
    const versions = await t.app.deps.db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.contractId, c.id));
    expect(versions.map((v) => [v.revision, v.eisVersion, v.source])).toEqual([[1, 1, 'eis']]);
    expect(run.result.contract_ids).toEqual([c.id]);
  });

  it('every other contract file creates its contract with the right figures', async () => {
    const cases = [
      [
        'eis223',
        'homyakin__contract_Altayskii__krai_20191217_000000_20191217_235959_daily_001.xml',
        '52208008370190000010000',
        '192000.00',
        '5',
        '2019-12-17',
        '',
      ],
      [
        'eis223',
        'homyakin__contract_Severnaia_Osetiya_Alaniia_Resp_20150101_000000_20150131_235959_001.xml',
        '51511012960150000010000',
        '3984420.00',
        'б/н',
        '2015-01-15',
        '1513030845',
      ],
      [
        'eis223',
        'homyakin__contract_test2.xml',
        '50105018196180000870000',
        '317962.72',
        'АГ-1/0235/18',
        '2018-05-28',
        '2310140001',
      ],
      [
        'eis223',
        'homyakin__contract_without_xmlns.xml',
        '50105018196180001160000',
        '229500.00',
        '636  / АГ-2/0368/18',
        '2018-08-06',
        '',
      ],
      [
        'eis44',
        'rummolprod999__contract_2510205003117000004_31762298.xml',
        '2510205003117000004',
        '214562.64',
        'Ф.2016.467916',
        '2017-01-09',
        '',
      ],
      [
        'eis44',
        'rummolprod999__contract_3312100001816000003_25649142.xml',
        '3312100001816000003',
        '6987268.99',
        '0126300030515000080-0099135-02',
        '2016-01-22',
        '6901067107',
      ],
    ] as const;
    for (const [dir, name, registry, price, number, date, supplier] of cases) {
      const run = await eis([{ name, data: fixture(dir, name) }]);
      expect(run.status, `${name}: ${run.error}`).toBe('done');
      expect(run.result.created, name).toBe(1);
      const c = await byRegistry(registry);
      expect(c, name).toBeDefined();
      expect({ price: c.price, number: c.number, date: c.contractDate, supplier: c.supplierInn }).toEqual({
        price,
        number,
        date,
        supplier,
      });
      expect(c.law).toBe(dir === 'eis44' ? '44' : '223');
      // a file without a supplier imports its contract with a warning naming it
      const noSupplier = run.result.warnings.filter((w: string) => w.includes('в файле нет поставщика'));
      expect(noSupplier, name).toEqual(supplier ? [] : [expect.stringContaining(`Договор № ${number}`)]);
    }
    const c44 = await byRegistry('3312100001816000003');
    const [item] = await itemsOf(c44.id);
    expect(item).toMatchObject({
      quantity: '15189715.19',
      price: '0.46',
      amount: '6987268.99',
      okpd2Code: '35.12.10.110',
    });
  });

  it('the same file again changes nothing and counts as duplicate', async () => {
    const name = 'homyakin__contract_test2.xml';
    const before = await byRegistry('50105018196180000870000');
    const run = await eis([{ name, data: fixture('eis223', name) }]);
    expect(run.status).toBe('done');
    expect(run.result).toMatchObject({ created: 0, updated: 0, unchanged: 1, duplicates: 1 });
    const after = await byRegistry('50105018196180000870000');
    expect(after.revision).toBe(before.revision);
    expect(after.updatedAt.toISOString()).toBe(before.updatedAt.toISOString());
  });

  it('a newer version wins and the older one stays in the history; an older one is history only', async () => {
    const name = 'homyakin__contract_without_xmlns.xml';
    const v2 = fixture('eis223', name)
      .toString('utf8')
      .replace('<ns2:version>1</ns2:version>', '<ns2:version>2</ns2:version>')
      .replace('<ns2:price>229500</ns2:price>', '<ns2:price>240000.00</ns2:price>');
    expect(v2).toContain('<ns2:version>2</ns2:version>');
    expect(v2).toContain('<ns2:price>240000.00</ns2:price>');
    const run = await eis([{ name: 'v2.xml', data: Buffer.from(v2) }]);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result).toMatchObject({ created: 0, updated: 1 });
    const c = await byRegistry('50105018196180001160000');
    expect(c).toMatchObject({ version: 2, price: '240000.00', revision: 2 });
    const again = await eis([{ name, data: fixture('eis223', name) }]);
    expect(again.result).toMatchObject({ created: 0, updated: 0, history: 0, duplicates: 1 });
    const versions = await t.app.deps.db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.contractId, c.id))
      .orderBy(asc(contractVersions.revision));
    expect(versions.map((v) => v.eisVersion)).toEqual([1, 2]);
    expect((versions[0].snapshot as { price: string }).price).toBe('229500.00');

    // a contract first seen in version 3: the file's version 1 is kept as history only
    const adygeya = 'homyakin__contract_Altayskii__krai_20191217_000000_20191217_235959_daily_001.xml';
    const text = fixture('eis223', adygeya).toString('utf8');
    const older = text
      .replace('>52208008370190000010000<', '>52208008370190000020000<')
      .replace('1a4369e1-751b-4af7-ba40-1b77b4939753', '1a4369e1-751b-4af7-ba40-1b77b4939754');
    const newer = older.replace('<ns2:version>1</ns2:version>', '<ns2:version>3</ns2:version>');
    expect(newer).toContain('<ns2:version>3</ns2:version>');
    expect((await eis([{ name: 'v3.xml', data: Buffer.from(newer) }])).result.created).toBe(1);
    const hist = await eis([{ name: 'v1.xml', data: Buffer.from(older) }]);
    expect(hist.result).toMatchObject({ created: 0, updated: 0, history: 1 });
    const kept = await byRegistry('52208008370190000020000');
    expect(kept.version).toBe(3);
    const rows = await t.app.deps.db
      .select()
      .from(contractVersions)
      .where(eq(contractVersions.contractId, kept.id));
    expect(rows.map((r) => r.eisVersion).sort()).toEqual([1, 3]);
  });

  it('a card entered by hand with the same registry number takes the EIS record', async () => {
    const manual = await importedContract(t, company, {
      number: 'Т-15',
      contract_date: '2015-01-15',
      eis_registry_number: '51511012960150000020000',
      supplier_inn: '1513030845',
      customer_inn: '1511012960',
      price: '4000000.00',
    });
    const text = fixture(
      'eis223',
      'homyakin__contract_Severnaia_Osetiya_Alaniia_Resp_20150101_000000_20150131_235959_001.xml',
    )
      .toString('utf8')
      .replace('>51511012960150000010000<', '>51511012960150000020000<')
      .replace('d9c350a0-1869-4fff-952a-b0085cfb3772', 'd9c350a0-1869-4fff-952a-b0085cfb3773');
    expect(text).toContain('>51511012960150000020000<');
    const run = await eis([{ name: 'manual.xml', data: Buffer.from(text) }]);
    expect(run.result).toMatchObject({ created: 0, updated: 1 });
    expect(await contractRow(t, manual.id)).toMatchObject({
      source: 'eis',
      price: '3984420.00',
      revision: 2,
    });
  });

  it('date range filters the contracts taken from the file', async () => {
    const name = 'homyakin__contract_Adygeya_Resp_20191217_000000_20191217_235959_daily_001.xml';
    const run = await eis([{ name, data: fixture('eis223', name) }], {
      fields: { date_from: '2020-01-01', date_to: '2020-12-31' },
    });
    expect(run.status).toBe('done');
    expect(run.result).toMatchObject({
      contracts: 0,
      created: 0,
      skipped: 1,
      date_from: '2020-01-01',
      date_to: '2020-12-31',
    });
  });

  it('a plan file and a file of another customer fail with a reason and write nothing', async () => {
    const plan = await eis([
      { name: 'plan.xml', data: fixture('eis223', 'homyakin__purchasePlan_test.xml') },
    ]);
    expect(plan.status).toBe('failed');
    expect(plan.error).toMatch(
      /^Не удалось загрузить сведения о договорах из ЕИС: файл «plan\.xml» — план закупки/,
    );
    const notice = await eis([
      { name: 'notice.xml', data: fixture('eis223', 'homyakin__purchaseNoticeZK_test.xml') },
    ]);
    expect(notice.status).toBe('failed');
    expect(notice.error).toContain('файл «notice.xml» — извещение закупки (purchaseNoticeZK)');
    const other = t.ids.companies.client2;
    const name = 'homyakin__contract_test2.xml';
    const before = await t.app.deps.db.select().from(contracts).where(eq(contracts.companyId, other));
    const foreign = await eis([{ name, data: fixture('eis223', name) }], { as: 'client2', company: other });
    expect(foreign.status).toBe('failed');
    expect(foreign.error).toContain('ИНН 0105018196');
    const rows = await t.app.deps.db.select().from(contracts).where(eq(contracts.companyId, other));
    expect(rows).toHaveLength(before.length);
  });

  it('performanceContract (contractCompleting): payment, acceptance and execution events, status and violations', async () => {
    const c = await importedContract(t, company, COMPLETED);
    const name = 'homyakin__contractCompleting_test.xml';
    const run = await eis([{ name, data: fixture('eis223', name) }]);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result).toMatchObject({ executions: 1, events: 3 });
    const events = await t.app.deps.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, c.id))
      .orderBy(asc(contractEvents.id));
    expect(events.map((e) => [e.kind, e.eventDate, e.amount])).toEqual([
      ['payment', '2017-09-30', '264204.07'],
      ['acceptance', '2017-09-30', null],
      ['execution', '2017-09-30', '264204.07'],
    ]);
    expect(events[1]).toMatchObject({
      documentName: 'товарная накладная',
      documentNumber: '71169',
      source: 'eis',
    });
    const row = await contractRow(t, c.id);
    expect(row).toMatchObject({ status: 'executed', paidAmount: '264204.07' });
    // placed 18.01.2018, more than 10 days after the payment of 30.09.2017
    expect(run.result.violations.length).toBeGreaterThan(0);
    expect(run.result.violations[0].message).toMatch(
      /^Договор № 155-Т \(реестровый № 80105015580170000110000\): /,
    );
    const [n] = await t.app.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'notificationEisContractsResponse'))
      .orderBy(asc(notifications.id))
      .then((rows) => rows.filter((r) => (r.payload as { import_id?: number }).import_id === run.id));
    expect(n).toMatchObject({ status: 'success', header: 'Импорт договоров из ЕИС' });
    expect((n.payload as { violations: string[] }).violations).toEqual(
      run.result.violations.map((v: { message: string }) => v.message),
    );
    expect((n.payload as { eais_registry_number: string }).eais_registry_number).toBe(
      '80105015580170000110000',
    );

    const again = await eis([{ name, data: fixture('eis223', name) }]);
    expect(again.result).toMatchObject({ executions: 1, events: 0, duplicates: 3 });
    expect((await contractRow(t, c.id)).paidAmount).toBe('264204.07');
  });

  it('a customer with revenue above 5 bn owes no register entries up to 500 000: the same late contract shows no violation', async () => {
    const other = t.ids.companies.client2;
    await addCustomer(t, other, '0105015580');
    const db = t.app.deps.db;
    const [large] = await db
      .update(customers)
      .set({ annualRevenueOver5bn: true })
      .where(and(eq(customers.companyId, other), eq(customers.inn, '0105015580')))
      .returning({ id: customers.id });
    const c = await importedContract(t, other, COMPLETED);
    await db.update(contracts).set({ customerId: large.id }).where(eq(contracts.id, c.id));
    const name = 'homyakin__contractCompleting_test.xml';
    const run = await eis([{ name, data: fixture('eis223', name) }], { as: 'client2', company: other });
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result).toMatchObject({ executions: 1, events: 3, violations: [] });
  });

  it('44-FZ contractProcedure: termination with payments, and a completed execution', async () => {
    const terminated = await importedContract(t, company, {
      law: '44',
      number: '1',
      contract_date: '2016-06-01',
      eis_registry_number: '2790000171516000234',
      supplier_inn: '7707083893',
      customer_inn: '5102050031',
      price: '70000.00',
    });
    const executed = await importedContract(t, company, {
      law: '44',
      number: '2',
      contract_date: '2017-01-10',
      eis_registry_number: '3790541092017000001',
      supplier_inn: '7707083893',
      customer_inn: '5102050031',
      price: '1400000.00',
    });
    const files = [
      'aksyuk__contractProcedure_2790000171516000234_78089252.xml',
      'aksyuk__contractProcedure_3790541092017000001_77580302.xml',
    ].map((name) => ({ name, data: fixture('eis44', name) }));
    const run = await eis(files);
    expect(run.status, run.error ?? undefined).toBe('done');
    expect(run.result.executions).toBe(2);
    expect(run.result.warnings.some((w: string) => w.includes('неустойка'))).toBe(true);
    expect(await contractRow(t, terminated.id)).toMatchObject({
      status: 'terminated',
      paidAmount: '10320.00',
    });
    expect(await contractRow(t, executed.id)).toMatchObject({ status: 'executed', paidAmount: '1329836.35' });
    const term = await t.app.deps.db
      .select()
      .from(contractEvents)
      .where(and(eq(contractEvents.contractId, terminated.id), eq(contractEvents.kind, 'termination')));
    expect(term[0]).toMatchObject({ eventDate: '2018-01-22', amount: '10320.00' });
    // the procedure without its contract in the register is skipped with a reason, not a failure
    const lone = 'aksyuk__contractProcedure_2790102009017000001_77504411.xml';
    const skipped = await eis([{ name: lone, data: fixture('eis44', lone) }]);
    expect(skipped.status).toBe('done');
    expect(skipped.result.skipped).toBe(1);
    expect(skipped.result.warnings.join(' ')).toContain('договора нет в реестре компании');
  });
});
