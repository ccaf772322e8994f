import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogRoutes } from '@zakupki/shared/api/catalogs';
import {
  type Documentation,
  type DocumentValuesInput,
  type GenerateDocumentsInput,
  procurementDocumentRoutes as r,
} from '@zakupki/shared/api/procurement-documents';
import { procurementRoutes } from '@zakupki/shared/api/procurements';
import { api } from '../../../lib/api-client';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

/**
 * The documentation of a procurement (/api/companies/:company_id/procurements/:id/documentation…).
 * Keys start with the 'documents' root, so readyDocumentResponse refreshes them (lib/realtime.ts).
 */
export const documentationKeys = {
  all: (companyId: number) => [...queryRoots.documents, companyId] as const,
  procurement: (companyId: number, id: number) =>
    [...queryRoots.documents, companyId, 'procurement', id] as const,
  documentation: (companyId: number, id: number) =>
    [...queryRoots.documents, companyId, 'procurement', id, 'documentation'] as const,
  outputs: (companyId: number, id: number, documentId: number) =>
    [...queryRoots.documents, companyId, 'procurement', id, 'outputs', documentId] as const,
  catalog: (companyId: number, key: string) =>
    [...queryRoots.catalogs, 'field-options', companyId, key] as const,
};

const P = (companyId: number, id: number) => ({ company_id: companyId, id });

export const documentationQuery = (companyId: number, id: number) =>
  queryOptions({
    queryKey: documentationKeys.documentation(companyId, id),
    queryFn: ({ signal }) => api(r.get, { params: P(companyId, id), signal, loading: false }),
    // while a generation job runs its progress reaches the page even without the socket
    refetchInterval: (q) => (q.state.data?.generating ? 3000 : false),
    // the screen shows its own «не найдена» and error states
    meta: { silent: true },
  });
export const useDocumentation = (companyId: number, id: number, extra?: QueryExtras) =>
  useQuery({ ...documentationQuery(companyId, id), ...extra });

/** The procurement itself, for the screen's title and the link back to its card. */
export const useProcurementHead = (companyId: number, id: number) =>
  useQuery({
    queryKey: documentationKeys.procurement(companyId, id),
    queryFn: ({ signal }) => api(procurementRoutes.get, { params: P(companyId, id), signal, loading: false }),
    meta: { silent: true },
  });

export const useDocumentOutputs = (companyId: number, id: number, documentId: number | null) =>
  useQuery({
    queryKey: documentationKeys.outputs(companyId, id, documentId ?? 0),
    queryFn: ({ signal }) =>
      api(r.outputs, {
        params: { ...P(companyId, id), document_id: documentId ?? 0 },
        signal,
        loading: false,
      }),
    enabled: documentId !== null,
  });

/** PUT values: the answer is the whole documentation (states and counters change with the values). */
export function useSaveValues(
  companyId: number,
  id: number,
  extra?: MutationExtras<Documentation, DocumentValuesInput>,
) {
  return useInvalidatingMutation(
    {
      mutationFn: (body: DocumentValuesInput) =>
        api(r.saveValues, { params: P(companyId, id), body, loading: 'сохранение полей документации' }),
      update: (qc, doc) => qc.setQueryData(documentationKeys.documentation(companyId, id), doc),
    },
    { meta: { form: true }, ...extra },
  );
}

/** POST generate: the HTTP way to start the job when the socket is down. */
export function useGenerateOverHttp(
  companyId: number,
  id: number,
  extra?: MutationExtras<{ job_id: string }, GenerateDocumentsInput>,
) {
  return useInvalidatingMutation(
    {
      mutationFn: (body: GenerateDocumentsInput) =>
        api(r.generate, { params: P(companyId, id), body, loading: 'формирование документов' }),
      invalidates: () => [documentationKeys.documentation(companyId, id)],
    },
    extra,
  );
}

type Option = { value: string; label: string };

/**
 * Choices of a catalogue field: `methods` (procurement methods) or `generic_<type>` (the numbered
 * catalogues: 1 price methods, 8 funding sources, 9 contract bases, …). The value is the title,
 * as the document prints it.
 */
export const useCatalogFieldOptions = (companyId: number, key: string | null) =>
  useQuery({
    queryKey: documentationKeys.catalog(companyId, key ?? ''),
    enabled: key !== null && catalogRequest(key) !== null,
    staleTime: 5 * 60_000,
    meta: { silent: true },
    queryFn: async ({ signal }): Promise<Option[]> => {
      const req = catalogRequest(key ?? '');
      const query = { company_id: companyId, page: 1, limit: 500, sort: 'title', order: 'asc' } as const;
      const page =
        req?.kind === 'methods'
          ? await api(catalogRoutes.methods.list, { query, signal, loading: false })
          : await api(catalogRoutes.generic.list, {
              params: { type: req?.type ?? 0 },
              query,
              signal,
              loading: false,
            });
      return page.items.map((e) => ({ value: e.title, label: e.code ? `${e.code} — ${e.title}` : e.title }));
    },
  });

export function catalogRequest(key: string): { kind: 'methods' } | { kind: 'generic'; type: number } | null {
  if (key === 'methods') return { kind: 'methods' };
  const m = /^generic_(\d+)$/.exec(key);
  return m ? { kind: 'generic', type: Number(m[1]) } : null;
}
