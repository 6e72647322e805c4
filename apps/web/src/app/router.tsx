import { lazy, type ReactElement } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { AuthProvider, RouteGuard } from '../features/auth';
import { HomePage } from '../features/home';
import { RegistrationGate } from '../features/registrations';
import { AppLayout } from './layout/app-layout';
import { routeAccess, routePatterns, type RouteName } from './paths';
import { NotFoundPage } from './routes/not-found-page';

// Screens beyond Home load on demand (bundle budget: Home ≤ 125 KB gzip).
const LoginPage = lazy(() => import('../features/auth/routes/login-page'));
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page'));
const ProfilePage = lazy(() => import('../features/users/routes/profile-page'));

/** A route of spec §2 behind the guard its `routeAccess` entry asks for. */
function route(name: RouteName, element: ReactElement) {
  return (
    <Route
      key={name}
      path={routePatterns[name]}
      element={<RouteGuard access={routeAccess[name]}>{element}</RouteGuard>}
    />
  );
}

/*
 * Every route of spec §2, each guarded as `routeAccess` says (paths.ts). Screens not built yet show the Not
 * Found page (behind their guard) rather than a fake screen; their issue replaces the element with
 * `lazy(() => import('../features/<area>/routes/<screen>'))`. The layout wraps the outlet in Suspense.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <AuthProvider>
        <Routes>
          <Route element={<AppLayout />}>
            {route('home', <HomePage />)}
            {route('login', <LoginPage />)}

            {route('dashboard', <DashboardPage />)}
            {route('profile', <ProfilePage />)}
            {route(
              'registration',
              <RegistrationGate>
                <NotFoundPage />
              </RegistrationGate>,
            )}
            {route('shifts', <NotFoundPage />)}
            {route('paymentSuccess', <NotFoundPage />)}
            {route('paymentCancel', <NotFoundPage />)}

            {route('reports', <NotFoundPage />)}
            {route('reportsRegistrations', <NotFoundPage />)}
            {route('reportsUsers', <NotFoundPage />)}
            {route('reportsWorkSchedule', <NotFoundPage />)}
            {route('reportsPayments', <NotFoundPage />)}

            {route('admin', <NotFoundPage />)}
            {route('adminConfiguration', <NotFoundPage />)}
            {route('adminUsers', <NotFoundPage />)}
            {route('adminCampingOptions', <NotFoundPage />)}
            {route('adminCampingOptionFields', <NotFoundPage />)}
            {route('adminJobCategories', <NotFoundPage />)}
            {route('adminJobs', <NotFoundPage />)}
            {route('adminShifts', <NotFoundPage />)}
            {route('adminManageRegistrations', <NotFoundPage />)}

            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </HashRouter>
  );
}
