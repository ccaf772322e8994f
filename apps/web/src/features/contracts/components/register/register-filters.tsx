import { Button, Group, Switch, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { CONTRACT_STATUSES, type ContractStatus } from '@zakupki/shared/api/contracts-model';
import { useEffect, useState } from 'react';
import { AppMultiSelect } from '../../../../components/form/app-select';
import { DateField } from '../../../../components/form/date-field';
import { MoneyInput } from '../../../../components/form/money-input';
import { type FilterPatch, hasFilters, type RegisterFilters } from '../../model/filters';
import { STATUS_VIEW } from '../../model/status';

const STATUS_OPTIONS = CONTRACT_STATUSES.map((s) => ({ value: s, label: STATUS_VIEW[s].label }));

const toAmount = (v: string | number): number | null => {
  if (v === '' || v === null || v === undefined) return null;
  const n =
    typeof v === 'number'
      ? v
      : Number(
          String(v)
            .replace(/[\s\u00a0₽]/g, '')
            .replace(',', '.'),
        );
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** «Просроченные» and «Архив»: switches beside the register's buttons. */
export function RegisterSwitches({
  filters,
  onChange,
}: {
  filters: RegisterFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  return (
    <Group gap="lg">
      <Switch
        label="Просроченные"
        checked={filters.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked })}
      />
      <Switch
        label="Архив"
        checked={filters.archived}
        onChange={(e) => onChange({ archived: e.currentTarget.checked })}
      />
    </Group>
  );
}

/** The register's filter bar; every change goes to the URL (typed text after a pause). */
export function RegisterFilterBar({
  filters,
  onChange,
}: {
  filters: RegisterFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  const [supplier, setSupplier] = useState(filters.supplier ?? '');
  const [priceMin, setPriceMin] = useState<string | number>(filters.price_min ?? '');
  const [priceMax, setPriceMax] = useState<string | number>(filters.price_max ?? '');
  // the address changed from outside (back button, reset): the typed fields follow it
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  useEffect(() => setSupplier(filters.supplier ?? ''), [filters.supplier]);
  useEffect(() => setPriceMin(filters.price_min ?? ''), [filters.price_min]);
  useEffect(() => setPriceMax(filters.price_max ?? ''), [filters.price_max]);
  const commitText = useDebouncedCallback(
    (name: 'q' | 'supplier', v: string) => onChange({ [name]: v.trim() || null }),
    400,
  );
  const commitPrice = useDebouncedCallback(
    (name: 'price_min' | 'price_max', v: string | number) => onChange({ [name]: toAmount(v) }),
    600,
  );

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Фильтры реестра договоров">
      <TextInput
        label="Поиск"
        placeholder="Предмет, номер или реестровый номер"
        w={230}
        value={q}
        onChange={(e) => {
          setQ(e.currentTarget.value);
          commitText('q', e.currentTarget.value);
        }}
      />
      <AppMultiSelect
        label="Статус"
        w={210}
        clearable
        data={STATUS_OPTIONS}
        placeholder={filters.status.length ? '' : 'Все'}
        // one line however many statuses are chosen: the filter bar keeps its height
        styles={{
          pillsList: { flexWrap: 'nowrap', overflow: 'hidden' },
          inputField: filters.status.length ? { flex: '0 0 0', minWidth: 0, width: 0 } : undefined,
        }}
        value={filters.status}
        onChange={(v) => onChange({ status: v as ContractStatus[] })}
      />
      <TextInput
        label="Поставщик"
        placeholder="ИНН или наименование"
        w={190}
        value={supplier}
        onChange={(e) => {
          setSupplier(e.currentTarget.value);
          commitText('supplier', e.currentTarget.value);
        }}
      />
      <DateField
        label="Дата договора с"
        w={125}
        value={filters.date_from ?? null}
        onChange={(v) => onChange({ date_from: v })}
      />
      <DateField
        label="по"
        w={125}
        value={filters.date_to ?? null}
        onChange={(v) => onChange({ date_to: v })}
      />
      <MoneyInput
        label="Цена от"
        w={130}
        value={priceMin}
        onChange={(v) => {
          setPriceMin(v);
          commitPrice('price_min', v);
        }}
      />
      <MoneyInput
        label="Цена до"
        w={130}
        value={priceMax}
        onChange={(v) => {
          setPriceMax(v);
          commitPrice('price_max', v);
        }}
      />
      {hasFilters(filters) ? (
        <Button
          variant="subtle"
          onClick={() =>
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
        >
          Сбросить фильтры
        </Button>
      ) : null}
    </Group>
  );
}
