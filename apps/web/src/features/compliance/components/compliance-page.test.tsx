import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type ComplianceDuty, complianceRoutes } from '@zakupki/shared/api/compliance';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notices } from '../../../components/notices/notices.store';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { apiCalls, type RecordedCall, reply, stubRoute } from '../../../test/stub-api';
import { CompliancePage } from './compliance-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const duty = (over: Partial<ComplianceDuty> = {}): ComplianceDuty => ({
  key: 'contract:7:register',
  company_id: 1,
  company_title: 'АО «Энергосеть»',
  module: 'contracts',
  kind: 'contract_register',
  title: 'Сведения о договоре в реестре договоров',
  object: { type: 'contract', id: 7, number: 'Д-15', link: '/contracts/register?contract=7&tab=execution' },
  base_date: '2026-11-02',
  due_date: '2026-11-05',
  done_on: null,
  eis_number: null,
  state: 'overdue',
  days_left: -23,
  customer: { id: 3, title: 'АО «Энергосеть»' },
  responsible: [{ id: 2, title: 'Иванова Елена (специалист)' }],
  reference: 'ч. 2 ст. 4.1 223-ФЗ',
  unconfirmed: false,
  mark: 'contract_publication',
  eis_status: null,
  eis_status_on: null,
  ...over,
});

let items: ComplianceDuty[];
let calls: RecordedCall[];

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set({ id: 1, title: 'АО «Энергосеть»' });
  items = [
    duty(),
    duty({
      key: 'monthly_report:2026-11',
      module: 'reports',
      kind: 'monthly_report',
      title: 'Ежемесячные сведения о договорах',
      object: { type: 'report', id: null, number: '2026-11', link: '/contracts/export' },
      state: 'due',
      due_date: '2026-12-10',
      mark: 'mark',
      customer: null,
    }),
  ];
  calls = apiCalls();
  stubRoute(companyRoutes.my, [{ id: 1, title: 'АО «Энергосеть»', has_data: true }]);
  stubRoute(companyRoutes.permissions, ['company.read', 'company.update', 'contracts.write']);
  stubRoute(complianceRoutes.calendar, () => ({
    from: '2026-10-01',
    to: '2027-01-31',
    today: '2026-11-28',
    items,
    counts: { due: 1, due_soon: 0, overdue: 1, done: 0, done_late: 0 },
  }));
  stubRoute(complianceRoutes.settings, {
    responsible_user_ids: null,
    offsets: [5, 2, 1],
    responsible: [{ id: 2, title: 'Иванова Елена (специалист)' }],
    candidates: [{ id: 2, title: 'Иванова Елена (специалист)', role: 'specialist' }],
  });
  stubRoute(complianceRoutes.mark, (req) => {
    const body = req.body as { key: string; done_on: string; eis_number: string };
    const done = {
      ...items[0],
      done_on: body.done_on,
      eis_number: body.eis_number,
      state: 'done_late' as const,
    };
    items = [done, items[1]];
    return reply(200, done);
  });
});
afterEach(() => {
  notices.clear();
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

describe('/compliance', { timeout: 20_000 }, () => {
  it('lists the duties with links to their objects and the counts by state', async () => {
    renderApp(<CompliancePage />, { path: '/compliance' });
    const table = await screen.findByRole('table', { name: 'Обязанности' });
    const link = within(table).getByRole('link', { name: 'Договор № Д-15' });
    expect(link.getAttribute('href')).toBe('/contracts/register?contract=7&tab=execution');
    expect(screen.getByText('просрочено (1)')).toBeTruthy();
    expect(within(table).getAllByText('Иванова Елена (специалист)')).toHaveLength(2);
  });

  it('a done duty whose object the EIS sync did not find shows «не найдено в ЕИС»; a confirmed one its day', async () => {
    items = [
      duty({ done_on: '2026-11-04', state: 'done', eis_status: 'not_found', eis_status_on: '2026-11-27' }),
      duty({
        key: 'contract:8:register',
        object: { type: 'contract', id: 8, number: 'Д-16', link: '/contracts/register?contract=8' },
        done_on: '2026-11-03',
        state: 'done',
        eis_status: 'confirmed',
        eis_status_on: '2026-11-03',
      }),
      // not done yet: the object's mark is not the duty's concern
      duty({ key: 'contract:9:register', eis_status: 'not_found', eis_status_on: '2026-11-27' }),
    ];
    renderApp(<CompliancePage />, { path: '/compliance' });
    const table = await screen.findByRole('table', { name: 'Обязанности' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('не найдено в ЕИС').closest('[title]')?.getAttribute('title')).toBe(
      'Проверено 27.11.2026',
    );
    expect(within(rows[1]).getByText(/подтверждено в ЕИС 03\.11\.2026/)).toBeTruthy();
    expect(within(rows[2]).queryByText(/в ЕИС/)).toBeNull();
  });

  it('«Отметить выполнение» checks the EIS number by the shared schema, then marks the duty', async () => {
    renderApp(<CompliancePage />, { path: '/compliance' });
    const table = await screen.findByRole('table', { name: 'Обязанности' });
    await userEvent.click(within(table).getAllByRole('button', { name: 'Отметить выполнение' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Отметить выполнение' });
    await userEvent.type(within(dialog).getByLabelText(/Номер в ЕИС/), '12ab');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отметить' }));
    expect(await within(dialog).findByText('Номер в ЕИС — от 5 до 40 цифр')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    const number = within(dialog).getByLabelText(/Номер в ЕИС/);
    await userEvent.clear(number);
    await userEvent.type(number, '52770123456250000010000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отметить' }));
    expect(await screen.findByText('Обязанность выполнена с опозданием')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ key: 'contract:7:register', eis_number: '52770123456250000010000' });
    expect(await screen.findByText('выполнено с опозданием')).toBeTruthy();
  });
});
