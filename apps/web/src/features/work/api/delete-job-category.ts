import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** DELETE /job-categories/{id} (204). Refused (409, with a message) while jobs use the category. */
export function deleteJobCategory(id: string): Promise<void> {
  return apiClient.delete<void>(`/job-categories/${encodeURIComponent(id)}`);
}

export function useDeleteJobCategory() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: deleteJobCategory, onSuccess: invalidate });
}
