import { useMutation, useQuery } from '@tanstack/react-query';
import { type NmckApplyInput, type NmckSourceInput, nmckRoutes } from '@zakupki/shared/api/nmck';
import { api } from '../../../lib/api-client';
import { downloadRoute } from '../../../lib/download';
import { useInvalidatingMutation } from '../../../lib/query-hooks';
import { nmckKeys } from './keys';

const params = (companyId: number, id: number) => ({ company_id: companyId, id });

/** The justification of a procurement: items, sources, statistics, results. */
export const useNmck = (companyId: number, id: number) =>
  useQuery({
    queryKey: nmckKeys.justification(companyId, id),
    queryFn: ({ signal }) => api(nmckRoutes.get, { params: params(companyId, id), signal, loading: false }),
  });

/** Contract items of the own register for an item's ОКПД2 and unit. */
export const useComparable = (companyId: number, id: number, okpd2: string | null, okei: string | null) =>
  useQuery({
    queryKey: nmckKeys.comparable(companyId, id, okpd2 ?? '', okei ?? ''),
    enabled: !!okpd2,
    queryFn: ({ signal }) =>
      api(nmckRoutes.comparable, {
        params: params(companyId, id),
        query: { okpd2: okpd2 ?? '', ...(okei ? { okei } : {}), limit: 20 },
        signal,
        loading: false,
      }),
  });

const invalidates = (companyId: number) => () => [nmckKeys.procurements(companyId)];

export const useAddSource = (companyId: number, id: number) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: NmckSourceInput) =>
        api(nmckRoutes.addSource, { params: params(companyId, id), body, loading: 'добавление цены' }),
      invalidates: invalidates(companyId),
    },
    { meta: { handled: true } },
  );

export const useRemoveSource = (companyId: number, id: number) =>
  useInvalidatingMutation({
    mutationFn: (sourceId: number) =>
      api(nmckRoutes.removeSource, {
        params: { ...params(companyId, id), source_id: sourceId },
        loading: 'удаление цены',
      }),
    invalidates: invalidates(companyId),
  });

export const useApplyNmck = (companyId: number, id: number) =>
  useInvalidatingMutation({
    mutationFn: (body: NmckApplyInput) =>
      api(nmckRoutes.apply, { params: params(companyId, id), body, loading: 'применение обоснования' }),
    invalidates: invalidates(companyId),
  });

export const useGenerateNmck = (companyId: number, id: number) =>
  useInvalidatingMutation({
    mutationFn: () =>
      api(nmckRoutes.generate, { params: params(companyId, id), loading: 'формирование обоснования' }),
    invalidates: invalidates(companyId),
  });

/** «Обоснование НМЦД» as DOCX or PDF (a failure, e.g. no LibreOffice, is the usual notice). */
export const useNmckDownload = (companyId: number, id: number, number: string) =>
  useMutation({
    mutationFn: (format: 'docx' | 'pdf') =>
      downloadRoute(
        format === 'docx' ? nmckRoutes.docx : nmckRoutes.pdf,
        { params: params(companyId, id) },
        `Обоснование НМЦД ${number}.${format}`,
        `формирование обоснования НМЦД (${format.toUpperCase()})`,
      ),
  });

/** An offer's file: `attach` uploads (or replaces) it, `remove` detaches it; a refusal is the usual notice. */
export function useOfferFile(companyId: number, id: number) {
  const p = (sourceId: number) => ({ ...params(companyId, id), source_id: sourceId });
  return {
    attach: useInvalidatingMutation({
      mutationFn: ({ sourceId, file }: { sourceId: number; file: File }) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return api(nmckRoutes.offerFile, {
          params: p(sourceId),
          body,
          loading: 'загрузка файла предложения',
        });
      },
      invalidates: invalidates(companyId),
    }),
    remove: useInvalidatingMutation({
      mutationFn: (sourceId: number) =>
        api(nmckRoutes.removeOfferFile, { params: p(sourceId), loading: 'удаление файла предложения' }),
      invalidates: invalidates(companyId),
    }),
  };
}
