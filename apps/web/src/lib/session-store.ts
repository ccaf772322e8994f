import type { CompanyRef, SessionInfo, SessionUser } from '@zakupki/shared/api/auth';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { createStore, useStore } from './store';

/**
 * The session of docs/product.md §3: user (with role), company, contact, early_access. Its token is an
 * HttpOnly cookie that the server sets at login and clears at logout: no script of the page can
 * read it, so a script injected into the page cannot steal it.
 */
export type Session = {
  user: SessionUser;
  company: CompanyRef | null;
  contact: SessionInfo['contact'];
  early_access: boolean;
};

export type SessionState =
  | { status: 'restoring' }
  | { status: 'anonymous' }
  | ({ status: 'authenticated' } & Session);

export const sessionStore = createStore<SessionState>({ status: 'anonymous' });

export const useSession = () => useStore(sessionStore);

/** The logged-in session, or null. */
export function currentSession(): Session | null {
  const s = sessionStore.get();
  return s.status === 'authenticated' ? s : null;
}

/**
 * The cookies the web app writes and reads (docs/product.md §3 names): what the page shows before the
 * server answers. `token` is the server's HttpOnly cookie; a `token` cookie that an older version
 * of the app wrote from script is deleted with these.
 */
export const SESSION_COOKIES = ['user', 'company', 'contact', 'early_access'] as const;
/** Cookies live as long as the server's longest session (30 days); the server decides validity. */
const COOKIE_MAX_AGE = 30 * 24 * 3600;

export function writeSessionCookies(s: Session) {
  setCookie('user', JSON.stringify(s.user), COOKIE_MAX_AGE);
  setCookie('company', JSON.stringify(s.company), COOKIE_MAX_AGE);
  if (s.contact) setCookie('contact', JSON.stringify(s.contact), COOKIE_MAX_AGE);
  else deleteCookie('contact');
  setCookie('early_access', String(s.early_access), COOKIE_MAX_AGE);
}

export function clearSessionCookies() {
  for (const name of [...SESSION_COOKIES, 'token']) deleteCookie(name);
}

function parseJson<T>(raw: string | null): T | undefined {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return undefined;
  }
}

/**
 * The session saved in cookies, only when user and company both exist (docs/product.md §4: with the
 * token, which only the server sees); the server still has to confirm it.
 */
export function readSessionCookies(): Session | null {
  const user = parseJson<SessionUser>(getCookie('user'));
  const companyRaw = getCookie('company');
  const company = parseJson<CompanyRef | null>(companyRaw);
  if (!user || typeof user !== 'object' || companyRaw === null || company === undefined) return null;
  return {
    user,
    company,
    contact: parseJson<SessionInfo['contact']>(getCookie('contact')) ?? null,
    early_access: getCookie('early_access') === 'true',
  };
}
