// happy-dom would fetch the PDF frame's address from a server that is not there (it logs that it does not)
// @vitest-environment-options {"settings": {"disableIframePageLoading": true}}
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FileMeta, fileRoutes } from '@zakupki/shared/api/files';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { FilePage } from './file-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const pdf = (over: Partial<FileMeta> = {}): FileMeta => ({
  id: 15,
  name: 'Положение о закупке (ред. 2).pdf',
  size: 1_572_864,
  mime: 'application/pdf',
  type_title: 'Документ PDF',
  inline: true,
  created_at: '2026-03-07T21:30:00.000Z',
  created_by: { id: 4, title: 'Кузнецов Дмитрий' },
  company: { id: 1, title: 'АО «Энергосеть»' },
  owner: {
    kind: 'rule_version',
    kind_title: 'Положение о закупке',
    id: 8,
    title: '«Положение о закупке АО «Энергосеть»», версия 2',
    link: '/procurementsRules/3/versions',
  },
  versions: [
    { id: 11, name: 'Положение о закупке (ред. 1).pdf', size: 900, created_at: '2025-01-10T09:05:00.000Z' },
  ],
  ...over,
});

const open = (id = 15) => renderApp(<FilePage />, { path: '/files/:id', initialPath: `/files/${id}` });
let downloads: string[];

beforeEach(() => {
  loginAs('client');
  downloads = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test');
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  vi.restoreAllMocks();
});

describe('/files/:id', { timeout: 20_000 }, () => {
  it('shows the metadata, the PDF in a frame, the owner and the other versions; «Скачать» downloads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const meta = stubRoute(fileRoutes.meta, pdf());
    const file = stubRoute(
      fileRoutes.get,
      reply(200, '%PDF-1.4', {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent('Положение о закупке (ред. 2).pdf')}`,
      }),
    );
    open();
    expect(await screen.findByRole('heading', { name: 'Положение о закупке (ред. 2).pdf' })).toBeTruthy();
    expect(meta.calls[0].path).toBe('/api/files/15/meta');
    const table = screen.getByRole('table', { name: 'Сведения о файле' });
    const value = (label: string) =>
      within(table)
        .getByText(label)
        .closest('tr')
        ?.querySelector('td')
        ?.textContent?.replace(/\u00a0/g, ' ');
    expect(value('Размер')).toBe('1,5 МБ');
    expect(value('Тип')).toBe('Документ PDF');
    expect(value('Добавил')).toBe('Кузнецов Дмитрий');
    // 21:30 UTC is 00:30 of the next day in Moscow
    expect(value('Дата добавления')).toBe('08.03.2026 00:30 (МСК)');
    expect(value('Компания')).toBe('АО «Энергосеть»');
    expect(value('Относится к')).toBe('Положение о закупке: «Положение о закупке АО «Энергосеть»», версия 2');
    expect(
      within(table)
        .getByRole('link', { name: '«Положение о закупке АО «Энергосеть»», версия 2' })
        .getAttribute('href'),
    ).toBe('/procurementsRules/3/versions');

    const frame = screen.getByTitle('Просмотр: Положение о закупке (ред. 2).pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/api/files/15?inline=1');

    const versions = screen.getByRole('table', { name: 'Другие версии' });
    const link = within(versions).getByRole('link', { name: 'Положение о закупке (ред. 1).pdf' });
    expect(link.getAttribute('href')).toBe('/files/11');
    expect(within(versions).getByText('10.01.2025 12:05')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Скачать' }));
    await waitFor(() => expect(downloads).toEqual(['Положение о закупке (ред. 2).pdf']));
    expect(file.calls[0].path).toBe('/api/files/15');
    expect(file.calls[0].query.get('inline')).toBeNull();
  });

  it('shows no frame for a file that is not a PDF, and no versions list when there are none', async () => {
    stubRoute(
      fileRoutes.meta,
      pdf({
        id: 16,
        name: 'УПД № 15.xml',
        mime: 'application/xml',
        type_title: 'Документ XML',
        inline: false,
        size: 12_595,
        owner: null,
        versions: [],
      }),
    );
    open(16);
    expect(await screen.findByRole('heading', { name: 'УПД № 15.xml' })).toBeTruthy();
    expect(screen.queryByTitle(/Просмотр/)).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('table', { name: 'Другие версии' })).toBeNull();
    expect(screen.getByText('12,3 КБ')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Скачать' })).toBeTruthy();
  });

  it('a missing file (or one out of reach: the server answers the same) is «Файл не найден»', async () => {
    // the silent query only logs the answer
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubRoute(fileRoutes.meta, reply(404, errorBody('not_found', 'Файл не найден')));
    open(999);
    expect(await screen.findByRole('heading', { name: 'Файл не найден' })).toBeTruthy();
    expect(screen.getByText(/нет доступа к этому файлу/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Скачать' })).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(logged).toHaveBeenCalled();
    // no error notice on top of the page's own state
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('an id that is not a number is not asked for', async () => {
    open('abc' as unknown as number);
    expect(await screen.findByRole('heading', { name: 'Файл не найден' })).toBeTruthy();
  });
});
