import { Group, TextInput } from '@mantine/core';
import { CONTRACT_STATUSES } from '@zakupki/shared/api/contracts-model';
import { MoneyInput } from '../../../../components/form/money-input';
import {
  DateRangeFilter,
  FilterSwitches,
  ResetFiltersButton,
  StatusFilter,
} from '../../../../components/register/filter-fields';
import { useAmountFilter, usePatchLater, useTextFilter } from '../../../../components/register/typed-filter';
import { type FilterPatch, hasFilters, type RegisterFilters } from '../../model/filters';
import { STATUS_VIEW } from '../../model/status';

const STATUS_OPTIONS = CONTRACT_STATUSES.map((s) => ({ value: s, label: STATUS_VIEW[s].label }));

type BarProps = { filters: RegisterFilters; onChange: (patch: FilterPatch) => void };

/** «Просроченные» and «Архив»: switches beside the register's buttons. */
export function RegisterSwitches({ filters, onChange }: BarProps) {
  return (
    <FilterSwitches
      items={[
        { label: 'Просроченные', checked: filters.overdue, onChange: (overdue) => onChange({ overdue }) },
        { label: 'Архив', checked: filters.archived, onChange: (archived) => onChange({ archived }) },
      ]}
    />
  );
}

/** The register's filter bar; every change goes to the URL (typed text after a pause). */
export function RegisterFilterBar({ filters, onChange }: BarProps) {
  const later = usePatchLater(onChange);
  const [q, setQ] = useTextFilter(filters.q, 'q', later);
  const [supplier, setSupplier] = useTextFilter(filters.supplier, 'supplier', later);
  const [priceMin, setPriceMin] = useAmountFilter(filters.price_min, 'price_min', later);
  const [priceMax, setPriceMax] = useAmountFilter(filters.price_max, 'price_max', later);

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Фильтры реестра договоров">
      <TextInput
        label="Поиск"
        placeholder="Предмет, номер или реестровый номер"
        w={230}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
      />
      <StatusFilter
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status })}
      />
      <TextInput
        label="Поставщик"
        placeholder="ИНН или наименование"
        w={190}
        value={supplier}
        onChange={(e) => setSupplier(e.currentTarget.value)}
      />
      <DateRangeFilter
        label="Дата договора"
        from={filters.date_from}
        to={filters.date_to}
        onChange={onChange}
      />
      <MoneyInput label="Цена от" w={130} value={priceMin} onChange={setPriceMin} />
      <MoneyInput label="Цена до" w={130} value={priceMax} onChange={setPriceMax} />
      <ResetFiltersButton
        shown={hasFilters(filters)}
        onReset={() =>
          onChange({
            status: null,
            q: null,
            supplier: null,
            date_from: null,
            date_to: null,
            price_min: null,
            price_max: null,
            overdue: null,
            archived: null,
          })
        }
      />
    </Group>
  );
}
