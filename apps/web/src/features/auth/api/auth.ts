import { queryOptions, useQuery } from '@tanstack/react-query';
import { authRoutes, type LoginBody, type RegisterBody } from '@zakupki/shared/api/auth';
import type { RouteResponse } from '@zakupki/shared/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { type MutationExtras, useInvalidatingMutation } from '../../../lib/query-hooks';
import { queryRoots } from '../../../lib/query-keys';

export const authKeys = {
  registration: (number: string) => [...queryRoots.auth, 'registration', number] as const,
};

/** GET /api/auth/registrations/:number; refreshed every 30 s while the request waits. */
export const registrationStatusQuery = (number: string) =>
  queryOptions({
    queryKey: authKeys.registration(number),
    queryFn: ({ signal }) =>
      api(authRoutes.registrationStatus, { params: { number }, signal, loading: false }),
    meta: { silent: true },
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? 30_000 : false),
  });
export const useRegistrationStatus = (number: string) => useQuery(registrationStatusQuery(number));

// Logging in, registering and resetting a password change no cached data: the session starts or
// ends through lib/session.ts, which clears the cache itself.

export const useLogin = (
  extra?: MutationExtras<RouteResponse<typeof authRoutes.login>, z.input<typeof LoginBody>>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: z.input<typeof LoginBody>) =>
        api(authRoutes.login, { body, loading: 'вход в систему' }),
    },
    extra,
  );

export const useRegister = (
  extra?: MutationExtras<RouteResponse<typeof authRoutes.register>, RegisterBody>,
) =>
  useInvalidatingMutation(
    {
      mutationFn: (body: RegisterBody) =>
        api(authRoutes.register, { body, loading: 'отправка заявки на регистрацию' }),
    },
    extra,
  );

type ResetBody = { login: string; email_code: string; new_password: string };
export const useResetPassword = (
  extra?: MutationExtras<RouteResponse<typeof authRoutes.resetPassword>, ResetBody>,
) =>
  useInvalidatingMutation(
    { mutationFn: (body: ResetBody) => api(authRoutes.resetPassword, { body, loading: 'смена пароля' }) },
    extra,
  );
