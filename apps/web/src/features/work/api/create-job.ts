import type { Job, CreateJobInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** POST /jobs (201). */
export function createJob(input: CreateJobInput): Promise<Job> {
  return apiClient.post<Job>('/jobs', { body: input });
}

export function useCreateJob() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: createJob, onSuccess: invalidate });
}
