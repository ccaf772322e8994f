import { Group, TextInput } from '@mantine/core';
import { PROCUREMENT_STATUSES } from '@zakupki/shared/api/procurements-model';
import { AppSelect } from '../../../../components/form/app-select';
import { MoneyInput } from '../../../../components/form/money-input';
import {
  DateRangeFilter,
  FilterSwitches,
  ResetFiltersButton,
  StatusFilter,
} from '../../../../components/register/filter-fields';
import { useAmountFilter, usePatchLater, useTextFilter } from '../../../../components/register/typed-filter';
import { useCustomerOptions, useUsedMethods } from '../../api/options';
import { CLEAR_FILTERS, type FilterPatch, hasFilters, type RegisterFilters } from '../../model/filters';
import { STATUS_VIEW } from '../../model/status';

const STATUS_OPTIONS = PROCUREMENT_STATUSES.map((s) => ({ value: s, label: STATUS_VIEW[s].label }));

type BarProps = { filters: RegisterFilters; onChange: (patch: FilterPatch) => void };

/** «Только МСП» and «Просроченные»: switches beside the register's buttons. */
export function RegisterSwitches({ filters, onChange }: BarProps) {
  return (
    <FilterSwitches
      items={[
        { label: 'Только для МСП', checked: filters.sme, onChange: (sme) => onChange({ sme }) },
        { label: 'Просроченные', checked: filters.overdue, onChange: (overdue) => onChange({ overdue }) },
      ]}
    />
  );
}

/** A catalogue filter (способ, заказчик): a searchable select of ids. */
function IdFilter({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: { id: number; title: string }[];
  value: number | undefined;
  onChange: (id: number | null) => void;
}) {
  return (
    <AppSelect
      label={label}
      w={200}
      clearable
      searchable
      placeholder="Все"
      data={items.map((m) => ({ value: String(m.id), label: m.title }))}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
    />
  );
}

/** The register's filter bar; every change goes to the URL (typed text after a pause). */
export function RegisterFilterBar({ companyId, filters, onChange }: BarProps & { companyId: number }) {
  const later = usePatchLater(onChange);
  const methods = useUsedMethods(companyId);
  const customers = useCustomerOptions(companyId);
  const [q, setQ] = useTextFilter(filters.q, 'q', later);
  const [min, setMin] = useAmountFilter(filters.nmcd_min, 'nmcd_min', later);
  const [max, setMax] = useAmountFilter(filters.nmcd_max, 'nmcd_max', later);

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Фильтры реестра закупок">
      <TextInput
        label="Поиск"
        placeholder="Предмет, номер или номер извещения"
        w={230}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <StatusFilter
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status })}
      />
      <IdFilter
        label="Способ"
        items={methods.data?.items ?? []}
        value={filters.method}
        onChange={(method) => onChange({ method })}
      />
      <IdFilter
        label="Заказчик"
        items={customers.data?.items ?? []}
        value={filters.customer}
        onChange={(customer) => onChange({ customer })}
      />
      <DateRangeFilter label="Размещение" from={filters.date_from} to={filters.date_to} onChange={onChange} />
      <MoneyInput label="НМЦД от" w={130} value={min} onChange={setMin} />
      <MoneyInput label="НМЦД до" w={130} value={max} onChange={setMax} />
      <ResetFiltersButton shown={hasFilters(filters)} onReset={() => onChange(CLEAR_FILTERS)} />
    </Group>
  );
}
