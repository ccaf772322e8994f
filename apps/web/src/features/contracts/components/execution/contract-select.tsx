import { Checkbox, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AppSelect } from '../../../../components/form/app-select';
import { formatDate } from '../../../../lib/formatters';
import { useContract, useContractList } from '../../api/contracts';
import { readFilters, toListQuery } from '../../model/filters';

/**
 * Picks a contract of the company for an УПД or a payment: concluded (or already closed)
 * contracts, searched on the server by number or subject; by default only those of the supplier
 * the document names; with `supplierOnly` (a payment: the server accepts only a contract of the
 * payee) always and only those.
 */
export function ContractSelect({
  companyId,
  supplierInn,
  value,
  onChange,
  label = 'Договор',
  error,
  supplierOnly = false,
}: {
  companyId: number;
  supplierInn: string | null;
  value: number | null;
  onChange: (id: number | null) => void;
  label?: string;
  error?: string | null;
  supplierOnly?: boolean;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [onlySupplier, setOnlySupplier] = useState(!!supplierInn);
  // the chosen contract stays among the options while another search runs
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const base = readFilters(new URLSearchParams());
  const query = toListQuery({
    ...base,
    status: ['concluded', 'executed', 'terminated'],
    supplier: (onlySupplier || supplierOnly) && supplierInn ? supplierInn : undefined,
    q: (debounced === picked?.label ? '' : debounced.trim()) || undefined,
    limit: 50,
  });
  const list = useContractList(companyId, query);
  const options = (list.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `№ ${c.number} от ${formatDate(c.contract_date)} — ${c.supplier_name} — ${c.subject}`.slice(
      0,
      180,
    ),
  }));
  // a contract chosen elsewhere (a link with ?contract=) that the first page of the search misses
  const missing =
    !!value && !options.some((o) => o.value === String(value)) && picked?.value !== String(value);
  const given = useContract(companyId, value ?? 0, { enabled: missing, meta: { silent: true } });
  if (picked && picked.value === String(value) && !options.some((o) => o.value === picked.value)) {
    options.unshift(picked);
  } else if (missing && given.data) {
    const c = given.data;
    options.unshift({
      value: String(c.id),
      label: `№ ${c.number} от ${formatDate(c.contract_date)} — ${c.supplier_name} — ${c.subject}`.slice(
        0,
        180,
      ),
    });
  }
  return (
    <Stack gap={6}>
      <AppSelect
        label={label}
        searchable
        clearable
        required
        filter={({ options: o }) => o}
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={value ? String(value) : null}
        onChange={(v, option) => {
          setPicked(v && option ? { value: v, label: option.label } : null);
          onChange(v ? Number(v) : null);
        }}
        error={error}
        description="Поиск по номеру, реестровому номеру или предмету"
        comboboxProps={{ withinPortal: true }}
      />
      {supplierInn && supplierOnly ? (
        <Text size="xs" c="dimmed">
          Договоры с получателем платежа, ИНН {supplierInn}
        </Text>
      ) : null}
      {supplierInn && !supplierOnly ? (
        <Checkbox
          size="xs"
          label={`Только договоры с поставщиком ИНН ${supplierInn}`}
          checked={onlySupplier}
          onChange={(e) => setOnlySupplier(e.currentTarget.checked)}
        />
      ) : null}
    </Stack>
  );
}
