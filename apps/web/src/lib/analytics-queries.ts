import { useQuery } from '@tanstack/react-query';
import { analyticsRoutes, type FlagObject } from '@zakupki/shared/api/analytics';
import { analyticsKeys } from './analytics-keys';
import { api } from './api-client';

/** The red flags of one contract or procurement (its card), of every date. */
export const useObjectFlags = (companyId: number, objectType: FlagObject, objectId: number) =>
  useQuery({
    queryKey: analyticsKeys.flags(companyId, { object_type: objectType, object_id: objectId }),
    queryFn: ({ signal }) =>
      api(analyticsRoutes.flags, {
        params: { company_id: companyId },
        query: { object_type: objectType, object_id: objectId },
        signal,
        loading: false,
      }),
    enabled: companyId > 0 && objectId > 0,
  });
