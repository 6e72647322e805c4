/**
 * Every route of the web app (docs/product.md §2), in one place. Components never write URL strings: they call a builder
 * (`paths.login({ returnTo })`), and the router declares `routePatterns`. Paths are what follows the '#' in the
 * address (hash history).
 */
export const routePatterns = {
  home: '/',
  login: '/login',
  loginLink: '/login/link',
  dashboard: '/dashboard',
  profile: '/profile',
  registration: '/registration',
  apply: '/apply',
  shifts: '/shifts',
  checkIn: '/check-in',
  paymentSuccess: '/payment/success',
  paymentCancel: '/payment/cancel',
  reports: '/reports',
  reportsRegistrations: '/reports/registrations',
  reportsUsers: '/reports/users',
  reportsWorkSchedule: '/reports/work-schedule',
  reportsPayments: '/reports/payments',
  admin: '/admin',
  adminConfiguration: '/admin/configuration',
  adminUsers: '/admin/users',
  adminCampingOptions: '/admin/camping-options',
  adminCampingOptionFields: '/admin/camping-options/:optionId/fields',
  adminJobCategories: '/admin/job-categories',
  adminJobs: '/admin/jobs',
  adminShifts: '/admin/shifts',
  adminManageRegistrations: '/admin/manage-registrations',
  adminPayments: '/admin/payments',
  adminWaitlist: '/admin/waitlist',
  adminDraw: '/admin/draw',
  adminApplications: '/admin/applications',
} as const;

export type RouteName = keyof typeof routePatterns;

/** Who may open a route (docs/product.md §2 table): the guards of the sign-in issue read this. */
export type RouteAccess = 'public' | 'signed-in' | 'staff' | 'admin';

export const routeAccess: Record<RouteName, RouteAccess> = {
  home: 'public',
  login: 'public',
  loginLink: 'public',
  dashboard: 'signed-in',
  profile: 'signed-in',
  registration: 'signed-in',
  apply: 'signed-in',
  shifts: 'signed-in',
  checkIn: 'staff',
  paymentSuccess: 'signed-in',
  paymentCancel: 'signed-in',
  reports: 'staff',
  reportsRegistrations: 'staff',
  reportsUsers: 'staff',
  reportsWorkSchedule: 'staff',
  reportsPayments: 'admin',
  admin: 'admin',
  adminConfiguration: 'admin',
  adminUsers: 'admin',
  adminCampingOptions: 'admin',
  adminCampingOptionFields: 'admin',
  adminJobCategories: 'admin',
  adminJobs: 'admin',
  adminShifts: 'admin',
  adminManageRegistrations: 'admin',
  adminPayments: 'admin',
  adminWaitlist: 'admin',
  adminDraw: 'admin',
  adminApplications: 'admin',
};

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A builder per route: the pattern itself, for routes that take no parameter. */
const plain = Object.fromEntries(
  Object.entries(routePatterns).map(([name, pattern]) => [name, () => pattern]),
) as { [Name in RouteName]: () => string };

export const paths = {
  ...plain,
  /** `returnTo` is the path (and query) to go back to after sign-in, e.g. '/registration'. */
  login: ({ returnTo }: { returnTo?: string } = {}) => withQuery(routePatterns.login, { returnTo }),
  /** The one-click sign-in link of the sign-in mail (decision 062); the server builds it with the token. */
  loginLink: ({ token }: { token?: string } = {}) => withQuery(routePatterns.loginLink, { token }),
  /** `returnTo`: where to continue after completing the profile (set when sign-in sends a newcomer here). */
  profile: ({ returnTo }: { returnTo?: string } = {}) => withQuery(routePatterns.profile, { returnTo }),
  paymentSuccess: ({ sessionId }: { sessionId?: string } = {}) =>
    withQuery(routePatterns.paymentSuccess, { session_id: sessionId }),
  adminCampingOptionFields: (optionId: string) =>
    routePatterns.adminCampingOptionFields.replace(':optionId', encodeURIComponent(optionId)),
} satisfies Record<RouteName, (...args: never[]) => string>;

/**
 * A `returnTo` value that is safe to navigate to: an app path starting with a single '/' (so never another
 * site, '//evil.example', nor a backslash trick), and never the login screen itself (no sign-in loops).
 * Anything else gives null, and the caller goes to its default (the dashboard).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters (including newlines and tabs) have no place in a path.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === routePatterns.login || pathname.startsWith(`${routePatterns.login}/`)) return null;
  return value;
}

/** The `href` of an app path for a plain `<a>` (hash history): '/login' → '#/login'. */
export function hashHref(path: string): string {
  return `#${path}`;
}

/**
 * The full address of an app path, for links that leave the app and come back (Stripe's success and cancel
 * URLs, links in e-mails built in the browser): `https://camp.example.org/#/payment/cancel`.
 */
export function absoluteAppUrl(
  path: string,
  location: Pick<Location, 'origin' | 'pathname'> = window.location,
) {
  return `${location.origin}${location.pathname}${hashHref(path)}`;
}
