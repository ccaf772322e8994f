import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../../test/render';
import { stubRoute } from '../../../../test/stub-api';
import { procurementImportRoutes } from '../../api/eis-import';
import { ImportCard } from './import-card';

/** The upload goes by XMLHttpRequest (progress); this fake answers 202 with the run's id. */
const sent: { url: string; body: FormData }[] = [];
class FakeXhr {
  status = 0;
  responseText = '';
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    sent.push({ url: this.url, body });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.status = 202;
      this.responseText = JSON.stringify({ import_id: 5 });
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('«Загрузить из ЕИС»', () => {
  it('uploads the files and shows the outcome of each', { timeout: 20_000 }, async () => {
    const run = stubRoute(procurementImportRoutes.run, {
      id: 5,
      company_id: 1,
      user_id: 10,
      file_ids: [77],
      created_at: '2026-11-25T10:00:00.000Z',
      finished_at: '2026-11-25T10:00:05.000Z',
      kind: 'eis-procurements',
      status: 'warning',
      progress: 100,
      error: null,
      upload_file_name: 'notices.zip',
      files: [
        { file_name: 'notices.zip/purchaseNotice_32615123456.xml', status: 'done', error: null },
        {
          file_name: 'notices.zip/purchaseProtocol_1.xml',
          status: 'failed',
          error: 'Не найден элемент purchaseNoticeNumber',
        },
      ],
      result: {
        items: [],
        notices: 1,
        protocols: 0,
        created: 1,
        updated: 0,
        unchanged: 0,
        procurement_ids: [31],
        procurement_id: 31,
        warnings: ['Лот 2: позиция плана 2260123456-99 не найдена в реестре'],
      },
    });
    renderApp(<ImportCard companyId={1} />);
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['<xml/>'], 'notices.zip', { type: 'application/zip' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].url).toBe('/api/companies/1/imports/eis-procurements');
    expect((sent[0].body.get('file') as File).name).toBe('notices.zip');
    expect(await screen.findByText('Загружено не всё')).toBeTruthy();
    expect(run.calls[0].params.import_id).toBe('5');
    expect(screen.getByText(/новых: 1, обновлённых: 0, без изменений: 0/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Открыть закупку' }).getAttribute('href')).toBe('/documents/31');
    expect(screen.getByText('Лот 2: позиция плана 2260123456-99 не найдена в реестре')).toBeTruthy();
    expect(screen.getByText('notices.zip/purchaseNotice_32615123456.xml: загружен')).toBeTruthy();
    expect(
      screen.getByText(
        'notices.zip/purchaseProtocol_1.xml: не загружен — Не найден элемент purchaseNoticeNumber',
      ),
    ).toBeTruthy();
  });
});
