import { useMutation, useQuery } from '@tanstack/react-query';
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
 * adds the import kind): the upload (the import runner's multipart POST for the new kind) and the
 * run as far as this screen reads it. At merge these give way to the shared route objects.
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
    permission: 'imports.run',
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
        result: z.unknown(),
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

/** The run, polled while it works. */
export const useProcurementImportRun = (companyId: number, importId: number | null) =>
  useQuery({
    queryKey: procurementKeys.importRun(companyId, importId ?? 0),
    queryFn: ({ signal }) =>
      api(procurementImportRoutes.run, {
        params: { company_id: companyId, import_id: importId as number },
        signal,
        loading: false,
      }),
    enabled: !!importId,
    refetchInterval: (q) => {
      const st = q.state.data?.status;
      return st === 'done' || st === 'warning' || st === 'failed' ? false : 1000;
    },
    staleTime: 0,
  });
