import type { AuthResponse } from '@camp/shared/auth';
import { PASSKEY_MESSAGES, PASSKEY_TEXTS } from '@camp/shared/rules';
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { Alert, Button } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { getPasskeySignInOptions, passkeySignIn } from '../api/passkey-sign-in';

// Signing in with a passkey on the sign-in page (docs/product.md §12 Passkeys): the browser's autofill offers the
// person's passkeys in the e-mail field (conditional UI), and a button asks for one outright.

/** Whether the person closed the browser's prompt, or the page stopped the ceremony: no error to show. */
function wasCancelled(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED') return true;
  return error.name === 'NotAllowedError' || error.name === 'AbortError';
}

/** The text of a failed passkey sign-in: the server's when it said one (401, 429), else the shared message. */
function failureText(error: unknown): string {
  if (isApiError(error) && error.kind === 'http' && (error.status === 401 || error.status === 429)) {
    const text = error.serverMessages.join(' ');
    if (text) return text;
  }
  return PASSKEY_MESSAGES.signInFailed;
}

/**
 * The passkey ceremonies of the sign-in page. Autofill starts on mount where the browser supports it and is
 * cancelled on unmount or when the button starts its own ceremony (the browser library aborts the earlier one).
 */
export function usePasskeySignIn(onSignedIn: (auth: AuthResponse) => void | Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const mounted = useRef(true);
  const signedIn = useRef(onSignedIn);
  useEffect(() => {
    signedIn.current = onSignedIn;
  }, [onSignedIn]);

  const run = useCallback(async (useBrowserAutofill: boolean) => {
    try {
      const optionsJSON = await getPasskeySignInOptions();
      if (!mounted.current) return;
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill });
      if (!mounted.current) return;
      setPending(true);
      setError(null);
      const auth = await passkeySignIn(response);
      if (mounted.current) await signedIn.current(auth);
    } catch (failure) {
      if (!mounted.current || wasCancelled(failure)) return;
      // Autofill that could not even start (no options) says nothing: the button and the code still work.
      if (useBrowserAutofill && !isApiError(failure)) return;
      setError(failureText(failure));
    } finally {
      if (mounted.current) setPending(false);
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    let cancelled = false;
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported && !cancelled) void run(true);
    });
    return () => {
      cancelled = true;
      mounted.current = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [run]);

  const start = useCallback(() => {
    setError(null);
    void run(false);
  }, [run]);

  return { start, error, pending, supported: browserSupportsWebAuthn() };
}

/** The "Sign in with a passkey" button and its error, under the e-mail form. */
export function PasskeySignInButton({ passkey }: { passkey: ReturnType<typeof usePasskeySignIn> }) {
  if (!passkey.supported) return null;
  return (
    <>
      <Button
        type="button"
        variant="default"
        size="md"
        fullWidth
        loading={passkey.pending}
        onClick={passkey.start}
      >
        {PASSKEY_TEXTS.signIn}
      </Button>
      {passkey.error && (
        <Alert color="red" role="alert">
          {passkey.error}
        </Alert>
      )}
    </>
  );
}
