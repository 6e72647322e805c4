import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isAuthenticated } from '../../../lib/auth-state';
import { getAccessToken } from '../../../lib/auth-token';
import {
  currentRoute,
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  offContract,
  renderApp,
  testAuthResponse,
  testUser,
  type ApiRouteHandler,
} from '../../../test/test-utils';
import { PENDING_LOGIN_EMAIL_KEY } from '../pending-login-email';

const AFTER_SIGN_IN = { timeout: 5000 };

const codeSent = () => jsonResponse({ success: true, message: 'A verification code has been sent.' });

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
}

async function requestCode(email = 'Sky@Example.org ') {
  await screen.findByRole('heading', { name: 'Sign In' });
  type('Email address', email);
  fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
  await screen.findByRole('heading', { name: 'Check Your Email' });
}

function enterCode(code: string) {
  type('Verification code', code);
  fireEvent.click(screen.getByRole('button', { name: 'Verify and Sign In' }));
}

function startAtCodeStep(email = 'sky@example.org') {
  window.localStorage.setItem(PENDING_LOGIN_EMAIL_KEY, email);
}

async function expectError(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
}

function loginRoutes(verify: ApiRouteHandler, request: ApiRouteHandler = codeSent) {
  return mockApiRoutes({ 'POST /auth/request-login-code': request, 'POST /auth/login-with-code': verify });
}

describe('login: requesting a code', () => {
  it('sends the trimmed, lower-cased address and moves to the code step, kept over a reload', async () => {
    const bodies: unknown[] = [];
    loginRoutes(
      () => errorResponse(401),
      ({ body }) => {
        bodies.push(body);
        return codeSent();
      },
    );
    const { unmount } = renderApp('/login');
    await requestCode();
    expect(bodies).toEqual([{ email: 'sky@example.org' }]);
    expect(screen.getByText('sky@example.org')).toBeInTheDocument();
    // The mail holds a code and a one-click link (decision 062).
    expect(screen.getByText(/^We sent a 6-digit code and a sign-in link to/)).toHaveTextContent(
      'Both are valid for 10 minutes. Type the code here, or open the link from the e-mail in this browser.',
    );
    expect(window.localStorage.getItem(PENDING_LOGIN_EMAIL_KEY)).toBe('sky@example.org');

    const input = screen.getByLabelText('Verification code', { exact: false });
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');

    unmount();
    renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
  });

  it('checks the address before sending', async () => {
    const { calls } = loginRoutes(() => errorResponse(401));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    type('Email address', 'not-an-address');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await expectError('Please enter a valid email address');
    expect(calls).not.toContain('POST /auth/request-login-code');
  });

  it.each([
    ['a failed send (503)', () => errorResponse(503, 'Failed to send verification code. Please try again.')],
    ['a server error without a message', () => offContract(new Response('oops', { status: 500 }))],
    [
      'no answer at all',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("says 'Failed to send verification code...' on %s", async (_case, respond: ApiRouteHandler) => {
    loginRoutes(() => errorResponse(401), respond);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    type('Email address', 'sky@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await expectError('Failed to send verification code. Please try again.');
    expect(screen.queryByRole('heading', { name: 'Check Your Email' })).not.toBeInTheDocument();
  });

  it("shows the server's own text when rate-limited", async () => {
    loginRoutes(
      () => errorResponse(401),
      () => errorResponse(429, 'Too many code requests. Please wait a few minutes and try again.'),
    );
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    type('Email address', 'sky@example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send Code' }));
    await expectError('Too many code requests. Please wait a few minutes and try again.');
  });
});

describe('login: entering the code', () => {
  it("shows the server's message for a wrong code", async () => {
    startAtCodeStep();
    loginRoutes(() => errorResponse(401, 'Invalid verification code. Please try again.'));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    enterCode('123456');
    await expectError('Invalid verification code. Please try again.');
  });

  it('shows the server message for an expired code', async () => {
    startAtCodeStep();
    loginRoutes(() =>
      errorResponse(401, 'This code has expired or was already used. Please request a new code.'),
    );
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    enterCode('123456');
    await expectError('This code has expired or was already used. Please request a new code.');
  });

  it('blames the network when there is no answer', async () => {
    startAtCodeStep();
    loginRoutes(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    enterCode('123456');
    await expectError('Failed to verify code. Please check your network connection.');
  });

  it("falls back to 'Invalid verification code...' when the server says nothing readable", async () => {
    startAtCodeStep();
    loginRoutes(() => offContract(new Response('', { status: 401 })));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    enterCode('123456');
    await expectError('Invalid verification code. Please try again.');
  });

  it('wants six digits before sending, and takes a pasted code out of surrounding text', async () => {
    startAtCodeStep();
    const { calls } = loginRoutes(() => errorResponse(401, 'Invalid verification code. Please try again.'));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    enterCode('12a3');
    await expectError('Please enter the 6-digit code from your email');
    expect(calls).not.toContain('POST /auth/login-with-code');

    const input = screen.getByLabelText<HTMLInputElement>('Verification code', { exact: false });
    expect(input.value).toBe('123');
    fireEvent.paste(input, {
      clipboardData: { getData: () => 'Your sign-in code for Camp 9 is: 482913 (valid 10 minutes)' },
    });
    expect(input.value).toBe('482913');
  });

  it('can go back to change the address, which forgets the pending one', async () => {
    startAtCodeStep('old@example.org');
    loginRoutes(() => errorResponse(401));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.getByLabelText<HTMLInputElement>('Email address', { exact: false }).value).toBe(
      'old@example.org',
    );
    expect(window.localStorage.getItem(PENDING_LOGIN_EMAIL_KEY)).toBeNull();
  });

  it('can send a new code', async () => {
    startAtCodeStep();
    const { calls } = loginRoutes(() => errorResponse(401));
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/A new code is on its way to sky@example.org/)).toBeInTheDocument();
    expect(calls.filter((call) => call === 'POST /auth/request-login-code')).toHaveLength(1);
  });
});

describe('login: after sign-in', () => {
  function signInRoutes(user = testUser()) {
    const times: Record<string, number> = {};
    const mock = mockApiRoutes({
      'POST /auth/login-with-code': () => {
        times.login = Date.now();
        return jsonResponse(testAuthResponse(user, 'new-token'));
      },
      'GET /auth/profile': () => {
        times.profile ??= Date.now();
        return jsonResponse(user);
      },
    });
    return { ...mock, times };
  }

  it('stores the session, loads the profile 500 ms later, forgets the pending address and goes to returnTo', async () => {
    startAtCodeStep();
    const { times } = signInRoutes(testUser({ playaName: 'Sparkle' }));
    renderApp('/login?returnTo=%2Fdashboard%3Fyear%3D2026');
    await screen.findByRole('heading', { name: 'Check Your Email' }, AFTER_SIGN_IN);
    enterCode('123456');
    // Sign-in waits 500 ms for the profile (docs/product.md §9), then loads the next screen's code.

    expect(
      await screen.findByRole('heading', { name: 'Welcome, Sparkle!' }, AFTER_SIGN_IN),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/dashboard?year=2026');
    expect(getAccessToken()).toBe('new-token');
    expect(isAuthenticated()).toBe(true);
    expect(window.localStorage.getItem(PENDING_LOGIN_EMAIL_KEY)).toBeNull();
    expect((times.profile ?? 0) - (times.login ?? 0)).toBeGreaterThanOrEqual(490);
  });

  it('goes to the dashboard without a returnTo', async () => {
    startAtCodeStep();
    signInRoutes();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Check Your Email' }, AFTER_SIGN_IN);
    enterCode('123456');
    // Sign-in waits 500 ms for the profile (docs/product.md §9), then loads the next screen's code.
    await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' }, AFTER_SIGN_IN);
    expect(currentRoute()).toBe('/dashboard');
  });

  it('sends a newcomer to complete the profile first, keeping returnTo for afterwards', async () => {
    startAtCodeStep();
    signInRoutes(testUser({ firstName: null, lastName: null, phone: null, emergencyContact: null }));
    renderApp('/login?returnTo=%2Fshifts');
    await screen.findByRole('heading', { name: 'Check Your Email' }, AFTER_SIGN_IN);
    enterCode('123456');
    // Sign-in waits 500 ms for the profile (docs/product.md §9), then loads the next screen's code.
    expect(
      await screen.findByRole('heading', { name: 'Complete Your Profile' }, AFTER_SIGN_IN),
    ).toBeInTheDocument();
    expect(currentRoute()).toBe('/profile?returnTo=%2Fshifts');
  });

  it('ignores a returnTo that leaves the app', async () => {
    startAtCodeStep();
    signInRoutes();
    renderApp('/login?returnTo=https%3A%2F%2Fevil.example');
    await screen.findByRole('heading', { name: 'Check Your Email' }, AFTER_SIGN_IN);
    enterCode('123456');
    // Sign-in waits 500 ms for the profile (docs/product.md §9), then loads the next screen's code.
    await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' }, AFTER_SIGN_IN);
    await waitFor(() => expect(currentRoute()).toBe('/dashboard'));
  });
});
