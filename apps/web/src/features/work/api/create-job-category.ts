import type { JobCategory, CreateJobCategoryInput } from '@camp/shared/work';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useInvalidateWork } from './query-keys';

/** POST /job-categories (201). */
export function createJobCategory(input: CreateJobCategoryInput): Promise<JobCategory> {
  return apiClient.post<JobCategory>('/job-categories', { body: input });
}

export function useCreateJobCategory() {
  const invalidate = useInvalidateWork();
  return useMutation({ mutationFn: createJobCategory, onSuccess: invalidate });
}
