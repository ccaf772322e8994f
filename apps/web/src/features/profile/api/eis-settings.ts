import { queryOptions } from '@tanstack/react-query';
import { companyRoutes, type EisSettingsInput } from '@zakupki/shared/api/companies';
import { api } from '../../../lib/api-client';

export const eisSettingsQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['companies', companyId, 'eis_settings'],
    queryFn: ({ signal }) =>
      api(companyRoutes.eisSettings.get, { params: { id: companyId }, signal, loading: false }),
  });

export const saveEisSettings = (companyId: number, body: EisSettingsInput) =>
  api(companyRoutes.eisSettings.update, {
    params: { id: companyId },
    body,
    loading: 'сохранение настроек ЕИС',
  });
