import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../lib/company';
import { loading } from '../../lib/loading';
import { handleAuthPush } from '../../lib/realtime';
import { sessionStore } from '../../lib/session-store';
import { authSocketState } from '../../lib/socket';
import { loginAs, renderApp } from '../../test/render';
import { notices } from './notices.store';

vi.mock('socket.io-client', async () => ({ io: (await import('../../test/socket-mock')).ioMock }));

afterEach(() => {
  notices.clear();
  loading.reset();
  authSocketState.set('off');
  sessionStore.set({ status: 'anonymous' });
});

describe('notice stack', () => {
  it('shows header, date, message and a close button; closing removes the notice', async () => {
    renderApp(<div />);
    act(() => {
      notices.success('Готово', 'Договор сохранён', { id: 'n1' });
    });
    const n = await screen.findByRole('status');
    expect(n.textContent).toContain('Готово');
    expect(n.textContent).toContain('Договор сохранён');
    expect(n.querySelector('time')?.textContent).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await userEvent.click(screen.getByRole('button', { name: 'Закрыть уведомление' }));
    expect(screen.queryByText('Договор сохранён')).toBeNull();
  });

  it('a live push names its company and links to what it is about; following it selects the company', async () => {
    loginAs('specialist');
    selectedCompanyStore.set({ id: 1, title: 'ООО «Провайдер»' });
    renderApp(<div />);
    act(() => {
      handleAuthPush('readyDocumentResponse', {
        notification_id: 41,
        status: 'success',
        header: 'Документы сформированы',
        message: 'Сформировано документов: 2 из 2',
        code: null,
        company_id: 7,
        company_title: 'ГУП «Водоканал»',
        link: '/procurement_documents/9',
        procurement_id: 9,
        documents: [],
        error: null,
      });
    });
    const n = await screen.findByRole('status');
    expect(n.textContent).toContain('ГУП «Водоканал»');
    const link = screen.getByRole('link', { name: 'Перейти' });
    expect(link.getAttribute('href')).toBe('/procurement_documents/9');
    link.addEventListener('click', (e) => e.preventDefault());
    await userEvent.click(link);
    expect(selectedCompanyStore.get()).toEqual({ id: 7, title: 'ГУП «Водоканал»' });
    selectedCompanyStore.set(null);
  });

  it('an error with a code offers «Скопировать код»: copies it and says «Успешно»', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(<div />);
    act(() => {
      notices.error('Произошла ошибка сервера', 'Обратитесь к оператору Код ошибки: K7QX2M', {
        code: 'K7QX2M',
      });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Скопировать код' }));
    expect(writeText).toHaveBeenCalledWith('K7QX2M');
    expect(await screen.findByText('Успешно')).toBeTruthy();
    expect(screen.getByText('Код скопирован. Сообщите его оператору')).toBeTruthy();
  });

  it('an error without a code has no copy link', async () => {
    renderApp(<div />);
    act(() => {
      notices.error('Произошла ошибка сервера', 'Запрашиваемый ресурс не найден');
    });
    await screen.findByText('Запрашиваемый ресурс не найден');
    expect(screen.queryByRole('button', { name: 'Скопировать код' })).toBeNull();
  });

  it('while logged in and the /auth socket is down: «Не удаётся подключиться к вебсокетам» with the host', async () => {
    renderApp(<div />);
    act(() => authSocketState.set('down'));
    expect(screen.queryByText('Не удаётся подключиться к вебсокетам')).toBeNull();
    act(() => {
      loginAs('client');
    });
    const alert = await screen.findByText('Не удаётся подключиться к вебсокетам');
    expect(alert.closest('[data-status="websocket"]')?.textContent).toContain(window.location.host);
    act(() => authSocketState.set('up'));
    await waitFor(() => expect(screen.queryByText('Не удаётся подключиться к вебсокетам')).toBeNull());
  });

  it('a loading notice «Выполняется запрос: …» shows while a request runs; socket answers reset it', async () => {
    renderApp(<div />);
    let id = 0;
    act(() => {
      id = loading.start('сохранение изменений');
    });
    expect(await screen.findByText('Выполняется запрос: сохранение изменений')).toBeTruthy();
    act(() => loading.stop(id));
    await waitFor(() => expect(screen.queryByText(/Выполняется запрос/)).toBeNull());
    act(() => {
      loading.start('формирование документов', 'socket');
    });
    expect(await screen.findByText('Выполняется запрос: формирование документов')).toBeTruthy();
    act(() => loading.resetSocket());
    await waitFor(() => expect(screen.queryByText(/Выполняется запрос/)).toBeNull());
  });
});
