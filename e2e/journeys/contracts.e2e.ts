import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launch, loginAs, newPage, settled } from '../support/browser';

/**
 * Contracts and their execution in the browser (issue 5, «Done when»): a real УПД uploaded,
 * its mapping confirmed and the contract's execution moving; a bank statement imported and an
 * unmatched payment assigned to a contract; the register filtered and exported to XLSX.
 * The demo client works for АО «Энергосеть» (ИНН 5003123458, account 40702810800000012345).
 */
const CLIENT = 'client@demo.local';
const COMPANY_INN = '5003123458';
const COMPANY_ACCOUNT = '40702810800000012345';
const UPD_DIR = path.resolve(import.meta.dirname, '../../../shared/fixtures/real/upd');
/**
 * A real 5.02 УПД (Диадок sample): seller ИНН 9103624367, buyer ИНН 1234567894, basis
 * «Договор № 567 от 14.02.2024», two lines (Product2 2.0 мм, 114,1 × 620; СведТов НаимТов, 16).
 */
const UPD_FILE = 'diadoc-docs__generate_utd970_05_02_01_title0_resp.xml';
const UPD_BUYER_INN = '1234567894';
const UPD_SELLER_INN = '9103624367';

let browser: Browser;
let token: string;
let companyId: number;

/** The API as the client, with the bearer token of a login (test data set up around the browser). */
async function call<T>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

type ContractOut = { id: number; number: string; executed_amount: string; paid_amount: string };

async function createContract(body: Record<string, unknown>): Promise<ContractOut> {
  const r = await call<ContractOut>('POST', `/api/companies/${companyId}/contracts`, {
    status: 'concluded',
    law: '223',
    ...body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

async function contract(id: number): Promise<ContractOut> {
  const r = await call<ContractOut>('GET', `/api/companies/${companyId}/contracts/${id}`);
  expect(r.status).toBe(200);
  return r.body;
}

/** A random organisation ИНН (10 digits) with its check digit. */
function randomInn(): string {
  const w = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const d = Array.from({ length: 9 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 9) : Math.floor(Math.random() * 10),
  );
  return `${d.join('')}${(d.reduce((s, x, i) => s + x * w[i], 0) % 11) % 10}`;
}

const unique = () =>
  `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** A small 1C bank exchange file: one outgoing payment order of the company. */
function bankStatement(p: {
  number: string;
  date: string;
  amount: string;
  payeeInn: string;
  payee: string;
  purpose: string;
}) {
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'Отправитель=Бухгалтерия предприятия',
    'Получатель=',
    `ДатаСоздания=${p.date}`,
    `ДатаНачала=${p.date}`,
    `ДатаКонца=${p.date}`,
    `РасчСчет=${COMPANY_ACCOUNT}`,
    'Документ=Платежное поручение',
    'СекцияДокумент=Платежное поручение',
    `Номер=${p.number}`,
    `Дата=${p.date}`,
    `Сумма=${p.amount}`,
    `ПлательщикСчет=${COMPANY_ACCOUNT}`,
    `ПлательщикИНН=${COMPANY_INN}`,
    'Плательщик1=АО "Энергосеть"',
    `ПлательщикРасчСчет=${COMPANY_ACCOUNT}`,
    'ПлательщикБанк1=АО "АЛЬФА-БАНК"',
    'ПлательщикБИК=044525593',
    'ПлательщикКорсчет=30101810200000000593',
    'ПлательщикКПП=500301001',
    'ПолучательСчет=40702810938000012345',
    `ПолучательИНН=${p.payeeInn}`,
    `Получатель1=${p.payee}`,
    'ПолучательРасчСчет=40702810938000012345',
    'ПолучательБанк1=ПАО СБЕРБАНК',
    'ПолучательБИК=044525225',
    'ПолучательКорсчет=30101810400000000225',
    'ВидОплаты=01',
    'Очередность=5',
    `НазначениеПлатежа=${p.purpose}`,
    'КонецДокумента',
    'КонецФайла',
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The card of an uploader on /contracts/execution. */
const uploader = (page: Page, title: string): Locator =>
  page.locator('.mantine-Card-root').filter({ hasText: title });

beforeAll(async () => {
  browser = await launch();
  const res = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: CLIENT, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  const session = (await res.json()) as { token: string; user: { company_id: number } };
  token = session.token;
  companyId = session.user.company_id;
});
afterAll(async () => {
  await browser?.close();
});

describe('contracts and their execution in the browser', () => {
  it('a real УПД is uploaded, its mapping confirmed, and the contract’s execution moves', async () => {
    // the buyer of the УПД becomes a заказчик of the company; the contract is the one its basis names
    const customer = await call<{ id: number }>('POST', `/api/companies/${companyId}/customers`, {
      title: 'ООО «Покупатель из УПД»',
      inn: UPD_BUYER_INN,
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const c = await createContract({
      number: '567',
      contract_date: '2024-02-14',
      subject: 'Поставка металлопроката (e2e)',
      customer_id: customer.body.id,
      supplier_inn: UPD_SELLER_INN,
      supplier_name: 'ООО «Продавец из УПД»',
      price: '83600.00',
      items: [
        { name: 'Product2 2.0 мм', quantity: '120', price: '620', vat_rate: '20%', okei_code: '778' },
        { name: 'СведТов НаимТов', quantity: '20', price: '460', vat_rate: '20%', okei_code: '113' },
      ],
    });
    expect(c.executed_amount).toBe('0.00');

    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, CLIENT);
      await page.goto('/contracts/execution');
      const card = uploader(page, 'УПД и УКД');
      await card.locator('input[type=file]').setInputFiles(path.join(UPD_DIR, UPD_FILE));
      await card.getByRole('button', { name: 'Загрузить' }).click();
      // the job runs on the server; the result lists the document with its state
      await card.getByText('УПД № 123 от 01.02.2023').waitFor({ timeout: 45_000 });
      await card.getByText('Ждёт подтверждения').waitFor();
      await card.getByRole('link', { name: 'Сопоставить строки' }).click();

      const drawer = page.getByRole('dialog', { name: 'Сопоставление строк УПД' });
      await drawer.getByText(/Договор:\s*№ 567 от 14\.02\.2024/).waitFor();
      const line = (n: number) =>
        drawer.getByRole('combobox', { name: `Позиция спецификации для строки ${n}` });
      await expect.poll(() => line(1).inputValue()).toMatch(/^2\. СведТов НаимТов \(совпадение \d+ %\)$/);
      await expect.poll(() => line(2).inputValue()).toMatch(/^1\. Product2 2\.0 мм \(совпадение \d+ %\)$/);
      await settled(page);
      await page.screenshot({ path: '/tmp/contracts-mapping.png' });

      await drawer.getByRole('button', { name: 'Подтвердить сопоставление' }).click();
      await drawer.getByText('Учтён в исполнении').waitFor();
      const items = drawer.getByRole('table', { name: 'Позиции договора' });
      await items.getByRole('row').filter({ hasText: 'Product2 2.0 мм' }).getByText('70 742,00 ₽').waitFor();
      await items.getByRole('row').filter({ hasText: 'СведТов НаимТов' }).getByText('784,80 ₽').waitFor();
      expect((await contract(c.id)).executed_amount).toBe('71526.80');

      // the contract's card: execution against the price
      await drawer.getByRole('link', { name: '№ 567 от 14.02.2024' }).click();
      await page.waitForURL(
        (u) => u.pathname === '/contracts/register' && u.searchParams.get('contract') === String(c.id),
      );
      const cardDrawer = page.getByRole('dialog', { name: 'Договор № 567 от 14.02.2024' });
      await cardDrawer.getByRole('tab', { name: 'Исполнение' }).waitFor();
      await cardDrawer.getByText('71 526,80 ₽ из 83 600,00 ₽').waitFor();
      await cardDrawer.getByRole('cell', { name: '114.1' }).waitFor();
      await cardDrawer.getByRole('table', { name: 'События исполнения' }).getByText('Приёмка').waitFor();
      await settled(page);
      await page.screenshot({ path: '/tmp/contracts-card-execution.png' });
      await cardDrawer.getByRole('tab', { name: 'Документы' }).click();
      await cardDrawer
        .getByRole('table', { name: 'УПД по договору' })
        .getByText('Учтён в исполнении')
        .waitFor();
    } finally {
      await context.close();
    }
  });

  it('a bank statement is imported and its unmatched payment assigned to a contract', async () => {
    const supplierInn = randomInn();
    const u = unique();
    const [first, second] = [
      await createContract({
        number: `П-${u}-1`,
        contract_date: '2025-03-03',
        subject: 'Техническое обслуживание подстанций (e2e)',
        supplier_inn: supplierInn,
        supplier_name: `ООО «Подрядчик ${u}»`,
        price: '100000.00',
      }),
      await createContract({
        number: `П-${u}-2`,
        contract_date: '2025-03-10',
        subject: 'Ремонт кабельных линий (e2e)',
        supplier_inn: supplierInn,
        supplier_name: `ООО «Подрядчик ${u}»`,
        price: '50000.00',
      }),
    ];
    // the purpose names no contract and the supplier has two: the payment stays unmatched
    const file = path.join(os.tmpdir(), `выписка-${u}.txt`);
    fs.writeFileSync(
      file,
      bankStatement({
        number: String(Math.floor(Math.random() * 90000) + 10000),
        date: '14.04.2025',
        amount: '25000.00',
        payeeInn: supplierInn,
        payee: `ООО "Подрядчик ${u}"`,
        purpose: 'Оплата по счёту № 77 от 10.04.2025 за выполненные работы. НДС не облагается',
      }),
    );

    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, CLIENT);
      await page.goto('/contracts/execution');
      const card = uploader(page, 'Банковская выписка');
      await card.locator('input[type=file]').setInputFiles(file);
      await card.getByRole('button', { name: 'Загрузить' }).click();
      await card.getByText(/Сопоставлено с договорами: 0; не сопоставлено: 1/).waitFor({ timeout: 45_000 });
      await card.getByRole('link', { name: 'Разобрать несопоставленные платежи' }).click();

      const table = page.getByRole('table', { name: 'Платежи' });
      const row = table.getByRole('row').filter({ hasText: `ИНН ${supplierInn}` });
      await row.getByText('25 000,00 ₽').waitFor();
      await row.getByText(/с поставщиком ИНН \d+ 2 договоров/).waitFor();
      await row.getByRole('button', { name: /Привязать к договору/ }).click();

      const dialog = page.getByRole('dialog', { name: 'Привязать платёж к договору' });
      await dialog.getByRole('combobox', { name: 'Договор' }).click();
      await page.getByRole('option', { name: new RegExp(`№ П-${u}-1 от 03\\.03\\.2025`) }).click();
      await dialog.getByRole('button', { name: 'Привязать' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(`учтён по договору № П-${u}-1`).waitFor();
      await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
      expect((await contract(first.id)).paid_amount).toBe('25000.00');
      expect((await contract(second.id)).paid_amount).toBe('0.00');

      await page.goto(`/contracts/register?contract=${first.id}&tab=execution`);
      const cardDrawer = page.getByRole('dialog', { name: `Договор № П-${u}-1 от 03.03.2025` });
      await cardDrawer.getByText('25 000,00 ₽ из 100 000,00 ₽').waitFor();
      await cardDrawer
        .getByRole('table', { name: 'Платежи по договору' })
        .getByText('Привязан вручную')
        .waitFor();
    } finally {
      await context.close();
      fs.rmSync(file, { force: true });
    }
  });

  it('the register is filtered (kept in the address) and exported to XLSX', async () => {
    const supplierInn = randomInn();
    const u = unique();
    const made: ContractOut[] = [];
    for (const [n, status, date] of [
      [1, 'concluded', '2025-05-05'],
      [2, 'concluded', '2025-06-16'],
      [3, 'draft', '2025-07-01'],
    ] as const) {
      made.push(
        await createContract({
          number: `Р-${u}-${n}`,
          contract_date: date,
          status,
          subject: `Поставка трансформаторов ТМГ (e2e ${n})`,
          supplier_inn: supplierInn,
          supplier_name: `АО «Электрозавод ${u}»`,
          price: `${n}234567.89`,
        }),
      );
    }

    const { context, page } = await newPage(browser);
    try {
      await loginAs(page, CLIENT);
      await page.goto('/contracts/register');
      const table = page.getByRole('table', { name: 'Реестр договоров' });
      await table.getByRole('row').nth(1).waitFor();
      await page.getByRole('textbox', { name: 'Поставщик' }).fill(supplierInn);
      await page.waitForURL((url) => url.searchParams.get('supplier') === supplierInn);
      await expect
        .poll(() =>
          table
            .getByRole('row')
            .filter({ hasText: `Р-${u}-` })
            .count(),
        )
        .toBe(3);

      await page.getByRole('combobox', { name: 'Статус' }).click();
      await page.getByRole('option', { name: 'Заключен' }).click();
      await page.keyboard.press('Escape');
      await page.waitForURL((url) => url.searchParams.get('status') === 'concluded');
      await expect
        .poll(() =>
          table
            .getByRole('row')
            .filter({ hasText: `Р-${u}-` })
            .count(),
        )
        .toBe(2);
      await table.getByText('1 234 567,89 ₽').waitFor();
      await table.getByText('2 234 567,89 ₽').waitFor();
      await settled(page);
      await page.screenshot({ path: '/tmp/contracts-register.png' });

      // the address keeps the view: a reload shows the same rows
      await page.reload();
      await expect
        .poll(() =>
          table
            .getByRole('row')
            .filter({ hasText: `Р-${u}-` })
            .count(),
        )
        .toBe(2);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Выгрузить в Excel' }).click(),
      ]);
      const saved = path.join(os.tmpdir(), `register-${u}.xlsx`);
      await download.saveAs(saved);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(saved);
      const ws = wb.worksheets[0];
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header).toContain('Номер договора');
      expect(header).toContain('ИНН поставщика');
      const numberCol = header.indexOf('Номер договора') + 1;
      const innCol = header.indexOf('ИНН поставщика') + 1;
      const statusCol = header.indexOf('Статус') + 1;
      const priceCol = header.indexOf('Цена договора') + 1;
      const rows: { number: string; inn: string; status: string; price: number }[] = [];
      ws.eachRow((r, i) => {
        if (i === 1) return;
        rows.push({
          number: String(r.getCell(numberCol).value),
          inn: String(r.getCell(innCol).value),
          status: String(r.getCell(statusCol).value),
          price: Number(r.getCell(priceCol).value),
        });
      });
      // the same filters as the screen: only this supplier's concluded contracts, newest first
      expect(rows).toEqual([
        { number: `Р-${u}-2`, inn: supplierInn, status: 'Заключен', price: 2234567.89 },
        { number: `Р-${u}-1`, inn: supplierInn, status: 'Заключен', price: 1234567.89 },
      ]);
      fs.rmSync(saved, { force: true });

      // the card opens from a row and is linkable
      await table
        .getByRole('row')
        .filter({ hasText: `Р-${u}-1` })
        .click();
      await page.waitForURL((url) => url.searchParams.get('contract') === String(made[0].id));
      const cardDrawer = page.getByRole('dialog', { name: `Договор № Р-${u}-1 от 05.05.2025` });
      await cardDrawer.getByRole('textbox', { name: 'ИНН поставщика' }).waitFor();
      await settled(page);
      await page.screenshot({ path: '/tmp/contracts-card.png' });
    } finally {
      await context.close();
    }
  });
});
