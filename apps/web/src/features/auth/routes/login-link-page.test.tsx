import {
  SIGN_IN_LINK_FAILED,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_OTHER_BROWSER,
  SIGN_IN_LINK_SIGNING_IN,
} from '@camp/shared/rules';
import { configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAuthenticated } from '../../../lib/auth-state';
import { getAccessToken } from '../../../lib/auth-token';
import {
  currentRoute,
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  testAuthResponse,
  testUser,
  type ApiRouteHandler,
} from '../../../test/test-utils';
import { PENDING_LOGIN_EMAIL_KEY } from '../pending-login-email';

const AFTER_SIGN_IN = { timeout: 5000 };
const TOKEN = 'T'.repeat(43);

/** The fake API of the link page: the link's answer and the profile the sign-in loads. */
function linkRoutes(answer: ApiRouteHandler, user = testUser()) {
  const bodies: unknown[] = [];
  const mock = mockApiRoutes({
    'POST /auth/login-with-link': (request) => {
      bodies.push(request.body);
      return answer(request);
    },
    'GET /auth/profile': () => jsonResponse(user),
  });
  return { ...mock, bodies };
}

describe('login link page (/login/link)', () => {
  // The app runs in StrictMode, which runs effects twice: the single-use token must still be sent once.
  beforeEach(() => configure({ reactStrictMode: true }));
  afterEach(() => configure({ reactStrictMode: false }));

  it('says "Signing you in…", sends the token once, and goes to the dashboard signed in', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { bodies } = linkRoutes(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    window.localStorage.setItem(PENDING_LOGIN_EMAIL_KEY, 'sky@example.org');
    renderApp(`/login/link?token=${TOKEN}`);
    expect(await screen.findByText(SIGN_IN_LINK_SIGNING_IN)).toBeInTheDocument();
    answer(jsonResponse(testAuthResponse(testUser(), 'link-token')));

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' }, AFTER_SIGN_IN),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard');
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(getAccessToken()).toBe('link-token');
    expect(isAuthenticated()).toBe(true);
    expect(window.localStorage.getItem(PENDING_LOGIN_EMAIL_KEY)).toBeNull();
  });

  it('sends a newcomer to complete the profile first', async () => {
    const newcomer = testUser({ firstName: null, lastName: null, phone: null, emergencyContact: null });
    linkRoutes(() => jsonResponse(testAuthResponse(newcomer)), newcomer);
    renderApp(`/login/link?token=${TOKEN}`);
    expect(
      await screen.findByRole('heading', { name: 'Complete Your Profile' }, AFTER_SIGN_IN),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/profile');
  });

  it("shows the server's message for a used or expired link, with a way back to the login page", async () => {
    const { bodies } = linkRoutes(() => errorResponse(400, SIGN_IN_LINK_INVALID));
    renderApp(`/login/link?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_LINK_INVALID);
    expect(screen.getByRole('heading', { name: 'Sign-in link' })).toBeInTheDocument();
    expect(bodies).toEqual([{ token: TOKEN }]);
    expect(isAuthenticated()).toBe(false);
    const back = screen.getByRole('link', { name: 'Back to sign-in' });
    expect(back).toHaveAttribute('href', '#/login');
    fireEvent.click(back);
    expect(currentRoute()).toBe('/login');
  });

  it('tells to open the link where the code was asked for when the browser is another one', async () => {
    linkRoutes(() => errorResponse(403, SIGN_IN_LINK_OTHER_BROWSER));
    renderApp(`/login/link?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_LINK_OTHER_BROWSER);
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '#/login');
    expect(getAccessToken()).toBeNull();
  });

  it('says the link is not valid without a token, and sends nothing', async () => {
    const { calls } = linkRoutes(() => errorResponse(400, SIGN_IN_LINK_INVALID));
    renderApp('/login/link');
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_LINK_INVALID);
    expect(calls).not.toContain('POST /auth/login-with-link');
  });

  it('says the network failed when there is no answer', async () => {
    linkRoutes(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp(`/login/link?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_LINK_FAILED);
  });
});
