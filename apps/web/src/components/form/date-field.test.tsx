import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { DATE_FORMAT_MESSAGE, DateField, hasInvalidDate } from './date-field';

function Form({ onSubmit }: { onSubmit: (sent: boolean) => void }) {
  const [value, setValue] = useState<string | null>('2026-03-01');
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(!hasInvalidDate(e.currentTarget));
      }}
    >
      <DateField label="Дата заключения" value={value} onChange={(v) => setValue(v as string | null)} />
      <button type="submit">Сохранить</button>
    </form>
  );
}

describe('DateField', () => {
  it('a date that is not a date is kept as typed and refused, never cleared', async () => {
    const sent: boolean[] = [];
    renderApp(<Form onSubmit={(ok) => sent.push(ok)} />);
    const input = screen.getByRole('textbox', { name: 'Дата заключения' }) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, '31.02.2026');
    fireEvent.blur(input);
    expect(await screen.findByText(DATE_FORMAT_MESSAGE)).toBeTruthy();
    expect(input.value).toBe('31.02.2026');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(sent).toEqual([false]);
  });
});
