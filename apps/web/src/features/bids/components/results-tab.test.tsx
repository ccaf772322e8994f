import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bidRoutes as r } from '@zakupki/shared/api/bids';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session-store';
import { loginAs, renderApp } from '../../../test/render';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { evaluation, procurementOf, protocol, results } from '../test/fixtures';
import { ResultsTab } from './results-tab';

/** The tab as the server answers it: `can_write` (the write permission and open bids) decides. */
function setup(data = results()) {
  const get = stubRoute(r.results, data);
  const utils = renderApp(<ResultsTab companyId={1} procurement={procurementOf(7)} />, {
    path: '/documents/:id',
    initialPath: '/documents/7?tab=results',
  });
  return { get, ...utils };
}

beforeEach(() => loginAs('specialist'));
afterEach(() => sessionStore.set({ status: 'anonymous' }));

describe('«Заявки и итоги»', { timeout: 20_000 }, () => {
  it('shows the bids with admission, the РНП mark and the evaluation with its inputs', async () => {
    setup();
    const bids = await screen.findByRole('table', { name: 'Заявки лота 1' });
    expect(within(bids).getByText('ООО «Альфа»')).toBeTruthy();
    expect(within(bids).getByText(/ИНН 7707083893, КПП 773601001 · МСП/)).toBeTruthy();
    expect(within(bids).getByText('Проверка по РНП не выполнялась')).toBeTruthy();
    expect(within(bids).getByRole('alert').textContent).toBe('Сведения включены в РНП 12.03.2025');
    expect(within(bids).getByText('Заявка подана после окончания срока подачи')).toBeTruthy();
    const ev = screen.getByRole('table', { name: 'Оценка заявок лота 1' });
    expect(within(ev).getByText('Цена договора (60 %)')).toBeTruthy();
    expect(within(ev).getByText('приоритет 15 %')).toBeTruthy();
    expect(within(ev).getByText('Победитель')).toBeTruthy();
    expect(within(ev).getByText('88,00')).toBeTruthy();
    await userEvent.hover(
      within(ev).getByRole('button', { name: 'Квалификация участника, ООО «Альфа»: 28,00' }),
    );
    expect(await screen.findByText('(80 + 60) / 2 × 0,40 = 28,00')).toBeTruthy();
    expect(screen.getByText('Иванов И. И.: 80,00')).toBeTruthy();
  });

  it('a method ranked by price says so next to the evaluation and shows no criterion or scoring', async () => {
    const ev = evaluation();
    const byPrice = evaluation({
      ranking: 'price',
      criteria: [],
      bids: ev.bids.map((x) => ({ ...x, criteria: [], total: null })),
    });
    setup(
      results({
        method: { id: 4, title: 'Аукцион в электронной форме', ranking: 'price' },
        lots: [{ ...results().lots[0], evaluation: byPrice }],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Оценка заявок лота 1' });
    expect(
      screen.getByText('Ранжирование по цене: критерии оценки для этого способа не применяются'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Критерии оценки не применяются: способ ранжирует заявки по цене. Приоритет товаров российского происхождения: 15 %',
      ),
    ).toBeTruthy();
    expect(within(table).queryByText('Цена договора (60 %)')).toBeNull();
    expect(within(table).queryByText('Итого')).toBeNull();
    expect(within(table).getByText('приоритет 15 %')).toBeTruthy();
    expect(within(table).getByText('Победитель')).toBeTruthy();
    expect(screen.queryByText(/Критерии из редакции/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Оценки комиссии' })).toBeNull();
  });

  it('a client sees everything and no write button', async () => {
    setup(results({ can_write: false, protocols: [protocol({ signed_on: '2026-03-10' })] }));
    await screen.findByRole('table', { name: 'Заявки лота 1' });
    for (const name of [
      'Добавить заявку',
      'Загрузить из XLSX',
      'Загрузить из протокола ЕИС',
      'Оценки комиссии',
      'Изменить состав',
      'Сформировать протокол',
      'Подписать',
      'Сформировать договор',
    ])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Допуск/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'DOCX' })).toBeTruthy();
  });

  it('a writer writes only while the bids are open: none before the notice, read only after', async () => {
    setup(results({ procurement_status: 'draft', bids_stage: 'before', bids_open: false, can_write: false }));
    expect(await screen.findByText('Заявки вносятся после размещения извещения о закупке.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Заявки лота 1' })).toBeNull();
  });

  it('a concluded procurement shows its results without a write button', async () => {
    setup(
      results({
        procurement_status: 'contract_concluded',
        bids_stage: 'closed',
        bids_open: false,
        can_write: false,
      }),
    );
    await screen.findByRole('table', { name: 'Заявки лота 1' });
    expect(screen.queryByRole('button', { name: 'Добавить заявку' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Допуск/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сформировать протокол' })).toBeNull();
  });

  it('a rejection needs a reason from the catalogue; the decision is sent with it', async () => {
    setup();
    const post = stubRoute(r.admission, (req) => ({
      ...results().lots[0].bids[0],
      admission: 'rejected' as const,
      rejection_reason: req.body.reason ?? null,
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Допуск: ООО «Альфа»' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByText('Отклонить'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Записать решение' }));
    expect(await within(dialog).findByText('Укажите основание отклонения заявки')).toBeTruthy();
    expect(post.calls).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Основание отклонения/ }));
    await userEvent.click(await screen.findByRole('option', { name: /Не представлены документы/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Комментарий' }), 'Нет выписки');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Записать решение' }));
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0].params.bid_id).toBe('101');
    expect(post.calls[0].body).toEqual({
      admission: 'rejected',
      reason: 'documents_missing',
      comment: 'Нет выписки',
    });
  });

  it('a new bid is checked by the shared schema before it is sent', async () => {
    setup();
    const create = stubRoute(r.create, reply(409, errorBody('conflict', 'Участник уже подал заявку')));
    await userEvent.click(await screen.findByRole('button', { name: 'Добавить заявку' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /ИНН участника/ }), '7707083894');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Укажите цену заявки')).toBeTruthy();
    expect(create.calls).toHaveLength(0);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /ИНН участника/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /ИНН участника/ }), '7707083893');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Наименование участника/ }),
      'ООО «Гамма»',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Получена/ }), '2026-03-02 11:00');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Цена заявки/ }), '950000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Участник уже подал заявку')).toBeTruthy();
    expect(create.calls[0].body).toMatchObject({
      lot_id: 70,
      participant_inn: '7707083893',
      participant_name: 'ООО «Гамма»',
      received_at: '2026-03-02T11:00',
      price: '950000',
    });
  });

  it('«Сформировать договор» on the signed final protocol opens the new draft contract', async () => {
    const { router } = setup(results({ protocols: [protocol({ signed_on: '2026-03-10' })] }));
    const drawn = { lot_id: 70, lot_number: 1, contract_id: 44, contract_number: '12' };
    const make = stubRoute(r.contractFromWinner, {
      contract_id: 44,
      protocol: protocol({ signed_on: '2026-03-10', contracts: [drawn] }),
    });
    stubRoute(r.results, results());
    await userEvent.click(await screen.findByRole('button', { name: 'Сформировать договор' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contracts/register'));
    expect(router.state.location.search).toBe('?contract=44');
    expect(make.calls[0].params.protocol_id).toBe('501');
    expect(make.calls[0].body).toEqual({ lot_id: 70 });
  });

  it('two lots: the button for the lot without a contract, the link to the other lot’s contract', async () => {
    const lot = results().lots[0];
    setup(
      results({
        lots: [
          { ...lot, contract: { contract_id: 44, contract_number: '12/1', protocol_id: 501, bid_id: 101 } },
          {
            ...lot,
            id: 71,
            number: 2,
            subject: 'Поставка картриджей',
            bids: [],
            evaluation: evaluation({ lot_id: 71 }),
          },
        ],
        protocols: [
          protocol({
            signed_on: '2026-03-10',
            contracts: [{ lot_id: 70, lot_number: 1, contract_id: 44, contract_number: '12/1' }],
          }),
        ],
      }),
    );
    const protocols = await screen.findByRole('table', { name: 'Протоколы' });
    expect(within(protocols).getByRole('button', { name: 'Сформировать договор (лот 2)' })).toBeTruthy();
    expect(within(protocols).queryByRole('button', { name: 'Сформировать договор (лот 1)' })).toBeNull();
    expect(within(protocols).getByRole('link', { name: 'Договор № 12/1 (лот 1)' }).getAttribute('href')).toBe(
      '/contracts/register?contract=44',
    );
    const lot1 = screen.getByRole('region', { name: 'Заявки лота 1' });
    expect(within(lot1).getByRole('link', { name: '№ 12/1' })).toBeTruthy();
  });
});
