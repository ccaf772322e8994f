import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { PagedTable, type PagedTableProps } from './paged-table';

export type FilterOption<F extends string> = { value: F; label: string };

export type PagedFilter<F extends string> = {
  filter: F;
  /** A new filter goes back to the first page. */
  setFilter: (filter: F) => void;
  page: number;
  setPage: (page: number) => void;
  /** The filter for the API: none for 'all'. */
  status: Exclude<F, 'all'> | undefined;
};

/** The filter and page of a list filtered by one switch (FilteredPagedTable). */
export function usePagedFilter<F extends string>(initial: F): PagedFilter<F> {
  const [filter, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  return {
    filter,
    setFilter: (next) => {
      setFilterState(next);
      setPage(1);
    },
    page,
    setPage,
    status: filter === 'all' ? undefined : (filter as Exclude<F, 'all'>),
  };
}

export type FilteredPagedTableProps<T, F extends string> = Omit<
  PagedTableProps<T>,
  'records' | 'total' | 'page' | 'onPageChange' | 'fetching'
> & {
  state: PagedFilter<F>;
  /** The accessible name of the switch («Какие платежи показать»). */
  filterLabel: string;
  filters: FilterOption<F>[];
  /** The list query of the current filter and page. */
  list: { data?: { items: T[]; total: number }; isFetching: boolean };
};

/** A switch of states above a server-paged table of the rows in the chosen state. */
export function FilteredPagedTable<T extends { id: number }, F extends string>({
  state,
  filterLabel,
  filters,
  list,
  ...table
}: FilteredPagedTableProps<T, F>) {
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={filterLabel}
        value={state.filter}
        onChange={(v) => state.setFilter(v as F)}
        data={filters}
        w="fit-content"
      />
      <PagedTable<T>
        {...table}
        records={list.data?.items ?? []}
        total={list.data?.total ?? 0}
        page={state.page}
        onPageChange={state.setPage}
        fetching={list.isFetching}
      />
    </Stack>
  );
}
