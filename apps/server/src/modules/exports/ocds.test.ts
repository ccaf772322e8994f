import { contractRoutes, exportRoutes, type RouteBody } from '@zakupki/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { contracts } from '../../db/schema/index.js';
import { SUPPLIER, SUPPLIER2 } from '../contracts/contracts.factories.js';
import { fixture, importAs } from '../imports/import-uploads.factories.js';
import { addCustomer } from '../imports/imports.factories.js';
import {
  addAcceptance,
  addPayment,
  contractBody2024,
  createContract2024,
  download,
  errorOf,
  reportNotification,
  runExport,
} from './exports.factories.js';
import type { OcdsPackage, OcdsRelease } from './ocds.builder.js';
import { validateOcdsPackage } from './ocds-rules.js';

const t = testAppForFile();
let token: string;
let company: number;
const REG = '25003123458240000170000';
const BUYER = 'Акционерное общество «Энергосеть»';
let auctionId = 0;
let singleId = 0;
let pkg: OcdsPackage;

beforeAll(async () => {
  token = await t.login('client');
  company = t.ids.companies.client1;
  const a = await createContract2024(t, token, company, { number: 'O-1', eis_registry_number: REG });
  auctionId = a.id;
  await addPayment(t, company, a.id, '2024-03-20', '375000.00', '101');
  await addAcceptance(t, company, a.id, '2024-04-10', 'А-15', [
    { lineNo: 1, quantity: '1000', amount: '1000000.00' },
  ]);
  await addPayment(t, company, a.id, '2024-04-25', '625000.00', '177');
  // a change of the concluded contract (доп. соглашение): a new version with another end date;
  // the items keep their ids (they carry accepted quantities)
  const params = { company_id: company, id: a.id };
  const card = await t.call(contractRoutes.get, { params, as: { token } });
  // the body of the create without its status (an update keeps the status it has)
  const { status: _status, ...body } = contractBody2024({
    number: 'O-1',
    eis_registry_number: REG,
    end_date: '2025-03-31',
  }) as RouteBody<typeof contractRoutes.create>;
  const put = await t.call(contractRoutes.update, {
    params,
    body: {
      ...body,
      revision: card.body.revision,
      items: (body.items ?? []).map((it, i) => ({ ...it, id: card.body.items[i].id })),
      change: { date: '2024-06-03', description: 'Дополнительное соглашение № 1: продление срока поставки' },
    },
    as: { token },
  });
  expect(put.status).toBe(200);
  const b = await createContract2024(t, token, company, {
    number: 'O-2',
    items: [],
    price: '300000.00',
    supplier_inn: SUPPLIER2.inn,
    supplier_kpp: SUPPLIER2.kpp,
    supplier_name: SUPPLIER2.name,
    supplier_is_sme: false,
    procurement_method_code: 'single_supplier',
    procurement_method_name: null,
    contract_date: '2024-05-06',
    start_date: null,
    end_date: null,
  });
  singleId = b.id;
});
const own = () => ({ company_id: company });

describe('OCDS 1.1 release package', () => {
  it('is built by a job for chosen contracts and keeps the essential rules of the standard', async () => {
    const report = await runExport(t, token, exportRoutes.ocds, own(), {
      contract_ids: [auctionId, singleId],
    });
    expect(report.status).toBe('done');
    const file = await download(t, token, `/api/files/${report.file_id}`);
    expect(String(file.headers['content-type'])).toContain('application/json');
    pkg = JSON.parse(file.body.toString('utf8'));
    expect(validateOcdsPackage(pkg, 'ocds-zakupki')).toEqual([]);
    expect(pkg.version).toBe('1.1');
    expect(pkg.uri).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    expect(pkg.publisher).toEqual({ name: BUYER, scheme: 'RU-INN', uid: '5003123458' });
    expect(pkg.releases.map((r) => r.ocid)).toEqual([`ocds-zakupki-${REG}`, `ocds-zakupki-zk${singleId}`]);
    const n = await reportNotification(t, report.id);
    expect(n.payload).toMatchObject({
      report_code: 'ocds',
      error: null,
      file_id: report.file_id,
      contract_guid: null,
    });
  });

  it('writes parties with roles and RU-INN identifiers, the tender method, the award and the contract', () => {
    const [a, b] = pkg.releases as OcdsRelease[];
    expect(a.tag).toEqual(['tender', 'award', 'contract', 'implementation', 'contractAmendment']);
    expect(a.parties).toEqual([
      expect.objectContaining({
        id: 'RU-INN-5003123458',
        roles: ['buyer', 'payer'],
        identifier: { scheme: 'RU-INN', id: '5003123458', legalName: BUYER },
        details: { kpp: '500301001' },
      }),
      expect.objectContaining({
        id: `RU-INN-${SUPPLIER.inn}`,
        name: SUPPLIER.name,
        roles: ['supplier', 'payee'],
        details: { scale: 'sme', kpp: SUPPLIER.kpp },
      }),
    ]);
    expect(a.buyer).toEqual({ id: 'RU-INN-5003123458', name: BUYER });
    expect(a.tender).toMatchObject({
      procurementMethod: 'open',
      procurementMethodDetails: 'Аукцион в электронной форме',
    });
    expect(b.tender).toMatchObject({ procurementMethod: 'direct' });
    expect(b.parties[1].roles).toEqual(['supplier']);
    const [award] = a.awards;
    expect(award).toMatchObject({ status: 'active', value: { amount: 1250000, currency: 'RUB' } });
    expect(award.suppliers).toEqual([{ id: `RU-INN-${SUPPLIER.inn}`, name: SUPPLIER.name }]);
    const [contract] = a.contracts;
    expect(contract).toMatchObject({
      awardID: award.id,
      status: 'active',
      value: { amount: 1250000, currency: 'RUB' },
      period: { startDate: '2024-03-12T00:00:00+03:00', endDate: '2025-03-31T00:00:00+03:00' },
      dateSigned: '2024-03-12T00:00:00+03:00',
    });
    expect(contract.items).toEqual([
      {
        id: '1',
        description: 'Кабель силовой АПвПу2г 1х240/50-10',
        classification: { scheme: 'OKPD2', id: '27.32.13.154' },
        quantity: 1000,
        unit: { scheme: 'OKEI', id: '006', name: 'м', value: { amount: 1000, currency: 'RUB' } },
      },
      expect.objectContaining({
        id: '2',
        classification: { scheme: 'OKPD2', id: '27.33.13.130' },
        quantity: 50,
      }),
    ]);
    expect(b.contracts[0]).not.toHaveProperty('period');
  });

  it('turns payments into transactions, УПД acceptances into delivery milestones and changes into amendments', () => {
    const [a] = pkg.releases;
    const { implementation, amendments } = a.contracts[0] as {
      implementation: { transactions: Record<string, unknown>[]; milestones: Record<string, unknown>[] };
      amendments: Record<string, unknown>[];
    };
    expect(implementation.transactions).toEqual([
      expect.objectContaining({
        date: '2024-03-20T00:00:00+03:00',
        value: { amount: 375000, currency: 'RUB' },
        payer: { id: 'RU-INN-5003123458', name: BUYER },
        payee: { id: `RU-INN-${SUPPLIER.inn}`, name: SUPPLIER.name },
      }),
      expect.objectContaining({
        date: '2024-04-25T00:00:00+03:00',
        value: { amount: 625000, currency: 'RUB' },
      }),
    ]);
    expect(implementation.milestones).toEqual([
      expect.objectContaining({
        type: 'delivery',
        status: 'met',
        dateMet: '2024-04-10T00:00:00+03:00',
        documents: [
          expect.objectContaining({
            documentType: 'completionCertificate',
            title: 'УПД № А-15 от 10.04.2024',
          }),
        ],
      }),
    ]);
    expect(amendments).toEqual([
      expect.objectContaining({
        date: '2024-06-03T00:00:00+03:00',
        description: 'Изменены условия договора: окончание исполнения',
        rationale: 'Дополнительное соглашение № 1: продление срока поставки',
      }),
    ]);
  });

  it('carries mainProcurementCategory, the last change as release.date and dateSigned only when signed', async () => {
    const [a, b] = pkg.releases;
    // the auction's cable (ОКПД2 27.32) is goods; the single-supplier contract has no items
    expect(a.tender.mainProcurementCategory).toBe('goods');
    expect(b.tender.mainProcurementCategory).toBe('goods');
    // the auction's last change is its last payment or its amendment, after the contract's own row
    const card = await t.call(contractRoutes.get, {
      params: { company_id: company, id: auctionId },
      as: { token },
    });
    expect(Date.parse(a.date)).toBeGreaterThanOrEqual(Date.parse(card.body.updated_at));
    // a contract cancelled before it was signed (a draft, then cancelled)
    const never = await createContract2024(t, token, company, { number: 'O-3', status: 'draft' });
    const put = await t.call(contractRoutes.status, {
      params: { company_id: company, id: never.id },
      body: { status: 'cancelled', date: '2024-07-01', reason: 'Закупка отменена до подписания' },
      as: { token },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const report = await runExport(t, token, exportRoutes.ocds, own(), { contract_ids: [never.id] });
    expect(report.status, report.error ?? '').toBe('done');
    const one: OcdsPackage = JSON.parse(
      (await download(t, token, `/api/files/${report.file_id}`)).body.toString('utf8'),
    );
    expect(one.releases[0].contracts[0]).toMatchObject({ status: 'cancelled' });
    expect(one.releases[0].contracts[0]).not.toHaveProperty('dateSigned');
  });

  it('a contract imported from EIS without a supplier is exported without one, after an import warning', async () => {
    const name = 'homyakin__contract_Altayskii__krai_20191217_000000_20191217_235959_daily_001.xml';
    await addCustomer(t, company, '2208008370');
    const run = await importAs(t, {
      company,
      kind: 'eis-contracts',
      files: [{ name, data: fixture('eis223', name) }],
      as: 'client',
    });
    expect(run.result.warnings.join(' ')).toContain('в файле нет поставщика');
    const [row] = await t.app.deps.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.eisRegistryNumber, '52208008370190000010000'));
    const report = await runExport(t, token, exportRoutes.ocds, own(), { contract_ids: [auctionId, row.id] });
    expect(report.status, report.error ?? '').toBe('done');
    const two: OcdsPackage = JSON.parse(
      (await download(t, token, `/api/files/${report.file_id}`)).body.toString('utf8'),
    );
    expect(validateOcdsPackage(two, 'ocds-zakupki')).toEqual([]);
    const r = two.releases[1];
    expect(r.parties.map((p) => p.roles)).toEqual([['buyer']]);
    expect(r.awards[0]).not.toHaveProperty('suppliers');
  });

  it('takes the contracts of a register filter', async () => {
    const report = await runExport(t, token, exportRoutes.ocds, own(), {
      filters: { supplier: SUPPLIER2.inn, date_from: '2024-01-01', date_to: '2024-12-31' },
    });
    expect(report.status).toBe('done');
    const one: OcdsPackage = JSON.parse(
      (await download(t, token, `/api/files/${report.file_id}`)).body.toString('utf8'),
    );
    expect(one.releases.map((r) => r.ocid)).toEqual([`ocds-zakupki-zk${singleId}`]);
    expect(report.contract_guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a request with both or neither of contract ids and filters, or with an empty filter', async () => {
    const ocds = (body: unknown) =>
      t.call(exportRoutes.ocds, { params: own(), invalidBody: body, as: { token } });
    const both = await ocds({ contract_ids: [auctionId], filters: {} });
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('либо список договоров');
    expect((await ocds({})).status).toBe(400);
    const none = await t.call(exportRoutes.ocds, {
      params: own(),
      body: { filters: { supplier: '7700000001' } },
      as: { token },
    });
    expect(none.status).toBe(400);
    expect(errorOf(none).message).toBe('По заданным фильтрам в реестре нет договоров');
    const missing = await t.call(exportRoutes.ocds, {
      params: own(),
      body: { contract_ids: [auctionId, 999999] },
      as: { token },
    });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).message).toContain('999999');
  });
});

describe('OCDS rules', () => {
  it('catch a broken ocid, a date without zone, a stray tag and dangling references', () => {
    const broken = structuredClone(pkg) as unknown as { releases: Record<string, unknown>[] } & Record<
      string,
      unknown
    >;
    const r = broken.releases[0] as Record<string, any>;
    r.ocid = 'ocds-other-1';
    r.date = '2024-03-12';
    r.tag = ['contract', 'signed'];
    r.buyer = { id: 'RU-INN-0000000000', name: 'x' };
    r.contracts[0].awardID = 'nope';
    r.contracts[0].items[0].classification.scheme = 'OKPD';
    r.contracts[0].implementation.milestones[0].documents[0].documentType = 'invoice';
    r.contracts[0].implementation.transactions[0].value.amount = '375000.00';
    broken.version = '1.0';
    const issues = validateOcdsPackage(broken, 'ocds-zakupki');
    for (const path of [
      'version',
      'releases[0].ocid',
      'releases[0].date',
      'releases[0].tag',
      'releases[0].buyer',
      'releases[0].contracts[0].awardID',
      'releases[0].contracts[0].items[0].classification',
      'releases[0].contracts[0].implementation.milestones[0].documents[0].documentType',
      'releases[0].contracts[0].implementation.transactions[0].value.amount',
    ]) {
      expect(
        issues.some((i) => i.startsWith(`${path}:`)),
        path,
      ).toBe(true);
    }
    expect(issues).toHaveLength(9);
  });

  it('take the ocid prefix from OCDS_OCID_PREFIX', () => {
    expect(loadConfig({}).ocdsOcidPrefix).toBe('ocds-zakupki');
    expect(loadConfig({ OCDS_OCID_PREFIX: 'ocds-a1b2c3' }).ocdsOcidPrefix).toBe('ocds-a1b2c3');
    expect(() => loadConfig({ OCDS_OCID_PREFIX: 'zakupki' })).toThrow(/OCDS_OCID_PREFIX/);
    expect(validateOcdsPackage(pkg, 'ocds-a1b2c3')[0]).toMatch(
      /^releases\[0\]\.ocid: ocid должен начинаться с префикса ocds-a1b2c3-/,
    );
  });
});
