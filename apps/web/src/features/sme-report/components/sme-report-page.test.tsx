import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type SmeReportFiling, smeReportRoutes } from '@zakupki/shared/api/sme-report';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { todayIso } from '../../../lib/formatters';
import { sessionStore } from '../../../lib/session-store';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { apiCalls, errorBody, reply, stubRoute } from '../../../test/stub-api';
import { report } from '../test/fixtures';
import { SmeReportPage } from './sme-report-page';

const open = () =>
  renderApp(<SmeReportPage />, {
    path: '/contracts/smeReport',
    initialPath: '/contracts/smeReport?year=2025',
  });
const writes = () => apiCalls().filter((c) => c.method !== 'GET');
const filed: SmeReportFiling = {
  year: 2025,
  filed_on: '2026-01-27',
  eis_number: '32500012345',
  figures: {
    total: '9150000.00',
    excluded: '850000.00',
    base: '8300000.00',
    sme: '3740000.00',
    sme_only: '2600000.00',
    sme_share_percent: '45.06',
    sme_only_share_percent: '31.33',
  },
  filed_by: { id: 10, title: 'Специалист' },
  filed_at: '2026-01-27T09:00:00.000Z',
};

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['contracts.read', 'procurements.write']);
  stubRoute(smeReportRoutes.get, report());
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

describe('the SME report screen', () => {
  it('shows the figures, the quotas met or not, and the contracts behind a figure', async () => {
    stubRoute(
      smeReportRoutes.get,
      report({
        quotas: report().quotas.map((q) =>
          q.code === 'sme_only' ? { ...q, share_percent: '19.99', met: false } : q,
        ),
      }),
    );
    open();
    const sme = await screen.findByTestId('figure-sme');
    expect(within(sme).getByText('45,06 %')).toBeTruthy();
    expect(within(sme).getByText('выполнен')).toBeTruthy();
    const smeOnly = screen.getByTestId('figure-sme_only');
    expect(within(smeOnly).getByText('19,99 %')).toBeTruthy();
    expect(within(smeOnly).getByText('не выполнен')).toBeTruthy();
    expect(within(screen.getByTestId('figure-natural_monopoly')).getByText(/850\s000,00/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Договоры с субъектами МСП/ }));
    const list = await screen.findByRole('table', { name: 'Договоры с субъектами МСП' });
    expect(within(list).getByRole('link', { name: '№ МСП-03/25 от 14.02.2025' }).getAttribute('href')).toBe(
      '/contracts/register?contract=2',
    );
    expect(screen.getByText(/Срок размещения в ЕИС — не позднее 02\.02\.2026/)).toBeTruthy();
  });

  it('asks the chosen year', async () => {
    const get = stubRoute(smeReportRoutes.get, report());
    open();
    await screen.findByTestId('figure-sme');
    expect(get.calls.at(-1)?.params.year).toBe('2025');
    await userEvent.click(screen.getByRole('combobox', { name: 'Отчётный год' }));
    const current = todayIso().slice(0, 4);
    await userEvent.click(await screen.findByRole('option', { name: current }));
    await waitFor(() => expect(get.calls.at(-1)?.params.year).toBe(current));
  });

  it('a client reads the report without the filing button', async () => {
    stubRoute(companyRoutes.permissions, ['contracts.read']);
    open();
    await screen.findByTestId('figure-sme');
    expect(screen.getByRole('button', { name: 'Скачать XLSX' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отметить размещение' })).toBeNull();
  });
});

describe('«Отметить размещение»', () => {
  const dialog = async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Отметить размещение' }));
    return screen.findByRole('dialog', { name: 'Размещение отчёта о закупках у субъектов МСП за 2025 год' });
  };

  it('refuses a number with letters and a missing date by the shared schema, sending nothing', async () => {
    const d = await dialog();
    await userEvent.type(within(d).getByRole('textbox', { name: /Регистрационный номер в ЕИС/ }), '32А5');
    await userEvent.click(within(d).getByRole('button', { name: 'Отметить размещение' }));
    expect(
      await within(d).findByText('Регистрационный номер ЕИС — от 5 до 30 цифр, без пробелов и букв'),
    ).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('sends the date and number, and shows the server’s refusal on the field', async () => {
    const file = stubRoute(
      smeReportRoutes.file,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте введённые данные', {
          issues: [
            {
              path: 'body.filed_on',
              message:
                'Отчёт за 2025 год размещается после окончания года: дата размещения не ранее 01.01.2026',
            },
          ],
        }),
      ),
    );
    const d = await dialog();
    await userEvent.type(within(d).getByRole('textbox', { name: /Дата размещения в ЕИС/ }), '30.12.2025');
    await userEvent.type(
      within(d).getByRole('textbox', { name: /Регистрационный номер в ЕИС/ }),
      '32500012345',
    );
    await userEvent.click(within(d).getByRole('button', { name: 'Отметить размещение' }));
    expect(await within(d).findByText(/размещается после окончания года/)).toBeTruthy();
    expect(file.calls.at(-1)?.body).toEqual({ filed_on: '2025-12-30', eis_number: '32500012345' });
  });

  it('a filing closes the dialog and the report shows it placed', async () => {
    stubRoute(smeReportRoutes.file, filed);
    const d = await dialog();
    stubRoute(smeReportRoutes.get, report({ filing: filed }));
    await userEvent.type(within(d).getByRole('textbox', { name: /Дата размещения в ЕИС/ }), '27.01.2026');
    await userEvent.type(
      within(d).getByRole('textbox', { name: /Регистрационный номер в ЕИС/ }),
      '32500012345',
    );
    await userEvent.click(within(d).getByRole('button', { name: 'Отметить размещение' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const state = await screen.findByTestId('sme-filing-state');
    await waitFor(() => expect(within(state).getByText('Размещён в ЕИС')).toBeTruthy());
    expect(within(state).getByText(/27\.01\.2026, № 32500012345/)).toBeTruthy();
  });
});
