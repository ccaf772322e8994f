import { useQuery } from '@tanstack/react-query';
import { type EisSyncOverview, type EisSyncSettingsInput, eisSyncRoutes } from '@zakupki/shared';
import { api } from '../../../lib/api-client';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { profileKeys } from './keys';

/** GET …/eis_sync: token set, regions, connection state, last runs (polled while a run is open). */
export const useEisSync = (companyId: number) =>
  useQuery({
    queryKey: profileKeys.eisSync(companyId),
    queryFn: ({ signal }) =>
      api(eisSyncRoutes.overview, { params: { company_id: companyId }, signal, loading: false }),
    refetchInterval: (q) =>
      q.state.data?.runs.some((r) => r.status === 'queued' || r.status === 'running') ? 2000 : false,
  });

export const useSaveEisSync = (
  companyId: number,
  extra?: MutationExtras<EisSyncOverview, EisSyncSettingsInput>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: EisSyncSettingsInput) =>
        api(eisSyncRoutes.save, {
          params: { company_id: companyId },
          body,
          loading: 'сохранение токена ЕИС',
        }),
      update: (qc, s) => qc.setQueryData(profileKeys.eisSync(companyId), s),
    },
    extra,
  );

/** «Проверить подключение». */
export const useCheckEis = (companyId: number) =>
  useInvalidatingMutation({
    mutationFn: () =>
      api(eisSyncRoutes.check, { params: { company_id: companyId }, loading: 'проверка подключения к ЕИС' }),
    invalidates: () => [profileKeys.eisSync(companyId)],
  });

/** «Синхронизировать сейчас». */
export const useSyncNow = (companyId: number) =>
  useInvalidatingMutation({
    mutationFn: () =>
      api(eisSyncRoutes.run, { params: { company_id: companyId }, loading: 'запуск синхронизации с ЕИС' }),
    invalidates: () => [profileKeys.eisSync(companyId)],
  });
