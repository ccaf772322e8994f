import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '@zakupki/shared/api/common';
import type { RouteDef } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';

/** The four calls of a company sub-resource (contacts, bank requisites, customers). */
export type ItemRoutes = { list: RouteDef; create: RouteDef; update: RouteDef; remove: RouteDef };
type Query = Record<string, string | number | undefined>;

// Sub-resource calls are generic over the resource; the request shapes are checked by the
// server's schemas and the forms' validators.
const call = (route: RouteDef, opts: Record<string, unknown>) =>
  api(route, opts as Parameters<typeof api>[1]) as Promise<unknown>;

export const itemsQuery = <T>(routes: ItemRoutes, resource: string, companyId: number, query: Query) =>
  queryOptions({
    queryKey: ['companies', companyId, resource, query],
    queryFn: ({ signal }) =>
      call(routes.list, { params: { id: companyId }, query, signal, loading: false }) as Promise<Page<T>>,
    placeholderData: keepPreviousData,
  });

export const createItem = (routes: ItemRoutes, companyId: number, body: unknown) =>
  call(routes.create, { params: { id: companyId }, body, loading: 'сохранение' });

export const updateItem = (routes: ItemRoutes, companyId: number, itemId: number, body: unknown) =>
  call(routes.update, { params: { id: companyId, item_id: itemId }, body, loading: 'сохранение изменений' });

export const removeItem = (routes: ItemRoutes, companyId: number, itemId: number) =>
  call(routes.remove, { params: { id: companyId, item_id: itemId }, loading: 'удаление' });
