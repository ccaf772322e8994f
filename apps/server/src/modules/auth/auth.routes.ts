import { authRoutes, EmailServiceRequest } from '@zakupki/shared';
import type { FastifyInstance } from 'fastify';
import { addressKey, requestAddress } from '../../lib/client-address.js';
import { addRoute } from '../../lib/route.js';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.js';
import { defineModule } from '../../plugins/module.js';
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
import { admitEmailCodeRequest, resendWaitSeconds } from './email-codes.service.js';
import { globalHoldOn } from './login-code.service.js';

function registerRoutes(app: FastifyInstance) {
  const deps = () => app.deps;

  addRoute(app, authRoutes.login, async ({ body, req, reply }) => {
    const session = await login(deps(), body, { ip: req.ip, userAgent: req.headers['user-agent'] });
    // the web app's session: an HttpOnly cookie; API clients use the token of the body as Bearer
    setSessionCookie(req, reply, session.token, app.deps.config.session.maxMs);
    return session;
  });
  addRoute(app, authRoutes.session, async ({ actor }) => sessionInfo(deps(), actor.userId));
  addRoute(app, authRoutes.logout, async ({ actor, req, reply }) => {
    await logout(deps(), actor);
    clearSessionCookie(req, reply);
    return null;
  });
  addRoute(app, authRoutes.register, async ({ body }) => register(deps(), body));
  addRoute(app, authRoutes.registrationStatus, async ({ params }) =>
    registrationStatus(deps(), params.number),
  );
  addRoute(app, authRoutes.changePassword, async ({ actor, body }) => {
    await changePassword(deps(), actor, body.current_password, body.new_password);
    return null;
  });
  addRoute(app, authRoutes.resetPassword, async ({ body }) => {
    await resetPassword(deps(), body.login, body.email_code, body.new_password);
    return null;
  });
}

/** /unauth: emailServiceRequest -> emailServiceReceived, then (from the job) emailServiceResponse. */
function registerSockets(app: FastifyInstance) {
  /** E-mail codes each `/unauth` connection has had sent. */
  const codesAsked = new WeakMap<object, number>();
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
    const refuse = (error: string) =>
      socket.emit('emailServiceResponse', { ok: false, error, ...parsed.data });
    // per socket: counted on the node that holds the connection
    const asked = (codesAsked.get(socket) ?? 0) + 1;
    if (asked > app.deps.config.emailCode.perSocket) {
      refuse('С этой страницы запрошено слишком много кодов. Обновите страницу и попробуйте позже');
      return;
    }
    if (parsed.data.purpose === 'login' && !(await globalHoldOn(app.deps))) {
      refuse(
        'Вход по коду из письма нужен, только пока вход с новых адресов ограничен. Войдите с логином и паролем',
      );
      return;
    }
    const wait = await resendWaitSeconds(app.deps, parsed.data.email, parsed.data.purpose);
    if (wait > 0) {
      refuse(`Код уже отправлен. Повторно запросить код можно через ${wait} с`);
      return;
    }
    const address = addressKey(requestAddress(socket.request, app.deps.config.trustProxy));
    const refusal = await admitEmailCodeRequest(app.deps, address, parsed.data.email, parsed.data.purpose);
    if (refusal) {
      refuse(refusal);
      return;
    }
    codesAsked.set(socket, asked);
    socket.emit('emailServiceReceived', { email: parsed.data.email, purpose: parsed.data.purpose });
    await app.deps.jobs.send(sendEmailCodeJob, { ...parsed.data, socket_id: socket.id });
  });
}

export const authModule = defineModule({
  name: 'auth',
  routes: registerRoutes,
  sockets: registerSockets,
  jobs: [sendEmailCodeJob],
});
