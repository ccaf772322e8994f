import { Select } from '@mantine/core';
import type { CompanyOption } from '../../lib/company';

export const COMPANY_SELECT_WIDTH = 450;

/** «Компания» in the header: 450 px, values are company ids. */
export function CompanySelect({
  options,
  value,
  onChange,
}: {
  options: CompanyOption[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <Select<number>
      label="Компания"
      data={options}
      value={value}
      onChange={(v) => v !== null && onChange(v)}
      allowDeselect={false}
      searchable
      nothingFoundMessage={options.length ? 'Ничего не найдено' : 'Список пуст'}
      placeholder="нет значения"
      comboboxProps={{ withinPortal: true }}
      styles={{
        root: { display: 'flex', alignItems: 'center', gap: 8 },
        label: { marginBottom: 0, whiteSpace: 'nowrap' },
        wrapper: { width: COMPANY_SELECT_WIDTH },
      }}
    />
  );
}
