import { createStore } from '../../lib/store';

/**
 * Notices of docs/product.md §2/§4: pending, then success or error, keyed by id (a random id when none
 * is given); success and error entries leave after 10 seconds. A later notice with the same id
 * replaces the earlier one in place (pending → success) and restarts its timer.
 */
export type NoticeStatus = 'pending' | 'success' | 'warning' | 'error' | 'info';

export type Notice = {
  id: string;
  status: NoticeStatus;
  header: string;
  message: string;
  date: Date;
  /** error code the user can copy and read out to the operator */
  code?: string | null;
  /** a stored notification: closing the notice marks it read */
  notificationId?: number;
  /** the company a stored notification is about (its title shown) and the path it links to */
  company?: { id: number; title: string | null } | null;
  link?: string | null;
};

export type NoticeInput = Omit<Notice, 'id' | 'date'> & { id?: string; date?: Date };

export const NOTICE_TTL_MS = 10_000;
const AUTO_REMOVED: NoticeStatus[] = ['success', 'warning', 'error', 'info'];
/**
 * At most this many notices at once: the oldest finished one leaves first, so a burst of pushes
 * never covers the page (a stored notification stays in the header's list).
 */
export const MAX_NOTICES = 4;

export function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function createNotices(ttlMs = NOTICE_TTL_MS) {
  const store = createStore<Notice[]>([]);
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const clearTimer = (id: string) => {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
  };

  const remove = (id: string) => {
    clearTimer(id);
    store.set((list) => (list.some((n) => n.id === id) ? list.filter((n) => n.id !== id) : list));
  };

  const capped = (list: Notice[]): Notice[] => {
    const next = list.slice();
    while (next.length > MAX_NOTICES) {
      const i = next.findIndex((n) => n.status !== 'pending');
      const [gone] = next.splice(i === -1 ? 0 : i, 1);
      clearTimer(gone.id);
    }
    return next;
  };

  const show = (input: NoticeInput): string => {
    const id = input.id ?? randomId();
    const notice: Notice = { ...input, id, date: input.date ?? new Date() };
    clearTimer(id);
    store.set((list) => {
      const i = list.findIndex((n) => n.id === id);
      if (i === -1) return capped([...list, notice]);
      const next = list.slice();
      next[i] = notice;
      return next;
    });
    if (AUTO_REMOVED.includes(notice.status)) {
      timers.set(
        id,
        setTimeout(() => remove(id), ttlMs),
      );
    }
    return id;
  };

  const of =
    (status: NoticeStatus) =>
    (header: string, message: string, extra: Partial<Pick<Notice, 'id' | 'code' | 'notificationId'>> = {}) =>
      show({ status, header, message, ...extra });

  return {
    store,
    show,
    remove,
    /** Updates the message of a notice still shown; nothing when it is gone. */
    update: (id: string, message: string) =>
      store.set((list) =>
        list.some((n) => n.id === id) ? list.map((n) => (n.id === id ? { ...n, message } : n)) : list,
      ),
    pending: of('pending'),
    success: of('success'),
    warning: of('warning'),
    error: of('error'),
    info: of('info'),
    clear: () => {
      for (const id of [...timers.keys()]) clearTimer(id);
      store.set([]);
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;

/** The application's notices. */
export const notices = createNotices();
