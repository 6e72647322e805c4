import type { AuthResponse } from '@camp/shared/auth';
import type { RegisterInput } from '@camp/shared/users';
import { apiClient } from '../../../lib/api-client';
import { setAccessToken } from '../../../lib/auth-token';
import { parseAuthResponse } from './parse-auth';

/**
 * The placeholder password of POST /auth/register (docs/product.md §7). Sign-in is by e-mail code only; the server
 * accepts and ignores it (decision 004).
 */
export const PROFILE_COMPLETION_PLACEHOLDER_PASSWORD = 'email-code-login-no-password';

export type CompleteProfileInput = Omit<RegisterInput, 'password'>;

/**
 * POST /auth/register: completes the signed-in user's own profile ("Complete Your Profile"). The answer carries
 * a fresh access token, which is stored at once.
 */
export async function completeProfile(input: CompleteProfileInput): Promise<AuthResponse> {
  const body = await apiClient.post('/auth/register', {
    body: { ...input, password: PROFILE_COMPLETION_PLACEHOLDER_PASSWORD },
    // Once exempt from the 401 refresh, when register made accounts. Here it is a bearer call
    // (decision 004), so a 401 means the access token expired while the form was open: refresh like any
    // other call rather than lose what the newcomer typed.
  });
  const auth = parseAuthResponse(body);
  setAccessToken(auth.accessToken);
  return auth;
}
