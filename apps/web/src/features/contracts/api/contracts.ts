import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type Contract, contractRoutes } from '@zakupki/shared/api/contracts';
import type {
  ContractCreateInput,
  ContractStatus,
  ContractUpdateInput,
} from '@zakupki/shared/api/contracts-model';
import { eisPlanRoutes } from '@zakupki/shared/api/eis-plans';
import { api } from '../../../lib/api-client';
import {
  type CatalogOptionType,
  catalogOptionsQuery,
  customerOptionsQuery as customersQuery,
  methodOptionsQuery,
} from '../../../lib/catalog-options';
import { useCompanyPermissions } from '../../../lib/company-queries';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import type { ListQuery } from '../model/filters';
import { contractKeys } from './keys';

/**
 * Contract register and card (GET/POST/PUT /api/companies/:company_id/contracts…); keys from
 * `contractKeys` (./keys.ts).
 */

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
    queryKey: contractKeys.history(companyId, id, page),
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
    queryKey: contractKeys.events(companyId, id),
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
    queryKey: contractKeys.deadlines(companyId, limit),
    queryFn: ({ signal }) =>
      api(contractRoutes.deadlines, {
        params: { company_id: companyId },
        query: { page: 1, limit },
        signal,
        loading: false,
      }),
  });

const createContract = (companyId: number, body: ContractCreateInput) =>
  api(contractRoutes.create, { params: { company_id: companyId }, body, loading: 'сохранение договора' });

const updateContract = (companyId: number, id: number, body: ContractUpdateInput) =>
  api(contractRoutes.update, { params: { company_id: companyId, id }, body, loading: 'сохранение договора' });

const changeContractStatus = (
  companyId: number,
  id: number,
  body: { status: ContractStatus; date?: string; reason?: string | null },
) =>
  api(contractRoutes.status, {
    params: { company_id: companyId, id },
    body,
    loading: 'смена статуса договора',
  });

const archiveContract = (companyId: number, id: number, archived: boolean) =>
  api(contractRoutes.archive, {
    params: { company_id: companyId, id },
    body: { archived },
    loading: archived ? 'перенос договора в архив' : 'возврат договора из архива',
  });

const recordPublication = (
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
export const useContractPermissions = (companyId: number, extra?: QueryExtras) =>
  useCompanyPermissions(companyId, { staleTime: 5 * 60_000, ...extra });

/** Заказчики, procurement methods and catalogues 1 / 8 / 9 of the contract form (lib/catalog-options.ts). */
export const useProcurementMethods = (companyId: number) => useQuery(methodOptionsQuery(companyId));

export const useContractList = (companyId: number, q: ListQuery, extra?: QueryExtras) =>
  useQuery({ ...contractListQuery(companyId, q), ...extra });
export const useContract = (companyId: number, id: number, extra?: QueryExtras) =>
  useQuery({ ...contractQuery(companyId, id), ...extra });
export const useContractHistory = (companyId: number, id: number, page: number) =>
  useQuery(contractHistoryQuery(companyId, id, page));
export const useContractEvents = (companyId: number, id: number) =>
  useQuery(contractEventsQuery(companyId, id));
export const useDeadlines = (companyId: number, limit = 10) => useQuery(deadlinesQuery(companyId, limit));
export const useCustomerOptions = (companyId: number) => useQuery(customersQuery(companyId));
export const useCatalogOptions = (companyId: number, type: CatalogOptionType) =>
  useQuery(catalogOptionsQuery(companyId, type));

/** Positions of the company's EIS plans whose subject or number match `q` (the server searches), first 20. */
export const planPositionOptionsQuery = (companyId: number, q: string) =>
  queryOptions({
    queryKey: contractKeys.planPositionOptions(companyId, q),
    queryFn: ({ signal }) =>
      api(eisPlanRoutes.searchPositions, {
        params: { company_id: companyId },
        query: { q: q || undefined, page: 1, limit: 20 },
        signal,
        loading: false,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { silent: true },
  });

export const usePlanPositionOptions = (companyId: number, q: string) =>
  useQuery(planPositionOptionsQuery(companyId, q));

/** Every contract write answers with the card: it replaces the cached card, the company's lists refresh. */
const contractWrite = (companyId: number) => ({
  update: (qc: QueryClient, c: Contract) => qc.setQueryData(contractKeys.card(companyId, c.id), c),
  invalidates: () => [contractKeys.all(companyId)],
});

export type ContractSave =
  | { id: null; body: ContractCreateInput }
  | { id: number; body: ContractUpdateInput };

/** Create (`id` null) or update a contract. */
export const useSaveContract = (companyId: number, extra?: MutationExtras<Contract, ContractSave>) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: ContractSave) =>
        v.id === null ? createContract(companyId, v.body) : updateContract(companyId, v.id, v.body),
      ...contractWrite(companyId),
    },
    extra,
  );

type StatusBody = { status: ContractStatus; date?: string; reason?: string | null };
export const useChangeContractStatus = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Contract, StatusBody>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: StatusBody) => changeContractStatus(companyId, id, body),
      ...contractWrite(companyId),
    },
    extra,
  );

/** `true`: to the archive; `false`: back to the register. */
export const useArchiveContract = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Contract, boolean>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (archived: boolean) => archiveContract(companyId, id, archived),
      ...contractWrite(companyId),
    },
    extra,
  );

type PublicationBody = { event_id?: number | null; eis_published_at: string | null };
export const useRecordPublication = (
  companyId: number,
  id: number,
  extra?: MutationExtras<Contract, PublicationBody>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: PublicationBody) => recordPublication(companyId, id, body),
      ...contractWrite(companyId),
    },
    extra,
  );
