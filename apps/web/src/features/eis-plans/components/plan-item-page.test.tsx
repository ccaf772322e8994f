import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type EisPlanItem, eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { stubRoute } from '../../../test/stub-api';
import { PlanItemRoute } from './plan-item-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const item: EisPlanItem = {
  id: 41,
  number: '2260123456-12',
  guid: 'a1b2',
  ordinal_number: 12,
  status: 'P',
  status_title: 'Размещена',
  cancellation_reason: null,
  subject: 'Поставка кабельной продукции',
  price: '1234567.89',
  currency: 'RUB',
  method_code: '5',
  method_name: 'Запрос котировок',
  year: 2026,
  quarter: 1,
  month: 3,
  planned_date: '2026-03-01',
  contract_end_date: '2026-12-31',
  electronic: true,
  sme_only: true,
  innovation: false,
  long_term: false,
  okpd2_codes: ['27.32.13'],
  procurements: 0,
  procurement_amount: '0.00',
  contracts: 0,
  contract_amount: '0.00',
  plan_id: 5,
  registration_number: '2260123456',
  plan_type: 'ordinary',
  plan_year: 2026,
  version: 2,
  price_rub: '1234567.89',
  long_term_volumes: null,
  long_term_sme_volumes: null,
  innovation_equivalent: null,
  planned_after_second_year: null,
  excluded_from_sme: null,
  purchase_category: null,
  customer_inn: null,
  customer_kpp: null,
  customer_name: null,
  region: null,
  okato: null,
  modification_description: null,
  additional_info: null,
  change_flags: null,
  initial_position_guid: null,
  initial_plan_guid: null,
  rows: [],
  history: [],
  links: [],
  violations: [],
};

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(eisPlanRoutes.item, item);
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

const open = () =>
  renderApp(<PlanItemRoute />, { path: '/eisPlanItems/:number', initialPath: '/eisPlanItems/2260123456-12' });

describe('«Создать закупку по позиции»', () => {
  it('makes a draft procurement from the position and opens its card', { timeout: 20_000 }, async () => {
    stubRoute(companyRoutes.permissions, ['contracts.read', 'procurements.read', 'procurements.write']);
    const create = stubRoute(procurementRoutes.fromPlan, reply201);
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Создать закупку по позиции' }));
    // asked first: nothing is created until confirmed
    const dialog = await screen.findByRole('dialog', { name: 'Создать закупку по позиции?' });
    expect(dialog.textContent).toContain('способ «Запрос котировок»');
    expect(create.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(create.calls).toHaveLength(1));
    expect(create.calls[0].body).toEqual({ plan_position_id: 41 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/documents/77'));
  });

  it('is not shown without procurements.write', { timeout: 20_000 }, async () => {
    const perms = stubRoute(companyRoutes.permissions, ['contracts.read', 'procurements.read']);
    open();
    await screen.findByText('Поставка кабельной продукции');
    await waitFor(() => expect(perms.calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Создать закупку по позиции' })).toBeNull();
  });
});

describe('the position card shows no raw codes or numbers', () => {
  it('names history statuses, formats changed money and months, and drops «от» without a date', async () => {
    stubRoute(companyRoutes.permissions, ['contracts.read', 'procurements.read']);
    stubRoute(eisPlanRoutes.item, {
      ...item,
      history: [
        { version: 1, status: 'P', approve_date: null, published_at: null, price: '6000000.00', changes: [] },
        {
          version: 2,
          status: 'C',
          approve_date: null,
          published_at: null,
          price: '6198500.00',
          changes: [
            { field: 'price', title: 'НМЦД', from: '6000000.00', to: '6198500.00' },
            {
              field: 'period',
              title: 'Планируемый срок размещения извещения',
              from: '02.2026',
              to: '03.2026',
            },
            { field: 'contract_end_date', title: 'Срок исполнения договора', from: null, to: '2026-12-31' },
          ],
        },
      ],
      links: [
        {
          kind: 'procurement',
          id: 77,
          number: 'З-2026-007',
          date: null,
          subject: item.subject,
          amount: '100.00',
          status: 'draft',
        },
      ],
    });
    open();
    const history = await screen.findByRole('table', { name: 'История позиции' });
    const statuses = within(history)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[2]?.textContent);
    expect(statuses).toEqual(['Размещена', 'Изменена']);
    const text = history.textContent ?? '';
    expect(text).toContain('НМЦД: «6\u00a0000\u00a0000,00\u00a0₽» → «6\u00a0198\u00a0500,00\u00a0₽»');
    expect(text).toContain('«Февраль 2026» → «Март 2026»');
    expect(text).toContain('Срок исполнения договора: «—» → «31.12.2026»');
    expect(text).not.toContain('6198500.00');
    const links = screen.getByRole('table', { name: 'Закупки и договоры' });
    expect(within(links).getByRole('link', { name: '№ З-2026-007' }).getAttribute('href')).toBe(
      '/documents/77',
    );
    expect(links.textContent).not.toContain(' от');
  });
});

function reply201() {
  return {
    id: 77,
    company_id: 1,
    number: 'З-2026-015',
    eis_notice_number: null,
    eis_version: null,
    subject: item.subject,
    subject_type: 'goods' as const,
    customer_id: null,
    customer_title: 'ООО «Закупки-Сервис»',
    method_id: 3,
    method_title: 'Запрос котировок',
    nmcd: '1234567.89',
    currency_code: 'RUB',
    status: 'draft' as const,
    source: 'plan' as const,
    sme_only: true,
    electronic: true,
    lots_count: 1,
    planned_publication_date: null,
    published_on: null,
    bids_deadline: null,
    summing_up_date: null,
    deadline: null,
    contracts_count: 0,
    created_at: '2026-02-20T09:00:00Z',
    updated_at: '2026-02-20T09:00:00Z',
    rule_id: 2,
    rule_title: 'Положение',
    rule_version_id: 4,
    rule_version_number: 3,
    nmcd_method_id: null,
    nmcd_method_title: null,
    nmcd_justification: null,
    funding_source_id: null,
    funding_source_title: null,
    plan_position_id: 41,
    plan_position_number: item.number,
    application_security: null,
    contract_security: null,
    platform_name: null,
    platform_url: null,
    review_date: null,
    eis_url: null,
    lots: [],
    protocols: [],
    duties: [],
    contracts: [],
    allowed_transitions: [],
    can_delete: false,
    revision: 1,
    warnings: [],
  };
}
