import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { DateCheckedForm } from './date-checked-form';
import { DateField } from './date-field';
import { FormModalFooter } from './form-modal-footer';

describe('FormModalFooter', () => {
  it('«Отмена» cancels, the submit button sends the form', async () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    renderApp(
      <form onSubmit={onSubmit}>
        <FormModalFooter onCancel={onCancel} loading={false} submitLabel="Создать" />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Создать' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('DateCheckedForm', () => {
  const show = (onSubmit: (e: { preventDefault: () => void }) => void) =>
    renderApp(
      <DateCheckedForm aria-label="Форма" onSubmit={onSubmit}>
        <DateField label="Дата" value="2026-03-01" onChange={() => {}} />
      </DateCheckedForm>,
    );

  it('a form with valid days is sent', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    show(onSubmit);
    fireEvent.submit(screen.getByRole('form', { name: 'Форма' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is not sent while a day is typed wrong', async () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    show(onSubmit);
    await userEvent.clear(screen.getByLabelText('Дата'));
    await userEvent.type(screen.getByLabelText('Дата'), '31.02.2026');
    fireEvent.blur(screen.getByLabelText('Дата'));
    fireEvent.submit(screen.getByRole('form', { name: 'Форма' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
