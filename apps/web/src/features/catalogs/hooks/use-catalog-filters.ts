import { type CatalogDescriptor, catalogSorts } from '@zakupki/shared/api/catalogs';
import { useSearchParams } from 'react-router';
import { PAGE_SIZES } from '../../../components/table/paged-table';
import type { CatalogFilters } from '../api/catalogs';

/**
 * ?q=&page=&limit=&sort=&order=&archived=true → filters; anything unknown (a sort key the
 * catalogue's list does not take included) falls back to the default.
 */
export function readCatalogFilters(p: URLSearchParams, sorts: readonly string[]): CatalogFilters {
  const page = Number(p.get('page'));
  const limit = Number(p.get('limit'));
  const sort = p.get('sort');
  const order = p.get('order');
  return {
    q: p.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_SIZES.includes(limit) ? limit : 10,
    sort: sort && sorts.includes(sort) ? (sort as CatalogFilters['sort']) : undefined,
    order: order === 'desc' ? 'desc' : order === 'asc' ? 'asc' : undefined,
    archived: p.get('archived') === 'true',
  };
}

export type FilterPatch = Partial<
  Record<'q' | 'page' | 'limit' | 'sort' | 'order' | 'archived', string | null>
>;

/**
 * The screen's filters in the URL. Changing anything but the page goes back to page 1; the
 * history entry is replaced, so «Назад» leaves the screen instead of undoing each keystroke.
 */
export function useCatalogFilters(d: CatalogDescriptor) {
  const [params, setParams] = useSearchParams();
  const filters = readCatalogFilters(params, catalogSorts(d));
  const update = (patch: FilterPatch) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  return { filters, update };
}
