import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../components/notices/notices.store';
import { selectedCompanyStore } from '../../../lib/company';
import { handleAuthPush, importNoticeId } from '../../../lib/realtime';
import { DEMO_COMPANY, loginAs, renderApp, stubFetch } from '../../../test/render';
import { NotificationsBell } from './notifications-bell';

const stored = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  user_id: 10,
  company_id: 1,
  company_title: 'ООО «Закупки-Сервис»',
  kind: 'notificationMapInvoiceItemsResponse',
  status: 'warning',
  header: 'Загрузка УПД',
  message: `Загружено документов: 2. Не загружены файлы (1): «bad.xml» — Повреждённый XML (${id})`,
  code: null,
  payload: { import_id: id },
  link: '/contracts/execution?section=history',
  created_at: '2026-11-25T10:00:00.000Z',
  read_at: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  notices.clear();
});

describe('notifications bell', () => {
  it('shows the unread count, lists notifications with a link, marks one and all read', async () => {
    let unread = 2;
    const calls = stubFetch((url, init) => {
      if (url.startsWith('/api/notifications?'))
        return {
          status: 200,
          body: {
            items: [
              stored(2),
              stored(1),
              stored(3, { read_at: '2026-11-25T11:00:00.000Z', status: 'success' }),
            ],
            total: 3,
            page: 1,
            limit: 30,
            unread,
          },
        };
      if (url === '/api/notifications/2/read' && init?.method === 'POST') {
        unread = 1;
        return { status: 200, body: { ...stored(2), read_at: '2026-11-25T12:00:00.000Z' } };
      }
      if (url === '/api/notifications/read-all') {
        unread = 0;
        return { status: 200, body: { updated: 1 } };
      }
      return undefined;
    });
    loginAs('client');
    renderApp(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 2' });
    // nothing of the stored list pops up as a notice
    expect(notices.store.get()).toHaveLength(0);
    await userEvent.click(bell);
    const list = await screen.findByRole('dialog');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('link', { name: 'Перейти' })[0].getAttribute('href')).toBe(
      '/contracts/execution?section=history',
    );
    // read items have no «Прочитано»
    expect(within(list).getAllByRole('button', { name: /^Прочитано/ })).toHaveLength(2);
    await userEvent.click(within(list).getAllByRole('button', { name: /^Прочитано/ })[0]);
    await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 1' });
    expect(calls.some((c) => c.url === '/api/notifications/2/read' && c.method === 'POST')).toBe(true);
    await userEvent.click(within(list).getByRole('button', { name: 'Отметить все прочитанными' }));
    await screen.findByRole('button', { name: 'Уведомления, непрочитанных нет' });
  });
});

describe('a notification of another company', () => {
  it('names its company, and «Перейти» selects that company before opening its screen', async () => {
    stubFetch((url) =>
      url.startsWith('/api/notifications?')
        ? {
            status: 200,
            body: {
              items: [
                stored(5, {
                  company_id: 3,
                  company_title: 'ГУП «Водоканал Северо-Запад»',
                  kind: 'eisPlanResponse',
                  header: 'Загрузка плана закупки',
                  message: `Загружен файл ${'очень-длинное-имя-файла-плана-'.repeat(6)}.xml`,
                  link: '/eisPlans?plan=4',
                }),
              ],
              total: 1,
              page: 1,
              limit: 30,
              unread: 1,
            },
          }
        : url === '/api/notifications/5/read'
          ? { status: 200, body: { ...stored(5), read_at: '2026-11-25T12:00:00.000Z' } }
          : undefined,
    );
    loginAs('specialist');
    selectedCompanyStore.set(DEMO_COMPANY);
    const { router } = renderApp(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Уведомления, непрочитанных: 1' }));
    const list = await screen.findByRole('dialog');
    expect(within(list).getByText(/ГУП «Водоканал Северо-Запад»/)).toBeTruthy();
    const go = within(list).getByRole('link', { name: 'Перейти' });
    expect(go.getAttribute('href')).toBe('/eisPlans?plan=4');
    await userEvent.click(go);
    expect(selectedCompanyStore.get()).toEqual({ id: 3, title: 'ГУП «Водоканал Северо-Запад»' });
    await waitFor(() => expect(router.state.location.search).toBe('?plan=4'));
    selectedCompanyStore.set(null);
  });
});

describe('an import notice', () => {
  it('is pending with the progress, then replaced by the result push (a warning)', async () => {
    stubFetch(() => undefined);
    notices.pending('Загрузка: УПД / УКД', 'Файлы переданы, ожидание обработки', { id: importNoticeId(7) });
    handleAuthPush('jobProgress', { job_id: 'j', kind: 'upd', progress: 40, import_id: 7 });
    expect(notices.store.get()[0]).toMatchObject({ status: 'pending', message: 'Обработка файлов: 40 %' });
    handleAuthPush('notificationMapInvoiceItemsResponse', {
      notification_id: 9,
      status: 'warning',
      header: 'Загрузка УПД',
      message: 'Загружено документов: 1. Не загружены файлы (1): «bad.xml» — Повреждённый XML',
      code: null,
      import_id: 7,
    });
    await waitFor(() => expect(notices.store.get()).toHaveLength(1));
    expect(notices.store.get()[0]).toMatchObject({ id: 'notification:9', status: 'warning' });
  });

  it('a burst of pushes never shows more than a few notices at once', () => {
    for (let i = 0; i < 10; i++) notices.success('Готово', `№ ${i}`);
    expect(notices.store.get().length).toBeLessThanOrEqual(4);
    expect(notices.store.get().at(-1)?.message).toBe('№ 9');
  });
});
