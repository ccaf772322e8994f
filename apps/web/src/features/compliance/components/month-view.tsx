import { Badge, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { ComplianceDuty } from '@zakupki/shared/api/compliance';
import { MONTHS_TITLE } from '@zakupki/shared/months';
import { STATE_COLORS } from './duty-list';

const SHORT: Record<ComplianceDuty['module'], string> = {
  rules: 'положение',
  plans: 'план',
  procurements: 'закупка',
  contracts: 'договор',
  reports: 'отчёт',
};

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];

/** The duties of one month on a Monday-first grid, each day with its duties' states (by due date). */
export function MonthView({ month, items }: { month: string; items: ComplianceDuty[] }) {
  const [year, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(year, m - 1, 1));
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const byDay = new Map<number, ComplianceDuty[]>();
  for (const d of items) {
    if (d.due_date.slice(0, 7) !== month) continue;
    const day = Number(d.due_date.slice(8, 10));
    byDay.set(day, [...(byDay.get(day) ?? []), d]);
  }
  return (
    <Stack gap="xs" aria-label={`Обязанности: ${MONTHS_TITLE[m - 1]} ${year}`} role="group">
      <Text fw={600}>
        {MONTHS_TITLE[m - 1]} {year}
      </Text>
      <SimpleGrid cols={7} spacing={4}>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" c="dimmed" ta="center">
            {w}
          </Text>
        ))}
        {Array.from({ length: lead }, (_, i) => `lead-${i}`).map((k) => (
          <div key={k} />
        ))}
        {Array.from({ length: days }, (_, i) => i + 1).map((day) => {
          const list = byDay.get(day) ?? [];
          return (
            <Paper key={day} withBorder p={4} mih={64}>
              <Text size="xs" c="dimmed">
                {day}
              </Text>
              {list.map((d) => (
                <Tooltip key={`${d.company_id}-${d.key}`} label={d.title} multiline w={280}>
                  <Badge size="xs" color={STATE_COLORS[d.state]} variant="light" fullWidth>
                    {SHORT[d.module]}
                  </Badge>
                </Tooltip>
              ))}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
