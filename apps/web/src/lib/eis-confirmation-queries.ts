import { useQuery } from '@tanstack/react-query';
import { EIS_CONFIRMATION_IDS_MAX, type EisConfirmation, eisSyncRoutes } from '@zakupki/shared/api/eis-sync';
import { api } from './api-client';
import { type EisConfirmedEntity, eisConfirmationKeys } from './eis-confirmation-keys';

/**
 * The EIS confirmation marks of the rows a register shows: one request per page
 * (`GET …/eis_sync/confirmations?entity=&ids=`), never one per row. Answers a lookup by object
 * id; an object without a mark (never checked) is absent. Errors stay silent: a register without
 * its marks is still the register.
 */
export function useEisConfirmations(
  companyId: number | null | undefined,
  entity: EisConfirmedEntity,
  ids: readonly number[],
) {
  const page = [...new Set(ids)].slice(0, EIS_CONFIRMATION_IDS_MAX);
  const q = useQuery({
    queryKey: eisConfirmationKeys.of(companyId ?? 0, entity, page),
    queryFn: ({ signal }) =>
      api(eisSyncRoutes.confirmations, {
        params: { company_id: companyId ?? 0 },
        query: { entity, ids: page },
        signal,
        loading: false,
      }),
    enabled: !!companyId && page.length > 0,
    meta: { silent: true },
    select: (r) => new Map<number, EisConfirmation>(r.items.map((i) => [i.entity_id, i])),
  });
  return q.data ?? NO_MARKS;
}

const NO_MARKS: ReadonlyMap<number, EisConfirmation> = new Map();
