import { Button, Checkbox, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { CatalogDescriptor } from '@zakupki/shared/api/catalogs';
import { useEffect, useState } from 'react';
import type { CatalogFilters } from '../api/catalogs';
import type { FilterPatch } from '../hooks/use-catalog-filters';

export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Search (debounced into ?q=), «Показывать архивные» (?archived=true), and the buttons:
 * add and import for those who may write, export of the current view for everyone.
 */
export function CatalogToolbar({
  d,
  filters,
  update,
  canWrite,
  exporting,
  onAdd,
  onImport,
  onExport,
  searchPlaceholder = 'Код или наименование',
}: {
  d: CatalogDescriptor;
  filters: CatalogFilters;
  update: (patch: FilterPatch) => void;
  canWrite: boolean;
  exporting: boolean;
  onAdd: () => void;
  onImport: () => void;
  onExport: () => void;
  searchPlaceholder?: string;
}) {
  const [q, setQ] = useState(filters.q ?? '');
  // shown at once; the URL (a router navigation) follows a moment later
  const [archived, setArchived] = useState(filters.archived);
  useEffect(() => setArchived(filters.archived), [filters.archived]);
  const search = useDebouncedCallback((v: string) => update({ q: v.trim() || null }), SEARCH_DEBOUNCE_MS);
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Group gap="md" align="flex-end" role="search">
        <TextInput
          label="Поиск"
          placeholder={searchPlaceholder}
          w={320}
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            search(e.currentTarget.value);
          }}
        />
        <Checkbox
          label="Показывать архивные"
          mb={8}
          checked={archived}
          onChange={(e) => {
            setArchived(e.currentTarget.checked);
            update({ archived: e.currentTarget.checked ? 'true' : null });
          }}
        />
      </Group>
      <Group gap="xs">
        {canWrite ? (
          <>
            <Button onClick={onAdd}>Добавить</Button>
            <Button variant="default" onClick={onImport}>
              Загрузить из XLSX
            </Button>
          </>
        ) : null}
        <Button
          variant="default"
          loading={exporting}
          onClick={onExport}
          title={`Выгрузить «${d.title}» с текущими фильтрами`}
        >
          Выгрузить в XLSX
        </Button>
      </Group>
    </Group>
  );
}
