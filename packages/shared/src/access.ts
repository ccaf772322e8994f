import { isStaff, type Role } from './roles.js';

/**
 * The web app's route table (docs/product.md §2) with its meta flags, and the catalogue (gear) menu.
 * The web router is built from it; the server and the e2e journeys reuse it.
 * Paths use react-router / Fastify `:param` syntax.
 */

/**
 * requiresAuth: login required; guestOnly: unauthenticated only; staffOnly: admin, specialist,
 * operator; adminOnly: the admin alone (tariffs, docs/product.md).
 */
export type RouteMeta = { requiresAuth?: true; guestOnly?: true; staffOnly?: true; adminOnly?: true };

export type AppRoute = {
  path: string;
  /** section title shown on the page (Russian) */
  title: string;
  meta: RouteMeta;
};

const AUTH: RouteMeta = { requiresAuth: true };
const STAFF: RouteMeta = { requiresAuth: true, staffOnly: true };
const GUEST: RouteMeta = { guestOnly: true };
/** docs/product.md lists tariffs among the staff catalogues; docs/product.md narrows them to the admin. */
const ADMIN: RouteMeta = { requiresAuth: true, staffOnly: true, adminOnly: true };

/** Generic catalogue screen: type codes (docs/product.md §2). */
export const CATALOG_TYPES = {
  '/catalog': 1,
  '/catalogRequirements': 2,
  '/catalogFinancialResults': 6,
  '/catalogInfoAndDocuments': 7,
  '/catalogFundingSources': 8,
  '/catalogContractBasis': 9,
} as const;

/** Service-execution catalogue screen: type and subject_type (docs/product.md §2). */
export const SERVICE_EXECUTION_TYPES = {
  '/catalogDeliveryTerms': { type: 1, subject_type: 1 },
  '/catalogWorkTerms': { type: 1, subject_type: 2 },
  '/catalogServiceTerms': { type: 1, subject_type: 3 },
  '/catalogExecPlace': { type: 2, subject_type: null },
} as const;

/** The 17 catalogue screens in the order of the gear menu, with who may open the route. */
export const CATALOG_ROUTES: AppRoute[] = [
  { path: '/catalogDocument', title: 'Документы', meta: STAFF },
  { path: '/catalog', title: 'Методы определения НМЦД', meta: STAFF },
  { path: '/catalogMethod', title: 'Способы закупки', meta: STAFF },
  { path: '/catalogService', title: 'Предметы закупки', meta: STAFF },
  { path: '/catalogRequirements', title: 'Единые и дополнительные требования', meta: STAFF },
  {
    path: '/catalogInfoAndDocuments',
    title: 'Дополнительные требования, сведения и документы',
    meta: STAFF,
  },
  { path: '/catalogExecPlace', title: 'Место поставки товара, выполнения работ, оказания услуг', meta: AUTH },
  { path: '/catalogDeliveryTerms', title: 'Сроки поставки товара', meta: STAFF },
  { path: '/catalogServiceTerms', title: 'Сроки оказания услуг', meta: STAFF },
  { path: '/catalogWorkTerms', title: 'Сроки выполнения работ', meta: STAFF },
  { path: '/catalogServiceDocument', title: 'Товары, работы, услуги', meta: STAFF },
  { path: '/catalogEnsuring', title: 'Обеспечение заявки, договора и гарантийных обязательств', meta: STAFF },
  { path: '/catalogDocumentSubject', title: 'Документы по предмету закупки', meta: STAFF },
  { path: '/catalogTariffs', title: 'Тарифы', meta: ADMIN },
  { path: '/catalogFinancialResults', title: 'Финансовые результаты', meta: STAFF },
  { path: '/catalogFundingSources', title: 'Источники финансирования', meta: AUTH },
  { path: '/catalogContractBasis', title: 'Основания заключения договора', meta: AUTH },
];

/** Every route of docs/product.md §2: pages, children of /contracts and /profile, and the catalogues. */
export const APP_ROUTES: AppRoute[] = [
  { path: '/', title: 'Главная', meta: AUTH },
  { path: '/procurementsRules', title: 'Положения о закупке', meta: AUTH },
  { path: '/procurementsRules/:id/versions', title: 'Версии положения о закупке', meta: AUTH },
  {
    path: '/procurementsRules/:procId/versions/:id/documentsRules',
    title: 'Правила формирования документации',
    meta: STAFF,
  },
  { path: '/files/:id', title: 'Файл', meta: AUTH },
  { path: '/procurement_documents/:id', title: 'Документация закупки', meta: AUTH },
  { path: '/eisPlanItems/:number', title: 'Позиция плана закупки', meta: AUTH },
  { path: '/eisPlans', title: 'Планы закупок', meta: AUTH },
  { path: '/users', title: 'Пользователи', meta: STAFF },
  { path: '/documents', title: 'Реестр закупок', meta: AUTH },
  { path: '/documents/:id', title: 'Закупка', meta: AUTH },
  { path: '/contracts', title: 'Исполнение договоров', meta: AUTH },
  { path: '/contracts/register', title: 'Реестр договоров', meta: AUTH },
  { path: '/contracts/execution', title: 'Исполнение договоров', meta: AUTH },
  { path: '/contracts/export', title: 'Выгрузка договоров', meta: AUTH },
  { path: '/compliance', title: 'Календарь обязанностей', meta: AUTH },
  { path: '/analytics', title: 'Аналитика', meta: AUTH },
  { path: '/contracts/smeReport', title: 'Отчёт о закупках у субъектов МСП', meta: AUTH },
  { path: '/profile', title: 'Профиль', meta: AUTH },
  { path: '/profile/my', title: 'Мои данные', meta: AUTH },
  { path: '/profile/eisSettings', title: 'Настройки ЕИС', meta: AUTH },
  { path: '/profile/companies', title: 'Мои компании', meta: AUTH },
  { path: '/registration', title: 'Регистрация', meta: GUEST },
  { path: '/login', title: 'Вход в систему', meta: GUEST },
  { path: '/expectRegistration', title: 'Заявка на регистрацию', meta: GUEST },
  ...CATALOG_ROUTES,
  { path: '/rnp', title: 'Реестр недобросовестных поставщиков', meta: STAFF },
];

export type RouteViewer = { role: Role } | null;

/**
 * The navigation guard (docs/product.md §2): where to send the viewer instead, or null to let them in.
 * Unauthenticated on a protected route → /login; logged in on a guest-only route → /;
 * a client on a staff-only route → /; anyone but the admin on an admin-only route → /.
 */
export function guardRedirect(meta: RouteMeta, viewer: RouteViewer): '/login' | '/' | null {
  if (!viewer) return meta.requiresAuth || meta.staffOnly ? '/login' : null;
  if (meta.guestOnly) return '/';
  if (meta.staffOnly && !isStaff(viewer.role)) return '/';
  if (meta.adminOnly && viewer.role !== 'admin') return '/';
  return null;
}

const compiled = APP_ROUTES.map((r) => ({
  route: r,
  re: new RegExp(`^${r.path.replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`),
}));

/** The table entry a concrete pathname belongs to (e.g. /eisPlanItems/123 → /eisPlanItems/:number). */
export function matchAppRoute(pathname: string): AppRoute | null {
  const p = pathname.split(/[?#]/)[0] || '/';
  return compiled.find((c) => c.re.test(p))?.route ?? null;
}

/** Catalogue entries a client or operator sees in the gear menu (docs/product.md §6). */
const LIMITED_CATALOG_MENU = ['/catalogExecPlace', '/catalogFundingSources', '/catalogContractBasis'];

/** Gear-menu entries for a role: client and operator the three open catalogues, tariffs for admin alone. */
export function catalogMenuFor(role: Role): AppRoute[] {
  if (role === 'client' || role === 'operator') {
    return CATALOG_ROUTES.filter((r) => LIMITED_CATALOG_MENU.includes(r.path));
  }
  return CATALOG_ROUTES.filter((r) => r.path !== '/catalogTariffs' || role === 'admin');
}

/**
 * The registers kept as reference data, below the catalogues in the gear menu: the register of
 * unfair suppliers for staff (docs/rnp.md).
 */
export function registerMenuFor(role: Role): AppRoute[] {
  return isStaff(role) ? APP_ROUTES.filter((r) => r.path === '/rnp') : [];
}

/** Header links (docs/product.md §2); `activePrefix` marks the contracts link active on every /contracts… path. */
export const HEADER_LINKS = [
  { path: '/procurementsRules', title: 'Положения о закупке', activePrefix: '/procurementsRules' },
  { path: '/eisPlans', title: 'Планы закупок', activePrefix: '/eisPlans' },
  { path: '/documents', title: 'Реестр закупок', activePrefix: '/documents' },
  { path: '/contracts/register', title: 'Исполнение договоров', activePrefix: '/contracts' },
  { path: '/analytics', title: 'Аналитика', activePrefix: '/analytics' },
] as const;
