/*
 * The dynamic imports of the lazy screens, kept out of Home's bundle (budget: Home ≤ 125 KB gzip). Vite gives
 * every `import()` the list of files its screen needs (JS chunks and stylesheets, preloaded together), and puts
 * those lists in the chunk that holds the `import()`: here rather than in Home, ~1.3 KB gzip for all screens.
 * router.tsx starts loading this small chunk as Home starts, so it arrives while the connection check that every
 * screen waits for runs. A new lazy screen gets its loader in `loaders`: the router makes
 * every route's screen from it.
 */
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { routePatterns, type RouteName } from '../lib/paths';

type Screen = Promise<{ default: ComponentType }>;
/** The routes whose screen loads on demand: all but Home. */
export type LazyRouteName = Exclude<RouteName, 'home'>;

const loginPage = () => import('../features/auth/routes/login-page');
const loginLinkPage = () => import('../features/auth/routes/login-link-page');

// The camp-setup, admin and report screens come as one chunk per feature (fewer lazy chunks to list).
const campingOptions = () => import('../features/camping-options/routes');
const work = () => import('../features/work/routes');
const payments = () => import('../features/payments/routes');
const reports = () => import('../features/reports/routes');
/** One named screen of a feature's chunk, as a lazy component's module. */
const pick =
  <M>(load: () => Promise<M>, name: keyof M) =>
  (): Screen =>
    load().then((module) => ({ default: module[name] as ComponentType }));

const loaders: Record<LazyRouteName, () => Screen> = {
  login: loginPage,
  loginLink: loginLinkPage,
  dashboard: () => import('../features/registrations/routes/dashboard-page'),
  profile: () => import('../features/users/routes/profile-page'),
  registration: () => import('../features/registrations/routes/registration-page'),
  apply: () => import('../features/applications/routes/apply-page'),
  shifts: () => import('../features/registrations/routes/my-shifts-page'),
  checkIn: () => import('../features/check-in/routes/check-in-page'),
  paymentSuccess: () => import('../features/registrations/routes/payment-success-page'),
  paymentCancel: () => import('../features/registrations/routes/payment-cancel-page'),
  reports: pick(reports, 'ReportsPage'),
  reportsRegistrations: pick(reports, 'RegistrationReportsPage'),
  reportsUsers: pick(reports, 'UserReportsPage'),
  reportsWorkSchedule: pick(reports, 'WorkSchedulePage'),
  reportsPayments: pick(reports, 'PaymentReportsPage'),
  admin: () => import('./routes/admin-panel-page'),
  adminConfiguration: () => import('../features/config/routes/admin-configuration-page'),
  adminUsers: () => import('../features/users/routes/admin-users-page'),
  adminCampingOptions: pick(campingOptions, 'CampingOptionsPage'),
  adminCampingOptionFields: pick(campingOptions, 'CampingOptionFieldsPage'),
  adminJobCategories: pick(work, 'JobCategoriesPage'),
  adminJobs: pick(work, 'JobsPage'),
  adminShifts: pick(work, 'AdminShiftsPage'),
  adminManageRegistrations: () => import('../features/admin-registrations/routes/manage-registrations-page'),
  adminPayments: pick(payments, 'AdminPaymentsPage'),
  adminWaitlist: () => import('../features/admin-registrations/routes/waitlist-page'),
  adminDraw: () => import('../features/draw/routes/admin-draw-page'),
  adminApplications: () => import('../features/admin-applications/routes/admin-applications-page'),
};

/** The screen of a route. */
export const loadScreen = (name: LazyRouteName): Screen => loaders[name]();

/*
 * The screen of the address the app was opened at starts loading now, alongside the connection check and the
 * session's refresh that every screen waits for (decision 045), rather than after them: a deep link (a mail's link,
 * a guard's redirect to Login, a reload) shows its screen a round of requests sooner. The router's import() of it
 * then finds it loaded or on its way. Home is in the first download already.
 */
const openedAt = window.location.hash.replace(/^#/, '').split(/[?#]/, 1)[0] || '/';
const opened = (Object.keys(loaders) as LazyRouteName[]).find((name) =>
  matchPath(routePatterns[name], openedAt),
);
if (opened) void loaders[opened]();

/** Not Found is rare: it loads on demand too. */
export const loadNotFoundPage = pick(() => import('./routes/not-found-page'), 'NotFoundPage');
