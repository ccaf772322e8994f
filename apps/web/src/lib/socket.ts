import {
  type AuthClientEvents,
  type AuthServerEvents,
  NS_AUTH,
  NS_UNAUTH,
  type UnauthClientEvents,
  type UnauthServerEvents,
} from '@zakupki/shared/sockets';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { createStore } from './store';

/**
 * Socket.IO connections of docs/product.md §7: `/unauth` before login, `/auth` after, authenticated by the
 * HttpOnly session cookie that the browser sends with the handshake (same origin).
 */
export type AuthSocket = Socket<AuthServerEvents, AuthClientEvents>;
export type UnauthSocket = Socket<UnauthServerEvents, UnauthClientEvents>;

/** Retry without end, 1 s growing to at most 5 s (docs/product.md §4). */
export const SOCKET_OPTIONS: Partial<ManagerOptions & SocketOptions> = {
  path: '/socket.io',
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
};

/** State of the authenticated socket: 'down' after a failed connection or an unexpected disconnect. */
export type AuthSocketState = 'off' | 'connecting' | 'up' | 'down';
export const authSocketState = createStore<AuthSocketState>('off');

let unauth: UnauthSocket | null = null;
let auth: AuthSocket | null = null;
let manualRetry: ReturnType<typeof setTimeout> | null = null;

export const socketHost = () => window.location.host;

export function getUnauthSocket(): UnauthSocket | null {
  return unauth;
}

export function getAuthSocket(): AuthSocket | null {
  return auth;
}

export function openUnauthSocket(): UnauthSocket {
  if (unauth) return unauth;
  unauth = io(NS_UNAUTH, SOCKET_OPTIONS) as UnauthSocket;
  return unauth;
}

export function closeUnauthSocket() {
  unauth?.disconnect();
  unauth = null;
}

export type AuthSocketHooks = {
  /** the server refused the token or dropped the socket: check whether the session still lives */
  onRejected: () => Promise<boolean>;
};

/**
 * Opens `/auth` (the session cookie goes with the handshake). Socket.IO reconnects by itself after network failures;
 * after a refusal by the server it does not, so we check the session and retry by hand.
 */
export function openAuthSocket(hooks: AuthSocketHooks): AuthSocket {
  closeAuthSocket();
  const s = io(NS_AUTH, { ...SOCKET_OPTIONS, withCredentials: true }) as AuthSocket;
  auth = s;
  authSocketState.set('connecting');
  let delay = SOCKET_OPTIONS.reconnectionDelay ?? 1000;
  const retryByHand = async () => {
    if (auth !== s) return;
    const alive = await hooks.onRejected().catch(() => true);
    if (!alive || auth !== s) return;
    manualRetry = setTimeout(() => {
      if (auth === s && !s.connected) s.connect();
    }, delay);
    delay = Math.min(delay * 2, SOCKET_OPTIONS.reconnectionDelayMax ?? 5000);
  };
  s.on('connect', () => {
    delay = SOCKET_OPTIONS.reconnectionDelay ?? 1000;
    authSocketState.set('up');
  });
  s.on('connect_error', () => {
    if (auth !== s) return;
    authSocketState.set('down');
    if (!s.active) void retryByHand();
  });
  s.on('disconnect', (reason) => {
    if (auth !== s || reason === 'io client disconnect') return;
    authSocketState.set('down');
    if (reason === 'io server disconnect') void retryByHand();
  });
  return s;
}

export function closeAuthSocket() {
  if (manualRetry) clearTimeout(manualRetry);
  manualRetry = null;
  const s = auth;
  auth = null;
  s?.disconnect();
  authSocketState.set('off');
}
