import { authRoutes } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';

export const changePassword = (body: { current_password: string; new_password: string }) =>
  api(authRoutes.changePassword, { body, loading: 'смена пароля' });
