import { vi } from 'vitest';

/** A stand-in for socket.io-client: records sockets, lets tests fire server events. */
export type FakeSocket = {
  nsp: string;
  opts: Record<string, unknown>;
  connected: boolean;
  active: boolean;
  handlers: Map<string, ((...a: unknown[]) => void)[]>;
  emitted: [string, unknown][];
  on: (e: string, h: (...a: unknown[]) => void) => FakeSocket;
  emit: (e: string, p: unknown) => FakeSocket;
  connect: () => FakeSocket;
  disconnect: () => FakeSocket;
  fire: (e: string, ...a: unknown[]) => void;
};

export const sockets: FakeSocket[] = [];

export function fakeIo(nsp: string, opts: Record<string, unknown>): FakeSocket {
  const s: FakeSocket = {
    nsp,
    opts,
    connected: false,
    active: true,
    handlers: new Map(),
    emitted: [],
    on(e, h) {
      s.handlers.set(e, [...(s.handlers.get(e) ?? []), h]);
      return s;
    },
    emit(e, p) {
      s.emitted.push([e, p]);
      return s;
    },
    connect() {
      return s;
    },
    disconnect() {
      s.connected = false;
      s.active = false;
      return s;
    },
    fire(e, ...a) {
      if (e === 'connect') s.connected = true;
      for (const h of s.handlers.get(e) ?? []) h(...a);
    },
  };
  sockets.push(s);
  return s;
}

export const ioMock = vi.fn(fakeIo);
