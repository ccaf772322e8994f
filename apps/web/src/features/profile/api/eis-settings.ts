import { queryOptions, useQuery } from '@tanstack/react-query';
import { companyRoutes, type EisSettings, type EisSettingsInput } from '@zakupki/shared/api/companies';
import { api } from '../../../lib/api-client';
import { type MutationExtras, type QueryExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { profileKeys } from './keys';

export const eisSettingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: profileKeys.eisSettings(companyId),
    queryFn: ({ signal }) =>
      api(companyRoutes.eisSettings.get, { params: { id: companyId }, signal, loading: false }),
  });
export const useEisSettings = (companyId: number, extra?: QueryExtras) =>
  useQuery({ ...eisSettingsQuery(companyId), ...extra });

/** PUT /api/companies/:id/eis_settings; the answer replaces the cached settings. */
export const useSaveEisSettings = (
  companyId: number,
  extra?: MutationExtras<EisSettings, EisSettingsInput>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: EisSettingsInput) =>
        api(companyRoutes.eisSettings.update, {
          params: { id: companyId },
          body,
          loading: 'сохранение настроек ЕИС',
        }),
      update: (qc, s) => qc.setQueryData(profileKeys.eisSettings(companyId), s),
    },
    extra,
  );
