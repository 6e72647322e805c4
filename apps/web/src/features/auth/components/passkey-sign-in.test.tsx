import { PASSKEY_MESSAGES } from '@camp/shared/rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getAccessToken } from '../../../lib/auth-token';
import {
  currentRoute,
  errorResponse,
  jsonResponse,
  mockApiRoutes,
  renderApp,
  testAuthResponse,
  testUser,
} from '../../../test/test-utils';

// The sign-in page's passkey (docs/product.md §12 Passkeys): the button, autofill, and their failures. The browser's
// WebAuthn library is mocked: these tests are about the page, the API tests run the real verification.

const browser = vi.hoisted(() => ({
  supports: true,
  autofill: false,
  startAuthentication: vi.fn(),
  cancelCeremony: vi.fn(),
}));

vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => browser.supports,
  browserSupportsWebAuthnAutofill: () => Promise.resolve(browser.autofill),
  startAuthentication: browser.startAuthentication,
  WebAuthnAbortService: { cancelCeremony: browser.cancelCeremony },
}));

const OPTIONS = { challenge: 'c2lnbi1pbg', rpId: 'localhost', userVerification: 'required' };
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
  clientExtensionResults: {},
};
const AFTER_SIGN_IN = { timeout: 5000 };

function passkeyRoutes(
  signIn: () => Response = () => jsonResponse(testAuthResponse(testUser(), 'passkey-token')),
) {
  const bodies: unknown[] = [];
  const api = mockApiRoutes({
    'POST /auth/passkey-options': () => jsonResponse(OPTIONS),
    'POST /auth/passkey-sign-in': ({ body }) => {
      bodies.push(body);
      return signIn();
    },
    'GET /auth/profile': () => jsonResponse(testUser()),
  });
  return { ...api, bodies };
}

describe('sign in with a passkey', { timeout: 20_000 }, () => {
  beforeEach(() => {
    browser.supports = true;
    browser.autofill = false;
    browser.startAuthentication.mockReset();
    browser.cancelCeremony.mockReset();
  });

  it('signs in with the button: the options go to the browser, its answer to the server, then the dashboard', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    const { bodies } = passkeyRoutes();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await screen.findByRole('heading', { name: 'Welcome, Dusty Rhodes!' }, AFTER_SIGN_IN);
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: OPTIONS,
      useBrowserAutofill: false,
    });
    expect(bodies).toEqual([{ response: ASSERTION }]);
    expect(getAccessToken()).toBe('passkey-token');
    expect(currentRoute()).toBe('/dashboard');
  });

  it('shows the shared message when the server refuses the passkey', async () => {
    browser.startAuthentication.mockResolvedValue(ASSERTION);
    passkeyRoutes(() => errorResponse(401, PASSKEY_MESSAGES.signInFailed));
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_MESSAGES.signInFailed);
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says nothing when the person closes the browser prompt', async () => {
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    const { calls } = passkeyRoutes();
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in with a passkey' })).toBeEnabled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).not.toContain('POST /auth/passkey-sign-in');
  });

  it('offers passkeys in the e-mail field (autofill) where the browser can, and stops on leaving the page', async () => {
    browser.autofill = true;
    browser.startAuthentication.mockReturnValue(new Promise(() => {}));
    passkeyRoutes();
    const { unmount } = renderApp('/login');
    const input = await screen.findByLabelText('Email address', { exact: false });
    expect(input).toHaveAttribute('autocomplete', 'username webauthn');
    await waitFor(() =>
      expect(browser.startAuthentication).toHaveBeenCalledWith({
        optionsJSON: OPTIONS,
        useBrowserAutofill: true,
      }),
    );
    unmount();
    expect(browser.cancelCeremony).toHaveBeenCalled();
  });

  it('shows no passkey button where the browser has no WebAuthn', async () => {
    browser.supports = false;
    passkeyRoutes();
    renderApp('/login');
    await screen.findByRole('button', { name: 'Send Code' });
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });
});
