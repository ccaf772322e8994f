import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { procurementRuleRoutes as r } from '@zakupki/shared/api/procurement-rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { documentsRule, rule, version } from '../test/fixtures';
import { DocumentsRulesPage } from './documents-rules-page';
import { RulesPage } from './rules-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const IN_USE =
  'Положение «Положение о закупке АО «Энергосеть»» используется (закупок: 2): удалить его нельзя, перенесите в архив';
const noServerError = () => expect(screen.queryByText('Произошла ошибка сервера')).toBeNull();

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['rules.read', 'rules.write']);
  stubRoute(r.list, { items: [rule()], total: 1, page: 1, limit: 20 });
  stubRoute(r.get, rule());
  stubRoute(r.versions, { items: [version()] });
  stubRoute(companyRoutes.customers.list, { items: [], total: 0, page: 1, limit: 500 });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

describe('the register of Положения', () => {
  it('lists the rules with their latest version', async () => {
    renderApp(<RulesPage />);
    expect(await screen.findByText('Положение о закупке АО «Энергосеть»')).toBeTruthy();
    expect(screen.getByText('№ 1: Черновик')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Создать положение' })).toBeTruthy();
  });

  it('the form refuses an empty title with the schema message and sends nothing', async () => {
    const create = stubRoute(r.create, rule());
    renderApp(<RulesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Создать положение' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новое положение о закупке' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Обязательное поле')).toBeTruthy();
    expect(create.calls).toEqual([]);
  });

  it('a refusal of the save is shown in the dialog, not as a server error', async () => {
    stubRoute(r.create, reply(409, errorBody('conflict', 'Положение с таким наименованием уже есть')));
    renderApp(<RulesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Создать положение' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новое положение о закупке' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Наименование/ }), 'Положение');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Положение с таким наименованием уже есть');
    noServerError();
  });

  it('deleting a rule in use is a refusal naming why, not a server error', async () => {
    stubRoute(r.remove, reply(409, errorBody('conflict', IN_USE)));
    renderApp(<RulesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить положение' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    const notice = await screen.findByText(IN_USE);
    expect(notice.closest('[role="alert"]')?.textContent).toContain('Не выполнено');
    noServerError();
  });

  it('offers «Удалить» only for a rule the server says may be deleted', async () => {
    stubRoute(r.list, {
      items: [rule(), rule({ id: 6, title: 'Утверждённое положение', can_delete: false })],
      total: 2,
      page: 1,
      limit: 20,
    });
    renderApp(<RulesPage />);
    const kept = (await screen.findByText('Утверждённое положение')).closest('tr')!;
    expect(within(kept).queryByRole('button', { name: 'Удалить' })).toBeNull();
    expect(within(kept).getByRole('button', { name: 'В архив' })).toBeTruthy();
    const draft = screen.getByText('Положение о закупке АО «Энергосеть»').closest('tr')!;
    expect(within(draft).getByRole('button', { name: 'Удалить' })).toBeTruthy();
  });
});

describe('the documents rules of a version', () => {
  // the field list beside the documents (its own tests: template-fields.test.tsx)
  beforeEach(() => stubRoute(r.systemFields, { items: [], user_fields: [] }));
  const open = () =>
    renderApp(<DocumentsRulesPage />, {
      path: '/procurementsRules/:procId/versions/:id/documentsRules',
      initialPath: '/procurementsRules/5/versions/11/documentsRules',
    });

  it('lists the documents of each method', async () => {
    stubRoute(r.documentsRules, { items: [documentsRule()] });
    open();
    expect(await screen.findByText('Извещение о закупке')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Загрузить шаблон' })).toBeTruthy();
  });

  it('a template that is not a DOCX is refused beside the documents, not as a server error', async () => {
    stubRoute(r.documentsRules, { items: [documentsRule()] });
    stubRoute(
      r.template,
      reply(400, errorBody('invalid_file', 'Шаблон должен быть документом Word в формате DOCX')),
    );
    open();
    await screen.findByText('Извещение о закупке');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'шаблон.docx'), { applyAccept: false });
    const alert = (await screen.findByText('Шаблон не загружен')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Шаблон должен быть документом Word в формате DOCX');
    await waitFor(noServerError);
  });
});
