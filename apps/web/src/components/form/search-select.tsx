import { Loader, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
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
  /** the label of a value the server has not listed yet (the stored one when the form opens) */
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
  // labels of every option seen: the chosen one keeps its label while other results arrive
  const known = useRef(new Map<string, string>());
  if (selected) known.current.set(selected.value, selected.label);
  for (const o of options) known.current.set(o.value, o.label);
  const current = value ? { value, label: known.current.get(value) ?? value } : null;
  const [search, setSearch] = useState(current?.label ?? '');
  // another chosen option (a form reset, a saved card): the field shows its label
  useEffect(() => setSearch(current?.label ?? ''), [current?.label]);
  const text = search === (current?.label ?? '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(text, debounce);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  const data = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options;
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
