import { Button, Group, TextInput } from '@mantine/core';
import { todayIso } from '../../../lib/formatters';
import { type Period, presets } from '../model/period';

/** The period: two months (from–to) and the presets. */
export function PeriodControls({ period, onChange }: { period: Period; onChange: (p: Period) => void }) {
  const set = (patch: Partial<Period>) => {
    const next = { ...period, ...patch };
    if (/^\d{4}-\d{2}$/.test(next.from) && /^\d{4}-\d{2}$/.test(next.to) && next.from <= next.to)
      onChange(next);
  };
  return (
    <Group align="flex-end" gap="sm" className="analytics-no-print">
      <TextInput
        type="month"
        label="С месяца"
        w={170}
        value={period.from}
        onChange={(e) => set({ from: e.currentTarget.value })}
      />
      <TextInput
        type="month"
        label="По месяц"
        w={170}
        value={period.to}
        onChange={(e) => set({ to: e.currentTarget.value })}
      />
      {presets(todayIso()).map((p) => (
        <Button key={p.label} variant="default" size="sm" onClick={() => onChange(p.period)}>
          {p.label}
        </Button>
      ))}
    </Group>
  );
}
