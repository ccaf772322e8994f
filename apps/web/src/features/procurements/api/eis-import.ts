import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { eisProcurementImportRoutes, type ImportRun, importRoutes } from '@zakupki/shared/api/imports';
import { buildPath } from '@zakupki/shared/contract';
import { api } from '../../../lib/api-client';
import { uploadFiles } from '../../../lib/transfer';
import { procurementKeys } from './keys';

/**
 * «Загрузить из ЕИС»: EIS notices and protocols (purchaseNotice*, purchaseProtocol*; XML or ZIP)
 * into the register (`eisProcurementImportRoutes.start`), then the run (`importRoutes.get`).
 */
export const procurementImportRoutes = { start: eisProcurementImportRoutes.start, run: importRoutes.get };

/** The run of this import kind (the shared ImportRun is a union by kind). */
export type ProcurementImportRun = Extract<ImportRun, { kind: 'eis-procurements' }>;

/** POST the files with the upload's progress; resolves with the import id. */
export const useProcurementImportUpload = (companyId: number, onProgress: (percent: number) => void) =>
  useMutation({
    mutationFn: (files: File[]) =>
      uploadFiles<{ import_id: number }>(
        buildPath(procurementImportRoutes.start.path, { company_id: companyId }),
        files,
        {},
        onProgress,
      ),
  });

const ended = (status: string | undefined) =>
  status === 'done' || status === 'warning' || status === 'failed';

/** The run, polled while it works; when it ends, the company's register is stale. */
export const useProcurementImportRun = (companyId: number, importId: number | null) => {
  const qc = useQueryClient();
  return useQuery({
    queryKey: procurementKeys.importRun(companyId, importId ?? 0),
    queryFn: async ({ signal }) => {
      const run = await api(procurementImportRoutes.run, {
        params: { company_id: companyId, import_id: importId as number },
        signal,
        loading: false,
      });
      if (ended(run.status)) void qc.invalidateQueries({ queryKey: procurementKeys.all(companyId) });
      if (run.kind !== 'eis-procurements') throw new Error(`Импорт ${run.id} не является загрузкой закупок`);
      return run as ProcurementImportRun;
    },
    enabled: !!importId,
    refetchInterval: (q) => (ended(q.state.data?.status) ? false : 1000),
    staleTime: 0,
  });
};
