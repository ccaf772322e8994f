import {
  type QueryClient,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { AppQueryMeta } from './query-client';

/**
 * The building blocks of the features' `api/` hooks (docs/web.md, «Data calls»). A screen never
 * calls `api()` or `useMutation` itself: it calls a hook of its feature's `api/`, which owns the
 * request, the query key (from the feature's key factory) and what a change makes stale.
 */

/** What a screen may add to a query hook: whether it runs and how errors and freshness are handled. */
export type QueryExtras = {
  enabled?: boolean;
  meta?: AppQueryMeta;
  staleTime?: number;
  retry?: number | boolean;
  refetchInterval?: number | false;
};

/** What a screen adds to a mutation hook: its notices, form errors, navigation and error meta. */
export type MutationExtras<TData, TVars> = Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'>;

/**
 * A mutation that owns its cache: on success `update` writes the answer into the cache where a
 * query holds the same thing, every key `invalidates` returns is invalidated by prefix (keys come
 * from the key factories), then the screen's own onSuccess runs.
 */
export function useInvalidatingMutation<TData, TVars = void>(
  def: {
    mutationFn: (vars: TVars) => Promise<TData>;
    update?: (qc: QueryClient, data: TData, vars: TVars) => void;
    invalidates?: (data: TData, vars: TVars) => readonly QueryKey[];
  },
  extra: MutationExtras<TData, TVars> = {},
) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...extra,
    mutationFn: def.mutationFn,
    onSuccess: (data, vars, result, ctx) => {
      def.update?.(qc, data, vars);
      for (const queryKey of def.invalidates?.(data, vars) ?? []) void qc.invalidateQueries({ queryKey });
      return extra.onSuccess?.(data, vars, result, ctx);
    },
  });
}
