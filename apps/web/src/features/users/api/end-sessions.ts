import { EndSessionsResponseSchema } from '@camp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /users/{id}/end-sessions (admin): signs the person out everywhere; answers how many sessions ended. */
export async function endSessions(id: string): Promise<number> {
  const body = await apiClient.post(`/users/${encodeURIComponent(id)}/end-sessions`);
  return EndSessionsResponseSchema.parse(body).sessionsEnded;
}

export function useEndSessions() {
  return useMutation({ mutationFn: endSessions });
}
