import { Loader, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { AppSelect } from './app-select';

export type SearchOption = { value: string; label: string };

type Props = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'searchValue' | 'onSearchChange' | 'required'
> & {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** what the server found for the last text passed to `onSearch` */
  options: SearchOption[];
  /** the chosen option, kept in the list while other results arrive */
  selected: SearchOption | null;
  /** the typed text, debounced; '' when the field shows the chosen option or nothing is typed */
  onSearch: (text: string) => void;
  loading?: boolean;
  required?: boolean;
  /** ms to wait after the last key before searching */
  debounce?: number;
};

/**
 * A searchable select whose options the server finds (a list too long to load whole): the text
 * typed goes, debounced, to `onSearch`, whose query gives `options`; they are shown as found, not
 * filtered again here.
 */
export function SearchSelect({
  value,
  onChange,
  options,
  selected,
  onSearch,
  loading,
  debounce = 300,
  ...rest
}: Props) {
  const [search, setSearch] = useState(selected?.label ?? '');
  // another chosen option (a form reset, a saved card): the field shows its label
  useEffect(() => setSearch(selected?.label ?? ''), [selected?.label]);
  const text = search === (selected?.label ?? '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(text, debounce);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  const data =
    selected && !options.some((o) => o.value === selected.value) ? [selected, ...options] : options;
  return (
    <AppSelect
      {...rest}
      searchable
      data={data}
      value={value ?? null}
      onChange={(v) => onChange?.(v)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      rightSection={loading ? <Loader size="xs" /> : undefined}
    />
  );
}
