import type { JobCategory, UpdateJobCategoryInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** PATCH /job-categories/{id}: only the fields given change. */
export function updateJobCategory(id: string, input: UpdateJobCategoryInput): Promise<JobCategory> {
  return apiClient.patch<JobCategory>(`/job-categories/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateJobCategory() {
  const invalidate = useInvalidateWork();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateJobCategoryInput }) =>
      updateJobCategory(id, input),
    onSuccess: invalidate,
  });
}
