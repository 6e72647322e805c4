import { defaultPublicConfig } from '@camp/shared/rules';
import { type AuthResponse, authResponseOf } from '@camp/shared/auth';
import type { PublicConfig } from '@camp/shared/config';
import type { User } from '@camp/shared/users';
import { QueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { AppRouter } from '../app/router';
import { ACCESS_TOKEN_STORAGE_KEY } from '../lib/auth-token';
import { QUERY_STALE_TIME_MS } from '../lib/query-client';
import { contractViolation } from './api-contract';

/** A client like the app's, but without the retry, so a failing query settles at once in tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_TIME_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

/** The app's providers, for a test that re-renders what `renderWithProviders` rendered. */
export { AppProviders };

export function renderWithProviders(ui: ReactElement, queryClient = createTestQueryClient()): RenderResult {
  return render(<AppProviders queryClient={queryClient}>{ui}</AppProviders>);
}

/** The whole app (router, layout, guards) at a hash route such as '/dashboard?tab=1'. */
export function renderApp(hashPath = '/', queryClient = createTestQueryClient()): RenderResult {
  window.location.hash = `#${hashPath}`;
  return renderWithProviders(<AppRouter />, queryClient);
}

/**
 * With fake timers on (`vi.useFakeTimers()`): moves the clock on a step at a time, letting promises and renders
 * settle between steps, until `check` stops throwing, and returns what it returns. Fails with its last error
 * once `limitMs` of fake time have passed. The fake-time twin of Testing Library's waitFor: no real waiting.
 */
export async function advanceTimersUntil<T>(
  check: () => T,
  { stepMs = 50, limitMs = 10_000 }: { stepMs?: number; limitMs?: number } = {},
): Promise<T> {
  for (let elapsed = 0; ; elapsed += stepMs) {
    try {
      return check();
    } catch (error) {
      if (elapsed >= limitMs) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(stepMs));
  }
}

/** The current hash route, e.g. '/login?returnTo=%2Fdashboard'. */
export function currentRoute(): string {
  return window.location.hash.replace(/^#/, '');
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...init.headers },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces global fetch; the handler sees the URL as a string. Returns the mock for call assertions. */
export function mockFetch(handler: FetchHandler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return Promise.resolve().then(() => handler(url, init));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const offContractResponses = new WeakSet<Response>();

/**
 * Marks an answer the real API never gives (a test of how the app copes with a malformed body): the route
 * fakes pass it on without checking it against the API's response schemas.
 */
export function offContract(response: Response): Response {
  offContractResponses.add(response);
  return response;
}

const contractViolations: string[] = [];

// A fake answer the API could not give fails its test, even when the app coped with the failed fetch. Checked
// once the test's afterEach hooks (the setup's cleanup) have run, so a failure here leaves nothing behind.
beforeEach(() => {
  contractViolations.length = 0;
  onTestFinished(() => {
    const found = contractViolations.splice(0);
    if (found.length > 0) {
      throw new Error(`The fake API answered what the real API never would:\n${found.join('\n\n')}`);
    }
  });
});

// Toasts live in a module-level store: each test starts without the last one's.
afterEach(() => notifications.clean());

/** The fakes' answer, checked against the API's response schemas (src/test/api-contract.ts) unless off contract. */
async function checkedAnswer(url: string, init: RequestInit, response: Response): Promise<Response> {
  if (offContractResponses.has(response)) return response;
  const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
  const violation = await contractViolation(init.method ?? 'GET', path, response);
  if (violation === null) return response;
  contractViolations.push(violation);
  throw new Error(violation);
}

/** A fetch that never answers until the request is aborted (time-out tests). */
export function hangingResponse(init: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) abort();
    else init.signal?.addEventListener('abort', abort);
  });
}

export function testConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    ...defaultPublicConfig(new Date('2026-03-01T00:00:00Z')),
    id: 'cfg-1',
    campName: 'Camp Dusty Gulch',
    campDescription: '<p>A <strong>shady</strong> camp on the 9 o’clock side.</p>',
    homePageBlurb: '<h2>Welcome home, dusty people</h2><p>Registration opens soon.</p>',
    registrationYear: 2026,
    ...overrides,
  };
}

/** GET /health of a running server: the signed-out connectivity check (app/connection-gate.tsx). */
const HEALTHY = { status: 'ok', database: 'pglite', uptimeSeconds: 1 };

/**
 * The standard API of these tests: /auth/test answers 401 (signed out), /health 200, /public/config the
 * given config.
 * Answers are checked against the API's response schemas (see `offContract`).
 */
export function mockApi(config: PublicConfig | (() => Response) = testConfig()) {
  return mockFetch((url, init) => {
    const answer = () => {
      if (url.endsWith('/auth/test')) {
        return jsonResponse(
          { statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' },
          { status: 401 },
        );
      }
      if (url.endsWith('/health')) return jsonResponse(HEALTHY);
      if (url.endsWith('/public/config'))
        return typeof config === 'function' ? config() : jsonResponse(config);
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not Found' }, { status: 404 });
    };
    return checkedAnswer(url, init, answer());
  });
}

/** A signed-in user as GET /auth/profile answers it; complete profile unless overridden. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: '4b8f5c7e-2f3a-4c1d-9e8b-1a2b3c4d5e6f',
    email: 'dusty@example.org',
    firstName: 'Dusty',
    lastName: 'Rhodes',
    playaName: null,
    profilePicture: null,
    role: 'PARTICIPANT',
    isEmailVerified: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    phone: '555-0100',
    city: null,
    stateProvince: null,
    country: null,
    emergencyContact: 'Sandy Rhodes, 555-0101, sister',
    allowRegistration: true,
    allowEarlyRegistration: false,
    allowDeferredDuesPayment: false,
    allowNoJob: false,
    internalNotes: null,
    ...overrides,
  };
}

/** The admin of the admin screens' tests. */
export const testAdmin: User = testUser({
  id: '00000000-0000-4000-8000-000000000001',
  role: 'ADMIN',
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'ada@example.org',
});

/** The auth response of a sign-in, refresh or profile completion for a user. */
export function testAuthResponse(user: User = testUser(), accessToken = 'token-signed-in'): AuthResponse {
  return authResponseOf(user, accessToken);
}

/** Starts a test signed in: the auth_state cookie and a stored access token. */
export function startSignedIn(accessToken = 'token-signed-in'): void {
  document.cookie = 'auth_state=authenticated; path=/';
  window.localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, accessToken);
}

/** The reason phrases the API puts in `error` (Node's STATUS_CODES). */
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** What the API says when a test names no message: its generic texts (apps/api errors plugin, app-error). */
const DEFAULT_MESSAGES: Record<number, string> = {
  401: 'Authentication required',
  500: 'Internal Server Error',
  503: 'The service is temporarily unavailable. Please try again in a few moments.',
};

/** An error answer as the API gives it: `{ statusCode, error, message }` (docs/architecture.md §5). */
export function errorResponse(status: number, message?: string | string[]): Response {
  const error = REASON_PHRASES[status] ?? 'Error';
  return jsonResponse(
    { statusCode: status, error, message: message ?? DEFAULT_MESSAGES[status] ?? error },
    { status },
  );
}

export type ApiRouteHandler = (request: {
  url: string;
  init: RequestInit;
  body: unknown;
}) => Response | Promise<Response>;

/** Endpoints of a fake API by route, e.g. { 'GET /users': () => jsonResponse([]) } (see mockApiRoutes). */
export type ApiRoutes = Record<string, ApiRouteHandler>;

/** GET /applications/me of a year that asks no application (the default: docs/product.md §12 Application approval). */
export function noApplicationNeeded(year: number) {
  return { year, required: false, exempt: false, questions: [], application: null };
}

/**
 * A fake API by route: keys like 'GET /auth/profile' or 'POST /auth/login-with-code' (path after the base,
 * without the query). Unlisted: /auth/test answers 401 (connected, signed out), /health 200, /public/config the given
 * configuration, GET /applications/me a year without applications, anything else 404. Every answer is checked against the API's response schemas
 * (src/test/api-contract.ts): one the server could not give fails the test, unless marked `offContract`.
 * Returns the fetch mock and a log of 'METHOD /path' calls.
 */
export function mockApiRoutes(routes: ApiRoutes, config: PublicConfig = testConfig()) {
  const calls: string[] = [];
  const fetchMock = mockFetch((url, init) => {
    const path = new URL(url, 'http://localhost').pathname.replace(/^\/api/, '');
    const key = `${init.method ?? 'GET'} ${path}`;
    calls.push(key);
    const handler = routes[key];
    if (handler) {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      return Promise.resolve(handler({ url, init, body })).then((answer) => checkedAnswer(url, init, answer));
    }
    if (path === '/auth/test') return errorResponse(401, 'Unauthorized');
    if (path === '/health') return checkedAnswer(url, init, jsonResponse(HEALTHY));
    if (path === '/public/config') return checkedAnswer(url, init, jsonResponse(config));
    if (key === 'GET /applications/me') {
      return checkedAnswer(url, init, jsonResponse(noApplicationNeeded(config.registrationYear)));
    }
    return errorResponse(404, 'Not Found');
  });
  return { fetchMock, calls };
}

/** The bearer token a request was sent with. */
export function bearerOf(init: RequestInit): string | null {
  const header = new Headers(init.headers).get('Authorization');
  return header?.replace(/^Bearer /, '') ?? null;
}

/**
 * Starts a test signed in as `user` (startSignedIn) on a fake API (mockApiRoutes) whose GET /auth/profile
 * answers with the user; `routes` add or replace endpoints. Returns the fetch mock and the call log.
 */
export function signedInApi(user: User, routes: ApiRoutes = {}, config: PublicConfig = testConfig()) {
  startSignedIn();
  return mockApiRoutes({ 'GET /auth/profile': () => jsonResponse(user), ...routes }, config);
}

/** signedInApi, then the whole app at `hashPath`: a screen's test opening its route as `user`. */
export function renderSignedIn(
  hashPath: string,
  user: User,
  routes: ApiRoutes = {},
  config: PublicConfig = testConfig(),
) {
  const api = signedInApi(user, routes, config);
  renderApp(hashPath);
  return api;
}

/** The query of each request the fake API got for a path ending in `pathEnd`, in order, as plain objects. */
export function queriesTo(
  fetchMock: ReturnType<typeof mockFetch>,
  pathEnd: string,
): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith(pathEnd))
    .map((url) => Object.fromEntries(url.searchParams));
}
