import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { exportRoutes, type ReportCode } from '@zakupki/shared/api/exports';
import type { RouteResponse } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import type { ListQuery } from '../model/filters';
import { isRunActive } from '../model/labels';
import { contractKeys } from './keys';

/** Exports: the register XLSX (streamed at once) and the report jobs with their list. */
const co = (companyId: number) => ({ company_id: companyId });

/** The register view as XLSX: the list's filters and sort, every matching row. */
function downloadRegisterXlsx(companyId: number, q: ListQuery) {
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
    queryKey: contractKeys.reportList(companyId, q),
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

const startEisContract = (companyId: number, contractId: number, address: SupplierAddress | null) =>
  api(exportRoutes.eisContract, {
    params: { ...co(companyId), id: contractId },
    body: { supplier_address: address },
    loading: 'формирование XML для ЕИС',
  });

const startEisPerformance = (
  companyId: number,
  contractId: number,
  period: { period_from: string | null; period_to: string | null },
) =>
  api(exportRoutes.eisPerformance, {
    params: { ...co(companyId), id: contractId },
    body: period,
    loading: 'формирование XML сведений об исполнении',
  });

const startOcds = (
  companyId: number,
  body: { contract_ids: number[] } | { filters: Omit<ListQuery, 'page' | 'limit' | 'sort' | 'order'> },
) => api(exportRoutes.ocds, { params: co(companyId), body, loading: 'формирование пакета OCDS' });

const startMonthly = (companyId: number, year: number, month: number) =>
  api(exportRoutes.monthly, {
    params: co(companyId),
    body: { year, month },
    loading: 'формирование ежемесячного отчёта',
  });

export const useReports = (companyId: number, q: Parameters<typeof reportsQuery>[1]) =>
  useQuery(reportsQuery(companyId, q));

type Downloaded = Awaited<ReturnType<typeof downloadRegisterXlsx>>;
/** The register view as XLSX (`q`: the list's query); changes nothing. */
export const useRegisterXlsx = (companyId: number, extra?: MutationExtras<Downloaded, ListQuery>) =>
  useInvalidatingMutation({ mutationFn: (q: ListQuery) => downloadRegisterXlsx(companyId, q) }, extra);

/** A report job has started: its run joins the company's reports list. */
type Started = RouteResponse<typeof exportRoutes.monthly>;
const reportStarted = (companyId: number) => () => [contractKeys.reports(companyId)];

export const useStartEisContract = (
  companyId: number,
  extra?: MutationExtras<Started, { contractId: number; address: SupplierAddress | null }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: { contractId: number; address: SupplierAddress | null }) =>
        startEisContract(companyId, v.contractId, v.address),
      invalidates: reportStarted(companyId),
    },
    extra,
  );

type Period = { period_from: string | null; period_to: string | null };
export const useStartEisPerformance = (
  companyId: number,
  extra?: MutationExtras<Started, { contractId: number; period: Period }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: { contractId: number; period: Period }) =>
        startEisPerformance(companyId, v.contractId, v.period),
      invalidates: reportStarted(companyId),
    },
    extra,
  );

type OcdsBody = Parameters<typeof startOcds>[1];
export const useStartOcds = (companyId: number, extra?: MutationExtras<Started, OcdsBody>) =>
  useInvalidatingMutation(
    { mutationFn: (body: OcdsBody) => startOcds(companyId, body), invalidates: reportStarted(companyId) },
    extra,
  );

export const useStartMonthly = (
  companyId: number,
  extra?: MutationExtras<Started, { year: number; month: number }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (v: { year: number; month: number }) => startMonthly(companyId, v.year, v.month),
      invalidates: reportStarted(companyId),
    },
    extra,
  );
