import type { AuthResponse } from '@camp/shared/auth';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiError, apiClient } from '../../../lib/api-client';
import { parseAuthResponse } from './parse-auth';

// Signing in with a passkey (docs/product.md §12 Passkeys): options from the server, the browser's answer back.

/** POST /auth/passkey-options: a fresh challenge (used once, 5 minutes), no allowed credentials. */
export async function getPasskeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const body = await apiClient.post('/auth/passkey-options', { skipAuthRefresh: true });
  if (
    typeof body !== 'object' ||
    body === null ||
    typeof (body as { challenge?: unknown }).challenge !== 'string'
  ) {
    throw new ApiError({ kind: 'invalid-response', status: 200, body });
  }
  return body as PublicKeyCredentialRequestOptionsJSON;
}

/** POST /auth/passkey-sign-in: the same answer and cookies as the e-mail code's sign-in. */
export async function passkeySignIn(response: AuthenticationResponseJSON): Promise<AuthResponse> {
  // A 401 here means "that passkey did not sign you in", not an expired session: no refresh.
  const body = await apiClient.post('/auth/passkey-sign-in', { body: { response }, skipAuthRefresh: true });
  return parseAuthResponse(body);
}
