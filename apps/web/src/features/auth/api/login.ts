import { authRoutes, type LoginBody } from '@zakupki/shared/api/auth';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export const login = (body: z.input<typeof LoginBody>) =>
  api(authRoutes.login, { body, loading: 'вход в систему' });
