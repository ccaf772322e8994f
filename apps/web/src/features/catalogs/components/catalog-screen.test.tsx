import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type CatalogDescriptor, catalogByRoute, catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import type { Permission } from '@zakupki/shared/roles';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { apiCalls, errorBody, type RecordedCall, reply, stubRoute } from '../../../test/stub-api';
import { CatalogScreen } from './catalog-screen';

const descriptor = (route: string): CatalogDescriptor => {
  const d = catalogByRoute(route);
  if (!d) throw new Error(`no catalogue at ${route}`);
  return d;
};

const entry = (over: Record<string, unknown>) => ({
  kind: 'generic',
  type_code: 8,
  subject_type: null,
  description: null,
  company_id: null,
  company_title: null,
  archived_at: null,
  created_at: '2026-01-10T09:00:00Z',
  updated_at: '2026-01-10T09:00:00Z',
  can_write: true,
  can_delete: true,
  ...over,
});
const GLOBAL = entry({ id: 5, code: '1', title: 'Собственные средства' });
const OWN = entry({
  id: 7,
  code: '20',
  title: 'Средства займа',
  company_id: 1,
  company_title: DEMO_COMPANY.title,
});
// catalogue items differ by kind; the response schema of each route checks them
const page = (items: unknown[]) => ({ items, total: items.length, page: 1, limit: 10 }) as never;

/** Funding sources as the server answers them: its can_write of the global and the company entry. */
const flagged = (global: boolean, own: boolean, ownOver: Record<string, unknown> = {}) =>
  page([
    { ...GLOBAL, can_write: global, can_delete: global },
    { ...OWN, can_write: own, can_delete: own, ...ownOver },
  ]);
/** Stubs that list and, when given, the caller's permissions in the selected company. */
const sources = (list: ReturnType<typeof page>, permissions?: Permission[]) => {
  if (permissions) stubRoute(companyRoutes.permissions, permissions);
  fundingSources(list);
};
/** Catalogue 8 (funding sources) answers `list`; the other generic catalogues are not asked here. */
const fundingSources = (list: ReturnType<typeof page>) =>
  stubRoute(catalogRoutes.generic.list, (req) => {
    if (req.params.type !== '8') throw new Error(`generic catalogue ${req.params.type} is not stubbed`);
    return list;
  });

let calls: RecordedCall[];

beforeEach(() => {
  calls = apiCalls();
  stubRoute(companyRoutes.permissions, ['company.read', 'catalogs.write']);
  fundingSources(page([GLOBAL, OWN]));
  stubRoute(catalogRoutes.exec.list, (req) => {
    if (req.params.type !== '2') throw new Error(`exec catalogue ${req.params.type} is not stubbed`);
    return page([
      { ...GLOBAL, kind: 'exec', type_code: 2 },
      { ...OWN, kind: 'exec', type_code: 2 },
    ]);
  });
  selectedCompanyStore.set(DEMO_COMPANY);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

const open = (route: string, query = '') =>
  renderApp(<CatalogScreen d={descriptor(route)} />, { path: route, initialPath: `${route}${query}` });
/** Header texts (a sortable header is a button, so not a columnheader by role). */
const headersOf = (table: HTMLElement) =>
  [...table.querySelectorAll('thead th')].map((h) => h.textContent?.trim());
const listCalls = (prefix: string) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(`${prefix}?`));

describe('catalogue screen from a descriptor', () => {
  it('shows the descriptor’s title and columns; global entries «Общий», company ones «Компании»', async () => {
    loginAs('specialist');
    open('/catalogFundingSources');
    expect(screen.getByRole('heading', { name: 'Источники финансирования' })).toBeTruthy();
    const table = await screen.findByRole('table');
    // «Действия» once the company permissions say the specialist may write there
    await waitFor(() =>
      expect(headersOf(table)).toEqual(['Код', 'Наименование', 'Принадлежность', 'Действия']),
    );
    const rows = await within(table).findAllByRole('row');
    expect(within(rows[1]).getByText('Собственные средства')).toBeTruthy();
    expect(within(rows[1]).getByText('Общий')).toBeTruthy();
    expect(within(rows[2]).getByText('Компании')).toBeTruthy();
    // the list asks for the global entries plus the selected company's
    expect(listCalls('/api/catalogs/generic/8')[0].url).toContain('company_id=1');
  });

  it('methods: the extra boolean columns from their descriptor', async () => {
    loginAs('operator');
    stubRoute(
      catalogRoutes.methods.list,
      page([
        {
          ...GLOBAL,
          can_write: false,
          kind: 'method',
          type_code: null,
          title: 'Аукцион',
          form: 'auction',
          competitive: true,
          sme_only: false,
          electronic: true,
          closed: false,
        },
      ]),
    );
    open('/catalogMethod');
    const table = await screen.findByRole('table');
    await within(table).findByText('Аукцион');
    const headers = headersOf(table);
    expect(headers).toEqual([
      'Код',
      'Наименование',
      'Конкурентный',
      'Только МСП',
      'В электронной форме',
      'Принадлежность',
    ]);
    const cells = within(within(table).getAllByRole('row')[1])
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2, 5)).toEqual(['Да', 'Нет', 'Да']);
  });

  it('tariffs: limits with «без ограничений» for an empty one and the price as money', async () => {
    loginAs('admin');
    stubRoute(
      catalogRoutes.tariffs.list,
      page([
        {
          id: 1,
          code: 'corporate',
          name: 'Корпоративный',
          description: null,
          max_users: 50,
          max_companies: null,
          max_contracts_per_year: 1000,
          price_per_month: '1234567.89',
          companies_count: 2,
          archived_at: null,
          created_at: '2026-01-01T00:00:00Z',
          updated_at: '2026-01-01T00:00:00Z',
          can_write: true,
        },
      ]),
    );
    open('/catalogTariffs');
    const row = (await screen.findByText('Корпоративный')).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 6)).toEqual([
      'Корпоративный',
      '50',
      'без ограничений',
      '1\u00a0000',
      '1\u00a0234\u00a0567,89\u00a0₽',
      '2',
    ]);
  });

  it('«Список пуст» for an empty catalogue, «Ничего не найдено» for a search without results', async () => {
    loginAs('specialist');
    fundingSources(page([]));
    const { unmount } = open('/catalogFundingSources');
    expect(await screen.findByText('Список пуст')).toBeTruthy();
    unmount();
    open('/catalogFundingSources', '?q=нет');
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
  });
});

describe('filters in the URL', () => {
  it('search is debounced into ?q= and sent to the server; the page goes back to 1', async () => {
    loginAs('specialist');
    const { router } = open('/catalogFundingSources', '?page=2&archived=true');
    await screen.findByText('Собственные средства');
    await userEvent.type(screen.getByRole('textbox', { name: 'Поиск' }), 'займ');
    await waitFor(() => expect(router.state.location.search).toContain('q=%D0%B7%D0%B0%D0%B9%D0%BC'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('займ');
    expect(params.get('page')).toBeNull();
    expect(params.get('archived')).toBe('true');
    await waitFor(() =>
      expect(
        listCalls('/api/catalogs/generic/8').some((c) => c.url.includes('q=%D0%B7%D0%B0%D0%B9%D0%BC')),
      ).toBe(true),
    );
    // one request for the whole word, not one per letter
    expect(listCalls('/api/catalogs/generic/8').filter((c) => c.url.includes('q=')).length).toBe(1);
    expect(listCalls('/api/catalogs/generic/8').at(-1)?.url).toContain('include_archived=true');
  });

  it('sorting by a column header goes into ?sort=&order= and to the server', async () => {
    loginAs('specialist');
    const { router } = open('/catalogFundingSources');
    await screen.findByText('Собственные средства');
    await userEvent.click(screen.getByRole('button', { name: /Наименование/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('title'));
    await waitFor(() => expect(listCalls('/api/catalogs/generic/8').at(-1)?.url).toContain('sort=title'));
  });

  it('tariffs sort by name and price on the server; a sort key of other catalogues is dropped', async () => {
    loginAs('admin');
    stubRoute(catalogRoutes.tariffs.list, page([]));
    const { router } = open('/catalogTariffs', '?sort=title');
    await screen.findByText('Список пуст');
    expect(listCalls('/api/catalogs/tariffs')[0].url).not.toContain('sort=');
    await userEvent.click(screen.getByRole('button', { name: /Наименование/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('name'));
    await waitFor(() =>
      expect(listCalls('/api/catalogs/tariffs').at(-1)?.url).toContain('sort=name&order=asc'),
    );
    await userEvent.click(screen.getByRole('button', { name: /Цена в месяц/ }));
    await waitFor(() =>
      expect(listCalls('/api/catalogs/tariffs').at(-1)?.url).toContain('sort=price_per_month'),
    );
    // the other limits are not sortable
    expect(screen.queryByRole('button', { name: /Пользователей/ })).toBeNull();
  });
});

describe('create and edit form', () => {
  it('required fields say «Обязательное поле» and nothing is sent', async () => {
    loginAs('specialist');
    open('/catalogFundingSources');
    await screen.findByText('Собственные средства');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Новая запись: источник финансирования')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Обязательное поле')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('numbers say «Значение должно быть числовое»', async () => {
    loginAs('admin');
    stubRoute(catalogRoutes.tariffs.list, page([]));
    open('/catalogTariffs');
    await screen.findByText('Список пуст');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Пользователей не более' }), 'десять');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText(/Значение должно быть числовое/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates a global or the company’s entry; the server’s issues land on their fields', async () => {
    loginAs('specialist');
    stubRoute(
      catalogRoutes.generic.create,
      reply(
        409,
        errorBody('duplicate', 'Запись с кодом «20» уже есть в справочнике', {
          issues: [{ path: 'body.code', message: 'Код уже занят' }],
        }),
      ),
    );
    open('/catalogFundingSources');
    await screen.findByText('Собственные средства');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(
      within(dialog).getByRole('radio', { name: `Запись компании «${DEMO_COMPANY.title}»` }),
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Код' }), '20');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Наименование/ }), ' Грант  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Код уже занят')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ code: '20', title: 'Грант', description: null, company_id: 1 });
  });

  it('edits an entry with its values filled in (PUT, owner unchanged)', async () => {
    loginAs('specialist');
    stubRoute(catalogRoutes.generic.update, {
      ...GLOBAL,
      title: 'Собственные средства организации',
    } as never);
    open('/catalogFundingSources');
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить: Собственные средства' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByRole('textbox', { name: /Наименование/ }) as HTMLInputElement;
    expect(title.value).toBe('Собственные средства');
    expect(within(dialog).getByText('Общая запись (для всех компаний)')).toBeTruthy();
    await userEvent.type(title, ' организации');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      code: '1',
      title: 'Собственные средства организации',
      description: null,
    });
    expect(await screen.findByText('Запись «Собственные средства организации» изменена')).toBeTruthy();
  });
});

describe('archive, restore, delete', () => {
  it('archive asks first, then calls the API', async () => {
    loginAs('specialist');
    stubRoute(catalogRoutes.generic.archive, { ...GLOBAL, archived_at: '2026-02-01T10:00:00Z' } as never);
    open('/catalogFundingSources');
    await userEvent.click(await screen.findByRole('button', { name: 'В архив: Собственные средства' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Перенести запись «Собственные средства» в архив\?/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/archive'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'В архив' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/catalogs/generic/8/5/archive')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('Запись «Собственные средства» перенесена в архив')).toBeTruthy();
  });

  it('an archived entry offers «Восстановить»', async () => {
    loginAs('specialist');
    fundingSources(page([{ ...GLOBAL, archived_at: '2026-02-01T10:00:00Z' }]));
    stubRoute(catalogRoutes.generic.restore, GLOBAL as never);
    open('/catalogFundingSources', '?archived=true');
    expect(await screen.findByText('В архиве с 01.02.2026')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Восстановить: Собственные средства' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Восстановить' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/catalogs/generic/8/5/restore')).toBe(true));
  });

  it('deleting an entry in use shows the server’s message and offers to archive it', async () => {
    loginAs('specialist');
    const message =
      'Запись «Собственные средства» используется (Договоры: 3); её можно только перенести в архив';
    stubRoute(catalogRoutes.generic.remove, reply(409, errorBody('has_dependents', message)));
    stubRoute(catalogRoutes.generic.archive, GLOBAL as never);
    open('/catalogFundingSources');
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить: Собственные средства' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Перенести в архив' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/catalogs/generic/8/5/archive')).toBe(true));
  });
});

describe('write rights', () => {
  it('a client sees no write buttons on a global entry, but edits its own place of delivery', async () => {
    loginAs('client');
    stubRoute(
      catalogRoutes.exec.list,
      page([
        { ...GLOBAL, kind: 'exec', type_code: 2, can_write: false },
        { ...OWN, kind: 'exec', type_code: 2, can_write: true },
      ]),
    );
    open('/catalogExecPlace');
    await screen.findByText('Собственные средства');
    expect(screen.queryByRole('button', { name: 'Изменить: Собственные средства' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'В архив: Собственные средства' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить: Собственные средства' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Изменить: Средства займа' })).toBeTruthy();
    // a client adds its own company's entries only: no owner choice
    await userEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).getByText(`Запись компании «${DEMO_COMPANY.title}»`)).toBeTruthy();
    // the client's company permissions are not asked: its rights come from the catalogue
    expect(calls.some((c) => c.url.includes('/permissions'))).toBe(false);
  });

  it('a client on funding sources only reads: no add, import or row buttons, export stays', async () => {
    loginAs('client');
    sources(flagged(false, false));
    open('/catalogFundingSources');
    await screen.findByText('Средства займа');
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Загрузить из XLSX' })).toBeNull();
    expect(headersOf(screen.getByRole('table'))).not.toContain('Действия');
    expect(screen.getByRole('button', { name: 'Выгрузить в XLSX' })).toBeTruthy();
  });

  it('an operator without catalogs.write in the company reads only', async () => {
    loginAs('operator');
    sources(flagged(false, false), ['company.read']);
    open('/catalogFundingSources');
    await screen.findByText('Средства займа');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/companies/1/permissions')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Добавить' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Изменить/ })).toBeNull();
  });
});

describe('row actions follow the server’s can_write, not the role', () => {
  it('a specialist gets buttons only on the rows the server marks writable', async () => {
    loginAs('specialist');
    sources(flagged(false, true));
    open('/catalogFundingSources');
    await screen.findByRole('button', { name: 'Изменить: Средства займа' });
    for (const action of ['Изменить', 'В архив', 'Удалить'])
      expect(screen.queryByRole('button', { name: `${action}: Собственные средства` })).toBeNull();
    expect(screen.getByRole('button', { name: 'В архив: Средства займа' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Удалить: Средства займа' })).toBeTruthy();
  });

  it('an entry in use (can_delete false) offers «В архив», never «Удалить»', async () => {
    loginAs('specialist');
    sources(flagged(true, true, { can_delete: false }));
    open('/catalogFundingSources');
    await screen.findByRole('button', { name: 'В архив: Средства займа' });
    expect(screen.queryByRole('button', { name: 'Удалить: Средства займа' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Удалить: Собственные средства' })).toBeTruthy();
  });

  it('no writable row: no «Действия» column, though the role may still add entries', async () => {
    loginAs('admin');
    sources(flagged(false, false, { archived_at: '2026-02-01T10:00:00Z' }));
    open('/catalogFundingSources', '?archived=true');
    const table = await screen.findByRole('table');
    await within(table).findByText('Средства займа');
    expect(headersOf(table)).not.toContain('Действия');
    expect(screen.queryByRole('button', { name: /^Восстановить/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();
  });

  it('an operator acts on a row the server lets it write (the flag decides, not the web)', async () => {
    loginAs('operator');
    sources(flagged(false, true, { archived_at: '2026-02-01T10:00:00Z' }), ['company.read']);
    stubRoute(catalogRoutes.generic.restore, OWN as never);
    open('/catalogFundingSources', '?archived=true');
    await userEvent.click(await screen.findByRole('button', { name: 'Восстановить: Средства займа' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Восстановить' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url === '/api/catalogs/generic/8/7/restore')).toBe(true));
    expect(screen.queryByRole('button', { name: /Собственные средства$/ })).toBeNull();
  });
});
