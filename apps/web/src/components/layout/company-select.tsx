import { Select } from '@mantine/core';
import type { CompanyOption } from '../../lib/company';

export const COMPANY_SELECT_WIDTH = 450;

/** The label «Компания» is read by screen readers; the header has no room to show it. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** «Компания» in the header: 450 px, values are company ids; the placeholder says «Компания». */
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
      placeholder="Компания: нет значения"
      comboboxProps={{ withinPortal: true }}
      w={COMPANY_SELECT_WIDTH}
      styles={{ label: VISUALLY_HIDDEN }}
    />
  );
}
