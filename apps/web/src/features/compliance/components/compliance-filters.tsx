import { Chip, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import {
  COMPLIANCE_MODULE_TITLES,
  COMPLIANCE_MODULES,
  type ComplianceDuty,
  DUTY_STATE_TITLES,
} from '@zakupki/shared/api/compliance';
import { DUTY_STATES } from '@zakupki/shared/api/contracts';

export type Filters = {
  from: string;
  to: string;
  module: string[];
  state: string[];
  customer_id: string | null;
  responsible_id: string | null;
};

/** The filters of the calendar: months, modules, states (with counts), customer, responsible person. */
export function ComplianceFilters({
  value,
  onChange,
  counts,
  items,
}: {
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  counts: Record<string, number> | undefined;
  items: ComplianceDuty[];
}) {
  const customers = new Map<string, string>();
  const people = new Map<string, string>();
  for (const d of items) {
    if (d.customer?.id) customers.set(String(d.customer.id), d.customer.title);
    for (const r of d.responsible) people.set(String(r.id), r.title);
  }
  return (
    <>
      <Group gap="sm" align="end">
        <TextInput
          type="month"
          label="С месяца"
          value={value.from}
          onChange={(e) => onChange({ from: e.currentTarget.value })}
        />
        <TextInput
          type="month"
          label="По месяц"
          value={value.to}
          onChange={(e) => onChange({ to: e.currentTarget.value })}
        />
        <MultiSelect
          label="Раздел"
          placeholder="Все разделы"
          data={COMPLIANCE_MODULES.map((m) => ({ value: m, label: COMPLIANCE_MODULE_TITLES[m] }))}
          value={value.module}
          onChange={(module) => onChange({ module })}
          clearable
          w={280}
        />
        <Select
          label="Заказчик"
          placeholder="Все"
          data={[...customers].map(([v, label]) => ({ value: v, label }))}
          value={value.customer_id}
          onChange={(customer_id) => onChange({ customer_id })}
          clearable
        />
        <Select
          label="Ответственный"
          placeholder="Все"
          data={[...people].map(([v, label]) => ({ value: v, label }))}
          value={value.responsible_id}
          onChange={(responsible_id) => onChange({ responsible_id })}
          clearable
        />
      </Group>
      <Chip.Group multiple value={value.state} onChange={(state) => onChange({ state })}>
        <Group gap="xs" aria-label="Состояние">
          {DUTY_STATES.map((s) => (
            <Chip key={s} value={s} size="sm">
              {DUTY_STATE_TITLES[s]}
              {counts ? ` (${counts[s] ?? 0})` : ''}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </>
  );
}
