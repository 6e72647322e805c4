import { apiClient } from '../../../lib/api-client';

/** POST /auth/logout: revokes the session on the server and clears its cookies. */
export async function logout(): Promise<void> {
  // Works from the refresh cookie alone, so an expired access token must not trigger a refresh first.
  await apiClient.post('/auth/logout', { skipAuthRefresh: true });
}
