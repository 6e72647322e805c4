import type { AuthResponse } from '@camp/shared/auth';
import { apiClient } from '../../../lib/api-client';
import { parseAuthResponse } from './parse-auth';

/**
 * POST /auth/login-with-link (decision 062): signs in with the mailed link's token; the browser's own
 * `login_browser` cookie goes with it. The server also sets the refresh and auth_state cookies.
 */
export async function loginWithLink(token: string): Promise<AuthResponse> {
  // A 400 or 403 here is the answer about the link, not an expired session: no refresh.
  const body = await apiClient.post('/auth/login-with-link', { body: { token }, skipAuthRefresh: true });
  return parseAuthResponse(body);
}
