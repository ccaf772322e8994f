import { notices } from '../components/notices/notices.store';
import { mapError } from './http-errors';

let onUnauthorized: () => void = () => {};

/** The session module says how a 401 ends the session (log out, go to /login). */
export function setUnauthorizedHandler(fn: () => void) {
  onUnauthorized = fn;
}

/** Shows a failed request the way docs/product.md §8 says: 401 logs out, everything else is an error notice. */
export function reportApiError(err: unknown) {
  if ((err as Error)?.name === 'AbortError') return;
  const action = mapError(err);
  if (action.kind === 'logout') {
    onUnauthorized();
    return;
  }
  notices.error(action.header, action.message, { code: action.code });
}
