import { authRoutes, EmailServiceRequest } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route.js';
import type { ModuleJobs } from '../index.js';
import { sendEmailCodeJob } from './auth.jobs.js';
import {
  changePassword,
  login,
  logout,
  register,
  registrationStatus,
  resetPassword,
  sessionInfo,
} from './auth.service.js';
import { resendWaitSeconds } from './email-codes.service.js';

export function authModule(app: FastifyInstance): ModuleJobs {
  const deps = () => app.deps;

  addRoute(app, authRoutes.login, async ({ body, req }) =>
    login(deps(), body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
  );
  addRoute(app, authRoutes.session, async ({ actor }) => sessionInfo(app.deps.db, actor.userId));
  addRoute(app, authRoutes.logout, async ({ actor }) => {
    await logout(deps(), actor);
    return null;
  });
  addRoute(app, authRoutes.register, async ({ body }) => register(deps(), body));
  addRoute(app, authRoutes.registrationStatus, async ({ params }) =>
    registrationStatus(app.deps.db, params.number),
  );
  addRoute(app, authRoutes.changePassword, async ({ actor, body }) => {
    await changePassword(deps(), actor, body.current_password, body.new_password);
    return null;
  });
  addRoute(app, authRoutes.resetPassword, async ({ body }) => {
    await resetPassword(deps(), body.login, body.email_code, body.new_password);
    return null;
  });

  // /unauth: emailServiceRequest -> emailServiceReceived, then (from the job) emailServiceResponse
  app.deps.sockets.onUnauth('emailServiceRequest', async (socket, payload) => {
    const parsed = EmailServiceRequest.safeParse(payload);
    if (!parsed.success) {
      const p = (payload ?? {}) as { email?: string; purpose?: string };
      socket.emit('emailServiceResponse', {
        ok: false,
        error: parsed.error.issues.map((i) => i.message).join(', '),
        email: String(p.email ?? ''),
        purpose: String(p.purpose ?? ''),
      });
      return;
    }
    const wait = await resendWaitSeconds(
      app.deps.db,
      parsed.data.email,
      parsed.data.purpose,
      app.deps.config.emailCode.resendMs,
    );
    if (wait > 0) {
      socket.emit('emailServiceResponse', {
        ok: false,
        error: `Код уже отправлен. Повторно запросить код можно через ${wait} с`,
        ...parsed.data,
      });
      return;
    }
    socket.emit('emailServiceReceived', { email: parsed.data.email, purpose: parsed.data.purpose });
    await app.deps.jobs.send(sendEmailCodeJob, { ...parsed.data, socket_id: socket.id });
  });
  return [sendEmailCodeJob];
}
