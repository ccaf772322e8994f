import { exportRoutes as r } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { contractItems, files, reportRuns } from '../../db/schema/index.js';
import type { EisContract, EisExecution } from '../../kernel/eis/eis.types.js';
import { SUPPLIER } from '../contracts/contracts.factories.js';
import { parseEisFile } from '../imports/eis/eis.parser.js';
import { validateEis223 } from './eis-validate.js';
import {
  addAcceptance,
  addPayment,
  createContract2024,
  download,
  errorOf,
  reportNotification,
  runExport,
} from './exports.factories.js';

const t = testAppForFile();
let token: string;
let company: number;
const REG = '25003123458240000150000';
const GUID = '093a718b-b9b0-4d25-906a-471629e6e429';
const ADDRESS = {
  post_code: '115054',
  region_code: 77,
  region_name: 'Москва',
  city: 'Москва',
  street: 'ул. Валовая',
  house: '10',
};

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
});
const of = (id: number) => ({ company_id: company, id });

describe('EIS XML of the contract information', () => {
  it('passes contract.xsd and reads back through the import parser with the same figures', async () => {
    const c = await createContract2024(t, token, company, { eis_registry_number: REG, eis_guid: GUID });
    const report = await runExport(t, token, r.eisContract, of(c.id), {
      supplier_address: ADDRESS,
    });
    expect(report.status).toBe('done');
    expect(report.contract_guid).toBe(GUID);
    expect(report.contract_regnumber).toBe(REG);
    expect(report.file_name).toMatch(/^contract_15_2024-ЭА_2024-03-12\.xml$/);

    const file = await download(t, token, `/api/files/${report.file_id}`);
    expect(file.status).toBe(200);
    expect(String(file.headers['content-type'])).toContain('application/xml');
    const xml = file.body.toString('utf8');
    expect(await validateEis223(xml)).toEqual({ valid: true, errors: [] });

    const [rec] = parseEisFile(file.body, 'export.xml') as EisContract[];
    expect(rec.kind).toBe('contract');
    expect(rec.guid).toBe(GUID);
    expect(rec.contractRegNumber).toBe(REG);
    expect(rec.number).toBe('15/2024-ЭА');
    expect(rec.contractDate).toBe('2024-03-12');
    expect(rec.startExecutionDate).toBe('2024-03-12');
    expect(rec.endExecutionDate).toBe('2024-12-31');
    expect(rec.price).toBe('1250000.00');
    expect(rec.currencyCode).toBe('RUB');
    expect(rec.subject).toBe('Поставка кабельной продукции для ремонта сетей 10 кВ');
    expect(rec.customer).toMatchObject({ inn: '5003123458', kpp: '500301001' });
    expect(rec.suppliers).toEqual([
      expect.objectContaining({ inn: SUPPLIER.inn, kpp: SUPPLIER.kpp, name: SUPPLIER.name, isSme: true }),
    ]);
    expect(rec.purchase).toMatchObject({ methodCode: '12012', methodName: 'Аукцион в электронной форме' });
    expect(rec.positions.map((p) => [p.ordinalNumber, p.okpd2Code, p.okeiCode, p.qty, p.price])).toEqual([
      [1, '27.32.13.154', '006', '1000', '1000'],
      [2, '27.33.13.130', '796', '50', '5000'],
    ]);
    expect(rec.warnings).toEqual([]);
    expect(xml).toContain('<ns2:digitalPurchase>true</ns2:digitalPurchase>');
    expect(xml).toContain('<ns2:digitalPurchaseCode>120121</ns2:digitalPurchaseCode>');

    const n = await reportNotification(t, report.id);
    expect(n.status).toBe('success');
    expect(n.payload).toMatchObject({
      contract_guid: GUID,
      report_code: 'eis-contract',
      contract_regnumber: REG,
      error: null,
      file_id: report.file_id,
    });
  });

  it('without the supplier address: still valid, without supplierInfo, and the report says why', async () => {
    const c = await createContract2024(t, token, company, {
      number: 'Б/2',
      procurement_method_code: null,
      procurement_method_name: null,
    });
    const report = await runExport(t, token, r.eisContract, of(c.id), {});
    expect(report.status).toBe('done');
    const xml = (await download(t, token, `/api/files/${report.file_id}`)).body.toString('utf8');
    expect((await validateEis223(xml)).valid).toBe(true);
    expect(xml).not.toContain('supplierInfo');
    expect(report.warnings.join(' ')).toContain('адрес поставщика');
    expect(report.warnings.join(' ')).toContain('Способ закупки в реестре не указан');
    // no EIS guid: a stable one made from the contract id, the same on the next export
    const again = await runExport(t, token, r.eisContract, of(c.id), {});
    expect(again.contract_guid).toBe(report.contract_guid);
    expect(report.contract_guid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('a customer without КПП fails the job with the reason and stores no file', async () => {
    const c = await createContract2024(t, token, company, {
      number: 'Б/3',
      customer_name: 'ООО «Закупки-Сервис»',
      customer_inn: '7705123452',
      customer_kpp: null,
    });
    const before = await t.app.deps.db.select().from(files);
    const report = await runExport(t, token, r.eisContract, of(c.id), {
      supplier_address: ADDRESS,
    });
    expect(report.status).toBe('failed');
    expect(report.file_id).toBeNull();
    expect(report.error).toContain('не указан КПП');
    expect(await t.app.deps.db.select().from(files)).toHaveLength(before.length);
    const n = await reportNotification(t, report.id);
    expect(n.status).toBe('error');
    expect(n.payload).toMatchObject({ report_code: 'eis-contract', error: report.error, file_id: null });
  });

  it('a document the schema refuses is never offered: the job fails with the validator errors in Russian', async () => {
    const c = await createContract2024(t, token, company, { number: 'Б/4' });
    // a code longer than okeiProductType allows (20 characters), written past the API's checks
    await t.app.deps.db
      .update(contractItems)
      .set({ okeiCode: '1'.repeat(25) })
      .where(eq(contractItems.contractId, c.id));
    const report = await runExport(t, token, r.eisContract, of(c.id), {
      supplier_address: ADDRESS,
    });
    expect(report.status).toBe('failed');
    expect(report.file_id).toBeNull();
    expect(report.error).toMatch(
      /^Сведения о договоре не прошли проверку по схеме ЕИС contract\.xsd, файл не выдан: строка \d+: значение элемента code длиннее допустимого: 25 символов при максимуме 20; строка \d+: /,
    );
    const [run] = await t.app.deps.db.select().from(reportRuns).where(eq(reportRuns.id, report.id));
    expect(run.fileId).toBeNull();
  });

  it('refuses at once a 44-ФЗ contract and a draft', async () => {
    const c44 = await createContract2024(t, token, company, { number: 'Б/44', law: '44' });
    const r1 = await t.call(r.eisContract, { params: of(c44.id), body: {}, as: { token } });
    expect(r1.status).toBe(400);
    expect(errorOf(r1).message).toContain('только для договоров по 223-ФЗ');
    const draft = await createContract2024(t, token, company, { number: 'Б/5', status: 'draft' });
    const r2 = await t.call(r.eisPerformance, { params: of(draft.id), body: {}, as: { token } });
    expect(r2.status).toBe(400);
    expect(errorOf(r2).message).toContain('«Проект»');
    const r3 = await t.call(r.eisContract, {
      params: of(draft.id),
      invalidBody: { supplier_address: { post_code: '12345' } },
      as: { token },
    });
    expect(r3.status).toBe(400);
    expect(JSON.stringify(r3.body)).toContain('Почтовый индекс состоит из 6 цифр');
  });
});

describe('EIS XML of the execution information', () => {
  it('holds the period’s payments and accepted lines, passes contract.xsd and parses back', async () => {
    const c = await createContract2024(t, token, company, {
      number: 'И/1',
      eis_registry_number: '25003123458240000160000',
    });
    await addPayment(t, company, c.id, '2024-03-20', '375000.00', '101');
    await addAcceptance(t, company, c.id, '2024-04-10', 'А-15', [
      { lineNo: 1, quantity: '600', amount: '600000.00' },
      { lineNo: 2, quantity: '50', amount: '250000.00' },
    ]);
    await addPayment(t, company, c.id, '2024-04-25', '475000.00', '177');
    await addPayment(t, company, c.id, '2024-06-05', '100000.00', '230'); // after the period
    const report = await runExport(t, token, r.eisPerformance, of(c.id), {
      period_from: '2024-03-01',
      period_to: '2024-05-31',
    });
    expect(report.status).toBe('done');
    expect(report.params).toMatchObject({ period_from: '2024-03-01', period_to: '2024-05-31' });
    const file = await download(t, token, `/api/files/${report.file_id}`);
    expect(await validateEis223(file.body.toString('utf8'))).toEqual({ valid: true, errors: [] });
    const [rec] = parseEisFile(file.body, 'perf.xml') as EisExecution[];
    expect(rec.kind).toBe('execution');
    expect(rec.guid).toBe(report.params.performance_guid);
    expect(rec.contractRegNumber).toBe('25003123458240000160000');
    expect(rec.contractNumber).toBe('И/1');
    expect(rec.contractDate).toBe('2024-03-12');
    expect(rec.total).toBe('850000.00');
    const [stage] = rec.stages;
    expect(stage.payments.map((p) => [p.paymentDate, p.price, p.prepaid])).toEqual([
      ['2024-03-20', '375000.00', true],
      ['2024-04-25', '475000.00', false],
    ]);
    expect(stage.docs.map((d) => [d.number, d.code, d.okeiCode, d.qty, d.sum])).toEqual([
      ['А-15', '37', '006', '600', '600000.00'],
      ['А-15', '37', '796', '50', '250000.00'],
    ]);
    const n = await reportNotification(t, report.id);
    expect(n.payload).toMatchObject({
      report_code: 'eis-performance',
      contract_regnumber: '25003123458240000160000',
      error: null,
      file_id: report.file_id,
    });
  });

  it('a period with nothing to report fails with the reason', async () => {
    const c = await createContract2024(t, token, company, { number: 'И/2' });
    const report = await runExport(t, token, r.eisPerformance, of(c.id), {
      period_from: '2024-03-01',
      period_to: '2024-03-31',
    });
    expect(report.status).toBe('failed');
    expect(report.error).toContain('нет оплат и сопоставленных документов о приёмке');
    const bad = await t.call(r.eisPerformance, {
      params: of(c.id),
      body: { period_from: '2024-04-01', period_to: '2024-03-01' },
      as: { token },
    });
    expect(bad.status).toBe(400);
  });
});
