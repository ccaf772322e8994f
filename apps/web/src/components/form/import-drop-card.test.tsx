import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { ImportDropCard, isImportRunning, useImportSteps } from './import-drop-card';

const card = (extra: Partial<Parameters<typeof ImportDropCard>[0]>) =>
  renderApp(
    <ImportDropCard
      title="Загрузить из ЕИС"
      dropLabel="Файлы"
      hint="Перетащите сюда файлы"
      note="или нажмите"
      onDrop={() => {}}
      uploading={false}
      sent={0}
      run={undefined}
      {...extra}
    >
      <p>итог</p>
    </ImportDropCard>,
  );

describe('ImportDropCard', () => {
  it('the drop zone with its texts and the outcome under it', () => {
    card({});
    expect(screen.getByText('Загрузить из ЕИС')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Файлы' })).toBeTruthy();
    expect(screen.getByText('Перетащите сюда файлы')).toBeTruthy();
    expect(screen.getByText('итог')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('the upload, then the running job show their progress', () => {
    const first = card({ uploading: true, sent: 40 });
    expect(screen.getByRole('progressbar', { name: 'Передача файлов: 40 %' })).toBeTruthy();
    first.unmount();
    card({ run: { status: 'running', progress: 60, upload_file_name: 'a.zip' } });
    expect(screen.getByText('Обработка «a.zip»: 60 %')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Обработка: 60 %' })).toBeTruthy();
  });

  it('an ended job shows no progress', () => {
    expect(isImportRunning({ status: 'queued' })).toBe(true);
    expect(isImportRunning({ status: 'warning' })).toBe(false);
  });
});

describe('useImportSteps', () => {
  it('begin() clears the previous upload; its callback keeps the job id', () => {
    const { result } = renderHook(() => useImportSteps());
    act(() => result.current.setSent(70));
    let keep: (r: { import_id: number }) => void = () => {};
    act(() => {
      keep = result.current.begin();
    });
    expect(result.current.sent).toBe(0);
    act(() => keep({ import_id: 9 }));
    expect(result.current.importId).toBe(9);
  });
});
