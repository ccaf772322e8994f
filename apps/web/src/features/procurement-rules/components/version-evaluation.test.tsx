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
const custom = {
  criteria: [
    { code: 'price', title: 'Цена договора', weight: 70 },
    { code: 'qualification', title: 'Опыт участника', weight: 30 },
  ],
  national_preference_percent: 15,
  single_participant: 'failed' as const,
};
const withEvaluation = (over: Partial<RuleVersion> = {}) => {
  const v = version(over);
  return { ...v, methods: v.methods.map((m) => ({ ...m, evaluation: custom })) };
};

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

/** Opens the draft's form and the evaluation of its first method. */
const editEvaluation = async (v?: RuleVersion) => {
  open(v);
  await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
  const dialog = await screen.findByRole('dialog', { name: 'Редакция № 1 (черновик)' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Оценка заявок' }));
  return dialog;
};
const weights = (dialog: HTMLElement) =>
  within(dialog).getAllByRole('textbox', { name: 'Вес критерия, %' }) as HTMLInputElement[];
const setText = async (input: HTMLElement, text: string) => {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
};
/** the shared machine is slow at typing into a modal: the long journeys get more time */
const SLOW = 60_000;

describe('the evaluation of a method', () => {
  it('an approved version shows its criteria and preference read-only', async () => {
    open(withEvaluation({ status: 'approved', decision_number: '7', decision_date: '2026-01-10' }));
    const card = await screen.findByTestId('version-1');
    expect(within(card).getByTestId('version-evaluation').textContent).toContain(
      'Запрос котировок в электронной форме: Цена договора — 70 %; Опыт участника — 30 %; преференция российским товарам 15 %',
    );
    expect(within(card).queryByRole('button', { name: 'Изменить' })).toBeNull();
  });

  it(
    'weights not summing to 100 are refused in the form and nothing is sent',
    async () => {
      const dialog = await editEvaluation();
      expect(within(dialog).getByText(/Критерии по умолчанию: Цена договора — 60 %/)).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Задать критерии' }));
      await setText(weights(dialog)[0], '50');
      expect(within(dialog).getByText('Сумма весов: 90 %')).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      expect(
        await within(dialog).findByText('Сумма весов критериев должна быть 100 %, сейчас 90 %'),
      ).toBeTruthy();
      expect(writes()).toEqual([]);
    },
    SLOW,
  );

  it(
    'edited criteria and the preference are sent as the schema reads them',
    async () => {
      const save = stubRoute(r.updateVersion, version());
      const dialog = await editEvaluation();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Задать критерии' }));
      await setText(weights(dialog)[0], '50');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Добавить критерий' }));
      const titles = within(dialog).getAllByRole('textbox', { name: 'Название критерия' });
      await setText(titles[3], 'Качество работ');
      await setText(weights(dialog)[3], '10');
      await userEvent.click(within(dialog).getByRole('switch', { name: /Преференция российским товарам/ }));
      await setText(within(dialog).getByRole('textbox', { name: 'Снижение цены заявки, %' }), '20');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(save.calls).toHaveLength(1));
      expect(save.calls[0].body).toMatchObject({
        methods: [
          {
            method_id: 3,
            evaluation: {
              criteria: [
                { code: 'price', title: 'Цена договора', weight: 50 },
                { code: 'qualification', weight: 20 },
                { code: 'term', weight: 20 },
                { code: 'criterion_1', title: 'Качество работ', weight: 10 },
              ],
              national_preference_percent: 20,
              single_participant: 'contract',
            },
          },
        ],
      });
    },
    SLOW,
  );

  it(
    'a second price criterion is refused on its kind; «Вернуть по умолчанию» sends none',
    async () => {
      const save = stubRoute(r.updateVersion, version());
      const dialog = await editEvaluation(withEvaluation());
      const kinds = within(dialog).getAllByRole('combobox', { name: 'Как оценивается критерий' });
      await userEvent.click(kinds[1]);
      await userEvent.click(await screen.findByRole('option', { name: 'Цена (по лучшему предложению)' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      expect(await within(dialog).findByText('Критерий указан дважды')).toBeTruthy();
      expect(writes()).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Вернуть критерии по умолчанию' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(save.calls).toHaveLength(1));
      expect((save.calls[0].body as { methods: { evaluation: unknown }[] }).methods[0].evaluation).toBeNull();
    },
    SLOW,
  );

  it('the server’s refusal of a criterion is shown under the method', async () => {
    stubRoute(
      r.updateVersion,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте данные', {
          issues: [{ path: 'body.methods.0.evaluation.criteria', message: 'Критерии не приняты сервером' }],
        }),
      ),
    );
    open(withEvaluation());
    await userEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Редакция № 1 (черновик)' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Критерии не приняты сервером')).toBeTruthy();
  });
});
