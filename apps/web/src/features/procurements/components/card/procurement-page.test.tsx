import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import type { ProcurementInput } from '@zakupki/shared/api/procurements-model';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../../lib/company';
import { todayIso } from '../../../../lib/formatters';
import { sessionStore } from '../../../../lib/session-store';
import { methodEntry } from '../../../../test/catalog-entries';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../../test/render';
import { errorBody, reply, stubRoute } from '../../../../test/stub-api';
import { procurement } from '../../test/fixtures';
import { ProcurementRoute } from './procurement-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../../test/socket-mock')).ioMock }));

const empty = { items: [], total: 0, page: 1, limit: 500 };
const open = (tab?: string) =>
  renderApp(<ProcurementRoute />, {
    path: '/documents/:id',
    initialPath: `/documents/7${tab ? `?tab=${tab}` : ''}`,
  });

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['procurements.read', 'procurements.write']);
  stubRoute(procurementRoutes.get, procurement());
  stubRoute(companyRoutes.customers.list, empty);
  stubRoute(catalogRoutes.methods.list, {
    items: [methodEntry({ code: '5' })],
    total: 1,
    page: 1,
    limit: 500,
  });
  stubRoute(catalogRoutes.generic.list, empty);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
  vi.unstubAllGlobals();
});

/** Makes the form dirty (the save button is enabled only then). */
const editSubject = async () => {
  const subject = await screen.findByLabelText(/Предмет закупки/);
  fireEvent.change(subject, { target: { value: 'Поставка кабеля силового' } });
};

describe('the procurement card', () => {
  it('shows the header and every tab', { timeout: 30_000 }, async () => {
    stubRoute(procurementRoutes.history, {
      items: [
        {
          id: 2,
          kind: 'status',
          title: 'Статус изменён',
          from_status: 'draft',
          to_status: 'published',
          changed_fields: [],
          comment: null,
          at: '2026-03-05T09:30:00Z',
          by: { id: 10, title: 'Иванова А. А.' },
        },
        {
          id: 1,
          kind: 'updated',
          title: 'Изменена',
          from_status: null,
          to_status: null,
          changed_fields: ['nmcd', 'bids_deadline'],
          comment: null,
          at: '2026-03-01T09:30:00Z',
          by: null,
        },
      ],
    });
    const { router } = open();
    expect(await screen.findByRole('heading', { name: 'Закупка № З-2026-014' })).toBeTruthy();
    expect(screen.getAllByText('Извещение размещено').length).toBeGreaterThan(0);
    expect(screen.getByText(/НМЦД 1 234 567,89 ₽/)).toBeTruthy();
    expect(screen.getByLabelText('Положение о закупке')).toHaveProperty(
      'value',
      'Положение о закупке АО «Энергосеть», редакция 3',
    );

    await userEvent.click(screen.getByRole('tab', { name: /Лоты и позиции/ }));
    expect(router.state.location.search).toBe('?tab=lots');
    const items = within(screen.getByRole('table', { name: 'Позиции лота 1' }));
    expect(items.getByText('1 234 567,89 ₽')).toBeTruthy();
    expect(screen.getByText(/НМЦД = сумма лотов\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('tab', { name: 'Сроки и протоколы' }));
    const duties = within(screen.getByRole('table', { name: 'Сроки закупки' }));
    expect(duties.getByText('Просрочено')).toBeTruthy();
    expect(duties.getByText('просрочено на 2 дня')).toBeTruthy();
    expect(duties.getByText('Выполнено с опозданием')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Протоколы' })).getByText('16.03.2026')).toBeTruthy();
    expect(screen.getByLabelText('Дата размещения извещения')).toHaveProperty('value', '05.03.2026');

    await userEvent.click(screen.getByRole('tab', { name: 'Документация' }));
    expect(screen.getByRole('link', { name: 'Открыть документацию' }).getAttribute('href')).toBe(
      '/procurement_documents/7',
    );

    await userEvent.click(screen.getByRole('tab', { name: /Договоры/ }));
    expect(screen.getByRole('link', { name: '№ 112/26-ЭА от 25.04.2026' }).getAttribute('href')).toBe(
      '/contracts/register?contract=12',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'История' }));
    const history = within(await screen.findByRole('table', { name: 'История закупки' }));
    expect(await history.findByText('Черновик → Извещение размещено')).toBeTruthy();
    expect(history.getByText('НМЦД, окончание подачи заявок')).toBeTruthy();
    expect(history.getByText('Иванова А. А.')).toBeTruthy();
  });

  it('saves the whole form; the server’s issues land on their fields and mark their tabs', {
    timeout: 30_000,
  }, async () => {
    const save = stubRoute(
      procurementRoutes.update,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте данные', {
          issues: [
            {
              path: 'body.lots.0.items.0.quantity',
              message: 'Количество: неотрицательное число, не более 3 знаков после запятой',
            },
            { path: 'body.bids_deadline', message: 'Такой даты нет в календаре' },
          ],
        }),
      ),
    );
    open();
    await editSubject();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    const body = save.calls[0].body as ProcurementInput;
    expect(body.subject).toBe('Поставка кабеля силового');
    expect(body.method_id).toBe(3);
    expect(body.lots[0].items?.[0]).toMatchObject({
      quantity: '100',
      unit_price: '12345.6789',
      vat_rate: '22%',
    });
    expect(
      await screen.findByText('Количество: неотрицательное число, не более 3 знаков после запятой'),
    ).toBeTruthy();
    expect(screen.getByText('Такой даты нет в календаре')).toBeTruthy();
    expect(
      within(screen.getByRole('tab', { name: /Лоты и позиции/ })).getByLabelText('есть ошибки'),
    ).toBeTruthy();
    expect(within(screen.getByRole('tab', { name: /Сроки/ })).getByLabelText('есть ошибки')).toBeTruthy();
  });

  it('a refusal by a rule of the law is an alert with the server’s words', { timeout: 20_000 }, async () => {
    const message =
      'Срок подачи заявок для способа «Запрос котировок в электронной форме» — не менее 5 рабочих дней после размещения извещения: с 05.03.2026 не ранее 12.03.2026';
    stubRoute(
      procurementRoutes.update,
      reply(409, errorBody('conflict', message, { rule: 'notice_period' })),
    );
    open();
    await editSubject();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Закупка не сохранена')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
  });

  it('a law rule refused with its field: the message on the field and in the alert', {
    timeout: 20_000,
  }, async () => {
    const message =
      'Окончание подачи заявок — не ранее 12.03.2026: запрос котировок — не менее 5 рабочих дней после размещения извещения 05.03.2026';
    stubRoute(
      procurementRoutes.update,
      reply(
        400,
        errorBody('validation_failed', message, {
          issues: [{ path: 'body.bids_deadline', message, rule: 'notice_period' }],
        }),
      ),
    );
    open();
    await editSubject();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Закупка не сохранена')).toBeTruthy();
    expect(within(alert).getByText(message)).toBeTruthy();
    // the same words under «Окончание подачи заявок» on the dates tab, which is marked
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(within(screen.getByRole('tab', { name: /Сроки/ })).getByLabelText('есть ошибки')).toBeTruthy();
  });

  it('moves the status with a date and a reason', { timeout: 20_000 }, async () => {
    const move = stubRoute(procurementRoutes.status, (req) =>
      procurement({ status: req.body.status, allowed_transitions: ['cancelled'] }),
    );
    open();
    await screen.findByRole('heading', { name: 'Закупка № З-2026-014' });
    const group = within(screen.getByRole('group', { name: 'Смена статуса' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Приём заявок окончен',
      'Отменить закупку',
    ]);
    await userEvent.click(group.getByRole('button', { name: 'Отменить закупку' }));
    const dialog = within(await screen.findByRole('dialog'));
    const confirm = dialog.getByRole('button', { name: 'Отменить закупку' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(dialog.getByLabelText(/Причина/), { target: { value: 'Изменилась потребность' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(move.calls).toHaveLength(1));
    expect(move.calls[0].body).toEqual({
      status: 'cancelled',
      date: todayIso(),
      reason: 'Изменилась потребность',
    });
    expect(await screen.findByText('Закупка отменена: № З-2026-014')).toBeTruthy();
  });

  it('«Удалить» only where the server says the procurement may be deleted (can_delete)', {
    timeout: 20_000,
  }, async () => {
    // a draft a contract names: the delete route refuses it, so the card offers no «Удалить»
    stubRoute(procurementRoutes.get, procurement({ status: 'draft', can_delete: false }));
    const { unmount } = open();
    await screen.findByRole('heading', { name: 'Закупка № З-2026-014' });
    expect(screen.queryByRole('button', { name: 'Удалить' })).toBeNull();
    unmount();
    stubRoute(procurementRoutes.get, procurement({ status: 'draft', can_delete: true }));
    open();
    await screen.findByRole('heading', { name: 'Закупка № З-2026-014' });
    expect(await screen.findByRole('button', { name: 'Удалить' })).toBeTruthy();
  });

  it('a status refusal stays in the dialog', { timeout: 20_000 }, async () => {
    stubRoute(
      procurementRoutes.status,
      reply(409, errorBody('conflict', 'Нельзя окончить приём заявок раньше 13.03.2026')),
    );
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Приём заявок окончен' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Приём заявок окончен' }));
    expect(await dialog.findByText('Нельзя окончить приём заявок раньше 13.03.2026')).toBeTruthy();
  });

  it('adds a protocol', { timeout: 20_000 }, async () => {
    const add = stubRoute(procurementRoutes.addProtocol, procurement());
    open('dates');
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить протокол' }));
    const dialog = within(await screen.findByRole('dialog'));
    const signed = dialog.getByLabelText(/Дата подписания/);
    fireEvent.change(signed, { target: { value: '16.03.2026' } });
    fireEvent.blur(signed);
    await userEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(add.calls).toHaveLength(1));
    expect(add.calls[0].body).toMatchObject({ kind: 'summing_up', signed_on: '2026-03-16', final: false });
  });

  it('the method select names the method, never its catalogue key', { timeout: 20_000 }, async () => {
    stubRoute(catalogRoutes.methods.list, (req) => ({
      items: [methodEntry({ code: 'e_proposal', title: 'Запрос предложений в электронной форме' })],
      total: 1,
      page: Number(req.query.get('page') ?? 1),
      limit: 500,
    }));
    open();
    await screen.findByRole('heading', { name: 'Закупка № З-2026-014' });
    const method = screen
      .getAllByLabelText(/^Способ закупки/)
      .find((e) => e.tagName === 'INPUT') as HTMLInputElement;
    await waitFor(() => expect(method).toHaveProperty('value', 'Запрос предложений в электронной форме'));
    expect(document.body.textContent).not.toContain('e_proposal');
  });

  it('a client reads the card without edit controls', { timeout: 20_000 }, async () => {
    loginAs('client');
    stubRoute(companyRoutes.permissions, ['procurements.read', 'contracts.read']);
    open('dates');
    expect(
      await screen.findByText('Изменять закупки этой компании вы не можете: недостаточно прав.'),
    ).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Смена статуса' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить протокол' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Изменить' })).toBeNull();
    expect(screen.getByLabelText('Дата размещения извещения')).toHaveProperty('readOnly', true);
    await userEvent.click(screen.getByRole('tab', { name: /Лоты и позиции/ }));
    expect(screen.queryByRole('button', { name: 'Добавить позицию' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить лот' })).toBeNull();
  });

  it('a client sees the names the procurement carries, read-only, and asks no catalogue', {
    timeout: 20_000,
  }, async () => {
    loginAs('client');
    stubRoute(companyRoutes.permissions, ['procurements.read', 'contracts.read']);
    stubRoute(
      procurementRoutes.get,
      procurement({
        customer_id: 5,
        customer_title: 'МУП «Водоканал»',
        nmcd_method_id: 8,
        nmcd_method_title: 'Метод сопоставимых рыночных цен',
        funding_source_id: 9,
        funding_source_title: 'Собственные средства',
      }),
    );
    // what a client gets from the catalogues
    const forbidden = reply(403, errorBody('forbidden', 'Справочник доступен только сотрудникам'));
    const methods = stubRoute(catalogRoutes.methods.list, forbidden);
    const generic = stubRoute(catalogRoutes.generic.list, forbidden);
    const customers = stubRoute(companyRoutes.customers.list, forbidden);
    open();
    const values = {
      Заказчик: 'МУП «Водоканал»',
      'Способ закупки': 'Запрос котировок в электронной форме',
      'Метод определения НМЦД': 'Метод сопоставимых рыночных цен',
      'Источник финансирования': 'Собственные средства',
    };
    for (const [label, value] of Object.entries(values)) {
      const input = (await screen.findByLabelText(label)) as HTMLInputElement;
      expect(input.value).toBe(value);
      expect(input.readOnly).toBe(true);
      expect(input.getAttribute('data-variant')).toBe('filled');
    }
    expect(screen.queryByText('нет значения')).toBeNull();
    expect([methods.calls, generic.calls, customers.calls].map((c) => c.length)).toEqual([0, 0, 0]);
  });

  it('a planned publication date already past is a warning on the card, not a refusal', async () => {
    stubRoute(
      procurementRoutes.get,
      procurement({
        warnings: [
          {
            rule: 'planned_date_past',
            path: 'body.planned_publication_date',
            message:
              'Планируемая дата размещения 01.11.2026 уже прошла: укажите новую дату или разместите извещение',
          },
        ],
      }),
    );
    open();
    expect(await screen.findByText('Обратите внимание')).toBeTruthy();
    expect(
      screen.getByText(
        'Планируемая дата размещения 01.11.2026 уже прошла: укажите новую дату или разместите извещение',
      ),
    ).toBeTruthy();
  });
});
