import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { contractEvents, notifications, payments } from '../../../db/schema/index.js';
import {
  addAccount,
  addCustomer,
  contractRow,
  createContract,
  fixture,
  newCompany,
  runImport,
} from '../import-uploads.factories.js';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const file = (name: string) => ({ name, data: fixture('1c-bank', name) });
const pay = (company: number, names: string[]) => runImport(t, admin, company, 'payments', names.map(file));
const paymentsOf = (company: number) =>
  t.app.deps.db.select().from(payments).where(eq(payments.companyId, company));

describe('bank statement import (real 1C files)', () => {
  it('windows-1251 statement: outgoing payments stored, the UTF-8 copy and the same file again are duplicates', async () => {
    const company = await newCompany(t, 'ООО «Выписка»');
    await addAccount(t, company, '12312312312312312');
    const run = await pay(company, ['kilylabs__one_day.txt']);
    expect(run.status, run.error).toBe('done');
    // the job ran on this node and took the upload from memory
    expect(t.app.deps.recentFiles.size).toBe(0);
    expect(run.result).toMatchObject({
      documents: 13,
      outgoing: 13,
      incoming: 0,
      created: 13,
      matched: 0,
      unmatched: 13,
      duplicates: 0,
      total_amount: '81184.00',
    });
    const stored = await paymentsOf(company);
    expect(stored).toHaveLength(13);
    expect(stored.find((p) => p.number === '697162')).toMatchObject({
      date: '2016-01-11',
      amount: '83.23',
      payerInn: '123123123123',
      status: 'unmatched',
      direction: 'outgoing',
      kind: 'Банковский ордер',
    });
    const utf8 = await pay(company, ['kilylabs__one_day_utf8.txt']);
    expect(utf8.result).toMatchObject({
      documents: 13,
      outgoing: 13,
      created: 0,
      duplicates: 13,
      total_amount: '0.00',
    });
    const again = await pay(company, ['kilylabs__one_day.txt']);
    expect(again.result).toMatchObject({ created: 0, duplicates: 13 });
    expect(await paymentsOf(company)).toHaveLength(13);
    const [n] = (
      await t.app.deps.db
        .select()
        .from(notifications)
        .where(eq(notifications.kind, 'notificationImportPaymentsResponse'))
    ).filter((r) => (r.payload as { import_id: number }).import_id === again.id);
    expect(n).toMatchObject({
      status: 'success',
      message: 'Все платежи выписки уже были загружены ранее (13)',
    });
    expect(n.payload).toMatchObject({ upload_file_name: 'kilylabs__one_day.txt', error: null });
  });

  it('a statement with incoming payments: outgoing ones are matched by the contract number in the purpose', async () => {
    const company = await newCompany(t, 'ООО УК «Тестовая»');
    await addCustomer(t, company, '6671093163');
    const c = await createContract(t, company, {
      number: '12345',
      date: '2022-01-10',
      supplierInn: '7706092528',
      customerInn: '6671093163',
      price: '8400.00',
    });
    const run = await pay(company, ['open-condo__1CClientBankExchange.utf8-from-text.txt']);
    expect(run.status, run.error).toBe('done');
    expect(run.result).toMatchObject({
      documents: 4,
      outgoing: 2,
      incoming: 2,
      created: 2,
      matched: 1,
      unmatched: 1,
      total_amount: '14700.00',
    });
    const stored = await paymentsOf(company);
    const matched = stored.find((p) => p.status === 'matched');
    expect(matched).toMatchObject({ number: '61298', contractId: c.id, amount: '700.00' });
    expect(Number(matched?.matchConfidence)).toBeGreaterThan(0.8);
    expect((await contractRow(t, c.id)).paidAmount).toBe('700.00');
    const events = await t.app.deps.db
      .select()
      .from(contractEvents)
      .where(eq(contractEvents.contractId, c.id));
    expect(events.map((e) => [e.kind, e.amount, e.documentNumber, e.source])).toEqual([
      ['payment', '700.00', '61298', 'bank'],
    ]);

    const list = await t.req('GET', `/api/companies/${company}/payments?status=unmatched`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { number: string }) => p.number)).toEqual(['239']);
    expect(list.body.items[0].match_reason).toContain('662707160737');
  });

  it('Rostelecom payment orders (false Кодировка): contract numbers with dates, treasury payments stay unmatched', async () => {
    const company = await newCompany(t, 'ПАО «Связь»');
    for (const a of [
      '40706810900000064381',
      '40702810942020002415',
      '40821810840020000005',
      '40702810800030005413',
    ]) {
      await addAccount(t, company, a);
    }
    const expertise = await createContract(t, company, {
      number: '0320',
      date: '2021-06-21',
      supplierInn: '5753029294',
      customerInn: '7707049388',
      price: '100.00',
    });
    const telecom = await createContract(t, company, {
      number: 'Н 394/536-10-16',
      date: '2010-05-05',
      supplierInn: '7740000076',
      customerInn: '7707049388',
      price: '100.00',
    });
    const run = await pay(company, [
      'xini1__sample2.txt',
      'xini1__sample3.txt',
      'xini1__sample4.txt',
      'xini1__sample5.txt',
    ]);
    expect(run.status, run.error).toBe('done');
    expect(run.result).toMatchObject({
      documents: 9,
      outgoing: 9,
      created: 9,
      matched: 2,
      unmatched: 7,
      total_amount: '0.09',
    });
    expect((await contractRow(t, expertise.id)).paidAmount).toBe('0.01');
    expect((await contractRow(t, telecom.id)).paidAmount).toBe('0.01');

    // assign the rent payment by hand; the remaining amount is checked
    const rent = (await paymentsOf(company)).find((p) => p.number === '23720');
    expect(rent?.status).toBe('unmatched');
    const tiny = await createContract(t, company, {
      number: 'б/н',
      date: '2008-09-01',
      supplierInn: '1650136610',
      customerInn: '7707049388',
      price: '0.01',
    });
    await t.app.deps.db.update(payments).set({ amount: '0.02' }).where(eq(payments.id, rent!.id));
    const over = await t.req('POST', `/api/companies/${company}/payments/${rent!.id}/assign`, {
      token: admin,
      body: { contract_id: tiny.id },
    });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(
      'Сумма платежа 0,02 ₽ больше остатка по договору № б/н от 01.09.2008 (0,01 ₽)',
    );
    await t.app.deps.db.update(payments).set({ amount: '0.01' }).where(eq(payments.id, rent!.id));
    const wrongSupplier = await t.req('POST', `/api/companies/${company}/payments/${rent!.id}/assign`, {
      token: admin,
      body: { contract_id: expertise.id },
    });
    expect(wrongSupplier.status).toBe(409);
    const ok = await t.req('POST', `/api/companies/${company}/payments/${rent!.id}/assign`, {
      token: admin,
      body: { contract_id: tiny.id },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'assigned', contract_id: tiny.id, contract: { number: 'б/н' } });
    expect((await contractRow(t, tiny.id)).paidAmount).toBe('0.01');

    // ignoring it takes it out of the execution again
    const ignored = await t.req('POST', `/api/companies/${company}/payments/${rent!.id}/ignore`, {
      token: admin,
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body).toMatchObject({ status: 'ignored', contract_id: null });
    expect((await contractRow(t, tiny.id)).paidAmount).toBe('0.00');
  });

  it('every other real statement imports: odd layouts, empty lines, mixed encodings', async () => {
    const dronm = await newCompany(t, 'ООО «ВТБ-клиент»');
    await addAccount(t, dronm, '40702810000000074935');
    const a = await pay(dronm, ['dronm-clbnk__kl_to_1c.txt']);
    expect(a.status, a.error).toBe('done');
    expect(a.result).toMatchObject({
      documents: 3,
      outgoing: 2,
      other: 1,
      created: 2,
      total_amount: '156936.00',
    });

    const toBank = await newCompany(t, 'ООО «Рога и Копыта»');
    await addCustomer(t, toBank, '1234567891');
    const b = await pay(toBank, ['dronm-clbnk__to_bank.txt']);
    expect(b.status, b.error).toBe('done');
    expect(b.result).toMatchObject({ documents: 2, outgoing: 2, created: 2, total_amount: '175375.25' });

    const odoo = await newCompany(t, 'ООО «Плательщик»');
    await addAccount(t, odoo, '00000000000000000001');
    const c = await pay(odoo, ['odoo-ru__kl_to_1c.txt']);
    expect(c.result).toMatchObject({ documents: 1, outgoing: 1, created: 1, total_amount: '108159.12' });
    const min = await pay(odoo, ['odoo-ru__1c_to_kl-win-min-example.txt']);
    expect(min.status).toBe('done');
    expect(min.result).toMatchObject({ documents: 0, created: 0 });

    const own = await newCompany(t, 'ООО «Свои счета»');
    await addAccount(t, own, '12345678901234567890');
    const d = await pay(own, ['xini1__sample1.txt']);
    expect(d.status, d.error).toBe('done');
    expect(d.result).toMatchObject({ documents: 2, outgoing: 0, other: 2, created: 0 });
  });

  it('a statement of another company fails with a reason and stores nothing', async () => {
    const company = await newCompany(t, 'ООО «Чужая выписка»');
    const run = await pay(company, ['kilylabs__one_day.txt']);
    expect(run.status).toBe('failed');
    expect(run.error).toBe(
      'Не удалось загрузить банковскую выписку: ни один из документов выписки (13) не относится к компании: плательщик и получатель не совпадают с её ИНН и расчётными счетами. Проверьте банковские реквизиты компании',
    );
    expect(await paymentsOf(company)).toHaveLength(0);
  });
});
