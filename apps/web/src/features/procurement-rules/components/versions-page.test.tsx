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
const noServerError = () => expect(screen.queryByText('Произошла ошибка сервера')).toBeNull();

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

describe('the versions of a Положение', () => {
  it('shows each version with its methods, thresholds and actions', async () => {
    open(version({ changes_summary: 'Новый порог МСП' }));
    const card = await screen.findByTestId('version-1');
    expect(within(card).getByText('Черновик')).toBeTruthy();
    expect(within(card).getByText(/Запрос котировок в электронной форме \(5 раб\. дн\.\)/)).toBeTruthy();
    expect(within(card).getByText('Новый порог МСП')).toBeTruthy();
    for (const name of ['Изменить', 'Файл положения', 'Утвердить'])
      expect(within(card).getByRole('button', { name })).toBeTruthy();
  });

  it('a client reads the versions without actions', async () => {
    stubRoute(companyRoutes.permissions, ['rules.read']);
    open();
    const card = await screen.findByTestId('version-1');
    expect(within(card).queryByRole('button', { name: 'Изменить' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Утвердить' })).toBeNull();
  });
});

describe('the draft form refuses input instead of changing it', () => {
  it('letters typed into a day or money field are refused with a message', async () => {
    const dialog = await editDraft();
    const days = within(dialog).getByRole('textbox', { name: 'Срок размещения извещения' });
    await userEvent.type(days, 'дн');
    expect(await within(dialog).findByText('Введите число: допустимы только цифры')).toBeTruthy();
    const threshold = within(dialog).getByRole('textbox', { name: 'Включение в план закупки от, ₽' });
    await userEvent.type(threshold, 'x');
    expect(within(dialog).getAllByText('Введите число: допустимы только цифры')).toHaveLength(2);
  });

  it('999999 notice days stay as typed and are refused naming the limit, never made 365', async () => {
    const dialog = await editDraft();
    const days = within(dialog).getByRole('textbox', {
      name: 'Срок размещения извещения',
    }) as HTMLInputElement;
    await userEvent.clear(days);
    await userEvent.type(days, '999999');
    fireEvent.blur(days);
    expect(days.value).toBe('999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Значение должно быть не больше 365')).toBeTruthy();
    expect(days.value).toBe('999999');
    expect(writes()).toEqual([]);
  });

  it('a 20-digit sum is not rounded: it is refused as too large', async () => {
    const dialog = await editDraft();
    const sum = within(dialog).getByRole('textbox', {
      name: 'Закупки только у МСП до, ₽',
    }) as HTMLInputElement;
    await userEvent.type(sum, '12345678901234567890');
    fireEvent.blur(sum);
    expect(sum.value.replace(/\D/g, '')).toBe('12345678901234567890');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(
      await within(dialog).findByText('Слишком большая сумма: не более 15 цифр до запятой'),
    ).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it('a valid draft is sent as the schema reads it', async () => {
    const save = stubRoute(r.updateVersion, version({ sme_ceiling: '2000000' }));
    const dialog = await editDraft();
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Закупки только у МСП до, ₽' }),
      '2000000',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(save.calls).toHaveLength(1));
    expect(save.calls[0].body).toMatchObject({
      sme_ceiling: '2000000',
      methods: [{ method_id: 3, notice_days: 5, notice_day_kind: 'working', needs_documentation: false }],
    });
  });
});

describe('refusals are shown where the input is', () => {
  it('an empty decision date says «Обязательное поле», not the API date format', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Утвердить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Утверждение редакции № 1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Утвердить' }));
    await waitFor(() => expect(within(dialog).getAllByText('Обязательное поле').length).toBe(3));
    expect(within(dialog).queryByText(/ГГГГ-ММ-ДД/)).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('a decision date in the future is refused in the dialog, not as a server error', async () => {
    stubRoute(
      r.approve,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте данные', {
          issues: [{ path: 'body.decision_date', message: 'Дата решения не может быть в будущем' }],
        }),
      ),
    );
    open(version({ decision_number: '7', decision_date: '2099-01-10', effective_from: '2099-01-20' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Утвердить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Утверждение редакции № 1' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Утвердить' }));
    expect(await within(dialog).findByText('Дата решения не может быть в будущем')).toBeTruthy();
    noServerError();
  });

  it('a refusal that names no field is an alert in the dialog', async () => {
    stubRoute(r.publish, reply(409, errorBody('conflict', 'Редакция уже размещена в ЕИС')));
    open(
      version({
        status: 'approved',
        decision_number: '7',
        decision_date: '2026-01-10',
        effective_from: '2026-01-20',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Разместить в ЕИС' }));
    const dialog = await screen.findByRole('dialog', { name: 'Размещение в ЕИС редакции № 1' });
    const day = within(dialog).getByRole('textbox', { name: 'Дата размещения в ЕИС' });
    await userEvent.type(day, '15.01.2026');
    fireEvent.blur(day);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: 'Регистрационный номер в ЕИС' }),
      '32612345678',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отметить размещение' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Редакция уже размещена в ЕИС');
    noServerError();
  });

  it('a file of the wrong type is refused on the version, not as a server error', async () => {
    stubRoute(
      r.versionFile,
      reply(400, errorBody('invalid_file', 'Файл положения: допустимы PDF, DOCX или ZIP')),
    );
    open();
    const card = await screen.findByTestId('version-1');
    const input = card.querySelector('input[type=file]') as HTMLInputElement;
    await userEvent.upload(input, new File(['x'], 'положение.pdf', { type: 'application/pdf' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toContain('Файл не загружен');
    expect(alert.textContent).toContain('Файл положения: допустимы PDF, DOCX или ZIP');
    noServerError();
  });
});
