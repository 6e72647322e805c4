/*
 * The dynamic imports of the lazy screens, kept out of Home's bundle (budget: Home ≤ 125 KB gzip). Vite gives
 * every `import()` the list of files its screen needs (JS chunks and stylesheets, preloaded together), and puts
 * those lists in the chunk that holds the `import()`: here rather than in Home, ~1.3 KB gzip for all screens.
 * router.tsx starts loading this small chunk as Home starts, so it arrives while the connection check that every
 * screen waits for runs. A new lazy screen gets its loader here, used by router.tsx.
 */
export const loadLoginPage = () => import('../features/auth/routes/login-page');
// Opened at Login (the Sign In link, a guard's redirect): its screen loads now, alongside the connection check
// it would otherwise wait for (decision 045). The router's import() of it then finds it loaded or on its way.
export const loadLoginLinkPage = () => import('../features/auth/routes/login-link-page');
if (/^#\/login\/link(?:[?/]|$)/.test(window.location.hash)) void loadLoginLinkPage();
else if (/^#\/login(?:[?/]|$)/.test(window.location.hash)) void loadLoginPage();
export const loadDashboardPage = () => import('../features/registrations/routes/dashboard-page');
export const loadProfilePage = () => import('../features/users/routes/profile-page');
export const loadRegistrationPage = () => import('../features/registrations/routes/registration-page');
export const loadApplyPage = () => import('../features/applications/routes/apply-page');
export const loadMyShiftsPage = () => import('../features/registrations/routes/my-shifts-page');
export const loadPaymentSuccessPage = () => import('../features/registrations/routes/payment-success-page');
export const loadPaymentCancelPage = () => import('../features/registrations/routes/payment-cancel-page');
export const loadAdminPanelPage = () => import('./routes/admin-panel-page');
export const loadAdminConfigurationPage = () => import('../features/config/routes/admin-configuration-page');
export const loadAdminUsersPage = () => import('../features/users/routes/admin-users-page');
export const loadNotFoundPage = () =>
  import('./routes/not-found-page').then((m) => ({ default: m.NotFoundPage }));
export const loadManageRegistrationsPage = () =>
  import('../features/admin-registrations/routes/manage-registrations-page');
export const loadWaitlistPage = () => import('../features/admin-registrations/routes/waitlist-page');
// The camp-setup and admin screens come as one chunk per feature (fewer lazy chunks to list).
export const loadCampingOptions = () => import('../features/camping-options/routes');
export const loadWork = () => import('../features/work/routes');
export const loadPayments = () => import('../features/payments/routes');
export const loadReports = () => import('../features/reports/routes');
export const loadAdminDrawPage = () => import('../features/draw/routes/admin-draw-page');
export const loadAdminApplicationsPage = () =>
  import('../features/admin-applications/routes/admin-applications-page');
export const loadCheckInPage = () => import('../features/check-in/routes/check-in-page');
