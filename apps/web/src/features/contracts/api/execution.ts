import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type ImportKind,
  type ImportStatus,
  importRoutes,
  paymentRoutes,
  performanceRoutes,
  updRoutes,
} from '@zakupki/shared/api/imports';
import { buildPath } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { uploadFiles } from '../../../lib/transfer';

/**
 * Imports (УПД, bank statements, EIS contracts), УПД mapping and payments. Query keys start with
 * 'imports' so that the import pushes refresh them (lib/realtime.ts).
 */
const co = (companyId: number) => ({ company_id: companyId });

/**
 * POST /api/companies/:company_id/imports/:kind as multipart (field `file`, one or more) with
 * upload progress. Resolves with the import id (202).
 */
export const uploadImport = (
  companyId: number,
  kind: ImportKind,
  files: File[],
  fields: Record<string, string | null | undefined> = {},
  onProgress?: (percent: number) => void,
) =>
  uploadFiles<{ import_id: number }>(
    buildPath(importRoutes.start.path, { company_id: companyId, kind }),
    files,
    fields,
    onProgress,
  );

export const importQuery = (companyId: number, importId: number) =>
  queryOptions({
    queryKey: ['imports', companyId, 'run', importId],
    queryFn: ({ signal }) =>
      api(importRoutes.get, { params: { ...co(companyId), import_id: importId }, signal, loading: false }),
    // polls while the job runs; pushes (jobProgress, the final notification) refresh it sooner
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'done' || s === 'failed' ? false : 1000;
    },
    staleTime: 0,
  });

export const importsQuery = (
  companyId: number,
  q: { kind?: ImportKind; status?: ImportStatus; page: number; limit: number },
) =>
  queryOptions({
    queryKey: ['imports', companyId, 'list', q],
    queryFn: ({ signal }) =>
      api(importRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export type UpdListFilters = {
  status?: 'no_contract' | 'proposed' | 'confirmed' | 'superseded';
  contract_id?: number;
  import_id?: number;
  q?: string;
  page: number;
  limit: number;
};

export const updListQuery = (companyId: number, q: UpdListFilters) =>
  queryOptions({
    queryKey: ['imports', companyId, 'upd', 'list', q],
    queryFn: ({ signal }) => api(updRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export const updQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: ['imports', companyId, 'upd', 'card', id],
    queryFn: ({ signal }) => api(updRoutes.get, { params: { ...co(companyId), id }, signal, loading: false }),
  });

export const setUpdContract = (companyId: number, id: number, contractId: number) =>
  api(updRoutes.setContract, {
    params: { ...co(companyId), id },
    body: { contract_id: contractId },
    loading: 'выбор договора для УПД',
  });

export type MappingLine = { upd_line_id: number; contract_item_id: number | null };

export const confirmUpdMapping = (companyId: number, id: number, lines: MappingLine[]) =>
  api(updRoutes.mapping, {
    params: { ...co(companyId), id },
    body: { lines },
    loading: 'подтверждение сопоставления',
  });

export type PaymentFilters = {
  status?: 'matched' | 'unmatched' | 'assigned' | 'ignored';
  contract_id?: number;
  import_id?: number;
  q?: string;
  page: number;
  limit: number;
};

export const paymentsQuery = (companyId: number, q: PaymentFilters) =>
  queryOptions({
    queryKey: ['imports', companyId, 'payments', q],
    queryFn: ({ signal }) =>
      api(paymentRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export const assignPayment = (companyId: number, id: number, contractId: number) =>
  api(paymentRoutes.assign, {
    params: { ...co(companyId), id },
    body: { contract_id: contractId },
    loading: 'привязка платежа к договору',
  });

export const ignorePayment = (companyId: number, id: number) =>
  api(paymentRoutes.ignore, { params: { ...co(companyId), id }, loading: 'исключение платежа' });

export const performanceQuery = (companyId: number, contractId: number) =>
  queryOptions({
    queryKey: ['contracts', companyId, 'performance', contractId],
    queryFn: ({ signal }) =>
      api(performanceRoutes.list, {
        params: { ...co(companyId), id: contractId },
        query: { page: 1, limit: 50 },
        signal,
        loading: false,
      }),
  });

export const createPerformance = (
  companyId: number,
  contractId: number,
  body: { period_from: string; period_to: string },
) =>
  api(performanceRoutes.create, {
    params: { ...co(companyId), id: contractId },
    body,
    loading: 'формирование сведений об исполнении',
  });

/** The uploaded file(s) of an import run (an УПД's XML or ZIP, a bank statement). */
export async function importFileIds(companyId: number, importId: number): Promise<number[]> {
  const run = await api(importRoutes.get, {
    params: { ...co(companyId), import_id: importId },
    loading: 'поиск файла',
  });
  return run.file_ids;
}
