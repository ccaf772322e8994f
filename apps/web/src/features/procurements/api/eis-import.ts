import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { buildPath, defineRoute } from '@zakupki/shared/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { uploadFiles } from '../../../lib/transfer';
import { procurementKeys } from './keys';

/**
 * «Загрузить из ЕИС»: EIS notices and protocols (purchaseNotice*, purchaseProtocol*; XML or ZIP)
 * into the register.
 *
 * TEMPORARY, declared here until packages/shared/src/api/imports.ts has them (branch `procimport`
 * adds the kind `eis-procurements`: `eisProcurementImportRoutes.start`, and the run's
 * `EisProcurementImportResult` in `ImportRun`): the upload and the run as far as this screen reads
 * it. At merge these give way to the shared route objects (`importRoutes.get` for the run).
 */
export const EIS_PROCUREMENT_IMPORT_KIND = 'eis-procurements';

const CompanyParams = z.object({ company_id: z.coerce.number().int().positive() });

export const procurementImportRoutes = {
  start: defineRoute({
    method: 'POST',
    path: `/api/companies/:company_id/imports/${EIS_PROCUREMENT_IMPORT_KIND}`,
    summary: 'Загрузить извещения и протоколы закупок из ЕИС (multipart, поле file: XML или ZIP)',
    tags: ['imports'],
    company: 'company_id',
    permission: 'procurements.write',
    params: CompanyParams,
    multipart: true,
    response: { 202: z.object({ import_id: z.number().int() }) },
  }),
  run: defineRoute({
    method: 'GET',
    path: '/api/companies/:company_id/imports/:import_id',
    summary: 'Состояние и результат импорта',
    tags: ['imports'],
    company: 'company_id',
    permission: 'contracts.read',
    params: CompanyParams.extend({ import_id: z.coerce.number().int().positive() }),
    response: {
      200: z.object({
        id: z.number().int(),
        kind: z.string(),
        status: z.enum(['queued', 'running', 'done', 'warning', 'failed']),
        progress: z.number(),
        error: z.string().nullable(),
        upload_file_name: z.string().nullable(),
        files: z.array(
          z.object({
            file_name: z.string(),
            status: z.enum(['done', 'failed']),
            error: z.string().nullable(),
          }),
        ),
        result: z
          .object({
            notices: z.number().int(),
            protocols: z.number().int(),
            created: z.number().int(),
            updated: z.number().int(),
            unchanged: z.number().int(),
            procurement_id: z.number().int().nullable(),
            warnings: z.array(z.string()),
          })
          .partial()
          .nullable(),
      }),
    },
  }),
};

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
      return run;
    },
    enabled: !!importId,
    refetchInterval: (q) => (ended(q.state.data?.status) ? false : 1000),
    staleTime: 0,
  });
};
