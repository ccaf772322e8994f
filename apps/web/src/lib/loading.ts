import { createStore } from './store';

/**
 * The global loading flag with its message (docs/product.md §4). HTTP requests end their own entry;
 * socket requests are answered asynchronously, so any socket answer resets the socket entries.
 */
export type LoadingSource = 'http' | 'socket';
export type LoadingEntry = { id: number; message: string; source: LoadingSource };

export const loadingStore = createStore<LoadingEntry[]>([]);
let seq = 0;

export const loading = {
  start(message: string, source: LoadingSource = 'http'): number {
    const id = ++seq;
    loadingStore.set((list) => [...list, { id, message, source }]);
    return id;
  },
  stop(id: number) {
    loadingStore.set((list) => (list.some((e) => e.id === id) ? list.filter((e) => e.id !== id) : list));
  },
  /** A socket answer arrived: the socket requests are no longer waited for. */
  resetSocket() {
    loadingStore.set((list) =>
      list.some((e) => e.source === 'socket') ? list.filter((e) => e.source !== 'socket') : list,
    );
  },
  reset() {
    loadingStore.set([]);
  },
};

/** The message of the latest running request, or null when nothing runs. */
export function currentLoading(list: LoadingEntry[]): string | null {
  return list.length ? list[list.length - 1].message : null;
}
