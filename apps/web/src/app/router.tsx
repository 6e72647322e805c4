import { lazy, type ReactElement } from 'react';
import { HashRouter, Route, Routes } from 'react-router';
import { AuthProvider, RouteGuard } from '../features/auth';
import { AppLayout } from './layout/app-layout';
import { routeAccess, routePatterns, type RouteName } from './paths';
import { HomePage } from './routes/home-page';
import { NotFoundPage } from './routes/not-found-page';

// Screens beyond Home load on demand (bundle budget: Home ≤ 125 KB gzip).
const LoginPage = lazy(() => import('../features/auth/routes/login-page'));
const DashboardPage = lazy(() => import('../features/registrations/routes/dashboard-page'));
const ProfilePage = lazy(() => import('../features/users/routes/profile-page'));
const RegistrationPage = lazy(() => import('../features/registrations/routes/registration-page'));
const MyShiftsPage = lazy(() => import('../features/work/routes/my-shifts-page'));
const AdminPanelPage = lazy(() => import('./routes/admin-panel-page'));
const AdminConfigurationPage = lazy(() => import('../features/config/routes/admin-configuration-page'));
const AdminUsersPage = lazy(() => import('../features/users/routes/admin-users-page'));
// The camp-setup screens come as two chunks, one per feature (fewer lazy chunks listed in Home's bundle).
const loadCampingOptions = () => import('../features/camping-options/routes');
const CampingOptionsPage = lazy(() => loadCampingOptions().then((m) => ({ default: m.CampingOptionsPage })));
const CampingOptionFieldsPage = lazy(() =>
  loadCampingOptions().then((m) => ({ default: m.CampingOptionFieldsPage })),
);
const loadWork = () => import('../features/work/routes');
const JobCategoriesPage = lazy(() => loadWork().then((m) => ({ default: m.JobCategoriesPage })));
const JobsPage = lazy(() => loadWork().then((m) => ({ default: m.JobsPage })));
const AdminShiftsPage = lazy(() => loadWork().then((m) => ({ default: m.AdminShiftsPage })));
const loadPayments = () => import('../features/payments/routes');
const PaymentSuccessPage = lazy(() => loadPayments().then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentCancelPage = lazy(() => loadPayments().then((m) => ({ default: m.PaymentCancelPage })));
const AdminPaymentsPage = lazy(() => loadPayments().then((m) => ({ default: m.AdminPaymentsPage })));

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
            {route('registration', <RegistrationPage />)}
            {route('shifts', <MyShiftsPage />)}
            {route('paymentSuccess', <PaymentSuccessPage />)}
            {route('paymentCancel', <PaymentCancelPage />)}

            {route('reports', <NotFoundPage />)}
            {route('reportsRegistrations', <NotFoundPage />)}
            {route('reportsUsers', <NotFoundPage />)}
            {route('reportsWorkSchedule', <NotFoundPage />)}
            {route('reportsPayments', <NotFoundPage />)}

            {route('admin', <AdminPanelPage />)}
            {route('adminConfiguration', <AdminConfigurationPage />)}
            {route('adminUsers', <AdminUsersPage />)}
            {route('adminCampingOptions', <CampingOptionsPage />)}
            {route('adminCampingOptionFields', <CampingOptionFieldsPage />)}
            {route('adminJobCategories', <JobCategoriesPage />)}
            {route('adminJobs', <JobsPage />)}
            {route('adminShifts', <AdminShiftsPage />)}
            {route('adminManageRegistrations', <NotFoundPage />)}
            {route('adminPayments', <AdminPaymentsPage />)}

            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </HashRouter>
  );
}
