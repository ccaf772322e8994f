import { guardRedirect } from '@zakupki/shared/access';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { PageLoader } from '../components/pages/page-loader';
import { trackPageView } from '../lib/analytics';
import { useSession } from '../lib/session-store';
import { currentHandle } from './route-handle';

/** Header and footer load only for a logged-in user, so /login stays small. */
const AppLayout = lazy(() =>
  import('../components/layout/app-layout').then((m) => ({ default: m.AppLayout })),
);

/** The notifications bell of the header (loads with the header, after login). */
const NotificationsBell = lazy(() =>
  import('../features/notifications/components/notifications-bell').then((m) => ({
    default: m.NotificationsBell,
  })),
);

export const APP_TITLE = 'Система автоматизации закупок';

/**
 * The navigation guard of docs/product.md §2 applied to the matched route, then the layout: header and
 * footer for an active logged-in user, the bare page for everyone else.
 */
export function RootLayout() {
  const session = useSession();
  const location = useLocation();
  const handle = currentHandle(useMatches());

  useEffect(() => {
    document.title = handle?.title && handle.path !== '/' ? `${handle.title} — ${APP_TITLE}` : APP_TITLE;
  }, [handle]);
  useEffect(() => {
    trackPageView(location.pathname + location.search);
  }, [location.pathname, location.search]);

  if (session.status === 'restoring') return <PageLoader label="Проверка сеанса…" />;
  const viewer = session.status === 'authenticated' ? { role: session.user.role } : null;
  const redirect = guardRedirect(handle?.meta ?? {}, viewer);
  if (redirect) {
    const from = redirect === '/login' ? location : undefined;
    return <Navigate to={redirect} replace state={from ? { from } : undefined} />;
  }
  if (session.status !== 'authenticated') return <Outlet />;
  return (
    <Suspense fallback={<PageLoader />}>
      <AppLayout
        headerExtra={
          <Suspense fallback={null}>
            <NotificationsBell />
          </Suspense>
        }
      >
        <Outlet />
      </AppLayout>
    </Suspense>
  );
}
