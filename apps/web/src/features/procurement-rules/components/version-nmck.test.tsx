import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { type RuleVersion, procurementRuleRoutes as r } from '@zakupki/shared/api/procurement-rules';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectedCompanyStore } from '../../../lib/company';
import { sessionStore } from '../../../lib/session-store';
import { methodEntry } from '../../../test/catalog-entries';
import { DEMO_COMPANY, loginAs, renderApp } from '../../../test/render';
import { apiCalls, errorBody, reply, stubRoute } from '../../../test/stub-api';
import { rule, version } from '../test/fixtures';
import { VersionsPage } from './versions-page';

const open = (v: RuleVersion = version()) => {
  stubRoute(r.versions, { items: [v] });
  return renderApp(<VersionsPage />, {
    path: '/procurementsRules/:id/versions',
    initialPath: '/procurementsRules/5/versions',
  });
};
const writes = () => apiCalls().filter((c) => c.method !== 'GET');
const SLOW = 60_000;

beforeEach(() => {
  loginAs('specialist');
  selectedCompanyStore.set(DEMO_COMPANY);
  stubRoute(companyRoutes.permissions, ['rules.read', 'rules.write']);
  stubRoute(r.get, rule());
  stubRoute(catalogRoutes.methods.list, { items: [methodEntry()], total: 1, page: 1, limit: 500 });
});
afterEach(() => {
  sessionStore.set({ status: 'anonymous' });
  selectedCompanyStore.set(null);
});

const editDraft = async () => {
  open();
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  return screen.findByRole('dialog', { name: 'Редакция № 1 (черновик)' });
};
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

describe('«Обоснование НМЦД» of a version', () => {
  it('the card shows the settings read-only', async () => {
    open(
      version({
        status: 'published',
        nmck_settings: {
          methods: ['market', 'tariff'],
          min_prices: 5,
          max_variation: 20,
          unit_price: 'min',
          vat_basis: 'without_vat',
          max_age_months: 12,
        },
      }),
    );
    const text = (await screen.findByTestId('version-nmck')).textContent;
    expect(text).toContain('Метод сопоставимых рыночных цен (анализа рынка) → Тарифный метод');
    expect(text).toContain('не менее 5 цен, коэффициент вариации не более 20 %');
    expect(text).toContain('минимальная цена, без ндс; цена устаревает через 12 мес.');
  });

  it(
    'methods, their order and the limits are sent as the schema reads them',
    async () => {
      const save = stubRoute(r.updateVersion, version());
      const dialog = await editDraft();
      await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Тарифный метод' }));
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Ниже: Метод сопоставимых рыночных цен (анализа рынка)' }),
      );
      for (const [name, value] of [
        ['Не менее цен на позицию', '5'],
        ['Коэффициент вариации не более, %', '25'],
        ['Цена устаревает через, мес.', '12'],
      ]) {
        fireEvent.change(field(dialog, name), { target: { value } });
        fireEvent.blur(field(dialog, name));
      }
      await userEvent.click(within(dialog).getByRole('combobox', { name: 'Цена за единицу' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Минимальная цена' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(save.calls).toHaveLength(1));
      expect(save.calls[0].body).toMatchObject({
        nmck_settings: {
          methods: ['normative', 'market', 'design_estimate', 'cost'],
          min_prices: 5,
          max_variation: 25,
          unit_price: 'min',
          vat_basis: 'with_vat',
          max_age_months: 12,
        },
      });
    },
    SLOW,
  );

  it(
    'no method allowed and a limit out of range are refused in the form',
    async () => {
      const dialog = await editDraft();
      for (const name of [
        'Метод сопоставимых рыночных цен (анализа рынка)',
        'Нормативный метод',
        'Тарифный метод',
        'Проектно-сметный метод',
        'Затратный метод',
      ])
        await userEvent.click(within(dialog).getByRole('checkbox', { name }));
      fireEvent.change(field(dialog, 'Коэффициент вариации не более, %'), { target: { value: '150' } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      expect(await within(dialog).findByText('Выберите хотя бы один метод')).toBeTruthy();
      expect(within(dialog).getByText('Значение должно быть не больше 100')).toBeTruthy();
      expect(writes()).toEqual([]);
    },
    SLOW,
  );

  it('the server’s refusal of a setting is shown under its field', async () => {
    stubRoute(
      r.updateVersion,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте данные', {
          issues: [{ path: 'body.nmck_settings.min_prices', message: 'Не менее трёх цен по положению' }],
        }),
      ),
    );
    const dialog = await editDraft();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Не менее трёх цен по положению')).toBeTruthy();
  });
});
