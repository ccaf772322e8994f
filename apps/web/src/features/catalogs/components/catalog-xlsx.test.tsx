import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogByRoute, catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { fileNameOf } from '../../../lib/download';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, reply, stubRoute } from '../../../test/stub-api';
import { CatalogScreen } from './catalog-screen';

const d = catalogByRoute('/catalogExecPlace')!;
const terms = catalogByRoute('/catalogDeliveryTerms')!;
const empty = { items: [], total: 0, page: 1, limit: 10 };

type Call = RecordedCall;
let calls: Call[];

beforeEach(() => {
  calls = apiCalls();
  stubRoute(companyRoutes.permissions, ['catalogs.write']);
  stubRoute(catalogRoutes.exec.list, empty);
  selectedCompanyStore.set(DEMO_COMPANY);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const xlsx = () =>
  new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'места.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function chooseFile(dialog: HTMLElement) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, xlsx());
}

/** A catalogue import run as GET /api/catalogs/imports/:id answers it. */
const run = (id: number, over: Record<string, unknown>) => ({
  id,
  catalog: 'exec',
  company_id: null,
  status: 'queued',
  progress: 0,
  file_name: 'места.xlsx',
  result: null,
  error: null,
  errors: [],
  created_at: '2026-01-01T00:00:00.000Z',
  finished_at: null,
  ...over,
});

describe('XLSX import', () => {
  it('a refused file lists the server’s errors by row and nothing is reported as loaded', async () => {
    loginAs('client');
    // the import is a job: 202 with its run, which the dialog follows until it fails
    stubRoute(catalogRoutes.exec.importXlsx, reply(202, { import_id: 7 }));
    stubRoute(
      catalogRoutes.importRun,
      run(7, {
        status: 'failed',
        error: 'Файл не загружен, ничего не изменено. Ошибок: 2.',
        errors: [
          { row: 3, message: 'Строка 3: не заполнено наименование' },
          { row: 5, message: 'Строка 5: код «7» повторяется в файле (строка 4)' },
        ],
      }) as never,
    );
    renderApp(<CatalogScreen d={d} />, { path: d.route });
    await screen.findByText('Список пуст');
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить из XLSX' }));
    const dialog = await screen.findByRole('dialog');
    await chooseFile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    const list = await within(dialog).findByRole('list', { name: 'Ошибки по строкам' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Строка 3: не заполнено наименование', 'Строка 5: код «7» повторяется в файле (строка 4)']);
    expect(screen.queryByText(/Строк в файле/)).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    // a client imports into its own company's entries
    expect(post?.url).toBe('/api/catalogs/exec/2/import?company_id=1');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post as Call).body as FormData).get('file')).toHaveProperty('name', 'места.xlsx');
  });

  it('a loaded file closes the dialog and says how many rows were added and updated', async () => {
    loginAs('specialist');
    let polls = 0;
    stubRoute(catalogRoutes.exec.importXlsx, reply(202, { import_id: 8 }));
    // running on the first poll, done on the next
    stubRoute(
      catalogRoutes.importRun,
      () =>
        (polls++ === 0
          ? run(8, { status: 'running', progress: 40 })
          : run(8, {
              status: 'done',
              progress: 100,
              result: { total: 4, created: 3, updated: 1, unchanged: 0 },
            })) as never,
    );
    renderApp(<CatalogScreen d={terms} />, { path: terms.route });
    await screen.findByText('Список пуст');
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить из XLSX' }));
    const dialog = await screen.findByRole('dialog');
    // the specialist may write both: the target is chosen, the global entries this time
    await userEvent.click(within(dialog).getByRole('radio', { name: 'В общие записи' }));
    await chooseFile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    expect(
      await screen.findByText('Строк в файле: 4; добавлено: 3, изменено: 1, без изменений: 0'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // delivery terms carry their subject_type; global import: no company_id
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/catalogs/exec/1/import?subject_type=1');
  });

  it('tariffs: the admin’s file is a job too, followed to its end', async () => {
    loginAs('admin');
    const tariffs = catalogByRoute('/catalogTariffs')!;
    stubRoute(catalogRoutes.tariffs.list, empty);
    stubRoute(catalogRoutes.tariffs.importXlsx, reply(202, { import_id: 9 }));
    let polls = 0;
    stubRoute(
      catalogRoutes.importRun,
      () =>
        (polls++ === 0
          ? run(9, { catalog: 'tariff', status: 'running', progress: 10 })
          : run(9, {
              catalog: 'tariff',
              status: 'done',
              progress: 100,
              result: { total: 3, created: 1, updated: 0, unchanged: 2 },
            })) as never,
    );
    renderApp(<CatalogScreen d={tariffs} />, { path: tariffs.route });
    await screen.findByText('Список пуст');
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить из XLSX' }));
    const dialog = await screen.findByRole('dialog');
    await chooseFile(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Загрузить' }));
    expect(
      await screen.findByText('Строк в файле: 3; добавлено: 1, изменено: 0, без изменений: 2'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/catalogs/tariffs/import');
    expect(polls).toBeGreaterThanOrEqual(2);
  });
});

describe('XLSX export', () => {
  it('downloads the current view with the same filters, by the session cookie', async () => {
    loginAs('client');
    const created = vi.fn((_b: Blob) => 'blob:catalog');
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => {};
    onTestFinished(() => {
      URL.createObjectURL = original.create;
      URL.revokeObjectURL = original.revoke;
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    stubRoute(catalogRoutes.exec.exportXlsx, reply(200, 'xlsx'));
    renderApp(<CatalogScreen d={d} />, {
      path: d.route,
      initialPath: `${d.route}?q=склад&archived=true&sort=title&order=desc`,
    });
    await screen.findByText('Ничего не найдено');
    await userEvent.click(screen.getByRole('button', { name: 'Выгрузить в XLSX' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.url.startsWith('/api/catalogs/exec/2/export.xlsx'));
    const q = new URLSearchParams(call?.url.split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({
      company_id: '1',
      q: 'склад',
      sort: 'title',
      order: 'desc',
      include_archived: 'true',
    });
    // the HttpOnly session cookie authenticates it: no token in script's reach, no Bearer header
    expect(call?.headers.authorization).toBeUndefined();
    expect(created).toHaveBeenCalled();
  });

  it('reads the Cyrillic file name of the answer', () => {
    expect(
      fileNameOf(
        `attachment; filename="catalog-2026-03-01.xlsx"; filename*=UTF-8''${encodeURIComponent('Тарифы 2026-03-01.xlsx')}`,
      ),
    ).toBe('Тарифы 2026-03-01.xlsx');
    expect(fileNameOf('attachment; filename="catalog.xlsx"')).toBe('catalog.xlsx');
    expect(fileNameOf(null)).toBeNull();
  });
});
