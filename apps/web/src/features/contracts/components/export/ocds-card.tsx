import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { AppMultiSelect, AppSelect } from '../../../../components/form/app-select';
import { formatDate } from '../../../../lib/formatters';
import { useContractList } from '../../api/contracts';
import { useStartOcds } from '../../api/exports';
import { readFilters, toFilterBody, toListQuery } from '../../model/filters';
import { lastRegisterView } from '../../model/last-register-view';
import type { ReportCardProps } from './export-checks';

/** OCDS 1.1 release package of chosen contracts, or of the register's current view. */
export function OcdsCard({ companyId, onStarted, canReport }: ReportCardProps) {
  const [mode, setMode] = useState<'chosen' | 'view'>('chosen');
  const [ids, setIds] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const base = readFilters(new URLSearchParams());
  const list = useContractList(
    companyId,
    toListQuery({ ...base, q: debounced.trim() || undefined, limit: 50 }),
  );
  const options = (list.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `№ ${c.number} от ${formatDate(c.contract_date)} — ${c.subject}`.slice(0, 160),
  }));
  for (const id of ids)
    if (!options.some((o) => o.value === id) && labels[id]) options.push({ value: id, label: labels[id] });
  const run = useStartOcds(companyId, { onSuccess: (r) => onStarted(r.report_id, 'ocds') });
  const body = () =>
    mode === 'chosen'
      ? { contract_ids: ids.map(Number) }
      : { filters: toFilterBody(readFilters(lastRegisterView())) };
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text fw={600}>Открытые данные OCDS (JSON)</Text>
        <Text size="sm" c="dimmed">
          Пакет релизов Open Contracting Data Standard 1.1 для публикации выбранных договоров.
        </Text>
        <AppSelect
          label="Что выгрузить"
          allowDeselect={false}
          data={[
            { value: 'chosen', label: 'Выбранные договоры' },
            { value: 'view', label: 'Все договоры текущего представления реестра' },
          ]}
          value={mode}
          onChange={(v) => setMode((v as 'chosen' | 'view') ?? 'chosen')}
        />
        {mode === 'chosen' ? (
          <AppMultiSelect
            label="Договоры"
            searchable
            clearable
            filter={({ options: o }) => o}
            searchValue={search}
            onSearchChange={setSearch}
            data={options}
            value={ids}
            onChange={(v) => {
              const next = { ...labels };
              for (const o of options) if (v.includes(o.value)) next[o.value] = o.label;
              setLabels(next);
              setIds(v);
            }}
            description="Поиск по номеру, реестровому номеру или предмету"
          />
        ) : null}
        <Group>
          <Button
            disabled={!canReport || (mode === 'chosen' && !ids.length)}
            loading={run.isPending}
            onClick={() => run.mutate(body())}
          >
            Сформировать OCDS
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
