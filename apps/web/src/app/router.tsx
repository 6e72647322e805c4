import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { AuthProvider, RouteGuard } from '../features/auth';
import { BlockingHashRouter } from '../lib/blocking-router';
import { AppLayout } from './layout/app-layout';
import { routeAccess, routePatterns, type RouteName } from '../lib/paths';
import { HomePage } from './routes/home-page';
import type { LazyRouteName } from './screens';

// Screens beyond Home load on demand (bundle budget: Home ≤ 125 KB gzip), through screens.ts, which holds
// their imports and the lists of files each needs. It is fetched now, while the connection check that every
// screen waits for runs. Each route's lazy screen is made once, the first time the route renders.
const screens = () => import('./screens');
void screens();
const lazyScreens = new Map<LazyRouteName, LazyExoticComponent<ComponentType>>();
function lazyScreen(name: LazyRouteName): LazyExoticComponent<ComponentType> {
  let screen = lazyScreens.get(name);
  if (!screen) {
    screen = lazy(() => screens().then((s) => s.loadScreen(name)));
    lazyScreens.set(name, screen);
  }
  return screen;
}
const NotFoundPage = lazy(() => screens().then((s) => s.loadNotFoundPage()));
// The admin passkey requirement: loaded with the admin screens it wraps, not in the first download.
const AdminPasskeyGate = lazy(() =>
  import('./admin-passkey-gate').then((m) => ({ default: m.AdminPasskeyGate })),
);

/** Every route of paths.ts. */
const ROUTE_NAMES = Object.keys(routePatterns) as RouteName[];

/** A route of docs/product.md §2 behind the guard its `routeAccess` entry asks for. */
function route(name: RouteName) {
  const Screen = name === 'home' ? HomePage : lazyScreen(name);
  const element = <Screen />;
  return (
    <Route
      key={name}
      path={routePatterns[name]}
      element={
        <RouteGuard access={routeAccess[name]}>
          {/* Admin screens: the admin passkey requirement (docs/product.md §12 Passkeys). */}
          {routeAccess[name] === 'admin' ? <AdminPasskeyGate>{element}</AdminPasskeyGate> : element}
        </RouteGuard>
      }
    />
  );
}

/*
 * Every route of docs/product.md §2 (paths.ts `routePatterns`), each guarded as `routeAccess` says, with Home's screen
 * or the lazy one screens.ts loads for it. The layout wraps the outlet in Suspense. The router is the
 * declarative one (a data router costs ≈16 KB gzip more on Home), on a hash history that screens can ask to hold
 * navigations back, the browser's Back button included (decision 029).
 */
export function AppRouter() {
  return (
    <BlockingHashRouter>
      <AuthProvider>
        <Routes>
          <Route element={<AppLayout />}>
            {ROUTE_NAMES.map(route)}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </BlockingHashRouter>
  );
}
