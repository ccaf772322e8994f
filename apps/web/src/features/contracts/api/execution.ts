import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ImportKind,
  type ImportStatus,
  importRoutes,
  type Payment,
  paymentRoutes,
  performanceRoutes,
  type UpdDocumentDetail,
  updRoutes,
} from '@zakupki/shared/api/imports';
import { buildPath } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { useAuthEvent } from '../../../lib/realtime';
import { uploadFiles } from '../../../lib/transfer';
import { isRunActive } from '../model/labels';
import { contractKeys } from './keys';

/**
 * Imports (УПД, bank statements, EIS contracts), УПД mapping and payments. Keys under
 * `contractKeys.imports` so that the import pushes refresh them (lib/realtime.ts).
 */
const co = (companyId: number) => ({ company_id: companyId });

/**
 * POST /api/companies/:company_id/imports/:kind as multipart (field `file`, one or more) with
 * upload progress. Resolves with the import id (202).
 */
const uploadImport = (
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
    queryKey: contractKeys.importRun(companyId, importId),
    queryFn: ({ signal }) =>
      api(importRoutes.get, { params: { ...co(companyId), import_id: importId }, signal, loading: false }),
    // polls while the job runs; pushes (jobProgress, the final notification) refresh it sooner
    refetchInterval: (q) => {
      const s = q.state.data?.status;
      return s === 'queued' || s === 'running' || s === undefined ? 1000 : false;
    },
    staleTime: 0,
  });

export const importsQuery = (
  companyId: number,
  q: { kind?: ImportKind; status?: ImportStatus; page: number; limit: number },
) =>
  queryOptions({
    queryKey: contractKeys.importList(companyId, q),
    queryFn: ({ signal }) =>
      api(importRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
    // polled while a run of the page is active
    refetchInterval: (query) => (query.state.data?.items.some((r) => isRunActive(r.status)) ? 2000 : false),
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
    queryKey: contractKeys.updList(companyId, q),
    queryFn: ({ signal }) => api(updRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

export const updQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: contractKeys.upd(companyId, id),
    queryFn: ({ signal }) => api(updRoutes.get, { params: { ...co(companyId), id }, signal, loading: false }),
  });

const setUpdContract = (companyId: number, id: number, contractId: number) =>
  api(updRoutes.setContract, {
    params: { ...co(companyId), id },
    body: { contract_id: contractId },
    loading: 'выбор договора для УПД',
  });

export type MappingLine = { upd_line_id: number; contract_item_id: number | null };

const confirmUpdMapping = (companyId: number, id: number, lines: MappingLine[]) =>
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
    queryKey: contractKeys.payments(companyId, q),
    queryFn: ({ signal }) =>
      api(paymentRoutes.list, { params: co(companyId), query: q, signal, loading: false }),
    placeholderData: keepPreviousData,
  });

const assignPayment = (companyId: number, id: number, contractId: number) =>
  api(paymentRoutes.assign, {
    params: { ...co(companyId), id },
    body: { contract_id: contractId },
    loading: 'привязка платежа к договору',
  });

const ignorePayment = (companyId: number, id: number) =>
  api(paymentRoutes.ignore, { params: { ...co(companyId), id }, loading: 'исключение платежа' });

export const performanceQuery = (companyId: number, contractId: number) =>
  queryOptions({
    queryKey: contractKeys.performance(companyId, contractId),
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
async function importFileIds(companyId: number, importId: number): Promise<number[]> {
  const run = await api(importRoutes.get, {
    params: { ...co(companyId), import_id: importId },
    loading: 'поиск файла',
  });
  return run.file_ids;
}

/** One run; a `jobProgress` push for it refreshes it at once (between the polls). */
export function useImportRun(companyId: number, importId: number) {
  const qc = useQueryClient();
  useAuthEvent('jobProgress', (p) => {
    if (p.import_id === importId)
      void qc.invalidateQueries({ queryKey: contractKeys.importRun(companyId, importId) });
  });
  return useQuery(importQuery(companyId, importId));
}
export const useImports = (companyId: number, q: Parameters<typeof importsQuery>[1]) =>
  useQuery(importsQuery(companyId, q));
export const useUpdList = (companyId: number, q: UpdListFilters) => useQuery(updListQuery(companyId, q));
export const useUpd = (companyId: number, id: number, extra?: QueryExtras) =>
  useQuery({ ...updQuery(companyId, id), ...extra });
export const usePayments = (companyId: number, q: PaymentFilters) => useQuery(paymentsQuery(companyId, q));

type Upload = { kind: ImportKind; files: File[]; fields?: Record<string, string | null | undefined> };

/**
 * Starts an import; `onProgress` gets the upload's percent. The run is followed by id
 * (`useImportRun`) and refreshes the lists through the import pushes.
 */
export const useUploadImport = (
  companyId: number,
  onProgress: (percent: number) => void,
  extra?: MutationExtras<{ import_id: number }, Upload>,
) =>
  useInvalidatingMutation(
    { mutationFn: (u: Upload) => uploadImport(companyId, u.kind, u.files, u.fields, onProgress) },
    extra,
  );

/** Matching an УПД or a payment changes what the contracts have accepted and paid. */
const executionChanged = (companyId: number) => () => [
  contractKeys.imports(companyId),
  contractKeys.all(companyId),
];

/** Choose the contract of an УПД; the answer replaces the cached document. */
export const useSetUpdContract = (
  companyId: number,
  updId: number,
  extra?: MutationExtras<UpdDocumentDetail, number>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (contractId: number) => setUpdContract(companyId, updId, contractId),
      update: (qc, d) => qc.setQueryData(contractKeys.upd(companyId, d.id), d),
      invalidates: () => [contractKeys.updLists(companyId)],
    },
    extra,
  );

export const useConfirmUpdMapping = (
  companyId: number,
  extra?: MutationExtras<UpdDocumentDetail, { id: number; lines: MappingLine[] }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ id, lines }: { id: number; lines: MappingLine[] }) =>
        confirmUpdMapping(companyId, id, lines),
      update: (qc, d) => qc.setQueryData(contractKeys.upd(companyId, d.id), d),
      invalidates: executionChanged(companyId),
    },
    extra,
  );

export const useAssignPayment = (
  companyId: number,
  extra?: MutationExtras<Payment, { payment: Payment; contractId: number }>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (p: { payment: Payment; contractId: number }) =>
        assignPayment(companyId, p.payment.id, p.contractId),
      invalidates: executionChanged(companyId),
    },
    extra,
  );

export const useIgnorePayment = (companyId: number, extra?: MutationExtras<Payment, Payment>) =>
  useInvalidatingMutation(
    { mutationFn: (p: Payment) => ignorePayment(companyId, p.id), invalidates: executionChanged(companyId) },
    extra,
  );

/** Downloads the uploaded file(s) of an import run; rejects with `Error('no file')` when none is kept. */
export const useDownloadImportSource = (companyId: number, extra?: MutationExtras<void, number>) =>
  useInvalidatingMutation(
    {
      mutationFn: async (importId: number) => {
        const ids = await importFileIds(companyId, importId);
        if (!ids.length) throw new Error('no file');
        for (const id of ids) await downloadFile(id);
      },
    },
    extra,
  );
