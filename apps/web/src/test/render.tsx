import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { cssVariablesResolver, theme } from '../app/theme';
import { NoticeStack } from '../components/notices/notice-stack';
import { createQueryClient } from '../lib/query-client';
import type { Session } from '../lib/session-store';
import { sessionStore } from '../lib/session-store';

/** Renders UI the way the app does (Mantine in test mode: no transitions, no portals). */
export function renderApp(
  ui: ReactNode,
  { path = '/', initialPath = path }: { path?: string; initialPath?: string } = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: ui },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [initialPath] },
  );
  const utils = render(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
      env="test"
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
          <NoticeStack />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...utils, router, queryClient };
}

export const DEMO_COMPANY = { id: 1, title: 'ООО «Закупки-Сервис»' };

export function loginAs(role: Session['user']['role'], over: Partial<Session> = {}): Session {
  const s: Session = {
    user: { id: 10, title: `Пользователь (${role})`, login: `${role}@demo.local`, role, company_id: 1 },
    company: DEMO_COMPANY,
    contact: null,
    early_access: false,
    ...over,
  };
  sessionStore.set({ status: 'authenticated', ...s });
  return s;
}

type Handler = (url: string, init: RequestInit | undefined) => { status: number; body?: unknown } | undefined;

/**
 * Stubs fetch with a raw URL handler; unknown calls answer 404. Returns the recorded calls. Only
 * for the unit tests of the HTTP client and the session themselves (lib/api-client, lib/session);
 * screens and hooks stub routes with `stubRoute` (stub-api.ts).
 */
export function stubFetch(handler: Handler) {
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method: init?.method ?? 'GET',
      headers,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    const r = handler(url, init) ?? { status: 404, body: { error: { code: 'not_found', message: 'нет' } } };
    const text = r.body === undefined ? '' : JSON.stringify(r.body);
    return new Response(r.status === 204 ? null : text, {
      status: r.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
