import { Button, Group, Switch, TextInput } from '@mantine/core';
import { PROCUREMENT_STATUSES, type ProcurementStatus } from '@zakupki/shared/api/procurements-model';
import { useEffect, useRef, useState } from 'react';
import { AppMultiSelect, AppSelect } from '../../../../components/form/app-select';
import { DateField } from '../../../../components/form/date-field';
import { MoneyInput } from '../../../../components/form/money-input';
import { useCustomerOptions, useMethodOptions } from '../../api/options';
import { CLEAR_FILTERS, type FilterPatch, hasFilters, type RegisterFilters } from '../../model/filters';
import { STATUS_VIEW } from '../../model/status';

const STATUS_OPTIONS = PROCUREMENT_STATUSES.map((s) => ({ value: s, label: STATUS_VIEW[s].label }));

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

/** Typed filters go to the address together once typing pauses (as in the contract register). */
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

/** «Только МСП» and «Просроченные»: switches beside the register's buttons. */
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
        label="Только для МСП"
        checked={filters.sme}
        onChange={(e) => onChange({ sme: e.currentTarget.checked })}
      />
      <Switch
        label="Просроченные"
        checked={filters.overdue}
        onChange={(e) => onChange({ overdue: e.currentTarget.checked })}
      />
    </Group>
  );
}

/** The register's filter bar; every change goes to the URL (typed text after a pause). */
export function RegisterFilterBar({
  companyId,
  filters,
  onChange,
}: {
  companyId: number;
  filters: RegisterFilters;
  onChange: (patch: FilterPatch) => void;
}) {
  const later = usePatchLater(onChange);
  const methods = useMethodOptions(companyId);
  const customers = useCustomerOptions(companyId);
  const [q, setQ] = useTypedFilter(filters.q ?? '', (v) => ({ q: v.trim() || null }), 400, later);
  const [min, setMin] = useTypedFilter<string | number>(
    filters.nmcd_min ?? '',
    (v) => ({ nmcd_min: toAmount(v) }),
    600,
    later,
  );
  const [max, setMax] = useTypedFilter<string | number>(
    filters.nmcd_max ?? '',
    (v) => ({ nmcd_max: toAmount(v) }),
    600,
    later,
  );
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label="Фильтры реестра закупок">
      <TextInput
        label="Поиск"
        placeholder="Предмет, номер или номер извещения"
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
        styles={{
          pillsList: { flexWrap: 'nowrap', overflow: 'hidden' },
          inputField: filters.status.length ? { flex: '0 0 0', minWidth: 0, width: 0 } : undefined,
        }}
        value={filters.status}
        onChange={(v) => onChange({ status: v as ProcurementStatus[] })}
      />
      <AppSelect
        label="Способ"
        w={200}
        clearable
        searchable
        placeholder="Все"
        data={(methods.data?.items ?? []).map((m) => ({ value: String(m.id), label: m.title }))}
        value={filters.method ? String(filters.method) : null}
        onChange={(v) => onChange({ method: v ? Number(v) : null })}
      />
      <AppSelect
        label="Заказчик"
        w={200}
        clearable
        searchable
        placeholder="Все"
        data={(customers.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
        value={filters.customer ? String(filters.customer) : null}
        onChange={(v) => onChange({ customer: v ? Number(v) : null })}
      />
      <DateField
        label="Размещение с"
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
      <MoneyInput label="НМЦД от" w={130} value={min} onChange={setMin} />
      <MoneyInput label="НМЦД до" w={130} value={max} onChange={setMax} />
      {hasFilters(filters) ? (
        <Button variant="subtle" onClick={() => onChange(CLEAR_FILTERS)}>
          Сбросить фильтры
        </Button>
      ) : null}
    </Group>
  );
}
