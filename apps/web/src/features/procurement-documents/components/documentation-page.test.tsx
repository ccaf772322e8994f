import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { procurementDocumentRoutes as r } from '@zakupki/shared/api/procurement-documents';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachAuthHandlers } from '../../../lib/realtime';
import { sessionStore } from '../../../lib/session-store';
import { closeAuthSocket, openAuthSocket } from '../../../lib/socket';
import { loginAs, renderApp } from '../../../test/render';
import type { FakeSocket } from '../../../test/socket-mock';
import { errorBody, reply, stubRoute } from '../../../test/stub-api';
import { document, documentation, field, output, procurement } from '../test/fixtures';
import { DocumentationPage } from './documentation-page';

vi.mock('socket.io-client', async () => ({ io: (await import('../../../test/socket-mock')).ioMock }));

const WRITE = ['company.read', 'procurements.read', 'procurements.write'] as const;

function setup(opts: { permissions?: readonly string[]; doc?: ReturnType<typeof documentation> } = {}) {
  stubRoute(companyRoutes.permissions, [...(opts.permissions ?? WRITE)] as never);
  stubRoute(procurementRoutes.get, procurement());
  const get = stubRoute(r.get, opts.doc ?? documentation());
  return {
    get,
    ...renderApp(<DocumentationPage companyId={1} companyTitle="ООО «Закупки-Сервис»" procurementId={7} />, {
      path: '/procurement_documents/:id',
      initialPath: '/procurement_documents/7',
    }),
  };
}

let socket: FakeSocket | null = null;
function connectSocket() {
  socket = openAuthSocket({ onRejected: async () => true }) as unknown as FakeSocket;
  attachAuthHandlers(socket as never);
  socket.fire('connect');
  return socket;
}

beforeEach(() => loginAs('specialist'));
afterEach(() => {
  closeAuthSocket();
  socket = null;
  sessionStore.set({ status: 'anonymous' });
});

describe('the fields form', { timeout: 20_000 }, () => {
  it('shows each field by its type, its source and the required counter', async () => {
    setup();
    expect(await screen.findByText('Заполнено 3 из 4 обязательных')).toBeTruthy();
    expect((screen.getByLabelText(/Место поставки/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Гарантийный срок/) as HTMLInputElement).value).toBe('12');
    const nmcd = screen.getByLabelText(/НМЦД, ₽/) as HTMLInputElement;
    expect(nmcd.readOnly).toBe(true);
    expect(nmcd.value).toMatch(/^1\s234\s567,89\s₽$/);
    expect(
      (screen.getByLabelText(/Окончание подачи заявок/, { selector: 'input' }) as HTMLInputElement).value,
    ).toBe('08.12.2026');
    expect(screen.getAllByText(/из карточки закупки/).length).toBeGreaterThan(0);
    const items = screen.getByRole('table', { name: 'Спецификация' });
    expect(within(items).getByText('Бумага офисная А4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Изменить в карточке закупки' }).getAttribute('href')).toBe(
      '/documents/7?tab=lots',
    );
  });

  it('the counter follows typing, and a save sends only the changed values', async () => {
    setup();
    const put = stubRoute(r.saveValues, (req) =>
      documentation({ values: { ...documentation().values, ...req.body.values }, filled_required: 4 }),
    );
    const place = await screen.findByLabelText(/Место поставки/);
    await userEvent.type(place, 'г. Москва, ул. Тверская, 1');
    expect(screen.getByText('Заполнено 4 из 4 обязательных')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(put.calls).toHaveLength(1));
    expect(put.calls[0].body).toEqual({ values: { delivery_place: 'г. Москва, ул. Тверская, 1' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Сохранить' })).toHaveProperty('disabled', true),
    );
  });

  it('«Сбросить» sends null for a value the specialist changed', async () => {
    setup();
    const put = stubRoute(r.saveValues, documentation({ overridden: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Сбросить «Окончание подачи заявок»' }));
    await waitFor(() => expect(put.calls).toHaveLength(1));
    expect(put.calls[0].body).toEqual({ values: { bids_deadline: null } });
  });

  it('a refused value shows the server’s message under its field', async () => {
    setup();
    const put = stubRoute(
      r.saveValues,
      reply(
        400,
        errorBody('validation_failed', 'Проверьте данные', {
          issues: [{ path: 'body.values.warranty_months', message: 'Гарантийный срок: введите число' }],
        }),
      ),
    );
    // a required field left empty does not keep the others from being saved
    const warranty = await screen.findByLabelText(/Гарантийный срок/);
    await userEvent.clear(warranty);
    await userEvent.type(warranty, '13');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(put.calls).toHaveLength(1));
    expect(await screen.findByText('Гарантийный срок: введите число')).toBeTruthy();
  });

  it('a client sees the values and no controls that change them', async () => {
    setup({ permissions: ['company.read', 'procurements.read'] });
    await screen.findByText('Заполнено 3 из 4 обязательных');
    await waitFor(() =>
      expect((screen.getByLabelText(/Место поставки/) as HTMLInputElement).readOnly).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Сформировать все' })).toBeNull();
  });
});

describe('the documents', { timeout: 20_000 }, () => {
  it('shows each document’s state, its missing fields and its latest output with downloads', async () => {
    setup({
      doc: documentation({
        documents: [
          document({
            state: 'not_filled',
            missing: [{ code: 'delivery_place', title: 'Место поставки' }],
          }),
          document({
            document_id: 12,
            title: 'Проект договора',
            document_kind_title: 'Проект договора',
            state: 'outdated',
            latest: output({ document_id: 12, version: 2 }),
            versions_count: 2,
          }),
        ],
      }),
    });
    const table = await screen.findByRole('table', { name: 'Документы закупки' });
    expect(within(table).getByText('Не заполнены поля')).toBeTruthy();
    // an incomplete document cannot be generated from its row
    const own = within(table).getByRole('button', {
      name: 'Сформировать «Извещение о проведении запроса котировок»',
    });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(table).getByRole('button', { name: 'Сформировать «Проект договора»' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(within(table).getByRole('link', { name: 'Место поставки' })).toBeTruthy();
    expect(within(table).getByText('Устарел: значения изменились')).toBeTruthy();
    expect(within(table).getByText(/Версия 2 от 20\.11\.2026 12:30, Иванова Мария/)).toBeTruthy();
    expect(
      within(table).getByRole('button', { name: 'Скачать PDF «Проект договора», версия 2' }),
    ).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Страница файла' }).getAttribute('href')).toBe(
      '/files/9002',
    );

    stubRoute(r.outputs, {
      items: [
        { ...output({ document_id: 12, version: 2 }), values: {} },
        {
          ...output({ id: 500, document_id: 12, version: 1, pdf_file_id: null, missing: ['Место поставки'] }),
          values: {},
        },
      ],
    });
    await userEvent.click(within(table).getByRole('button', { name: 'Версии (2)' }));
    const versions = await screen.findByRole('table', { name: 'Версии документа' });
    expect(await within(versions).findByText('Пустые поля: Место поставки')).toBeTruthy();
  });

  it('«Сформировать все» goes over the socket and shows the job’s progress, then the result', async () => {
    const s = connectSocket();
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Сформировать все' }));
    expect(s.emitted.at(-1)).toEqual([
      'readyDocumentRequest',
      { procurement_id: 7, formats: ['docx', 'pdf'] },
    ]);
    s.fire('readyDocumentReceived', { procurement_id: 7, job_id: 'job-1' });
    s.fire('jobProgress', { job_id: 'job-1', kind: 'procurement-documents', progress: 40 });
    expect(await screen.findByText('Формирование документов: 40 %')).toBeTruthy();
    const after = stubRoute(
      r.get,
      documentation({ documents: [document({ state: 'generated', latest: output() })] }),
    );
    s.fire('readyDocumentResponse', {
      notification_id: 0,
      status: 'success',
      header: 'Документы сформированы',
      message: '1 документ',
      code: null,
      procurement_id: 7,
      documents: [{ document_id: 11, docx_file_id: 9001, pdf_file_id: 9002, error: null }],
      error: null,
    });
    await waitFor(() => expect(after.calls.length).toBeGreaterThan(0));
    expect(await screen.findByText('Сформирован')).toBeTruthy();
    expect(screen.queryByText(/Формирование документов:/)).toBeNull();
  });

  it('«Сформировать все» refused for empty required fields says which, and nothing reads «Сформирован»', async () => {
    const s = connectSocket();
    setup({
      doc: documentation({
        documents: [
          document({ state: 'not_filled', missing: [{ code: 'delivery_place', title: 'Место поставки' }] }),
        ],
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Сформировать все' }));
    const error =
      'Не заполнены обязательные поля документов: «Извещение о проведении запроса котировок» — «Место поставки». Заполните их в форме полей документации';
    s.fire('readyDocumentResponse', {
      notification_id: 0,
      status: 'error',
      header: 'Формирование документов закупки',
      message: error,
      code: null,
      procurement_id: 7,
      documents: [],
      error,
    });
    expect(await screen.findByText('Документы не сформированы')).toBeTruthy();
    expect(screen.getAllByText(error).length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Документы закупки' });
    expect(within(table).getByText('Не заполнены поля')).toBeTruthy();
  });

  it('one document, DOCX only; a document’s error from the job is shown on its row', async () => {
    const s = connectSocket();
    setup();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'PDF' }));
    await userEvent.click(
      screen.getByRole('button', { name: 'Сформировать «Извещение о проведении запроса котировок»' }),
    );
    expect(s.emitted.at(-1)).toEqual([
      'readyDocumentRequest',
      { procurement_id: 7, document_ids: [11], formats: ['docx'] },
    ]);
    s.fire('readyDocumentResponse', {
      notification_id: 0,
      status: 'warning',
      header: 'Документы сформированы с ошибками',
      message: '',
      code: null,
      procurement_id: 7,
      documents: [
        {
          document_id: 11,
          docx_file_id: null,
          pdf_file_id: null,
          error: 'В шаблоне нет значения «Место поставки»',
        },
      ],
      error: null,
    });
    expect(await screen.findAllByText('В шаблоне нет значения «Место поставки»')).not.toHaveLength(0);
  });

  it('without a socket the job starts over HTTP', async () => {
    setup();
    const post = stubRoute(r.generate, { job_id: 'job-2' });
    await userEvent.click(await screen.findByRole('button', { name: 'Сформировать все' }));
    await waitFor(() => expect(post.calls).toHaveLength(1));
    expect(post.calls[0].body).toEqual({ formats: ['docx', 'pdf'] });
  });

  it('without LibreOffice PDF is unavailable and says why', async () => {
    setup({
      doc: documentation({
        pdf_available: false,
        pdf_unavailable_reason: 'PDF недоступен: на сервере не установлен LibreOffice.',
      }),
    });
    expect(await screen.findByText(/на сервере не установлен LibreOffice/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'PDF' })).toHaveProperty('disabled', true);
  });

  it('a procurement of another company (404) is named as not found', async () => {
    stubRoute(companyRoutes.permissions, [...WRITE] as never);
    stubRoute(procurementRoutes.get, reply(404, errorBody('not_found', 'Закупка не найдена')));
    stubRoute(r.get, reply(404, errorBody('not_found', 'Закупка не найдена')));
    renderApp(<DocumentationPage companyId={1} companyTitle="ООО «Закупки-Сервис»" procurementId={7} />);
    expect(await screen.findByText('Закупка не найдена')).toBeTruthy();
    expect(screen.getByText(/нет закупки № 7/)).toBeTruthy();
  });
});

describe('catalogue fields', { timeout: 20_000 }, () => {
  it('offer the catalogue’s entries and keep a value that is not in it', async () => {
    stubRoute(catalogRoutes.generic.list, (req) => {
      expect(req.params.type).toBe('8');
      return {
        items: [],
        total: 0,
        page: 1,
        limit: 500,
      };
    });
    setup({
      doc: documentation({
        fields: [
          field({ code: 'funding', title: 'Источник финансирования', type: 'catalog', catalog: 'generic_8' }),
        ],
        values: { funding: 'Собственные средства' },
      }),
    });
    const input = (await screen.findAllByLabelText(/Источник финансирования/))[0] as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Собственные средства'));
  });
});
