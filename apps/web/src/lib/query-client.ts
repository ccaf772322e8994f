import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportApiError } from './error-handler';
import { ApiError } from './http-errors';

/**
 * Per query / mutation: `silent` shows nothing (console only); `form` leaves validation errors
 * to the form; `handled` leaves every error to the caller's onError.
 */
export type AppQueryMeta = { silent?: boolean; form?: boolean; handled?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
    mutationMeta: AppQueryMeta;
  }
}

const isClientError = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500;

export function createQueryClient() {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (err, query) => {
        if (query.meta?.silent) console.error(err);
        else reportApiError(err);
      },
    }),
    mutationCache: new MutationCache({
      onError: (err, _vars, _ctx, mutation) => {
        if (mutation.meta?.handled) return;
        if (mutation.meta?.silent) return console.error(err);
        if (mutation.meta?.form && err instanceof ApiError && err.issues.length) return;
        reportApiError(err);
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, err) => !isClientError(err) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
