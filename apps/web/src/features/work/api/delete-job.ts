import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** DELETE /jobs/{id} (204). Refused (409, with a message) while registrations refer to the job. */
export function deleteJob(id: string): Promise<void> {
  return apiClient.delete<void>(`/jobs/${encodeURIComponent(id)}`);
}

export function useDeleteJob() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: deleteJob, onSuccess: invalidate });
}
