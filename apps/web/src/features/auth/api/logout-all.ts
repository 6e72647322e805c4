import { apiClient } from '../../../lib/api-client';

/** POST /auth/logout-all: ends every session of the signed-in person (every device), this one included. */
export async function logoutAll(): Promise<void> {
  await apiClient.post('/auth/logout-all');
}
