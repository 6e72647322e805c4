import { lazy, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { AuthProvider, RouteGuard } from '../features/auth';
import { BlockingHashRouter } from '../lib/blocking-router';
import { AppLayout } from './layout/app-layout';
import { routeAccess, routePatterns, type RouteName } from '../lib/paths';
import { HomePage } from './routes/home-page';

// Screens beyond Home load on demand (bundle budget: Home ≤ 125 KB gzip), through screens.ts, which holds
// their imports and the lists of files each needs. It is fetched now, while the connection check that every
// screen waits for runs.
const screens = () => import('./screens');
void screens();
const LoginPage = lazy(() => screens().then((s) => s.loadLoginPage()));
const LoginLinkPage = lazy(() => screens().then((s) => s.loadLoginLinkPage()));
const DashboardPage = lazy(() => screens().then((s) => s.loadDashboardPage()));
const ProfilePage = lazy(() => screens().then((s) => s.loadProfilePage()));
const RegistrationPage = lazy(() => screens().then((s) => s.loadRegistrationPage()));
const ApplyPage = lazy(() => screens().then((s) => s.loadApplyPage()));
const MyShiftsPage = lazy(() => screens().then((s) => s.loadMyShiftsPage()));
const CheckInPage = lazy(() => screens().then((s) => s.loadCheckInPage()));
const PaymentSuccessPage = lazy(() => screens().then((s) => s.loadPaymentSuccessPage()));
const PaymentCancelPage = lazy(() => screens().then((s) => s.loadPaymentCancelPage()));
const AdminPanelPage = lazy(() => screens().then((s) => s.loadAdminPanelPage()));
const AdminConfigurationPage = lazy(() => screens().then((s) => s.loadAdminConfigurationPage()));
const AdminUsersPage = lazy(() => screens().then((s) => s.loadAdminUsersPage()));
const ManageRegistrationsPage = lazy(() => screens().then((s) => s.loadManageRegistrationsPage()));
const WaitlistPage = lazy(() => screens().then((s) => s.loadWaitlistPage()));
const AdminDrawPage = lazy(() => screens().then((s) => s.loadAdminDrawPage()));
const AdminApplicationsPage = lazy(() => screens().then((s) => s.loadAdminApplicationsPage()));
// Not Found is rare: it loads on demand too.
const NotFoundPage = lazy(() => screens().then((s) => s.loadNotFoundPage()));
// The camp-setup and admin screens come as one chunk per feature (screens.ts).
const loadCampingOptions = () => screens().then((s) => s.loadCampingOptions());
const CampingOptionsPage = lazy(() => loadCampingOptions().then((m) => ({ default: m.CampingOptionsPage })));
const CampingOptionFieldsPage = lazy(() =>
  loadCampingOptions().then((m) => ({ default: m.CampingOptionFieldsPage })),
);
const loadWork = () => screens().then((s) => s.loadWork());
const JobCategoriesPage = lazy(() => loadWork().then((m) => ({ default: m.JobCategoriesPage })));
const JobsPage = lazy(() => loadWork().then((m) => ({ default: m.JobsPage })));
const AdminShiftsPage = lazy(() => loadWork().then((m) => ({ default: m.AdminShiftsPage })));
const loadPayments = () => screens().then((s) => s.loadPayments());
const AdminPaymentsPage = lazy(() => loadPayments().then((m) => ({ default: m.AdminPaymentsPage })));
const loadReports = () => screens().then((s) => s.loadReports());
const ReportsPage = lazy(() => loadReports().then((m) => ({ default: m.ReportsPage })));
const RegistrationReportsPage = lazy(() =>
  loadReports().then((m) => ({ default: m.RegistrationReportsPage })),
);
const UserReportsPage = lazy(() => loadReports().then((m) => ({ default: m.UserReportsPage })));
// The admin passkey requirement: loaded with the admin screens it wraps, not in the first download.
const AdminPasskeyGate = lazy(() =>
  import('./admin-passkey-gate').then((m) => ({ default: m.AdminPasskeyGate })),
);
const WorkSchedulePage = lazy(() => loadReports().then((m) => ({ default: m.WorkSchedulePage })));
const PaymentReportsPage = lazy(() => loadReports().then((m) => ({ default: m.PaymentReportsPage })));

/** A route of docs/product.md §2 behind the guard its `routeAccess` entry asks for. */
function route(name: RouteName, element: ReactElement) {
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
 * Every route of docs/product.md §2, each guarded as `routeAccess` says (paths.ts). Screens not built yet show the Not
 * Found page (behind their guard) rather than a fake screen; their issue replaces the element with
 * a `lazy()` screen loaded through screens.ts. The layout wraps the outlet in Suspense. The router is the
 * declarative one (a data router costs ≈16 KB gzip more on Home), on a hash history that screens can ask to hold
 * navigations back, the browser's Back button included (decision 029).
 */
export function AppRouter() {
  return (
    <BlockingHashRouter>
      <AuthProvider>
        <Routes>
          <Route element={<AppLayout />}>
            {route('home', <HomePage />)}
            {route('login', <LoginPage />)}
            {route('loginLink', <LoginLinkPage />)}

            {route('dashboard', <DashboardPage />)}
            {route('profile', <ProfilePage />)}
            {route('registration', <RegistrationPage />)}
            {route('apply', <ApplyPage />)}
            {route('shifts', <MyShiftsPage />)}
            {route('checkIn', <CheckInPage />)}
            {route('paymentSuccess', <PaymentSuccessPage />)}
            {route('paymentCancel', <PaymentCancelPage />)}

            {route('reports', <ReportsPage />)}
            {route('reportsRegistrations', <RegistrationReportsPage />)}
            {route('reportsUsers', <UserReportsPage />)}
            {route('reportsWorkSchedule', <WorkSchedulePage />)}
            {route('reportsPayments', <PaymentReportsPage />)}

            {route('admin', <AdminPanelPage />)}
            {route('adminConfiguration', <AdminConfigurationPage />)}
            {route('adminUsers', <AdminUsersPage />)}
            {route('adminCampingOptions', <CampingOptionsPage />)}
            {route('adminCampingOptionFields', <CampingOptionFieldsPage />)}
            {route('adminJobCategories', <JobCategoriesPage />)}
            {route('adminJobs', <JobsPage />)}
            {route('adminShifts', <AdminShiftsPage />)}
            {route('adminManageRegistrations', <ManageRegistrationsPage />)}
            {route('adminPayments', <AdminPaymentsPage />)}
            {route('adminWaitlist', <WaitlistPage />)}
            {route('adminDraw', <AdminDrawPage />)}
            {route('adminApplications', <AdminApplicationsPage />)}

            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </AuthProvider>
    </BlockingHashRouter>
  );
}
