import { authRoutes, type LoginResponse, type SessionInfo } from '@zakupki/shared/api/auth';
import { notices } from '../components/notices/notices.store';
import { api } from './api-client';
import { selectCompany, writeStoredCompanyId } from './company';
import { setUnauthorizedHandler } from './error-handler';
import { ApiError } from './http-errors';
import { loading } from './loading';
import { queryClient } from './query-client';
import { attachAuthHandlers, ensureUnauthSocket } from './realtime';
import {
  clearSessionCookies,
  currentSession,
  readSessionCookies,
  type Session,
  sessionStore,
  writeSessionCookies,
} from './session-store';
import { closeAuthSocket, closeUnauthSocket, openAuthSocket } from './socket';

/**
 * Session lifecycle (docs/product.md §4): restore from cookies at start (only when user and company
 * exist and the server confirms the HttpOnly session cookie), login, logout, expiry on 401.
 */

/** Is the session still alive on the server? (after the socket was refused) */
async function sessionAlive(): Promise<boolean> {
  try {
    await api(authRoutes.session, { loading: false });
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      endSession('expired');
      return false;
    }
    return true;
  }
}

function begin(s: Session) {
  writeSessionCookies(s);
  sessionStore.set({ status: 'authenticated', ...s });
  if (s.user.role === 'client') selectCompany(s.company, false);
  closeUnauthSocket();
  const socket = openAuthSocket({ onRejected: sessionAlive });
  // stored notifications are not shown again as notices: they live in the header's bell
  attachAuthHandlers(socket);
}

/** At start: restore the session from cookies, or open the unauthenticated socket. */
export async function restoreSession(): Promise<void> {
  setUnauthorizedHandler(() => endSession('expired'));
  const saved = readSessionCookies();
  if (!saved) {
    sessionStore.set({ status: 'anonymous' });
    ensureUnauthSocket();
    return;
  }
  sessionStore.set({ status: 'restoring' });
  try {
    const info = await api(authRoutes.session, { loading: false });
    begin(fromInfo(info));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) clearSessionCookies();
    else console.error('Session check failed', err);
    sessionStore.set({ status: 'anonymous' });
    ensureUnauthSocket();
  }
}

const fromInfo = (i: SessionInfo) => ({
  user: i.user,
  company: i.company,
  contact: i.contact,
  early_access: i.early_access,
});

/** After POST /api/auth/login (its answer also set the session cookie; the token of the body is for API clients). */
export function completeLogin(res: LoginResponse) {
  queryClient.clear();
  begin(fromInfo(res));
}

/**
 * Ends the session locally: state, cookies, selected company, sockets, cached data. On expiry
 * (a 401) the server is told too: only it can clear the HttpOnly session cookie (a dead session's
 * cookie is cleared by that answer, a live one is revoked), so nothing of the session outlives
 * the page's view of it.
 */
export function endSession(reason: 'logout' | 'expired' = 'logout') {
  if (sessionStore.get().status === 'anonymous') return;
  if (reason === 'expired') {
    api(authRoutes.logout, { loading: false }).catch(() => {
      // 401 when the session is already dead: its cookie is cleared all the same
    });
  }
  closeAuthSocket();
  clearSessionCookies();
  writeStoredCompanyId(null);
  selectCompany(null, false);
  sessionStore.set({ status: 'anonymous' });
  queryClient.clear();
  notices.clear();
  loading.reset();
  ensureUnauthSocket();
  if (reason === 'expired') notices.info('Сеанс завершён', 'Войдите в систему снова');
}

/** «Выход» after confirmation: revoke the session on the server (which clears its cookie), then end it here. */
export async function logout() {
  // the server drops this session's sockets on logout: close ours first so that drop is not
  // taken for a lost session
  closeAuthSocket();
  if (currentSession()) {
    try {
      await api(authRoutes.logout, { loading: 'выход из системы' });
    } catch (err) {
      console.error('Logout request failed', err);
    }
  }
  endSession();
}

/** Keeps the session in step with GET /api/auth/session (e.g. after the profile changed). */
export function updateSessionInfo(info: SessionInfo) {
  const s = currentSession();
  if (!s) return;
  const next = { ...s, ...fromInfo(info) };
  writeSessionCookies(next);
  sessionStore.set({ status: 'authenticated', ...next });
}
