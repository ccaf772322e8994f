import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { reply, stubRoute } from '../../../test/stub-api';
import { BankTab } from './bank-tab';
import { ContactsTab } from './contacts-tab';
import { CustomersTab } from './customers-tab';

/** Issue 25 item 8: «Удалить» on the profile tabs is offered only where the server would take it. */
const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, limit: 10 });
const customer = (id: number, title: string, can_delete: boolean) => ({
  id,
  company_id: DEMO_COMPANY.id,
  title,
  inn: '7707083893',
  kpp: null,
  ogrn: null,
  address: null,
  annual_revenue_over_5bn: false,
  can_delete,
});
const contact = (id: number, full_name: string, is_active: boolean, can_delete: boolean) => ({
  id,
  company_id: DEMO_COMPANY.id,
  full_name,
  position: null,
  email: null,
  phone: null,
  is_active,
  can_delete,
});

beforeEach(() => loginAs('specialist'));
afterEach(() => sessionStore.set({ status: 'anonymous' }));

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('deletes on the profile tabs follow the server’s can_delete', () => {
  it('customers: a customer in use has no «Удалить»; a free one is deleted', async () => {
    stubRoute(
      companyRoutes.customers.list,
      page([customer(1, 'АО «Используемый»', false), customer(2, 'ООО «Свободный»', true)]),
    );
    const remove = stubRoute(companyRoutes.customers.remove, reply(204));
    renderApp(<CustomersTab companyId={DEMO_COMPANY.id} canWrite />);
    await screen.findByText('АО «Используемый»');
    expect(within(row('АО «Используемый»')).queryByRole('button', { name: /Удалить/ })).toBeNull();
    expect(within(row('АО «Используемый»')).getByRole('button', { name: /Изменить/ })).toBeTruthy();
    await userEvent.click(
      within(row('ООО «Свободный»')).getByRole('button', { name: 'Удалить: ООО «Свободный»' }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(remove.calls).toHaveLength(1));
    expect(remove.calls[0].url).toContain('/customers/2');
  });

  it('contacts: the active contact among others has no «Удалить»', async () => {
    stubRoute(
      companyRoutes.contacts.list,
      page([contact(1, 'Иванова Анна', true, false), contact(2, 'Петров Пётр', false, true)]),
    );
    renderApp(<ContactsTab companyId={DEMO_COMPANY.id} canWrite />);
    await screen.findByText('Иванова Анна');
    expect(within(row('Иванова Анна')).queryByRole('button', { name: /Удалить/ })).toBeNull();
    expect(within(row('Петров Пётр')).getByRole('button', { name: 'Удалить: Петров Пётр' })).toBeTruthy();
  });

  it('bank details: «Удалить» only where can_delete', async () => {
    const bank = (id: number, settlement_account: string, can_delete: boolean) => ({
      id,
      company_id: DEMO_COMPANY.id,
      bank_name: `Банк ${id}`,
      bik: '044525225',
      settlement_account,
      correspondent_account: null,
      is_main: id === 1,
      can_delete,
    });
    stubRoute(
      companyRoutes.bank.list,
      page([bank(1, '40702810900000000001', false), bank(2, '40702810900000000002', true)]),
    );
    renderApp(<BankTab companyId={DEMO_COMPANY.id} canWrite />);
    await screen.findByText('Банк 1');
    expect(within(row('Банк 1')).queryByRole('button', { name: /Удалить/ })).toBeNull();
    expect(within(row('Банк 2')).getAllByRole('button', { name: /Удалить/ })).toHaveLength(1);
  });
});
