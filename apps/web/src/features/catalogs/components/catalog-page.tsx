import { catalogByRoute } from '@zakupki/shared/api/catalogs';
import { useMatches } from 'react-router';
import type { RouteHandle } from '../../../app/route-handle';
import { NotFoundPage } from '../../../components/pages/not-found-page';
import { CatalogScreen } from './catalog-screen';
import { Okpd2Screen } from './okpd2-screen';

/**
 * Every catalogue route of docs/product.md §2 renders this page: the route's descriptor (packages/shared
 * CATALOGS) configures the screen; ОКПД2 is shown as a tree. Keyed by the descriptor, so moving
 * between catalogues starts each screen afresh.
 */
export function CatalogPage() {
  const matches = useMatches();
  const path = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.path)
    .find(Boolean);
  const d = path ? catalogByRoute(path) : undefined;
  if (!d) return <NotFoundPage />;
  return d.tree ? <Okpd2Screen key={d.key} d={d} /> : <CatalogScreen key={d.key} d={d} />;
}
