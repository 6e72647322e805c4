import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiClient, isApiError } from '../../lib/api-client';
import { isAuthenticated } from '../../lib/auth-state';
import { getAccessToken } from '../../lib/auth-token';
import {
  bearerOf,
  currentRoute,
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  offContract,
  renderApp,
  startSignedIn,
  testAuthResponse,
  testUser,
} from '../../test/test-utils';

const user = testUser({ firstName: 'Rae', lastName: 'Sun' });

describe('session refresh on 401 (docs/product.md §4)', () => {
  it('answers concurrent 401s with one refresh, then retries each call with the new token', async () => {
    startSignedIn('expired-token');
    let finishRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => (finishRefresh = resolve));
    const { calls } = mockApiRoutes({
      'GET /auth/profile': ({ init }) =>
        bearerOf(init) === 'fresh-token' ? jsonResponse(user) : errorResponse(401, 'Unauthorized'),
      // Any call will do: its body is a token, not a user (the test is about the refresh, not the endpoint).
      'GET /users/abc': ({ init }) =>
        bearerOf(init) === 'fresh-token'
          ? offContract(jsonResponse({ id: 'abc' }))
          : errorResponse(401, 'Unauthorized'),
      'POST /auth/refresh': async () => {
        await refreshGate;
        return jsonResponse(testAuthResponse(user, 'fresh-token'));
      },
    });
    renderApp('/dashboard');

    // The app's own profile call and three more, all with the expired token, all at once.
    const extra = [
      apiClient.get('/users/abc'),
      apiClient.get('/users/abc'),
      apiClient.get<{ id: string }>('/auth/profile'),
    ];
    await waitFor(() => expect(calls.filter((call) => call === 'POST /auth/refresh')).toHaveLength(1));
    act(() => finishRefresh());

    const results = await Promise.all(extra);
    expect(results[0]).toEqual({ id: 'abc' });
    expect(results[2]).toMatchObject({ id: user.id });
    expect(await screen.findByRole('heading', { name: 'Welcome, Rae Sun!' })).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /auth/refresh')).toHaveLength(1);
    expect(getAccessToken()).toBe('fresh-token');
    expect(isAuthenticated()).toBe(true);
  });

  it('signs out locally and sends the user to login with returnTo when the refresh fails', async () => {
    startSignedIn('expired-token');
    mockApiRoutes({
      'GET /auth/profile': () => errorResponse(401, 'Unauthorized'),
      'POST /auth/refresh': () => errorResponse(401, 'Your session has expired. Please sign in again.'),
    });
    renderApp('/dashboard?tab=payments');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(currentRoute()).toBe('/login?returnTo=%2Fdashboard%3Ftab%3Dpayments');
    expect(getAccessToken()).toBeNull();
    expect(isAuthenticated()).toBe(false);
  });

  it('keeps the session when the refresh gets no answer at all (offline), failing only the call', async () => {
    startSignedIn('expired-token');
    mockApiRoutes({
      'GET /auth/profile': () => jsonResponse(user),
      'GET /users/abc': () => errorResponse(401, 'Unauthorized'),
      'POST /auth/refresh': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Rae Sun!' });

    const failure = await apiClient.get('/users/abc').catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(401);
    expect(isAuthenticated()).toBe(true);
    expect(getAccessToken()).toBe('expired-token');
    expect(currentRoute()).toBe('/dashboard');
  });
});
