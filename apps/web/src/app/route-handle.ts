import { APP_ROUTES, type AppRoute, type RouteMeta } from '@zakupki/shared/access';
import type { UIMatch } from 'react-router';

/** What each route object carries: its meta flags and title from the shared route table. */
export type RouteHandle = { meta: RouteMeta; title: string; path: string };

export function handleFor(path: string): RouteHandle {
  const r: AppRoute | undefined = APP_ROUTES.find((x) => x.path === path);
  if (!r) throw new Error(`Route ${path} is not in the shared route table`);
  return { meta: r.meta, title: r.title, path: r.path };
}

/** The deepest matched route's handle (children carry their own meta). */
export function currentHandle(matches: UIMatch[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i].handle as RouteHandle | undefined;
    if (h?.meta) return h;
  }
  return null;
}
