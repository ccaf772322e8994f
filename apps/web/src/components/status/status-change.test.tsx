import { act, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import {
  StatusChangeDialog,
  type StatusChangeDialogProps,
  StatusMoveButtons,
  useStatusMove,
} from './status-change';

const dialog = (extra: Partial<StatusChangeDialogProps>) => {
  const onConfirm = vi.fn();
  renderApp(
    <StatusChangeDialog
      opened
      onClose={() => {}}
      title="Отменить: № 1"
      question="Отменить закупку?"
      defaultDate="2026-03-02"
      problem={null}
      confirmLabel="Отменить"
      color="red"
      pending={false}
      onConfirm={onConfirm}
      {...extra}
    />,
  );
  return onConfirm;
};

describe('StatusMoveButtons', () => {
  it('a button per move; a click picks it', async () => {
    const onPick = vi.fn();
    renderApp(
      <StatusMoveButtons
        moves={[
          { to: 'published', label: 'Разместить', color: 'blue' },
          { to: 'cancelled', label: 'Отменить', color: 'red', light: true },
        ]}
        onPick={onPick}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ to: 'cancelled' }));
  });
});

describe('StatusChangeDialog', () => {
  it('a required reason keeps the move disabled until it is given; the day and the reason are sent', async () => {
    const onConfirm = dialog({ dateLabel: 'Дата отмены', reasonLabel: 'Причина', reasonRequired: true });
    expect(screen.getByText('Отменить закупку?')).toBeTruthy();
    expect(screen.getByLabelText(/Дата отмены/)).toHaveProperty('value', '02.03.2026');
    const go = screen.getByRole('button', { name: 'Отменить' });
    expect(go).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByLabelText(/Причина/), '  нет потребности ');
    await userEvent.click(go);
    expect(onConfirm).toHaveBeenCalledWith({ date: '2026-03-02', reason: 'нет потребности' });
  });

  it('without a day field no day is sent; the refusal is shown', async () => {
    const onConfirm = dialog({ problem: 'Переход запрещён', problemTitle: 'Статус не изменён' });
    expect(screen.queryByLabelText(/Дата/)).toBeNull();
    expect(screen.getByText('Переход запрещён')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(onConfirm).toHaveBeenCalledWith({ date: null, reason: null });
  });
});

describe('useStatusMove', () => {
  it('picking a move opens it and clears the previous refusal; close ends it', () => {
    const { result } = renderHook(() => useStatusMove<{ to: string }>());
    act(() => result.current.setProblem('Переход запрещён'));
    act(() => result.current.pick({ to: 'published' }));
    expect(result.current.open).toEqual({ to: 'published' });
    expect(result.current.problem).toBeNull();
    act(() => result.current.close());
    expect(result.current.open).toBeNull();
  });
});
