import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import { companyRoutes } from '@zakupki/shared/api/companies';
import { contractRoutes } from '@zakupki/shared/api/contracts';
import type {
  ContractCreateInput,
  ContractStatus,
  ContractUpdateInput,
} from '@zakupki/shared/api/contracts-model';
import { api } from '../../../lib/api-client';
import type { ListQuery } from '../model/filters';

/**
 * Contract register and card (GET/POST/PUT /api/companies/:company_id/contracts…). Query keys
 * start with 'contracts' so that import and report pushes refresh them (lib/realtime.ts).
 */
export const contractKeys = {
  all: (companyId: number) => ['contracts', companyId] as const,
  list: (companyId: number, q: ListQuery) => ['contracts', companyId, 'list', q] as const,
  card: (companyId: number, id: number) => ['contracts', companyId, 'card', id] as const,
};

export const contractListQuery = (companyId: number, q: ListQuery) =>
  queryOptions({
    queryKey: contractKeys.list(companyId, q),
    queryFn: ({ signal }) =>
      api(contractRoutes.list, { params: { company_id: companyId }, query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export const contractQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: contractKeys.card(companyId, id),
    queryFn: ({ signal }) =>
      api(contractRoutes.get, { params: { company_id: companyId, id }, signal, loading: false }),
  });

export const contractHistoryQuery = (companyId: number, id: number, page: number) =>
  queryOptions({
    queryKey: ['contracts', companyId, 'history', id, page],
    queryFn: ({ signal }) =>
      api(contractRoutes.history, {
        params: { company_id: companyId, id },
        query: { page, limit: 10 },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
  });

export const contractEventsQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: ['contracts', companyId, 'events', id],
    queryFn: ({ signal }) =>
      api(contractRoutes.events, {
        params: { company_id: companyId, id },
        query: { page: 1, limit: 100 },
        signal,
        loading: false,
      }),
  });

export const deadlinesQuery = (companyId: number, limit = 10) =>
  queryOptions({
    queryKey: ['contracts', companyId, 'deadlines', limit],
    queryFn: ({ signal }) =>
      api(contractRoutes.deadlines, {
        params: { company_id: companyId },
        query: { page: 1, limit },
        signal,
        loading: false,
      }),
  });

export const createContract = (companyId: number, body: ContractCreateInput) =>
  api(contractRoutes.create, { params: { company_id: companyId }, body, loading: 'сохранение договора' });

export const updateContract = (companyId: number, id: number, body: ContractUpdateInput) =>
  api(contractRoutes.update, { params: { company_id: companyId, id }, body, loading: 'сохранение договора' });

export const changeContractStatus = (
  companyId: number,
  id: number,
  body: { status: ContractStatus; date?: string; reason?: string | null },
) =>
  api(contractRoutes.status, {
    params: { company_id: companyId, id },
    body,
    loading: 'смена статуса договора',
  });

export const archiveContract = (companyId: number, id: number, archived: boolean) =>
  api(contractRoutes.archive, {
    params: { company_id: companyId, id },
    body: { archived },
    loading: archived ? 'перенос договора в архив' : 'возврат договора из архива',
  });

export const recordPublication = (
  companyId: number,
  id: number,
  body: { event_id?: number | null; eis_published_at: string | null },
) =>
  api(contractRoutes.publication, {
    params: { company_id: companyId, id },
    body,
    loading: 'отметка о размещении в ЕИС',
  });

/** What the current user may do in the company (contracts.write, imports.run, reports.create). */
export const permissionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', companyId, 'permissions'],
    queryFn: ({ signal }) =>
      api(companyRoutes.permissions, { params: { id: companyId }, signal, loading: false }),
    staleTime: 5 * 60_000,
  });

/** Заказчики of the company: the customer of a contract. */
export const customersQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', companyId, 'customers', 'options'],
    queryFn: ({ signal }) =>
      api(companyRoutes.customers.list, {
        params: { id: companyId },
        query: { page: 1, limit: 500 },
        signal,
        loading: false,
      }),
    staleTime: 5 * 60_000,
  });

/** Catalogue 8 (funding sources) and 9 (contract bases): global entries and the company's own. */
/** The procurement methods catalogue (global and the company's entries), for the contract card. */
export const procurementMethodsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['catalogs', 'methods', 'options', companyId],
    queryFn: ({ signal }) =>
      api(catalogRoutes.methods.list, {
        query: { company_id: companyId, page: 1, limit: 500, sort: 'code', order: 'asc' },
        signal,
        loading: false,
      }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });

export const useProcurementMethods = (companyId: number) => useQuery(procurementMethodsQuery(companyId));

export const catalogOptionsQuery = (companyId: number, type: 8 | 9) =>
  queryOptions({
    queryKey: ['catalogs', 'generic', type, 'options', companyId],
    queryFn: ({ signal }) =>
      api(catalogRoutes.generic.list, {
        params: { type },
        query: { company_id: companyId, page: 1, limit: 500, sort: 'code', order: 'asc' },
        signal,
        loading: false,
      }),
    staleTime: 5 * 60_000,
    meta: { silent: true },
  });
