import { authRoutes } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: { login: string; email_code: string; new_password: string }) =>
  api(authRoutes.resetPassword, { body, loading: 'смена пароля' });
