import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import { exportRoutes, type ReportRun } from '@zakupki/shared/api/exports';
import { fileRoutes, importRoutes, paymentRoutes, updRoutes } from '@zakupki/shared/api/imports';
import type { RouteDef } from '@zakupki/shared/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../lib/session-store';
import { loginAs, renderApp } from '../../../../test/render';
import {
  apiCalls,
  errorBody,
  type RecordedCall,
  reply,
  type StubRequest,
  stubRoute,
} from '../../../../test/stub-api';
import { contract, updDetail } from '../../test/fixtures';
import { DocumentsTab } from './documents-tab';
import { ExecutionTab } from './execution-tab';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const report = (over: Partial<ReportRun> = {}): ReportRun => ({
  id: 40,
  company_id: 1,
  report_code: 'eis-contract',
  title: 'Сведения о договоре № 112/26-ЭА для ЕИС',
  status: 'done',
  params: {},
  contract_id: 1,
  contract_guid: null,
  contract_regnumber: null,
  file_id: 7,
  file_name: 'contract-112.xml',
  file_size: 2048,
  error: null,
  warnings: [],
  created_by: null,
  created_at: '2026-05-02T10:00:00.000Z',
  finished_at: '2026-05-02T10:00:05.000Z',
  ...over,
});

const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 100 });
let lists: Record<string, unknown[] | 'fail'>;
let calls: RecordedCall[];
let downloads: string[];

beforeEach(() => {
  loginAs('client');
  lists = {};
  calls = apiCalls();
  stubRoute(fileRoutes.get, reply(200, '<?xml version="1.0"?><contract/>'));
  stubRoute(importRoutes.get, {
    id: 3,
    company_id: 1,
    user_id: 10,
    kind: 'upd',
    status: 'done',
    progress: 100,
    upload_file_name: 'upd.xml',
    files: [{ file_name: 'upd.xml', status: 'done', error: null }],
    file_ids: [],
    error: null,
    result: null,
    created_at: '2026-05-02T09:00:00.000Z',
    finished_at: '2026-05-02T09:00:01.000Z',
  });
  // the lists a test fills in `lists`, by path
  const list = (req: StubRequest<RouteDef>) => {
    const found = lists[req.path];
    if (found === undefined) throw new Error(`the test gives no list for ${req.path}`);
    return found === 'fail' ? reply(403, errorBody('forbidden', 'Нет доступа')) : page(found);
  };
  for (const route of [updRoutes.list, exportRoutes.list, paymentRoutes.list, contractRoutes.events])
    stubRoute(route, list as never);
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('card «Документы»', { timeout: 20_000 }, () => {
  it('lists the contract’s УПД and files; a file downloads with the session token', async () => {
    lists['/api/companies/1/upd-documents'] = [
      updDetail({ correction_number: '1', total_with_vat: '120000.00' }),
    ];
    lists['/api/companies/1/reports'] = [report()];
    renderApp(<DocumentsTab companyId={1} contract={contract()} />);
    const upd = screen.getByRole('table', { name: 'УПД по договору' });
    const row = (await within(upd).findByText('УПД № 123 от 01.05.2026, испр. № 1')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('АО «Северная кабельная компания»')).toBeTruthy();
    expect(within(row).getByText('ИНН 7810456789')).toBeTruthy();
    expect(within(row).getByText('Ждёт подтверждения')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Сопоставление строк' }).getAttribute('href')).toBe(
      '/contracts/execution?upd=5',
    );
    expect(calls.find((c) => c.url.startsWith('/api/companies/1/upd-documents?'))?.url).toContain(
      'contract_id=1',
    );

    const files = screen.getByRole('table', { name: 'Файлы по договору' });
    await userEvent.click(await within(files).findByRole('button', { name: 'contract-112.xml' }));
    await waitFor(() => expect(downloads).toEqual(['contract-112.xml']));
    const get = calls.find((c) => c.url === '/api/files/7');
    // the HttpOnly session cookie authenticates it: no token in script's reach, no Bearer header
    expect(get?.headers.authorization).toBeUndefined();
  });

  it('a source file that was not kept: «Файл не найден»', async () => {
    lists['/api/companies/1/upd-documents'] = [updDetail()];
    lists['/api/companies/1/reports'] = [];
    renderApp(<DocumentsTab companyId={1} contract={contract()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'upd.xml' }));
    expect(await screen.findByText('Исходный файл этого документа не сохранён')).toBeTruthy();
    expect(downloads).toEqual([]);
  });

  it('empty lists say so; a list that failed to load says that instead of «Загрузка…»', async () => {
    lists['/api/companies/1/upd-documents'] = [];
    lists['/api/companies/1/reports'] = 'fail';
    renderApp(<DocumentsTab companyId={1} contract={contract()} />);
    expect(await screen.findByText('УПД по договору не загружались')).toBeTruthy();
    const files = screen.getByRole('table', { name: 'Файлы по договору' });
    expect(await within(files).findByText('Не удалось загрузить данные')).toBeTruthy();
  });
});

describe('card «Исполнение»', { timeout: 20_000 }, () => {
  it('acceptance per item, payments and events, each with its empty text', async () => {
    lists['/api/companies/1/payments'] = [];
    lists['/api/companies/1/contracts/1/events'] = [];
    renderApp(<ExecutionTab companyId={1} contract={contract()} canWrite={false} />);
    const items = screen.getByRole('table', { name: 'Приёмка по позициям' });
    expect(within(items).getByText('Кабель силовой АПвПу2г 1х240/50-10')).toBeTruthy();
    expect(within(items).getByRole('progressbar', { name: 'Выполнение позиции 2' })).toBeTruthy();
    expect(await screen.findByText('Платежей из банковских выписок нет')).toBeTruthy();
    expect(await screen.findByText('Событий нет')).toBeTruthy();
  });
});
