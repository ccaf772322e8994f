import { APP_ROUTES, CATALOG_ROUTES, guardRedirect, matchAppRoute } from '@zakupki/shared/access';
import { ROLES } from '@zakupki/shared/roles';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { appRoutes } from './router';

/** docs/product.md §2, written out: which routes are staff-only and which are for guests only. */
const STAFF_ONLY = [
  '/procurementsRules/:procId/versions/:id/documentsRules',
  '/users',
  '/rnp',
  '/catalogDocument',
  '/catalog',
  '/catalogRequirements',
  '/catalogFinancialResults',
  '/catalogInfoAndDocuments',
  '/catalogDeliveryTerms',
  '/catalogWorkTerms',
  '/catalogServiceTerms',
  '/catalogMethod',
  '/catalogService',
  '/catalogEnsuring',
  '/catalogServiceDocument',
  '/catalogDocumentSubject',
];
/** docs/product.md: tariffs for the admin alone (the API refuses everyone else as well). */
const ADMIN_ONLY = ['/catalogTariffs'];
const GUEST_ONLY = ['/registration', '/login', '/expectRegistration'];
const LOGIN_ONLY = [
  '/',
  '/procurementsRules',
  '/procurementsRules/:id/versions',
  '/files/:id',
  '/procurement_documents/:id',
  '/eisPlanItems/:number',
  '/eisPlans',
  '/documents',
  '/documents/:id',
  '/contracts',
  '/contracts/register',
  '/contracts/execution',
  '/contracts/export',
  '/contracts/smeReport',
  '/compliance',
  '/analytics',
  '/profile',
  '/profile/my',
  '/profile/eisSettings',
  '/profile/companies',
  '/catalogFundingSources',
  '/catalogContractBasis',
  '/catalogExecPlace',
];

function expected(path: string, role: (typeof ROLES)[number] | null): string | null {
  if (GUEST_ONLY.includes(path)) return role ? '/' : null;
  if (!role) return '/login';
  if (STAFF_ONLY.includes(path) && role === 'client') return '/';
  if (ADMIN_ONLY.includes(path) && role !== 'admin') return '/';
  return null;
}

function registeredPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((r) => [...(r.path ? [r.path] : []), ...registeredPaths(r.children ?? [])]);
}

describe('route table', () => {
  it('holds exactly the routes of docs/product.md §2, 17 of them catalogues', () => {
    expect(APP_ROUTES.map((r) => r.path).sort()).toEqual(
      [...STAFF_ONLY, ...ADMIN_ONLY, ...GUEST_ONLY, ...LOGIN_ONLY].sort(),
    );
    expect(CATALOG_ROUTES).toHaveLength(17);
  });

  it('the router registers every route of the table, each lazy, plus the not-found page', () => {
    const paths = registeredPaths(appRoutes);
    expect(paths.filter((p) => p !== '*').sort()).toEqual(APP_ROUTES.map((r) => r.path).sort());
    const withHandle = (routes: RouteObject[]): RouteObject[] =>
      routes.flatMap((r) => [r, ...withHandle(r.children ?? [])]).filter((r) => r.path && r.path !== '*');
    for (const r of withHandle(appRoutes)) {
      if (r.path !== '/contracts') expect(typeof r.lazy, r.path).toBe('function');
      expect((r.handle as { meta: unknown }).meta, r.path).toEqual(
        APP_ROUTES.find((a) => a.path === r.path)?.meta,
      );
    }
  });

  it('matches concrete addresses to their table entry', () => {
    expect(matchAppRoute('/eisPlanItems/32109876543')?.path).toBe('/eisPlanItems/:number');
    expect(matchAppRoute('/procurementsRules/5/versions/7/documentsRules')?.meta.staffOnly).toBe(true);
    expect(matchAppRoute('/contracts/execution?x=1')?.path).toBe('/contracts/execution');
    expect(matchAppRoute('/nowhere')).toBeNull();
    expect(matchAppRoute('/catalogTariffs')?.meta).toEqual({
      requiresAuth: true,
      staffOnly: true,
      adminOnly: true,
    });
  });
});

describe('navigation guard: every role × every route', () => {
  const viewers = [null, ...ROLES] as const;
  for (const route of APP_ROUTES) {
    for (const role of viewers) {
      const want = expected(route.path, role);
      it(`${role ?? 'guest'} on ${route.path} → ${want ?? 'allowed'}`, () => {
        expect(guardRedirect(route.meta, role ? { role } : null)).toBe(want);
      });
    }
  }
});
