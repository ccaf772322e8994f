import { queryOptions } from '@tanstack/react-query';
import { catalogRoutes, type Okpd2Entry, okpd2ParentCode } from '@zakupki/shared/api/catalogs';
import { api } from '../../../lib/api-client';

/** Children of an ОКПД2 node (the sections A–U for the root), loaded when the node is expanded. */
export const okpd2ChildrenQuery = (parentId: number | null, archived: boolean) =>
  queryOptions({
    queryKey: ['catalogs', 'okpd2', 'tree', { parentId, archived }],
    queryFn: ({ signal }) =>
      api(catalogRoutes.okpd2.tree, {
        query: { parent_id: parentId ?? undefined, include_archived: archived ? 'true' : undefined },
        signal,
        loading: false,
      }),
    staleTime: 60_000,
  });

/** The classifier path of a code, from its section down to its parent: 26.20.11 → C, 26, 26.2, 26.20, 26.20.1. */
export function okpd2Path(code: string): string[] {
  const out: string[] = [];
  let p = okpd2ParentCode(code);
  while (p) {
    out.unshift(p);
    p = okpd2ParentCode(p);
  }
  return out;
}

export type { Okpd2Entry };
