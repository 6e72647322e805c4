import type { AuthResponse } from '@camp/shared/auth';
import { apiClient } from '../../../lib/api-client';
import { parseAuthResponse } from './parse-auth';

/** POST /auth/refresh: trades the httpOnly refresh cookie for a new access token (and a rotated cookie). */
export async function refreshSession(): Promise<AuthResponse> {
  const body = await apiClient.post('/auth/refresh', { skipAuthRefresh: true });
  return parseAuthResponse(body);
}
