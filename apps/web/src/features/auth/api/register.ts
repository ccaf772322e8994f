import { authRoutes, type RegisterBody } from '@zakupki/shared/api/auth';
import { api } from '../../../lib/api-client';

export const register = (body: RegisterBody) =>
  api(authRoutes.register, { body, loading: 'отправка заявки на регистрацию' });
