import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '@zakupki/shared/api/common';
import type { RouteDef } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { profileKeys } from './keys';

/** The four calls of a company sub-resource (contacts, bank requisites, customers). */
export type ItemRoutes = { list: RouteDef; create: RouteDef; update: RouteDef; remove: RouteDef };
type Query = Record<string, string | number | undefined>;

/** Which sub-resource of which company: `resource` names its keys (`profileKeys.items`). */
export type ItemsTarget = {
  routes: ItemRoutes;
  resource: string;
  companyId: number;
  /** other sub-resources of the company a change makes stale (contacts → active_contact) */
  alsoInvalidate?: string[];
};

// Sub-resource calls are generic over the resource; the request shapes are checked by the
// server's schemas and the forms' validators.
const call = (route: RouteDef, opts: Record<string, unknown>) =>
  api(route, opts as Parameters<typeof api>[1]) as Promise<unknown>;

export const itemsQuery = <T>(routes: ItemRoutes, resource: string, companyId: number, query: Query) =>
  queryOptions({
    queryKey: profileKeys.itemList(companyId, resource, query),
    queryFn: ({ signal }) =>
      call(routes.list, { params: { id: companyId }, query, signal, loading: false }) as Promise<Page<T>>,
    placeholderData: keepPreviousData,
  });
export const useCompanyItems = <T>(t: ItemsTarget, query: Query) =>
  useQuery(itemsQuery<T>(t.routes, t.resource, t.companyId, query));

const changed = (t: ItemsTarget) => () =>
  [t.resource, ...(t.alsoInvalidate ?? [])].map((r) => profileKeys.items(t.companyId, r));

/** Create (`id` null) or update an item. */
export const useSaveCompanyItem = (
  t: ItemsTarget,
  extra?: MutationExtras<unknown, { id: number | null; body: unknown }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ id, body }: { id: number | null; body: unknown }) =>
        id === null
          ? call(t.routes.create, { params: { id: t.companyId }, body, loading: 'сохранение' })
          : call(t.routes.update, {
              params: { id: t.companyId, item_id: id },
              body,
              loading: 'сохранение изменений',
            }),
      invalidates: changed(t),
    },
    extra,
  );

export const useRemoveCompanyItem = (t: ItemsTarget, extra?: MutationExtras<unknown, number>) =>
  useInvalidatingMutation(
    {
      mutationFn: (itemId: number) =>
        call(t.routes.remove, { params: { id: t.companyId, item_id: itemId }, loading: 'удаление' }),
      invalidates: changed(t),
    },
    extra,
  );
