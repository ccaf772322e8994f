import { Button, Group, Switch, TextInput } from '@mantine/core';
import { CONTRACT_STATUSES, type ContractStatus } from '@zakupki/shared/api/contracts-model';
import { useEffect, useRef, useState } from 'react';
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

/**
 * Typed filters go to the address once typing pauses, together: every field's latest value joins
 * one patch, so typing into the next field does not drop the previous one (the address is
 * rewritten from the rendered one, and two commits in one tick would overwrite each other).
 */
function usePatchLater(onChange: (patch: FilterPatch) => void) {
  const pending = useRef<FilterPatch>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => () => clearTimeout(timer.current), []);
  return (patch: FilterPatch, delay: number) => {
    pending.current = { ...pending.current, ...patch };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const all = pending.current;
      pending.current = {};
      latest.current(all);
    }, delay);
  };
}

/** A typed filter: shows what is typed at once and follows the address when it changes from outside. */
function useTypedFilter<V>(
  committed: V,
  toPatch: (value: V) => FilterPatch,
  delay: number,
  later: (patch: FilterPatch, delay: number) => void,
) {
  const [value, setValue] = useState<V>(committed);
  useEffect(() => setValue(committed), [committed]);
  const change = (next: V) => {
    setValue(next);
    later(toPatch(next), delay);
  };
  return [value, change] as const;
}

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
  const later = usePatchLater(onChange);
  const [q, setQ] = useTypedFilter(filters.q ?? '', (v) => ({ q: v.trim() || null }), 400, later);
  const [supplier, setSupplier] = useTypedFilter(
    filters.supplier ?? '',
    (v) => ({ supplier: v.trim() || null }),
    400,
    later,
  );
  const [priceMin, setPriceMin] = useTypedFilter<string | number>(
    filters.price_min ?? '',
    (v) => ({ price_min: toAmount(v) }),
    600,
    later,
  );
  const [priceMax, setPriceMax] = useTypedFilter<string | number>(
    filters.price_max ?? '',
    (v) => ({ price_max: toAmount(v) }),
    600,
    later,
  );

  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Фильтры реестра договоров">
      <TextInput
        label="Поиск"
        placeholder="Предмет, номер или реестровый номер"
        w={230}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
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
        onChange={(e) => setSupplier(e.currentTarget.value)}
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
      <MoneyInput label="Цена от" w={130} value={priceMin} onChange={setPriceMin} />
      <MoneyInput label="Цена до" w={130} value={priceMax} onChange={setPriceMax} />
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
