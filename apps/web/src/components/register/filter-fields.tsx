import { Button, Group, Switch } from '@mantine/core';
import { AppMultiSelect } from '../form/app-select';
import { DateField } from '../form/date-field';

/** The register's status filter: a multi-select kept on one line however many statuses are chosen. */
export function StatusFilter<S extends string>({
  options,
  value,
  onChange,
}: {
  options: { value: S; label: string }[];
  value: S[];
  onChange: (value: S[]) => void;
}) {
  return (
    <AppMultiSelect
      label="Статус"
      w={210}
      clearable
      data={options}
      placeholder={value.length ? '' : 'Все'}
      // one line however many statuses are chosen: the filter bar keeps its height
      styles={{
        pillsList: { flexWrap: 'nowrap', overflow: 'hidden' },
        inputField: value.length ? { flex: '0 0 0', minWidth: 0, width: 0 } : undefined,
      }}
      value={value}
      onChange={(v) => onChange(v as S[])}
    />
  );
}

/** «<label> с … по …»: two day fields of a date range filter; a cleared field gives null. */
export function DateRangeFilter({
  label,
  from,
  to,
  onChange,
}: {
  label: string;
  from: string | undefined;
  to: string | undefined;
  onChange: (patch: { date_from?: string | null; date_to?: string | null }) => void;
}) {
  return (
    <>
      <DateField
        label={`${label} с`}
        w={125}
        value={from ?? null}
        onChange={(v) => onChange({ date_from: v })}
      />
      <DateField label="по" w={125} value={to ?? null} onChange={(v) => onChange({ date_to: v })} />
    </>
  );
}

/** «Сбросить фильтры», shown only while some filter is set. */
export function ResetFiltersButton({ shown, onReset }: { shown: boolean; onReset: () => void }) {
  return shown ? (
    <Button variant="subtle" onClick={onReset}>
      Сбросить фильтры
    </Button>
  ) : null;
}

/** Yes/no filters as switches beside the register's buttons («Просроченные», «Архив», …). */
export function FilterSwitches({
  items,
}: {
  items: { label: string; checked: boolean; onChange: (checked: boolean) => void }[];
}) {
  return (
    <Group gap="lg">
      {items.map((s) => (
        <Switch
          key={s.label}
          label={s.label}
          checked={s.checked}
          onChange={(e) => s.onChange(e.currentTarget.checked)}
        />
      ))}
    </Group>
  );
}
