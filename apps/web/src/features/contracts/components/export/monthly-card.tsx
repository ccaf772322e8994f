import { Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { MONTHS_TITLE } from '@zakupki/shared/months';
import { useState } from 'react';
import { AppSelect } from '../../../../components/form/app-select';
import { useStartMonthly } from '../../api/exports';
import { type ReportCardProps, yearProblem } from './export-checks';

/** The monthly report of ч. 19 ст. 4 223-ФЗ (XLSX) for a year and month. */
export function MonthlyCard({ companyId, onStarted, canReport }: ReportCardProps) {
  const now = new Date();
  const prev = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const [year, setYear] = useState(String(prev.getFullYear()));
  const [month, setMonth] = useState<string | null>(String(prev.getMonth() + 1));
  const problem = yearProblem(year);
  const yearOk = !problem;
  const run = useStartMonthly(companyId, { onSuccess: (r) => onStarted(r.report_id, 'monthly-223-19') });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Ежемесячный отчёт (ч. 19 ст. 4 223-ФЗ)</Text>
        <Text size="sm" c="dimmed">
          Сведения о количестве и стоимости договоров за месяц; размещается в ЕИС не позднее 10-го числа
          следующего месяца.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Год"
            w={110}
            inputMode="numeric"
            maxLength={4}
            value={year}
            onChange={(e) => setYear(e.currentTarget.value)}
            error={problem}
          />
          <AppSelect
            label="Месяц"
            w={170}
            allowDeselect={false}
            data={MONTHS_TITLE.map((m, i) => ({ value: String(i + 1), label: m }))}
            value={month}
            onChange={setMonth}
          />
          <Button
            disabled={!canReport || !yearOk || !month}
            loading={run.isPending}
            onClick={() => run.mutate({ year: Number(year), month: Number(month) })}
          >
            Сформировать отчёт
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
