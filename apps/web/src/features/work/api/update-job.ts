import type { Job, UpdateJobInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** PATCH /jobs/{id}: only the fields given change. */
export function updateJob(id: string, input: UpdateJobInput): Promise<Job> {
  return apiClient.patch<Job>(`/jobs/${encodeURIComponent(id)}`, { body: input });
}

export function useUpdateJob() {
  const invalidate = useInvalidateWork();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateJobInput }) => updateJob(id, input),
    onSuccess: invalidate,
  });
}
