import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes, type Okpd2Entry, type Okpd2PathStep } from '@zakupki/shared/api/catalogs';
import { api } from '../../../lib/api-client';
import { catalogKeys } from './catalogs';

/** Children of an ОКПД2 node (the sections A–U for the root), loaded when the node is expanded. */
export const okpd2ChildrenQuery = (parentId: number | null, archived: boolean) =>
  queryOptions({
    queryKey: catalogKeys.okpd2Tree(parentId, archived),
    queryFn: ({ signal }) =>
      api(catalogRoutes.okpd2.tree, {
        query: { parent_id: parentId ?? undefined, include_archived: archived ? 'true' : undefined },
        signal,
        loading: false,
      }),
    staleTime: 60_000,
  });

export const useOkpd2Children = (parentId: number | null, archived: boolean) =>
  useQuery(okpd2ChildrenQuery(parentId, archived));

export type { Okpd2Entry, Okpd2PathStep };
