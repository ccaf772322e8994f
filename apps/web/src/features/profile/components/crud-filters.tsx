import { Group, Select, TextInput } from '@mantine/core';

export type FilterDef = { name: string; label: string; kind?: 'text' | 'bool' };

/** The filters above a company sub-resource's table: text fields and yes/no selects. */
export function Filters({
  defs,
  values,
  onChange,
}: {
  defs: FilterDef[];
  values: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" role="search">
      {defs.map((f) =>
        f.kind === 'bool' ? (
          <Select
            key={f.name}
            label={f.label}
            w={160}
            data={[
              { value: 'true', label: 'Да' },
              { value: 'false', label: 'Нет' },
            ]}
            placeholder="Все"
            clearable
            value={values[f.name] || null}
            onChange={(v) => onChange({ ...values, [f.name]: v ?? '' })}
          />
        ) : (
          <TextInput
            key={f.name}
            label={f.label}
            w={200}
            value={values[f.name] ?? ''}
            onChange={(e) => onChange({ ...values, [f.name]: e.currentTarget.value })}
          />
        ),
      )}
    </Group>
  );
}
