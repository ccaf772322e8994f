import { Combobox, Group, InputBase, Loader, Text, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatMoney } from '../../../lib/formatters';
import { useOkpd2Search, usePlanPositionSearch } from '../api/options';

/**
 * Searchable pickers of the procurement form. Each keeps the typed text and asks the server
 * (debounced) for options; a choice sets the value, clearing the text clears it.
 */

/** A position of the company's EIS plans: words of the subject or the beginning of its number. */
export function PlanPositionPicker({
  companyId,
  label,
  value,
  valueLabel,
  onChange,
  readOnly,
  error,
  description,
}: {
  companyId: number;
  label: string;
  value: number | null;
  valueLabel: string;
  onChange: (id: number | null, label: string) => void;
  readOnly?: boolean;
  error?: React.ReactNode;
  description?: React.ReactNode;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState<string | null>(null);
  const [q] = useDebouncedValue(search ?? '', 300);
  const found = usePlanPositionSearch(companyId, q, search !== null && combobox.dropdownOpened);
  const items = found.data?.items ?? [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(v) => {
        const p = items.find((i) => String(i.id) === v);
        if (p) onChange(p.id, p.number);
        setSearch(null);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          description={description}
          error={error}
          placeholder="Номер или предмет позиции"
          readOnly={readOnly}
          value={search ?? (value ? valueLabel || `id:${value}` : '')}
          rightSection={found.isFetching ? <Loader size={14} /> : undefined}
          onChange={(e) => {
            const t = e.currentTarget.value;
            setSearch(t);
            if (!t) onChange(null, '');
            combobox.openDropdown();
          }}
          onFocus={() => {
            if (!readOnly) {
              setSearch(search ?? '');
              combobox.openDropdown();
            }
          }}
          onBlur={() => {
            setSearch(null);
            combobox.closeDropdown();
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={readOnly}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }}>
          {items.length ? (
            items.map((p) => (
              // the input keeps the focus while an option is clicked (its blur would end the search)
              <Combobox.Option value={String(p.id)} key={p.id} onMouseDown={(e) => e.preventDefault()}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm">
                    <b>{p.number}</b> {p.subject}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(p.price)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  План {p.registration_number} на {p.plan_year} г.
                  {p.method_name ? ` · ${p.method_name}` : ''}
                  {p.status_title ? ` · ${p.status_title}` : ''}
                </Text>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{found.isFetching ? 'Поиск…' : 'Ничего не найдено'}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** An ОКПД2 code: typed as it is, or picked from the classifier by code prefix or words. */
export function Okpd2Picker({
  value,
  onChange,
  readOnly,
  error,
  label,
}: {
  value: string;
  onChange: (code: string) => void;
  readOnly?: boolean;
  error?: React.ReactNode;
  label?: string;
}) {
  const combobox = useCombobox();
  const [q] = useDebouncedValue(value, 300);
  const found = useOkpd2Search(combobox.dropdownOpened && !readOnly ? q : '');
  const items = found.data?.items ?? [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(code) => {
        onChange(code);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <InputBase
          label={label}
          aria-label={label ? undefined : 'ОКПД2'}
          placeholder="26.20.11.110"
          readOnly={readOnly}
          error={error}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => !readOnly && combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={readOnly || !items.length}>
        <Combobox.Options mah={300} style={{ overflowY: 'auto' }}>
          {items.map((e) => (
            <Combobox.Option value={e.code} key={e.code} onMouseDown={(ev) => ev.preventDefault()}>
              <Text size="sm">
                <b>{e.code}</b> {e.title}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
