import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RnpLoadResult, type RnpLookupQuery, rnpRoutes } from '@zakupki/shared/api/rnp';
import { api } from '../../../lib/api-client';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { rnpKeys } from './keys';

export const rnpStatusQuery = () =>
  queryOptions({
    queryKey: rnpKeys.status(),
    queryFn: ({ signal }) => api(rnpRoutes.status, { signal, loading: false }),
  });

/** Whether the register is loaded, and which file. */
export const useRnpStatus = () => useQuery(rnpStatusQuery());

/** The entries of an ИНН (null: nothing asked yet). */
export const useRnpLookup = (q: RnpLookupQuery | null) =>
  useQuery({
    queryKey: rnpKeys.lookup(q ?? { inn: '' }),
    queryFn: ({ signal }) =>
      api(rnpRoutes.lookup, { query: q ?? { inn: '' }, signal, loading: 'поиск в РНП' }),
    enabled: q !== null,
  });

export type RnpUpload = { file: File; law: '' | '44-fz' | '223-fz' };

/** Replaces the register with a file (admin); the state and the lookups are refreshed. */
export const useLoadRnp = (extra?: MutationExtras<RnpLoadResult, RnpUpload>) =>
  useInvalidatingMutation(
    {
      mutationFn: ({ file, law }: RnpUpload) => {
        const body = new FormData();
        if (law) body.append('law', law);
        body.append('file', file, file.name);
        return api(rnpRoutes.load, { body, loading: 'загрузка реестра недобросовестных поставщиков' });
      },
      invalidates: () => [rnpKeys.all()],
    },
    extra,
  );
