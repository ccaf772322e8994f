import { Group, Select, TextInput } from '@mantine/core';
import { EIS_POSITION_STATUS_TITLES, type EisPlanTotals } from '@zakupki/shared/api/eis-plans';
import { useEffect, useState } from 'react';
import { MONTHS, type PlanView } from '../model/view';

/** A text filter applied when the user stops typing (the URL keeps it). */
function SearchInput(p: {
  label: string;
  value: string | undefined;
  onChange: (v: string | null) => void;
  w: number;
}) {
  const [text, setText] = useState(p.value ?? '');
  useEffect(() => setText(p.value ?? ''), [p.value]);
  useEffect(() => {
    if ((p.value ?? '') === text) return;
    const id = setTimeout(() => p.onChange(text.trim() || null), 400);
    return () => clearTimeout(id);
  }, [text, p]);
  return <TextInput label={p.label} value={text} onChange={(e) => setText(e.currentTarget.value)} w={p.w} />;
}

/** The positions' filters (kept in the URL by `onChange`); the methods are those of the version's totals. */
export function PositionFilters({
  f,
  totals,
  onChange,
}: {
  f: PlanView['positions'];
  totals: EisPlanTotals | undefined;
  onChange: (patch: Record<string, string | number | null>) => void;
}) {
  return (
    <Group gap="sm" align="end" wrap="wrap">
      <SearchInput label="Номер или предмет" value={f.q} onChange={(v) => onChange({ q: v })} w={260} />
      <Select
        label="Статус"
        placeholder="Все"
        clearable
        data={Object.entries(EIS_POSITION_STATUS_TITLES).map(([value, label]) => ({ value, label }))}
        value={f.status ?? null}
        onChange={(v) => onChange({ status: v })}
        w={160}
      />
      <Select
        label="Способ закупки"
        placeholder="Все"
        clearable
        searchable
        data={(totals?.by_method ?? [])
          .filter((m) => m.code)
          .map((m) => ({ value: m.code as string, label: m.name ?? (m.code as string) }))}
        value={f.method ?? null}
        onChange={(v) => onChange({ method: v })}
        w={300}
      />
      <Select
        label="Месяц"
        placeholder="Все"
        clearable
        data={MONTHS.map((label, i) => ({ value: String(i + 1), label }))}
        value={f.month ? String(f.month) : null}
        onChange={(v) => onChange({ month: v })}
        w={140}
      />
      <SearchInput label="ОКПД2" value={f.okpd2} onChange={(v) => onChange({ okpd2: v })} w={140} />
      <Select
        label="Закупка"
        placeholder="Все"
        clearable
        data={[
          { value: 'true', label: 'Есть закупка' },
          { value: 'false', label: 'Нет закупки' },
        ]}
        value={f.has_procurement ?? null}
        onChange={(v) => onChange({ has_procurement: v })}
        w={150}
      />
      <Select
        label="Договор"
        placeholder="Все"
        clearable
        data={[
          { value: 'true', label: 'Есть договор' },
          { value: 'false', label: 'Нет договора' },
        ]}
        value={f.has_contract ?? null}
        onChange={(v) => onChange({ has_contract: v })}
        w={150}
      />
    </Group>
  );
}
