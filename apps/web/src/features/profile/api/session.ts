import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { profileKeys } from './keys';

export const sessionQuery = queryOptions({
  queryKey: profileKeys.session(),
  queryFn: ({ signal }) => api(authRoutes.session, { signal, loading: false }),
});
export const useSessionInfo = () => useQuery(sessionQuery);

type PasswordBody = { current_password: string; new_password: string };

/** POST /api/auth/password; the server ends the account's other sessions, this one stays. */
export const useChangePassword = (extra?: MutationExtras<unknown, PasswordBody>) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: PasswordBody) =>
        api(authRoutes.changePassword, { body, loading: 'смена пароля' }) as Promise<unknown>,
    },
    extra,
  );
