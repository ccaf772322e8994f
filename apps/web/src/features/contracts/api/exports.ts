import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { exportRoutes, type ReportCode } from '@zakupki/shared/api/exports';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import type { ListQuery } from '../model/filters';
import { isRunActive } from '../model/labels';

/** Exports: the register XLSX (streamed at once) and the report jobs with their list. */
const co = (companyId: number) => ({ company_id: companyId });

/** The register view as XLSX: the list's filters and sort, every matching row. */
export function downloadRegisterXlsx(companyId: number, q: ListQuery) {
  const { page: _p, limit: _l, ...filters } = q;
  return downloadRoute(
    exportRoutes.registerXlsx,
    { params: co(companyId), query: filters },
    'Реестр договоров.xlsx',
    'выгрузка реестра в Excel',
  );
}

export const reportsQuery = (
  companyId: number,
  q: { report_code?: ReportCode; contract_id?: number; page: number; limit: number },
) =>
  queryOptions({
    queryKey: ['reports', companyId, q],
    queryFn: ({ signal }) =>
      api(exportRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => isRunActive(r.status)) ? 2000 : false),
  });

export type SupplierAddress = {
  post_code: string;
  region_code?: number | null;
  region_name?: string | null;
  city?: string | null;
  street?: string | null;
  house?: string | null;
};

export const startEisContract = (companyId: number, contractId: number, address: SupplierAddress | null) =>
  api(exportRoutes.eisContract, {
    params: { ...co(companyId), id: contractId },
    body: { supplier_address: address },
    loading: 'формирование XML для ЕИС',
  });

export const startEisPerformance = (
  companyId: number,
  contractId: number,
  period: { period_from: string | null; period_to: string | null },
) =>
  api(exportRoutes.eisPerformance, {
    params: { ...co(companyId), id: contractId },
    body: period,
    loading: 'формирование XML сведений об исполнении',
  });

export const startOcds = (
  companyId: number,
  body: { contract_ids: number[] } | { filters: Omit<ListQuery, 'page' | 'limit' | 'sort' | 'order'> },
) => api(exportRoutes.ocds, { params: co(companyId), body, loading: 'формирование пакета OCDS' });

export const startMonthly = (companyId: number, year: number, month: number) =>
  api(exportRoutes.monthly, {
    params: co(companyId),
    body: { year, month },
    loading: 'формирование ежемесячного отчёта',
  });
