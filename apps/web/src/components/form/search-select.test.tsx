import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { type SearchOption, SearchSelect } from './search-select';

const ALL: SearchOption[] = [
  { value: '1', label: '1 — Кабель силовой' },
  { value: '2', label: '2 — Муфта концевая' },
];

/** A field whose «server» finds the options containing the typed text. */
function Field({ searched }: { searched: string[] }) {
  const [value, setValue] = useState<string | null>(null);
  const [text, setText] = useState('');
  const options = ALL.filter((o) => o.label.toLowerCase().includes(text.toLowerCase()));
  return (
    <>
      <SearchSelect
        label="Позиция"
        value={value}
        onChange={setValue}
        options={options}
        selected={null}
        debounce={10}
        onSearch={(q) => {
          searched.push(q);
          setText(q);
        }}
      />
      <output>{value ?? 'нет'}</output>
    </>
  );
}

describe('SearchSelect', () => {
  it('searches what is typed, keeps the chosen option while other results arrive', async () => {
    const searched: string[] = [];
    renderApp(<Field searched={searched} />);
    const input = screen.getByRole('combobox', { name: 'Позиция' }) as HTMLInputElement;
    await userEvent.type(input, 'каб');
    await waitFor(() => expect(searched).toContain('каб'));
    const list = () =>
      screen
        .getAllByRole('listbox', { hidden: true })
        .find((l) => l.id === input.getAttribute('aria-controls')) as HTMLElement;
    expect(within(list()).queryByRole('option', { name: '2 — Муфта концевая', hidden: true })).toBeNull();
    await userEvent.click(within(list()).getByRole('option', { name: '1 — Кабель силовой', hidden: true }));
    expect(screen.getByText('1')).toBeTruthy();
    expect(input.value).toBe('1 — Кабель силовой');
    // the field shows the chosen option without searching for its label
    await waitFor(() => expect(searched.at(-1)).toBe(''));
    await userEvent.clear(input);
    await userEvent.type(input, 'муф');
    await waitFor(() => expect(searched).toContain('муф'));
    expect(input.value).toBe('муф');
  });
});
