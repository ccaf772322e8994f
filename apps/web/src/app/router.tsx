import { CATALOG_ROUTES } from '@zakupki/shared/access';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/pages/not-found-page';
import { PageLoader } from '../components/pages/page-loader';
import { RouteError } from '../components/pages/route-error';
import { RootLayout } from './root-layout';
import { handleFor } from './route-handle';

/**
 * The route table of docs/product.md §2, built from packages/shared/src/access.ts (paths, titles and
 * meta flags live there). Every screen is a lazy chunk.
 */
function lazyPage<M>(load: () => Promise<M>, name: keyof M) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

const eisPlanItem = lazyPage(
  () => import('../features/eis-plans/components/plan-item-page'),
  'PlanItemRoute',
);
const eisPlans = lazyPage(() => import('../features/eis-plans/components/plans-page'), 'PlansPage');
const home = lazyPage(() => import('../features/home/components/home-page'), 'HomePage');
const login = lazyPage(() => import('../features/auth/components/login-page'), 'LoginPage');
const registration = lazyPage(
  () => import('../features/auth/components/registration-page'),
  'RegistrationPage',
);
const expectRegistration = lazyPage(
  () => import('../features/auth/components/expect-registration-page'),
  'ExpectRegistrationPage',
);
const users = lazyPage(() => import('../features/users/components/users-page'), 'UsersPage');
const profileLayout = lazyPage(
  () => import('../features/profile/components/profile-layout'),
  'ProfileLayout',
);
const profileMy = lazyPage(() => import('./my-profile-route'), 'MyProfileRoute');
const profileEis = lazyPage(
  () => import('../features/profile/components/eis-settings-page'),
  'EisSettingsPage',
);
const profileCompanies = lazyPage(
  () => import('../features/profile/components/companies-page'),
  'CompaniesPage',
);

const rules = lazyPage(() => import('../features/procurement-rules/components/rules-page'), 'RulesPage');
const ruleVersions = lazyPage(
  () => import('../features/procurement-rules/components/versions-page'),
  'VersionsPage',
);
const documentsRules = lazyPage(
  () => import('../features/procurement-rules/components/documents-rules-page'),
  'DocumentsRulesPage',
);

const smeReport = lazyPage(
  () => import('../features/sme-report/components/sme-report-page'),
  'SmeReportPage',
);

const filePage = lazyPage(() => import('../features/files/components/file-page'), 'FilePage');
const procurementDocumentation = lazyPage(
  () => import('../features/procurement-documents/components/documentation-page'),
  'DocumentationRoute',
);
const procurements = lazyPage(
  () => import('../features/procurements/components/register/register-page'),
  'RegisterPage',
);
const procurement = lazyPage(
  () => import('../features/procurements/components/card/procurement-page'),
  'ProcurementRoute',
);

const compliance = lazyPage(
  () => import('../features/compliance/components/compliance-page'),
  'CompliancePage',
);

const rnp = lazyPage(() => import('../features/rnp/components/rnp-page'), 'RnpPage');
const analytics = lazyPage(() => import('../features/analytics/components/analytics-page'), 'AnalyticsPage');
const catalog = lazyPage(() => import('../features/catalogs/components/catalog-page'), 'CatalogPage');

const contractsLayout = lazyPage(
  () => import('../features/contracts/components/contracts-layout'),
  'ContractsLayout',
);
const contractsRegister = lazyPage(
  () => import('../features/contracts/components/register/register-page'),
  'RegisterPage',
);
const contractsExecution = lazyPage(
  () => import('../features/contracts/components/execution/execution-page'),
  'ExecutionPage',
);
const contractsExport = lazyPage(
  () => import('../features/contracts/components/export/export-page'),
  'ExportPage',
);

const page = (path: string, lazy: NonIndexRouteObject['lazy']): NonIndexRouteObject => ({
  path,
  handle: handleFor(path),
  lazy,
});

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: PageLoader,
    children: [
      page('/', home),
      page('/procurementsRules', rules),
      page('/procurementsRules/:id/versions', ruleVersions),
      page('/procurementsRules/:procId/versions/:id/documentsRules', documentsRules),
      page('/files/:id', filePage),
      page('/procurement_documents/:id', procurementDocumentation),
      page('/eisPlanItems/:number', eisPlanItem),
      page('/eisPlans', eisPlans),
      page('/users', users),
      page('/documents', procurements),
      page('/documents/:id', procurement),
      page('/compliance', compliance),
      page('/analytics', analytics),
      {
        ...page('/contracts', contractsLayout),
        children: [
          { index: true, element: <Navigate to="/contracts/register" replace /> },
          page('/contracts/register', contractsRegister),
          page('/contracts/execution', contractsExecution),
          page('/contracts/export', contractsExport),
          page('/contracts/smeReport', smeReport),
        ],
      },
      {
        ...page('/profile', profileLayout),
        children: [
          { index: true, element: <Navigate to="/profile/my" replace /> },
          page('/profile/my', profileMy),
          page('/profile/eisSettings', profileEis),
          page('/profile/companies', profileCompanies),
        ],
      },
      page('/registration', registration),
      page('/login', login),
      page('/expectRegistration', expectRegistration),
      ...CATALOG_ROUTES.map((c) => page(c.path, catalog)),
      page('/rnp', rnp),
      { path: '*', element: <NotFoundPage />, handle: { meta: {}, title: 'Страница не найдена', path: '*' } },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
