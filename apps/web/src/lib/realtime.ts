import {
  AUTH_SERVER_EVENTS,
  type AuthClientEvents,
  type AuthServerEvents,
  type Pushed,
  type UnauthClientEvents,
  type UnauthServerEvents,
} from '@zakupki/shared/sockets';
import { useEffect, useRef } from 'react';
import { notices } from '../components/notices/notices.store';
import { loading } from './loading';
import { queryClient } from './query-client';
import { queryRoots } from './query-keys';
import {
  type AuthSocket,
  getAuthSocket,
  getUnauthSocket,
  openUnauthSocket,
  type UnauthSocket,
} from './socket';

/**
 * Server pushes on `/auth`: each one that carries a stored notification (status, header,
 * message, code) becomes a notice, invalidates the queries it makes stale, resets the global
 * loading flag and reaches the features that listen with `useAuthEvent`.
 */
export const PUSHED_EVENTS = [...AUTH_SERVER_EVENTS, 'notification'] as const;
type AuthEvent = keyof AuthServerEvents;
type UnauthEvent = keyof UnauthServerEvents;

/**
 * Query-key prefixes each push makes stale. Feature modules key their queries with these
 * prefixes (['contracts', …], ['documents', …]) so that a finished job refreshes the screen.
 */
const q = queryRoots;
export const SOCKET_INVALIDATES: Partial<Record<AuthEvent, (readonly string[])[]>> = {
  readyDocumentResponse: [q.documents, q.files],
  eisPlanResponse: [q.eisPlans],
  notificationMapInvoiceItemsResponse: [q.contracts, q.imports],
  notificationEisContractsResponse: [q.contracts, q.imports],
  notificationImportPaymentsResponse: [q.contracts, q.imports],
  notificationPerfomanceContractResponse: [q.contracts],
  reportCreateResponse: [q.contracts, q.reports],
  copyProcurementRuleResponse: [q.procurementRules],
  notification: [q.notifications],
};

/**
 * Generic `notification` pushes whose kind changes what registers show: an EIS sync run's result
 * (`eisSync`) brings new documents and confirmation marks to the plans, procurements, contracts
 * and the compliance calendar of a page already open.
 */
export const NOTIFICATION_KIND_INVALIDATES: Record<string, (readonly string[])[]> = {
  eisSync: [q.eisPlans, q.procurements, q.contracts, q.compliance],
};

const kindOf = (payload: unknown) =>
  payload && typeof payload === 'object' ? (payload as { kind?: unknown }).kind : undefined;

type Handler = (payload: unknown) => void;
const authListeners = new Map<string, Set<Handler>>();
const unauthListeners = new Map<string, Set<Handler>>();

function listen(map: Map<string, Set<Handler>>, event: string, h: Handler) {
  const set = map.get(event) ?? new Set();
  set.add(h);
  map.set(event, set);
  return () => {
    set.delete(h);
  };
}

function emitLocal(map: Map<string, Set<Handler>>, event: string, payload: unknown) {
  for (const h of [...(map.get(event) ?? [])]) {
    try {
      h(payload);
    } catch (err) {
      console.error(err);
    }
  }
}

export function isPushed(p: unknown): p is Pushed {
  if (!p || typeof p !== 'object') return false;
  const o = p as Record<string, unknown>;
  return (
    typeof o.header === 'string' &&
    typeof o.message === 'string' &&
    (o.status === 'pending' || o.status === 'success' || o.status === 'warning' || o.status === 'error')
  );
}

/** Id of the pending notice of an import started from this page (see `importNoticeId`). */
export const importNoticeId = (importId: number) => `import:${importId}`;

/** The import a push is about, when it says. */
function importIdOf(payload: unknown): number | null {
  const id = payload && typeof payload === 'object' ? (payload as { import_id?: unknown }).import_id : null;
  return typeof id === 'number' ? id : null;
}

export const MSG_REFUSED_HEADER = 'Запрос отклонён сервером';

/**
 * The server refused a request of this connection (too many in a short time, issue 26 item 6):
 * it was not processed, so the waiting ends and the user reads why.
 */
export function showRequestRefused(payload: unknown) {
  loading.resetSocket();
  const error = payload && typeof payload === 'object' ? (payload as { error?: unknown }).error : null;
  notices.show({
    id: 'socket:request-refused',
    status: 'error',
    header: MSG_REFUSED_HEADER,
    message:
      typeof error === 'string' && error
        ? error
        : 'Слишком много запросов: подождите несколько секунд и повторите',
  });
}

/** Handles one push: notice, invalidation, loading reset, local listeners. */
export function handleAuthPush(event: AuthEvent, payload: unknown) {
  if (event === 'requestRefused') {
    showRequestRefused(payload);
    emitLocal(authListeners, event, payload);
    return;
  }
  if (event !== 'jobProgress') loading.resetSocket();
  const importId = importIdOf(payload);
  if (event === 'jobProgress' && importId !== null) {
    const progress = (payload as { progress?: number }).progress ?? 0;
    notices.update(importNoticeId(importId), `Обработка файлов: ${progress} %`);
  }
  if (isPushed(payload)) {
    // the import's result replaces its pending notice
    if (importId !== null) notices.remove(importNoticeId(importId));
    notices.show({
      id: payload.notification_id ? `notification:${payload.notification_id}` : undefined,
      status: payload.status,
      header: payload.header,
      message: payload.message,
      code: payload.code,
      notificationId: payload.notification_id || undefined,
      company:
        payload.company_id != null ? { id: payload.company_id, title: payload.company_title ?? null } : null,
      link: payload.link ?? null,
    });
    void queryClient.invalidateQueries({ queryKey: queryRoots.notifications });
  }
  for (const key of SOCKET_INVALIDATES[event] ?? []) void queryClient.invalidateQueries({ queryKey: key });
  const kind = event === 'notification' ? kindOf(payload) : undefined;
  if (typeof kind === 'string')
    for (const key of NOTIFICATION_KIND_INVALIDATES[kind] ?? [])
      void queryClient.invalidateQueries({ queryKey: key });
  emitLocal(authListeners, event, payload);
}

export function attachAuthHandlers(socket: AuthSocket) {
  for (const event of [...PUSHED_EVENTS, 'jobProgress', 'requestRefused'] as AuthEvent[]) {
    socket.on(event, ((payload: unknown) => handleAuthPush(event, payload)) as never);
  }
}

/** The `/unauth` socket with its handlers, opened on first use. */
export function ensureUnauthSocket(): UnauthSocket {
  const existing = getUnauthSocket();
  if (existing) return existing;
  const s = openUnauthSocket();
  attachUnauthHandlers(s);
  return s;
}

function attachUnauthHandlers(socket: UnauthSocket) {
  socket.on('requestRefused', (payload) => {
    showRequestRefused(payload);
    emitLocal(unauthListeners, 'requestRefused', payload);
  });
  for (const event of ['emailServiceReceived', 'emailServiceResponse'] as UnauthEvent[]) {
    socket.on(event, ((payload: unknown) => {
      if (event === 'emailServiceResponse') loading.resetSocket();
      emitLocal(unauthListeners, event, payload);
    }) as never);
  }
}

/** Sends a request on `/auth`; the loading notice shows until the answer arrives. */
export function emitAuth<E extends keyof AuthClientEvents>(
  event: E,
  payload: Parameters<AuthClientEvents[E]>[0],
  loadingText: string,
): boolean {
  const s = getAuthSocket();
  if (!s) return false;
  loading.start(loadingText, 'socket');
  (s.emit as (e: string, p: unknown) => void)(event, payload);
  return true;
}

/** Sends a request on `/unauth` (opening it if needed). */
export function emitUnauth<E extends keyof UnauthClientEvents>(
  event: E,
  payload: Parameters<UnauthClientEvents[E]>[0],
  loadingText: string,
) {
  const s = ensureUnauthSocket();
  loading.start(loadingText, 'socket');
  (s.emit as (e: string, p: unknown) => void)(event, payload);
}

function useListener(map: Map<string, Set<Handler>>, event: string, handler: Handler) {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => listen(map, event, (p) => ref.current(p)), [map, event]);
}

/** Subscribes a component to a push on `/auth`. */
export function useAuthEvent<E extends AuthEvent>(
  event: E,
  handler: (p: Parameters<AuthServerEvents[E]>[0]) => void,
) {
  useListener(authListeners, event, handler as Handler);
}

/** Subscribes a component to an answer on `/unauth`. */
export function useUnauthEvent<E extends UnauthEvent>(
  event: E,
  handler: (p: Parameters<UnauthServerEvents[E]>[0]) => void,
) {
  useListener(unauthListeners, event, handler as Handler);
}
